import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { tempDir } from '../helpers/cli.js';
import { connectStdio, toolError, toolOutput } from '../helpers/mcp.js';
import { EXAMPLE_FEEDER, exampleHazard, expectError, expectJson, fileForm, postJson, startTestServer, type TestServer } from '../helpers/rest.js';
import { sqliteRows, sqliteValue } from '../helpers/sqliteShell.js';

// The `vegetation` field of a run request (docs/vegetation.md) through REST and MCP: one valibot
// schema, so both take it, publish it, and refuse a bad value naming the field.

const RUN = { distribution_system_name: 'example_feeder', hazard_system_name: 'hurricane' };
const BAD_VALUES: [unknown, RegExp][] = [
  ['lots', /vegetation/],
  [7, /vegetation/],
  [{ lines: [{ line: 'trunk_1', trees_per_hectare: -3, tree_height_min_m: 8, tree_height_max_m: 28 }] }, /vegetation\.lines\[0\]\.trees_per_hectare/],
  [{ lines: [{ line: 'trunk_1', trees_per_hectare: 3, tree_height_min_m: 8, tree_height_max_m: 28, shade: 1 }] }, /vegetation\.lines\[0\]/],
];

const rest = suite('REST vegetation');
const context = { server: undefined as unknown as TestServer, out: '' };

rest.before(async () => {
  context.server = await startTestServer();
  context.out = tempDir();
  await expectJson(await fetch(`${context.server.base}/distribution-models`, { method: 'POST', body: fileForm(EXAMPLE_FEEDER) }), 201);
  await expectJson(await fetch(`${context.server.base}/hazard-models`, { method: 'POST', body: fileForm(exampleHazard('hurricane')) }), 201);
});

rest.after(async () => {
  await context.server.stop();
  fs.rmSync(context.out, { recursive: true, force: true });
});

rest('POST /simulate with vegetation "default" returns a result with its tree-fall table and record', async () => {
  const response = await postJson(`${context.server.base}/simulate`, { ...RUN, vegetation: 'default' });
  assert.is(response.status, 200, await response.clone().text());
  const file = path.join(context.out, 'rest.sqlite');
  fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  assert.is(sqliteRows(file, 'SELECT DISTINCT distribution_asset FROM tree_fall').length, 5);
  assert.is(JSON.parse(sqliteValue<string>(file, "SELECT value FROM run_info WHERE key = 'vegetation'")).profile, 'default');
});

rest('POST /simulate and /generate-scenarios refuse a bad vegetation with 422 naming the field', async () => {
  for (const route of ['simulate', 'generate-scenarios']) {
    for (const [value, pattern] of BAD_VALUES) {
      const body = await expectError(await postJson(`${context.server.base}/${route}`, { ...RUN, vegetation: value }), 422);
      assert.match(body.detail, pattern, `${route} ${JSON.stringify(value)}: ${body.detail}`);
      assert.ok(
        body.errors?.some((issue) => issue.path.startsWith('vegetation')),
        JSON.stringify(body.errors),
      );
    }
  }
  const unknown = await expectError(
    await postJson(`${context.server.base}/simulate`, {
      ...RUN,
      vegetation: { lines: [{ line: 'trunk_9', trees_per_hectare: 3, tree_height_min_m: 8, tree_height_max_m: 28 }] },
    }),
    422,
  );
  assert.match(unknown.detail, /vegetation\.lines\[0\]\.line: no asset .*"trunk_9"/);
  const erad = await expectError(await postJson(`${context.server.base}/simulate`, { ...RUN, physics: 'erad_v1', vegetation: 'default' }), 422);
  assert.match(erad.detail, /vegetation needs the default physics/);
});

rest('the OpenAPI document publishes vegetation on the run requests', async () => {
  const document = await expectJson(await fetch(`${context.server.base}/openapi.json`));
  const text = JSON.stringify(document);
  assert.match(text, /"vegetation":\{/);
  assert.match(text, /trees_per_hectare/);
});

rest.run();

const mcp = suite('MCP vegetation (hazsim mcp over stdio)');
const session = { cache: '', connection: undefined as unknown as Awaited<ReturnType<typeof connectStdio>> };

mcp.before(async () => {
  // The REST suite's cache holds the models; the MCP server is its own process over the same cache.
  session.cache = context.server.cacheDir;
  session.connection = await connectStdio(session.cache);
});

mcp.after(async () => {
  await session.connection.client.close();
  fs.rmSync(session.cache, { recursive: true, force: true });
});

mcp('run_simulation takes vegetation and reports the tree-fall failures apart', async () => {
  const { tools } = await session.connection.client.listTools();
  const run = tools.find((tool) => tool.name === 'run_simulation')!;
  assert.ok('vegetation' in (run.inputSchema.properties ?? {}), 'the input schema has vegetation');
  const output = toolOutput(await session.connection.client.callTool({ name: 'run_simulation', arguments: { ...RUN, vegetation: 'default' } }));
  assert.is(output.tree_fall.lines_with_trees, 5);
  assert.ok(output.tree_fall.expected_tree_fall_failures > 0);
  const plain = toolOutput(await session.connection.client.callTool({ name: 'run_simulation', arguments: RUN }));
  assert.is(plain.tree_fall, undefined);
});

mcp('run_simulation refuses a bad vegetation as a tool error naming the field', async () => {
  for (const [value, pattern] of BAD_VALUES) {
    const message = toolError(await session.connection.client.callTool({ name: 'run_simulation', arguments: { ...RUN, vegetation: value } }));
    assert.match(message, pattern, message);
  }
});

mcp.run();
