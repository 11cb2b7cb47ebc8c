import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { largeFeeder } from '../../examples/generate-large-feeder.js';
import { EXAMPLES, ROOT, runCli, tempDir } from '../helpers/cli.js';
import { connectStdio, protocolError, textOf, toolOutput } from '../helpers/mcp.js';
import { readZipEntries } from '../helpers/unzip.js';

// The long runs here are cancelled or left long before they write much; the output limit
// (HAZSIM_MAX_OUTPUT_MB, docs/hardening.md) would refuse them up front, so it is raised.
process.env.HAZSIM_MAX_OUTPUT_MB = '1000000';

const TINY_FEEDER = path.join(ROOT, 'test/data/tiny_feeder.json');

/** The process behind a stdio session, to see how it ends. */
const childOf = (transport: unknown) => (transport as { _process: ChildProcess })._process;

function exitOf(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** A cache with the example feeder (feeder), its earthquake (quake) and a feeder of 3,000 assets (large, 2.8 M characters of JSON). */
function seededCache(): string {
  const cache = tempDir();
  const large = path.join(tempDir(), 'large.json');
  fs.writeFileSync(large, JSON.stringify(largeFeeder(3000)));
  for (const [file, name] of [
    [path.join(EXAMPLES, 'feeder/example_feeder.json'), 'feeder'],
    [path.join(EXAMPLES, 'hazards/earthquake.json'), 'quake'],
    [path.join(EXAMPLES, 'hazards/hurricane.json'), 'hurricane'],
    [large, 'large'],
  ]) {
    assert.is(runCli(['upload', file, '--name', name, '--cache-dir', cache]).code, 0);
  }
  return cache;
}

const cache = { dir: '' };
const test = suite('MCP for integrators: cancellation, progress, agent-sized answers, paging');
test.before(() => {
  cache.dir = seededCache();
});

test('progress notifications follow a progress token, counting up, with the phase in the message', async () => {
  const session = await connectStdio(cache.dir);
  try {
    const events: { progress: number; message?: string }[] = [];
    const result = await session.client.callTool(
      { name: 'generate_scenarios', arguments: { distribution_system_name: 'feeder', hazard_system_name: 'hurricane', number_of_samples: 200, seed: 1 } },
      undefined,
      { onprogress: (progress) => events.push(progress) },
    );
    toolOutput(result);
    assert.ok(events.length >= 2, `${events.length} progress notifications`);
    assert.ok(events.every((event, index) => index === 0 || event.progress > events[index - 1].progress));
    assert.ok(
      events.some((event) => /^reading models: \d+\/3$/.test(event.message ?? '')),
      JSON.stringify(events),
    );
    assert.ok(
      events.some((event) => /^sampling scenarios: \d+\/200$/.test(event.message ?? '')),
      JSON.stringify(events),
    );
  } finally {
    await session.client.close();
  }
});

test('a cancelled call stops its work, leaves no file, frees its worker, and the server exits 0 when stdin closes', async () => {
  const session = await connectStdio(cache.dir);
  const child = childOf(session.transport);
  const results = path.join(cache.dir, 'results');
  const before = fs.existsSync(results) ? fs.readdirSync(results) : [];
  const controller = new AbortController();
  let progressed = 0;
  const started = Date.now();
  const call = session.client.callTool(
    { name: 'generate_scenarios', arguments: { distribution_system_name: 'large', hazard_system_name: 'hurricane', number_of_samples: 100000, seed: 2 } },
    undefined,
    {
      signal: controller.signal,
      timeout: 600_000,
      onprogress: () => {
        progressed += 1;
        if (progressed === 2) controller.abort('enough');
      },
    },
  );
  const outcome = await call.then(
    () => 'answered',
    () => 'cancelled',
  );
  assert.is(outcome, 'cancelled');
  // Two cores' worth of slots: were the cancelled worker still running, these would queue behind it.
  const afterwards = await Promise.all(
    [1, 2].map(() => session.client.callTool({ name: 'run_simulation', arguments: { distribution_system_name: 'feeder', hazard_system_name: 'quake' } })),
  );
  for (const result of afterwards) toolOutput(result);
  const left = fs.readdirSync(results).filter((name) => !before.includes(name) && name.includes('large'));
  assert.equal(left, [], 'no scenario ZIP nor temporary file of the cancelled run');
  await session.client.close();
  assert.is(await exitOf(child), 0, session.stderr());
  assert.ok(Date.now() - started < 120_000);
  assert.not.match(session.stderr(), /failed/);
});

test('run_simulation and estimate_impact send progress for a progress token and stop when cancelled, leaving no file', async () => {
  const session = await connectStdio(cache.dir);
  const child = childOf(session.transport);
  const results = path.join(cache.dir, 'results');
  try {
    const events: { progress: number; message?: string }[] = [];
    toolOutput(
      await session.client.callTool({ name: 'run_simulation', arguments: { distribution_system_name: 'large', hazard_system_name: 'hurricane' } }, undefined, {
        onprogress: (progress) => events.push(progress),
      }),
    );
    assert.ok(
      events.some((event) => /^reading models: \d+\/3$/.test(event.message ?? '')),
      JSON.stringify(events),
    );
    assert.ok(events.every((event, index) => index === 0 || event.progress > events[index - 1].progress));
    for (const [name, extra] of [
      ['run_simulation', {}],
      ['estimate_impact', { number_of_samples: 100000, seed: 5 }],
    ] as const) {
      const before = fs.existsSync(results) ? fs.readdirSync(results) : [];
      const controller = new AbortController();
      const outcome = await session.client
        .callTool({ name, arguments: { distribution_system_name: 'large', hazard_system_name: 'quake', ...extra } }, undefined, {
          signal: controller.signal,
          timeout: 600_000,
          onprogress: () => controller.abort('enough'),
        })
        .then(
          () => 'answered',
          () => 'cancelled',
        );
      assert.is(outcome, 'cancelled', name);
      const left = fs.readdirSync(results).filter((entry) => !before.includes(entry) && entry.includes('large_quake'));
      assert.equal(left, [], `no file of the cancelled ${name}`);
    }
  } finally {
    await session.client.close();
  }
  assert.is(await exitOf(child), 0, session.stderr());
});

test('generate_scenarios answers a summary, the ZIP path and a first page; get_scenario_records pages through the rest', async () => {
  const session = await connectStdio(cache.dir);
  try {
    const result = await session.client.callTool({
      name: 'generate_scenarios',
      arguments: { distribution_system_name: 'feeder', hazard_system_name: 'quake', number_of_samples: 300, seed: 4 },
    });
    const output = toolOutput(result);
    const text = JSON.stringify(result);
    // Ten records of this feeder are some 13 KB, sent as text and as structured content; all of them would be megabytes.
    assert.ok(text.length < 40_000, `${text.length} characters`);
    assert.is(output.scenarios.length, 10);
    assert.is(output.truncated, true);
    assert.ok(output.total_scenarios > 20 && output.mean_failures_per_sample > 0);
    const entries = await readZipEntries(output.file_path);
    const all = JSON.parse(entries.find((entry) => entry.name === 'tracked_changes.json')!.data.toString('utf8')).tracked_changes;
    assert.is(all.length, output.total_scenarios);
    const paged = [...output.scenarios];
    let cursor: string | undefined = output.next_cursor;
    while (cursor) {
      const page = toolOutput(await session.client.callTool({ name: 'get_scenario_records', arguments: { cursor, limit: 250 } }));
      assert.ok(page.scenarios.length <= 250);
      assert.is(page.total_scenarios, all.length);
      paged.push(...page.scenarios);
      cursor = page.next_cursor;
    }
    assert.equal(paged, all);
    const none = toolOutput(
      await session.client.callTool({
        name: 'generate_scenarios',
        arguments: { distribution_system_name: 'feeder', hazard_system_name: 'quake', number_of_samples: 300, seed: 4, records_limit: 0 },
      }),
    );
    assert.equal([none.scenarios, none.total_scenarios], [[], all.length]);
    const forged = await session.client.callTool({
      name: 'get_scenario_records',
      arguments: { cursor: Buffer.from('{"list":"scenario-records","after":"0:../../etc/passwd.zip"}').toString('base64url') },
    });
    assert.is(forged.isError, true);
    assert.match(JSON.stringify(forged.content), /cursor/);
  } finally {
    await session.client.close();
  }
});

test('a model over the size threshold reads as its summary and page URIs; the pages joined are the file', async () => {
  const session = await connectStdio(cache.dir);
  try {
    const { contents } = await session.client.readResource({ uri: 'hazsim://models/large' });
    const answer = JSON.parse(textOf(contents[0]));
    const stored = fs.readFileSync(path.join(cache.dir, 'distribution_models', 'large.json'), 'utf8');
    assert.is(answer.truncated, true);
    assert.is(answer.total_chars, stored.length);
    assert.is(answer.summary.name, 'large');
    assert.ok(answer.summary.assets.located > 0);
    assert.ok(textOf(contents[0]).length < 100_000);
    assert.is(answer.pages.length, Math.ceil(stored.length / 1_000_000));
    let joined = '';
    for (const uri of answer.pages) joined += textOf((await session.client.readResource({ uri })).contents[0]);
    assert.ok(joined === stored, 'the pages joined are the stored file');
    const small = await session.client.readResource({ uri: 'hazsim://models/feeder' });
    assert.ok(JSON.parse(textOf(small.contents[0])).components, 'a small model is sent whole');
    const beyond = await protocolError(session.client.readResource({ uri: `hazsim://models/large/pages/${answer.pages.length + 1}` }));
    assert.is(beyond.code, -32002);
  } finally {
    await session.client.close();
  }
});

test('resources/list and tools/list are paged with cursors; an invalid cursor is refused', async () => {
  const dir = path.join(cache.dir, 'distribution_models');
  const tiny = fs.readFileSync(TINY_FEEDER);
  for (let index = 0; index < 130; index += 1) fs.writeFileSync(path.join(dir, `bulk_${String(index).padStart(3, '0')}.json`), tiny);
  const session = await connectStdio(cache.dir);
  try {
    toolOutput(await session.client.callTool({ name: 'refresh_cache', arguments: {} }));
    const first = await session.client.listResources();
    assert.is(first.resources.length, 100);
    assert.ok(first.nextCursor);
    const second = await session.client.listResources({ cursor: first.nextCursor });
    const uris = [...first.resources, ...second.resources].map((resource) => resource.uri);
    assert.is(second.nextCursor, undefined);
    assert.is(new Set(uris).size, uris.length);
    assert.is(uris.length, 2 + 2 + 130 + 2, 'the fixed two, feeder and large, 130 bulk models, two hazards');
    assert.ok(uris.includes('hazsim://models/bulk_129') && uris.includes('hazsim://hazards/hurricane'));
    const tools = await session.client.listTools();
    assert.is(tools.nextCursor, undefined);
    assert.ok(tools.tools.some((tool) => tool.name === 'get_scenario_records'));
    for (const cursor of ['garbage', first.nextCursor!]) {
      const error = await protocolError(session.client.listTools({ cursor }));
      assert.is(error.code, ErrorCode.InvalidParams);
      assert.match(error.message, /cursor/);
    }
    assert.is((await protocolError(session.client.listResources({ cursor: 'bm9wZQ' }))).code, ErrorCode.InvalidParams);
  } finally {
    await session.client.close();
  }
});

test.run();
