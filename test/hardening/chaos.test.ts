import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, json, ROOT, runCli, runCliAsync, tempDir } from '../helpers/cli.js';
import { connectStdio } from '../helpers/mcp.js';
import { skipTest } from '../helpers/skip.js';
import { fill, smallDisk, unmount } from '../helpers/disk.js';

// Chaos: a REST server, an MCP server and CLI uploads write one cache at once while processes
// are SIGKILLed at random for a bounded time. Afterwards the cache validates and every upload
// that was acknowledged is there with its description.

const FEEDER = path.join(ROOT, 'test/data/tiny_feeder.json');
const FEEDER_TEXT = fs.readFileSync(FEEDER, 'utf8');
const QUAKE = path.join(ROOT, 'test/data/tiny_quake.json');
const CHAOS_MS = 40_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const randomMs = (max: number) => Math.floor(Math.random() * max);

/** Descriptions a name may end with: the last acknowledged one, or one attempted after it (maybe committed before a kill). */
class Expectations {
  private readonly allowed = new Map<string, string[]>();
  attempt(name: string, description: string) {
    this.allowed.set(name, [...(this.allowed.get(name) ?? []), description]);
  }
  acknowledge(name: string, description: string) {
    const list = this.allowed.get(name) ?? [];
    this.allowed.set(name, list.slice(list.lastIndexOf(description)));
    this.acknowledged.add(name);
  }
  readonly acknowledged = new Set<string>();
  allowedFor(name: string): string[] {
    return this.allowed.get(name) ?? [];
  }
}

function startServer(cache: string): Promise<{ child: ChildProcess; url: string; exited: Promise<unknown> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--json', '--cache-dir', cache], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] });
    const exited = new Promise((done) => child.once('exit', done));
    child.stdout!.once('data', (chunk) => resolve({ child, url: JSON.parse(String(chunk)).url, exited }));
    child.on('error', reject);
    child.once('exit', (code, signal) => reject(new Error(`hazsim serve exited before it listened (${code ?? signal})`)));
  });
}

async function restWriter(cache: string, until: number, expect: Expectations): Promise<number> {
  let kills = 0;
  let i = 0;
  while (Date.now() < until) {
    const server = await startServer(cache);
    const killAt = Date.now() + 1_000 + randomMs(3_000);
    const killer = setTimeout(() => server.child.kill('SIGKILL'), killAt - Date.now());
    while (Date.now() < Math.min(killAt, until)) {
      i += 1;
      const name = i % 2 === 0 ? 'rest-shared' : `rest-${i}`;
      const description = `rest ${i}`;
      expect.attempt(name, description);
      const form = new FormData();
      form.append('file', new Blob([FEEDER_TEXT]), 'feeder.json');
      form.append('name', name);
      form.append('description', description);
      form.append('overwrite', 'true');
      try {
        const response = await fetch(`${server.url}/distribution-models`, { method: 'POST', body: form });
        if (response.status === 201) expect.acknowledge(name, description);
      } catch {
        break; // killed mid-request
      }
    }
    clearTimeout(killer);
    server.child.kill('SIGKILL');
    kills += 1;
    await server.exited;
  }
  return kills;
}

async function mcpWriter(cache: string, until: number): Promise<number> {
  let kills = 0;
  while (Date.now() < until) {
    const { client, transport } = await connectStdio(cache);
    const killAt = Date.now() + 1_000 + randomMs(3_000);
    try {
      while (Date.now() < killAt && Date.now() < until) {
        await client.callTool({ name: 'refresh_cache', arguments: {} });
        await client.callTool({ name: 'run_simulation', arguments: { distribution_system_name: 'base', hazard_system_name: 'quake' } });
      }
    } catch {
      // a call cut short by the kill
    }
    if (transport.pid) process.kill(transport.pid, 'SIGKILL');
    kills += 1;
    await client.close().catch(() => undefined);
  }
  return kills;
}

async function cliWriter(cache: string, until: number, expect: Expectations): Promise<number> {
  let kills = 0;
  let i = 0;
  while (Date.now() < until) {
    i += 1;
    const name = i % 3 === 0 ? 'cli-shared' : `cli-${i}`;
    const description = `cli ${i}`;
    expect.attempt(name, description);
    const child = spawn(process.execPath, [BIN, 'upload', FEEDER, '--name', name, '--description', description, '--overwrite', '--cache-dir', cache], {
      cwd: ROOT,
      stdio: 'ignore',
    });
    const killer = Math.random() < 0.5 ? setTimeout(() => child.kill('SIGKILL'), 200 + randomMs(4_000)) : null;
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    if (killer) clearTimeout(killer);
    if (code === 0) expect.acknowledge(name, description);
    else kills += 1;
  }
  return kills;
}

