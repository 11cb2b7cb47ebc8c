import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { json, runCli, tempDir } from '../helpers/cli.js';
import { expectJson, postJson, spawnServer, TINY_FEEDER, TINY_QUAKE, type SpawnedServer } from '../helpers/rest.js';

// Finished jobs expire (docs/jobs.md, "Expiry"): `hazsim serve --job-ttl` stamps each finished
// job with `expires_at`; from then on the job is gone (404) and the server's sweep removes its
// record and files, but only for jobs it owns or whose owner it can see is gone. `cache prune`
// removes expired jobs of any owner.

const TTL_S = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for `check` to hold, polling every 100 ms, failing after `ms`. */
async function eventually(check: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    assert.ok(Date.now() < deadline, `${what} within ${ms} ms`);
    await sleep(100);
  }
}

/** This process's identity as a job record names its owner (src/base/processOwner.ts). */
function thisProcess(): { pid: number; host: string; boot_id: string; pid_namespace: string } {
  return {
    pid: process.pid,
    host: os.hostname(),
    boot_id: fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(),
    pid_namespace: fs.readlinkSync('/proc/self/ns/pid'),
  };
}

/** A pid no process has any more: that of a child that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

const test = suite('job expiry');

test('a finished job is gone (404) once expired; the server removes its own expired jobs and those of dead owners, never those of live or unseen ones; prune removes the rest', async () => {
  const cache = tempDir();
  for (const [file, name] of [
    [TINY_FEEDER, 'feeder'],
    [TINY_QUAKE, 'quake'],
  ]) {
    assert.is(runCli(['upload', file, '--name', name, '--cache-dir', cache]).code, 0);
  }
  const jobsDir = path.join(cache, 'jobs');
  let server: SpawnedServer | null = null;
  try {
    server = await spawnServer(['--cache-dir', cache, '--job-ttl', `${TTL_S}s`]);
    const submitted = await expectJson(
      await postJson(`${server.url}/jobs`, { kind: 'simulate', request: { distribution_system_name: 'feeder', hazard_system_name: 'quake' } }),
      202,
    );
    assert.is(submitted.expires_at, null, 'a queued job has no expiry');
    let job: any = submitted;
    await eventually(
      async () => {
        job = await expectJson(await fetch(`${server!.url}/jobs/${submitted.id}`));
        return job.state === 'succeeded';
      },
      60_000,
      'the job succeeds',
    );
    assert.is(Date.parse(job.expires_at) - Date.parse(job.finished_at), TTL_S * 1000, 'expires_at is finished_at plus the TTL');
    assert.is((await fetch(`${server.url}/jobs/${job.id}/result`)).status, 200, 'the result downloads before expiry');

    // Expired jobs of other owners, planted beside it: their results are files of their own.
    const record = JSON.parse(fs.readFileSync(path.join(jobsDir, `${job.id}.json`), 'utf8'));
    const past = { finished_at: new Date(Date.now() - 60_000).toISOString(), expires_at: new Date(Date.now() - 1_000).toISOString() };
    const planted = {
      liveOwner: { id: '01890000-0000-7000-8000-000000000001', owner_pid: process.pid, owner: thisProcess() },
      unseenOwner: { id: '01890000-0000-7000-8000-000000000002', owner_pid: process.pid, owner: { ...thisProcess(), pid_namespace: 'pid:[4026531000]' } },
      deadOwner: { id: '01890000-0000-7000-8000-000000000003', owner_pid: deadPid(), owner: { ...thisProcess(), pid: 0 } },
    };
    planted.deadOwner.owner.pid = planted.deadOwner.owner_pid;
    for (const plant of Object.values(planted)) {
      fs.writeFileSync(path.join(jobsDir, `${plant.id}.json`), JSON.stringify({ ...record, ...past, ...plant, created_at: new Date().toISOString() }));
      fs.mkdirSync(path.join(jobsDir, plant.id));
      fs.writeFileSync(path.join(jobsDir, plant.id, record.result.file_name), 'result');
    }

    // Whether or not the sweep has removed its files yet (docs/jobs.md, "Expiry"), the job says it expired.
    const saysExpired = async (when: string) => {
      for (const suffix of ['', '/result', '/events']) {
        const response = await fetch(`${server!.url}/jobs/${job.id}${suffix}`);
        assert.is(response.status, 404, `${when} ${suffix}`);
        const body = (await response.json()) as { detail: string };
        assert.match(body.detail, new RegExp(`Job '${job.id}' expired at ${job.expires_at.replaceAll('.', '\\.')}`), `${when} ${suffix}`);
      }
    };
    await sleep(Date.parse(job.expires_at) - Date.now() + 100);
    await saysExpired('just after expiry:');
    for (const plant of Object.values(planted)) assert.is((await fetch(`${server.url}/jobs/${plant.id}`)).status, 404, 'an expired job of any owner is gone');
    const listed = await expectJson(await fetch(`${server.url}/jobs`));
    assert.equal(listed.items ?? listed, [], 'expired jobs are not listed');

    // The sweep runs a quarter of the TTL apart (at least every second).
    const exists = (id: string) => fs.existsSync(path.join(jobsDir, `${id}.json`)) || fs.existsSync(path.join(jobsDir, id));
    await eventually(() => !exists(job.id) && !exists(planted.deadOwner.id), 10_000, "the server's own expired job and the dead owner's are removed");
    await saysExpired('after the sweep removed it:');
    await sleep(2_000);
    assert.ok(exists(planted.liveOwner.id), 'a live process owns it: its files stay');
    assert.ok(exists(planted.unseenOwner.id), 'an owner in another PID namespace cannot be seen: its files stay');
    assert.is((await fetch(`${server.url}/health`)).status, 200);
  } finally {
    server?.child.kill('SIGKILL');
    await server?.exited;
  }

  // The operator's prune removes expired jobs whoever owns them, whatever --older-than says.
  const dry = json(runCli(['cache', 'prune', '--json', '--cache-dir', cache]));
  const expiredRecords = ['01890000-0000-7000-8000-000000000001', '01890000-0000-7000-8000-000000000002'].map((id) => path.join(jobsDir, `${id}.json`));
  assert.equal(
    dry.entries.filter((entry: any) => entry.kind === 'expired_job').map((entry: any) => entry.path),
    expiredRecords,
  );
  const removed = json(runCli(['cache', 'prune', '--yes', '--json', '--cache-dir', cache]));
  assert.equal(removed.entries, dry.entries);
  assert.equal(fs.readdirSync(jobsDir), [], 'records and result folders are gone');
});

test('--job-ttl and HAZSIM_JOB_TTL take a number and a unit or never, and refuse anything else naming it', () => {
  const cache = tempDir();
  const bad = runCli(['serve', '--port', '0', '--job-ttl', '7 days', '--cache-dir', cache]);
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /--job-ttl <duration>.*expected a number and a unit s, m, h or d/s);
  const tooShort = runCli(['serve', '--port', '0', '--job-ttl', '0.5s', '--cache-dir', cache]);
  assert.is(tooShort.code, 2);
  assert.match(tooShort.stderr, /at least one second/);
  const badEnv = runCli(['list', '--cache-dir', cache], { env: { HAZSIM_JOB_TTL: 'soon' } });
  assert.is(badEnv.code, 5);
  assert.match(badEnv.stderr, /HAZSIM_JOB_TTL: expected a number and a unit/);
  assert.is(runCli(['list', '--cache-dir', cache], { env: { HAZSIM_JOB_TTL: 'never' } }).code, 0);
});

test.run();
