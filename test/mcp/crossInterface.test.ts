import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { runCli, tempDir } from '../helpers/cli.js';
import { connectStdio, protocolError, textOf, toolError, toolOutput } from '../helpers/mcp.js';
import { expectError, expectJson, fileForm, spawnServer, TINY_FEEDER, TINY_QUAKE, type SpawnedServer } from '../helpers/rest.js';

/** `hazsim serve` and `hazsim mcp`, both spawned and running on one cache at the same time. */
const context = { cache: '', served: undefined as unknown as SpawnedServer, session: undefined as unknown as Awaited<ReturnType<typeof connectStdio>> };

const rest = (route: string, init?: RequestInit) => fetch(`${context.served.url}${route}`, init);
const call = (name: string, args: Record<string, unknown> = {}) => context.session.client.callTool({ name, arguments: args });
const readText = async (uri: string) => textOf((await context.session.client.readResource({ uri })).contents[0]);
const listedUris = async () => (await context.session.client.listResources()).resources.map((resource) => resource.uri);

const shared = suite('REST server and MCP server on one cache');

shared.before(async () => {
  context.cache = tempDir();
  context.served = await spawnServer(['--cache-dir', context.cache]);
  context.session = await connectStdio(context.cache);
});

shared.after(async () => {
  await context.session.client.close();
  context.served.child.kill('SIGTERM');
  assert.is(await context.served.exited, 0);
});

shared('a distribution model uploaded through REST is listed and readable over MCP at once', async () => {
  await expectJson(await rest('/distribution-models', { method: 'POST', body: fileForm(TINY_FEEDER, { name: 'rest_feeder', description: 'via REST' }) }), 201);
  const listed = toolOutput(await call('list_cached_models'));
  assert.equal(
    listed.models.map((model: any) => [model.name, model.description]),
    [['rest_feeder', 'via REST']],
  );
  assert.ok((await listedUris()).includes('hazsim://models/rest_feeder'));
  const fromRest = await expectJson(await rest('/distribution-models/rest_feeder'));
  assert.equal(JSON.parse(await readText('hazsim://models/rest_feeder')), fromRest.content);
  const info = toolOutput(await call('get_model_info', { model_name: 'rest_feeder' }));
  // REST names files relative to the cache (docs/hardening.md); MCP, on the cache's own machine, gives the full path.
  assert.equal([info.name, path.relative(context.cache, info.file_path), info.created_at], [fromRest.name, fromRest.file_path, fromRest.created_at]);
  assert.equal(JSON.parse(await readText('hazsim://models/rest_feeder/summary')), info);
});

shared('a hazard model uploaded through REST is listed and readable over MCP at once', async () => {
  await expectJson(await rest('/hazard-models', { method: 'POST', body: fileForm(TINY_QUAKE, { name: 'rest_quake' }) }), 201);
  assert.equal(
    toolOutput(await call('list_cached_hazard_models')).models.map((model: any) => model.name),
    ['rest_quake'],
  );
  assert.ok((await listedUris()).includes('hazsim://hazards/rest_quake'));
  assert.equal(JSON.parse(await readText('hazsim://hazards/rest_quake')), JSON.parse(fs.readFileSync(TINY_QUAKE, 'utf8')));
  assert.equal(toolOutput(await call('get_hazard_model_info', { model_name: 'rest_quake' })).timestamps, ['2024-01-01T00:00:00']);
});

shared('a model file taken in by MCP refresh_cache is visible to REST at once', async () => {
  fs.copyFileSync(TINY_FEEDER, path.join(context.cache, 'distribution_models', 'by_hand.json'));
  fs.copyFileSync(TINY_QUAKE, path.join(context.cache, 'hazard_models', 'quake_by_hand.json'));
  // Not stored yet: a file dropped in by hand is a model once a refresh has taken it in.
  assert.equal(
    (await expectJson<any[]>(await rest('/distribution-models'))).map((model) => model.name),
    ['rest_feeder'],
  );
  const refreshed = toolOutput(await call('refresh_cache'));
  assert.equal([refreshed.distribution_models.added, refreshed.hazard_models.added], [['by_hand'], ['quake_by_hand']]);
  assert.equal(
    (await expectJson<any[]>(await rest('/distribution-models'))).map((model) => model.name),
    ['by_hand', 'rest_feeder'],
  );
  assert.equal(
    (await expectJson<any[]>(await rest('/hazard-models'))).map((model) => model.name),
    ['quake_by_hand', 'rest_quake'],
  );
  assert.equal((await expectJson(await rest('/distribution-models/by_hand'))).content, JSON.parse(fs.readFileSync(TINY_FEEDER, 'utf8')));
  // REST names paths relative to the cache and says so in one field of its own (docs/decisions.md); MCP gives them absolute.
  const { paths_relative_to: relativeTo, ...restInfo } = (await expectJson(await rest('/cache-info'))) as Record<string, unknown>;
  assert.type(relativeTo, 'string');
  const relative = (value: unknown): unknown =>
    typeof value === 'string' && path.isAbsolute(value)
      ? path.relative(context.cache, value) || '.'
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, relative(inner)]))
        : value;
  assert.equal(relative(toolOutput(await call('get_cache_info'))), restInfo);
});

shared('a model stored by the CLI is visible to REST and MCP; one deleted through REST is gone from MCP', async () => {
  assert.is(runCli(['upload', TINY_FEEDER, '--name', 'from_cli', '--description', 'via CLI', '--cache-dir', context.cache]).code, 0);
  assert.is((await expectJson(await rest('/distribution-models/from_cli'))).description, 'via CLI');
  assert.ok(toolOutput(await call('list_cached_models')).models.some((model: any) => model.name === 'from_cli'));
  await expectJson(await rest('/distribution-models/from_cli', { method: 'DELETE' }));
  assert.is(toolError(await call('get_model_info', { model_name: 'from_cli' })), "Distribution system 'from_cli' not found");
  assert.match(
    (await protocolError(context.session.client.readResource({ uri: 'hazsim://models/from_cli' }))).message,
    /Distribution system 'from_cli' not found/,
  );
  assert.not.ok((await listedUris()).includes('hazsim://models/from_cli'));
  await expectError(await rest('/distribution-models/from_cli'), 404, /Distribution system 'from_cli' not found/);
});

shared('neither server wrote anything but protocol messages and its log', () => {
  assert.equal(
    context.session.errors.map((error) => error.message),
    [],
  );
  assert.match(context.served.stderr(), /"POST \/distribution-models" 201/);
});

shared.run();
