import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runCli, tempDir } from '../helpers/cli.js';
import { connectStdio, toolError, toolOutput } from '../helpers/mcp.js';
import { EXAMPLE_FEEDER, exampleHazard, expectError, expectJson, fileForm, postJson, startTestServer, type TestServer } from '../helpers/rest.js';
import { sqliteValue } from '../helpers/sqliteShell.js';

// POST /impact through a real Koa server, estimate_impact through the MCP server over stdio, and the
// CLI, all on one cache: the same request gives the same bytes from every interface and worker count.

const REQUEST = { distribution_system_name: 'feeder', hazard_system_name: 'hurricane', number_of_samples: 12, seed: 9, crews: 2 };

interface Context {
  server: TestServer;
  outDir: string;
}
const test = suite<Context>('impact over REST, MCP and the CLI', {} as Context);

test.before(async (context) => {
  context.server = await startTestServer();
  context.outDir = tempDir();
  await expectJson(await fetch(`${context.server.base}/distribution-models`, { method: 'POST', body: fileForm(EXAMPLE_FEEDER, { name: 'feeder' }) }), 201);
  await expectJson(await fetch(`${context.server.base}/hazard-models`, { method: 'POST', body: fileForm(exampleHazard('hurricane')) }), 201);
});
test.after(async ({ server }) => server.stop());

test('POST /impact downloads the SQLite result; the CLI, the MCP tool and another worker count write the same bytes', async ({ server, outDir }) => {
  const response = await postJson(`${server.base}/impact`, REQUEST);
  assert.is(response.status, 200);
  assert.is(response.headers.get('content-type'), 'application/x-sqlite3');
  assert.is(response.headers.get('content-disposition'), 'attachment; filename="feeder_hurricane_impact_12samples.sqlite"');
  const rest = Buffer.from(await response.arrayBuffer());
  const restFile = path.join(outDir, 'rest.sqlite');
  fs.writeFileSync(restFile, rest);
  assert.is(sqliteValue(restFile, "SELECT value FROM run_info WHERE key = 'crews'"), '2');
  assert.is(sqliteValue(restFile, 'SELECT COUNT(*) FROM samples'), 12);

  const cliFile = path.join(outDir, 'cli.sqlite');
  const cli = runCli(['impact', 'feeder', 'hurricane', '-n', '12', '--seed', '9', '--crews', '2', '-o', cliFile, '--cache-dir', server.cacheDir, '--json']);
  assert.is(cli.code, 0, cli.stderr);
  assert.ok(fs.readFileSync(cliFile).equals(rest), 'CLI bytes equal REST bytes');

  const session = await connectStdio(server.cacheDir);
  try {
    const summary = toolOutput(await session.client.callTool({ name: 'estimate_impact', arguments: REQUEST }));
    assert.equal([summary.status, summary.distribution_system_name, summary.number_of_samples, summary.crews], ['success', 'feeder', 12, 2]);
    assert.equal(summary, { ...JSON.parse(cli.stdout), file_path: summary.file_path }, 'the MCP summary is the CLI summary');
    assert.ok(summary.file_path.startsWith(path.join(server.cacheDir, 'results')));
    assert.ok(fs.readFileSync(summary.file_path).equals(rest), 'MCP bytes equal REST bytes');
    const bad = toolError(await session.client.callTool({ name: 'estimate_impact', arguments: { ...REQUEST, crews: 0 } }));
    assert.match(bad, /crews/);
    const tooMany = toolError(await session.client.callTool({ name: 'estimate_impact', arguments: { ...REQUEST, crews: 10 ** 7 } }));
    assert.match(tooMany, /at most 100000/);
    assert.ok(['saifi', 'saidi_minutes', 'caidi_minutes', 'customers_interrupted', 'customer_minutes_interrupted'].every((name) => name in summary.metrics));
  } finally {
    await session.client.close();
  }

  for (const workers of [1, 2]) {
    const outcome = await server.service.runs.estimateImpact(REQUEST, { outputPath: path.join(outDir, `workers${workers}.sqlite`), workers });
    assert.ok(fs.readFileSync(outcome.filePath).equals(rest), `${workers} sampling worker(s) give the same bytes`);
  }
});

test('POST /impact refuses bad requests with the error body: 422 naming the field, 404 for an unknown model', async ({ server }) => {
  await expectError(await postJson(`${server.base}/impact`, { ...REQUEST, time_step_hours: 0 }), 422, /time_step_hours/);
  await expectError(await postJson(`${server.base}/impact`, { ...REQUEST, crews: 1.5 }), 422, /crews/);
  await expectError(await postJson(`${server.base}/impact`, { ...REQUEST, crews: 2 ** 32 }), 422, /crews.*at most 100000/);
  await expectError(await postJson(`${server.base}/impact`, { ...REQUEST, priority: 'loudest' }), 422, /priority/);
  await expectError(await postJson(`${server.base}/impact`, { ...REQUEST, crew_travel: { depot: { longitude: 200, latitude: 0 } } }), 422, /longitude/);
  await expectError(await postJson(`${server.base}/impact`, { ...REQUEST, critical_loads: ['no-such-load'] }), 422, /critical load 'no-such-load'/);
  await expectError(await postJson(`${server.base}/impact`, { ...REQUEST, extra: true }), 422, /extra/);
  await expectError(await postJson(`${server.base}/impact`, { ...REQUEST, distribution_system_name: 'missing' }), 404, /missing/);
});

test('POST /impact is in the OpenAPI document with its request schema and SQLite response', async ({ server }) => {
  const document = await expectJson(await fetch(`${server.base}/openapi.json`));
  const operation = document.paths['/impact'].post;
  assert.ok(operation.responses['200'].content['application/x-sqlite3']);
  for (const field of ['time_step_hours', 'switching_delay_minutes', 'priority', 'critical_loads', 'crew_travel'])
    assert.ok(JSON.stringify(document).includes(field), field);
});

test.run();