const test = suite('chaos');

test('REST, MCP and CLI writers killed at random lose no acknowledged model, description or index entry', async () => {
  const cache = tempDir();
  assert.is(runCli(['upload', FEEDER, '--name', 'base', '--description', 'the base', '--cache-dir', cache]).code, 0);
  assert.is(runCli(['upload', QUAKE, '--name', 'quake', '--description', 'the quake', '--cache-dir', cache]).code, 0);
  const expect = new Expectations();
  expect.attempt('base', 'the base');
  expect.acknowledge('base', 'the base');
  const until = Date.now() + CHAOS_MS;
  const [restKills, mcpKills, cliKills] = await Promise.all([restWriter(cache, until, expect), mcpWriter(cache, until), cliWriter(cache, until, expect)]);
  console.log(`chaos: ${restKills} REST servers, ${mcpKills} MCP servers and ${cliKills} CLI uploads killed; ${expect.acknowledged.size} names acknowledged`);
  assert.ok(restKills + mcpKills + cliKills >= 3);

  // The next writer finishes or rolls back whatever the killed ones left.
  const refreshed = await runCliAsync(['cache', 'refresh', '--json', '--cache-dir', cache]);
  assert.is(refreshed.code, 0, refreshed.stderr);
  for (const store of ['distribution_models', 'hazard_models']) {
    const dir = path.join(cache, store);
    const index = JSON.parse(fs.readFileSync(path.join(dir, 'models_metadata.json'), 'utf8'));
    for (const [name, record] of Object.entries<any>(index)) {
      assert.is(record.file_path, `${store}/${name}.json`);
      JSON.parse(fs.readFileSync(path.join(cache, record.file_path), 'utf8'));
    }
    const leftovers = fs.readdirSync(dir).filter((entry) => entry.startsWith('.') && entry !== '.derived');
    assert.equal(leftovers, [], `${store} keeps temporary files`);
  }
  const listed = new Map<string, string>(json(runCli(['list', '--json', '--cache-dir', cache])).map((r: any) => [r.name, r.description]));
  assert.is(listed.get('quake'), 'the quake');
  for (const name of expect.acknowledged) {
    assert.ok(listed.has(name), `acknowledged model ${name} is lost`);
    assert.ok(expect.allowedFor(name).includes(listed.get(name)!), `${name} has description ${listed.get(name)}, expected one of ${expect.allowedFor(name)}`);
  }
  await sleep(0);
});

/** `hazsim serve` in a PID namespace of its own (a container sharing the cache's volume): its pids mean nothing outside. */
function startNamespacedServer(cache: string): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    // The server gets pid 3000001 inside, above the outer namespace's pid_max: outside, no process has it.
    const script = `echo 3000000 > /proc/sys/kernel/ns_last_pid && "${process.execPath}" "${BIN}" serve --port 0 --json --cache-dir "${cache}"`;
    const child = spawn('unshare', ['--pid', '--fork', '--mount-proc', '--kill-child', 'sh', '-c', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    child.stdout!.once('data', (chunk) => resolve({ child, url: JSON.parse(String(chunk)).url }));
    child.once('exit', (code) => reject(new Error(`the namespaced server exited (${code}): ${stderr}`)));
  });
}

