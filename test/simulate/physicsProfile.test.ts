import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { json, runCli, tempDir } from '../helpers/cli.js';
import { connectStdio, toolError, toolOutput } from '../helpers/mcp.js';
import { expectError, fileForm, postJson, startTestServer, TINY_FEEDER, TINY_QUAKE } from '../helpers/rest.js';
import { sqliteRows } from '../helpers/sqliteShell.js';

// The physics profile reaches the engine from every interface (CLI --physics, the REST and
// MCP request field) and is recorded in run_info; a bad value is refused naming the field.

const physicsOf = (file: string) => sqliteRows<{ value: string }>(file, "SELECT value FROM run_info WHERE key = 'physics'")[0].value;
const hasSummaryTable = (file: string) => sqliteRows(file, "SELECT name FROM sqlite_master WHERE name = 'asset_summary'").length === 1;

const test = suite('physics profile across interfaces');

test('CLI: --physics erad_v1 and the default are recorded; a bad profile exits 2 naming the choices', () => {
  const cache = tempDir();
  const out = tempDir();
  assert.is(runCli(['upload', TINY_FEEDER, '--name', 'tiny', '--cache-dir', cache, '--json']).code, 0);
  assert.is(runCli(['upload', TINY_QUAKE, '--name', 'quake', '--cache-dir', cache, '--json']).code, 0);
  const erad = path.join(out, 'erad.sqlite');
  const summary = json(runCli(['simulate', 'tiny', 'quake', '--physics', 'erad_v1', '-o', erad, '--cache-dir', cache, '--json']));
  assert.is(summary.physics, 'erad_v1');
  assert.is(physicsOf(erad), 'erad_v1');
  assert.not.ok(hasSummaryTable(erad), 'erad_v1 keeps the tables of before');
  // ERAD-shaped: ERAD's table and what describes it, without the default physics' damage-state tables (docs/output-sqlite.md).
  assert.equal(
    sqliteRows(erad, "SELECT type, name FROM sqlite_master WHERE type IN ('table', 'view') ORDER BY type, name").map((row) => `${row.type} ${row.name}`),
    [
      'table assets',
      'table assetstatetable',
      'table fragility_curves',
      'table run_info',
      'table timestamps',
      'view asset_lowest_survival',
      'view assetstatetable_si',
    ],
  );
  const standard = path.join(out, 'default.sqlite');
  assert.is(json(runCli(['simulate', 'tiny', 'quake', '-o', standard, '--cache-dir', cache, '--json'])).physics, 'default');
  assert.is(physicsOf(standard), 'default');
  assert.ok(hasSummaryTable(standard));
  const bad = runCli(['simulate', 'tiny', 'quake', '--physics', 'hazus', '--cache-dir', cache]);
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /--physics/);
  assert.match(bad.stderr, /default, erad_v1/);
});

test('REST: the physics field selects the profile; an unknown one is a 422 at path physics', async () => {
  const server = await startTestServer();
  try {
    await fetch(`${server.base}/distribution-models`, { method: 'POST', body: fileForm(TINY_FEEDER, { name: 'tiny' }) });
    await fetch(`${server.base}/hazard-models`, { method: 'POST', body: fileForm(TINY_QUAKE, { name: 'quake' }) });
    const response = await postJson(`${server.base}/simulate`, { distribution_system_name: 'tiny', hazard_system_name: 'quake', physics: 'erad_v1' });
    assert.is(response.status, 200);
    const file = path.join(tempDir(), 'rest.sqlite');
    fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    assert.is(physicsOf(file), 'erad_v1');
    const refused = await expectError(
      await postJson(`${server.base}/simulate`, { distribution_system_name: 'tiny', hazard_system_name: 'quake', physics: 'hazus' }),
      422,
    );
    assert.ok(
      refused.errors!.some((issue) => issue.path === 'physics' && /default, erad_v1/.test(issue.message)),
      JSON.stringify(refused.errors),
    );
  } finally {
    await server.stop();
  }
});

test('MCP over stdio: run_simulation takes physics and reports it; an unknown one is a tool error', async () => {
  const cache = tempDir();
  assert.is(runCli(['upload', TINY_FEEDER, '--name', 'tiny', '--cache-dir', cache, '--json']).code, 0);
  assert.is(runCli(['upload', TINY_QUAKE, '--name', 'quake', '--cache-dir', cache, '--json']).code, 0);
  const { client } = await connectStdio(cache);
  try {
    const output = toolOutput(
      await client.callTool({ name: 'run_simulation', arguments: { distribution_system_name: 'tiny', hazard_system_name: 'quake', physics: 'erad_v1' } }),
    );
    assert.is(output.physics, 'erad_v1');
    assert.is(physicsOf(output.file_path), 'erad_v1');
    const message = toolError(
      await client.callTool({ name: 'run_simulation', arguments: { distribution_system_name: 'tiny', hazard_system_name: 'quake', physics: 'hazus' } }),
    );
    assert.match(message, /physics/);
  } finally {
    await client.close();
  }
});

test.run();