test("two servers in different PID namespaces on one cache: neither fails or deletes the other's running job", async () => {
  if (process.getuid?.() !== 0 || spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']).status !== 0) {
    skipTest('unshare --pid needs root (the two-namespace chaos case)');
    return;
  }
  const cache = tempDir();
  assert.is(runCli(['upload', path.join(ROOT, 'examples/feeder/example_feeder.json'), '--name', 'feeder', '--cache-dir', cache]).code, 0);
  assert.is(runCli(['upload', path.join(ROOT, 'examples/hazards/earthquake.json'), '--name', 'quake', '--cache-dir', cache]).code, 0);
  const inner = await startNamespacedServer(cache);
  let outer: { child: ChildProcess; url: string } | null = null;
  try {
    const submitted = await fetch(`${inner.url}/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'scenarios', request: { distribution_system_name: 'feeder', hazard_system_name: 'quake', number_of_samples: 60_000 } }),
    });
    assert.is(submitted.status, 202, await submitted.clone().text());
    const { id } = (await submitted.json()) as { id: string };
    // Wait until the job runs and has files of its own.
    const deadline = Date.now() + 60_000;
    while ((((await (await fetch(`${inner.url}/jobs/${id}`)).json()) as { state: string }).state as string) !== 'running') {
      assert.ok(Date.now() < deadline, 'the job never started');
      await sleep(100);
    }
    // A server in the outer namespace starts on the same cache (its start-up sweep reads every job) and is asked about it.
    outer = await startServer(cache);
    const seen = (await (await fetch(`${outer.url}/jobs/${id}`)).json()) as { state: string };
    assert.is(seen.state, 'running', "the outer server took the inner server's running job for an orphan");
    const listed = (await (await fetch(`${outer.url}/jobs`)).json()) as { items?: { id: string; state: string }[] } | { id: string; state: string }[];
    const items = Array.isArray(listed) ? listed : (listed.items ?? []);
    assert.is(items.find((job) => job.id === id)?.state, 'running');
    assert.ok(fs.existsSync(path.join(cache, 'jobs', id)), "the outer server deleted the job's files");
    // The inner server is still whole and can cancel its own job.
    const cancelled = await fetch(`${inner.url}/jobs/${id}`, { method: 'DELETE' });
    assert.is(cancelled.status, 200, await cancelled.text());
  } finally {
    // unshare --fork ignores SIGTERM while it waits for its child; SIGKILL ends it, and
    // --kill-child then ends the namespace with it.
    inner.child.kill('SIGKILL');
    outer?.child.kill('SIGTERM');
  }
});

/** Phases of the disk-full case: writers run while the disk has room, while it is full, and after it is freed. */
const ROOMY_MS = 5_000;
const FULL_MS = 12_000;
const FREED_MS = 8_000;

test('a disk that fills up under REST uploads and jobs, MCP runs and killed CLI uploads: every answer is a success or 507, the servers keep serving, and the cache works once space is freed', async () => {
  const disk = smallDisk(4096);
  if (!disk) return;
  const cache = path.join(disk, 'cache');
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  let mcp: Awaited<ReturnType<typeof connectStdio>> | null = null;
  const children: ChildProcess[] = [];
  try {
    assert.is(runCli(['upload', FEEDER, '--name', 'base', '--description', 'the base', '--cache-dir', cache]).code, 0);
    assert.is(runCli(['upload', QUAKE, '--name', 'quake', '--description', 'the quake', '--cache-dir', cache]).code, 0);
    server = await startServer(cache);
    mcp = await connectStdio(cache);
    const url = server.url;
    const expect = new Expectations();
    expect.attempt('base', 'the base');
    expect.acknowledge('base', 'the base');
    const start = Date.now();
    const until = start + ROOMY_MS + FULL_MS + FREED_MS;
    /** Statuses other than success and 507, with what they said: none is allowed. */
    const wrong: string[] = [];
    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);

    const restUploads = async () => {
      for (let i = 0; Date.now() < until; i += 1) {
        const name = i % 2 === 0 ? 'rest-shared' : `rest-${i}`;
        const description = `rest ${i}`;
        expect.attempt(name, description);
        const form = new FormData();
        form.append('file', new Blob([FEEDER_TEXT]), 'feeder.json');
        form.append('name', name);
        form.append('description', description);
        form.append('overwrite', 'true');
        const response = await fetch(`${url}/distribution-models`, { method: 'POST', body: form });
        count(response.status);
        if (response.status === 201) expect.acknowledge(name, description);
        else if (response.status !== 507) wrong.push(`upload ${response.status}: ${await response.text()}`);
      }
    };
    const restJobs = async () => {
      while (Date.now() < until) {
        const submitted = await fetch(`${url}/jobs`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ kind: 'simulate', request: { distribution_system_name: 'base', hazard_system_name: 'quake' } }),
        });
        count(submitted.status);
        if (submitted.status !== 202) {
          if (submitted.status !== 507) wrong.push(`job ${submitted.status}: ${await submitted.text()}`);
          continue;
        }
        const { id } = (await submitted.json()) as { id: string };
        for (;;) {
          const response = await fetch(`${url}/jobs/${id}`);
          if (response.status !== 200) {
            wrong.push(`GET job ${response.status}: ${await response.text()}`);
            break;
          }
          const job = (await response.json()) as { state: string; error: { status_code: number; detail: string } | null };
          if (job.state === 'succeeded') break;
          if (job.state === 'failed') {
            if (job.error?.status_code !== 507) wrong.push(`job failed ${job.error?.status_code}: ${job.error?.detail}`);
            break;
          }
          await sleep(50);
        }
      }
    };
    const mcpRuns = async () => {
      while (Date.now() < until) {
        const result = (await mcp!.client.callTool({
          name: 'run_simulation',
          arguments: { distribution_system_name: 'base', hazard_system_name: 'quake' },
        })) as {
          isError?: boolean;
          content: { text: string }[];
        };
        if (result.isError && !/No space left on the device/i.test(result.content[0]?.text ?? '')) wrong.push(`MCP: ${result.content[0]?.text}`);
      }
    };
    const cliUploads = async () => {
      for (let i = 0; Date.now() < until; i += 1) {
        const name = i % 3 === 0 ? 'cli-shared' : `cli-${i}`;
        const description = `cli ${i}`;
        expect.attempt(name, description);
        const child = spawn(process.execPath, [BIN, 'upload', FEEDER, '--name', name, '--description', description, '--overwrite', '--cache-dir', cache], {
          cwd: ROOT,
          stdio: 'ignore',
        });
        children.push(child);
        const killer = Math.random() < 0.3 ? setTimeout(() => child.kill('SIGKILL'), 200 + randomMs(2_000)) : null;
        const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
        if (killer) clearTimeout(killer);
        if (code === 0) expect.acknowledge(name, description);
        else if (code !== null && code !== 6) wrong.push(`CLI upload exit ${code}`);
      }
    };
    /** The disk fills after ROOMY_MS and is freed FULL_MS later; while full, the server must keep answering. */
    const weather = async () => {
      await sleep(ROOMY_MS);
      const filler = fill(disk);
      const fullUntil = Date.now() + FULL_MS;
      let healthChecks = 0;
      while (Date.now() < fullUntil) {
        const health = await fetch(`${url}/health`);
        assert.is(health.status, 200, 'the server keeps serving on a full disk');
        assert.is((await fetch(`${url}/distribution-models/base`)).status, 200, 'stored models stay readable');
        healthChecks += 1;
        await sleep(250);
      }
      fs.rmSync(filler);
      return healthChecks;
    };
    const [healthChecks] = await Promise.all([weather(), restUploads(), restJobs(), mcpRuns(), cliUploads()]);
    console.log(
      `chaos disk full: statuses ${JSON.stringify(Object.fromEntries(statuses))}, ${healthChecks} health checks while full, ${expect.acknowledged.size} names acknowledged`,
    );
    assert.equal(wrong.slice(0, 5), [], `${wrong.length} answers were neither a success nor "no space"`);
    assert.ok((statuses.get(507) ?? 0) > 0, 'the disk did fill up under the writers');
    assert.ok(server.child.exitCode === null && server.child.signalCode === null, 'the REST server is still running');
    assert.ok(mcp.transport.pid !== null && fs.existsSync(`/proc/${mcp.transport.pid}`), 'the MCP server is still running');

    // Space is free again: every interface writes, and the cache holds every acknowledged upload.
    const form = new FormData();
    form.append('file', new Blob([FEEDER_TEXT]), 'feeder.json');
    form.append('name', 'after');
    assert.is((await fetch(`${url}/distribution-models`, { method: 'POST', body: form })).status, 201);
    assert.is(runCli(['upload', QUAKE, '--name', 'quake-after', '--cache-dir', cache]).code, 0);
    const refreshed = await runCliAsync(['cache', 'refresh', '--json', '--cache-dir', cache]);
    assert.is(refreshed.code, 0, refreshed.stderr);
    const index = JSON.parse(fs.readFileSync(path.join(cache, 'distribution_models', 'models_metadata.json'), 'utf8'));
    for (const record of Object.values<{ file_path: string }>(index)) JSON.parse(fs.readFileSync(path.join(cache, record.file_path), 'utf8'));
    const listed = new Map<string, string>(
      json(runCli(['list', '--json', '--cache-dir', cache])).map((r: { name: string; description: string }) => [r.name, r.description]),
    );
    for (const name of expect.acknowledged) {
      assert.ok(listed.has(name), `acknowledged model ${name} is lost`);
      assert.ok(expect.allowedFor(name).includes(listed.get(name)!), `${name} has description ${listed.get(name)}, expected one of ${expect.allowedFor(name)}`);
    }
  } finally {
    for (const child of children) child.kill('SIGKILL');
    server?.child.kill('SIGKILL');
    try {
      if (mcp?.transport.pid) process.kill(mcp.transport.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    await mcp?.client.close().catch(() => undefined);
    await server?.exited;
    unmount(disk);
  }
});

test.run();
