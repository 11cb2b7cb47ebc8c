import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { BIN, EXAMPLES, ROOT, json, runCli, runCliAsync, tempDir } from '../helpers/cli.js';
import { connectStdio, protocolError, textOf, toolError, toolOutput } from '../helpers/mcp.js';
import { readZipEntries } from '../helpers/unzip.js';
import { SPEC_HAZARD_TYPES } from '../helpers/spec.js';

const FEEDER = path.join(ROOT, 'test/data/tiny_feeder.json');
const QUAKE = path.join(ROOT, 'test/data/tiny_quake.json');
const EXAMPLE_FEEDER = path.join(EXAMPLES, 'feeder/example_feeder.json');
const EXAMPLE_QUAKE = path.join(EXAMPLES, 'hazards/earthquake.json');
const EXAMPLE_HURRICANE = path.join(EXAMPLES, 'hazards/hurricane.json');
const RESOURCE_NOT_FOUND = -32002;

/** A cache holding the feeder (stored by the CLI) and the earthquake, named quake. */
function seededCache(): string {
  const cache = tempDir();
  assert.is(runCli(['upload', FEEDER, '--description', 'two buses', '--cache-dir', cache]).code, 0);
  assert.is(runCli(['upload', QUAKE, '--name', 'quake', '--description', 'M6.5 near Oakland', '--cache-dir', cache]).code, 0);
  return cache;
}

/** A cache holding the example feeder (feeder) with its earthquake (quake) and hurricane (hurricane), stored by the CLI. */
function exampleCache(): string {
  const cache = tempDir();
  for (const [file, name] of [
    [EXAMPLE_FEEDER, 'feeder'],
    [EXAMPLE_QUAKE, 'quake'],
    [EXAMPLE_HURRICANE, 'hurricane'],
  ]) {
    assert.is(runCli(['upload', file, '--name', name, '--cache-dir', cache]).code, 0);
  }
  return cache;
}

type Session = Awaited<ReturnType<typeof connectStdio>>;
const context = { cache: '', session: undefined as unknown as Session };

const readJson = async (uri: string) => {
  const { contents } = await context.session.client.readResource({ uri });
  assert.is(contents.length, 1);
  assert.is(contents[0].uri, uri);
  assert.is(contents[0].mimeType, 'application/json');
  return JSON.parse(textOf(contents[0]));
};
const call = (name: string, args: Record<string, unknown> = {}) => context.session.client.callTool({ name, arguments: args });

function sessionSuite(title: string, seed: () => string = seededCache) {
  const test = suite(title);
  test.before(async () => {
    context.cache = seed();
    context.session = await connectStdio(context.cache);
  });
  test.after(() => context.session.client.close());
  return test;
}

/** Ends a session suite with the check that stdout carried only protocol messages, and runs it. */
function runSession(test: ReturnType<typeof sessionSuite>) {
  test('stdout carried only protocol messages; the start-up line went to stderr', () => {
    assert.equal(
      context.session.errors.map((error) => error.message),
      [],
    );
    assert.match(context.session.stderr(), /^hazsim mcp \S+: serving the cache at .+ on stdio$/m);
  });
  test.run();
}

const resources = sessionSuite('hazsim mcp resources');

resources('lists the fixed resources, one entry per cached model and the six templates', async () => {
  const { client } = context.session;
  assert.is(client.getServerVersion()?.name, 'hazsim');
  const { resources: listed } = await client.listResources();
  assert.equal(
    listed.map((resource) => resource.uri),
    ['hazsim://cache/info', 'hazsim://hazards/types', 'hazsim://models/tiny_feeder', 'hazsim://hazards/quake'],
  );
  const feeder = listed[2];
  assert.is(feeder.name, 'tiny_feeder');
  assert.is(feeder.description, 'two buses');
  assert.is(feeder.mimeType, 'application/json');
  const { resourceTemplates } = await client.listResourceTemplates();
  assert.equal(
    resourceTemplates.map((template) => template.uriTemplate),
    [
      'hazsim://models/{model_name}',
      'hazsim://models/{model_name}/pages/{page}',
      'hazsim://models/{model_name}/summary',
      'hazsim://hazards/{model_name}',
      'hazsim://hazards/{model_name}/pages/{page}',
      'hazsim://hazards/{model_name}/summary',
    ],
  );
});

resources('hazsim://cache/info has cache_directory, metadata_file and total_models', async () => {
  assert.equal(await readJson('hazsim://cache/info'), {
    cache_directory: context.cache,
    metadata_file: path.join(context.cache, 'distribution_models', 'models_metadata.json'),
    total_models: 2,
  });
});

resources('hazsim://hazards/types is the table of docs/specification.md §2.4', async () => {
  assert.equal(await readJson('hazsim://hazards/types'), SPEC_HAZARD_TYPES);
});

resources('a model resource is the full JSON as uploaded; its summary counts what it holds', async () => {
  assert.equal(await readJson('hazsim://models/tiny_feeder'), JSON.parse(fs.readFileSync(FEEDER, 'utf8')));
  assert.equal(await readJson('hazsim://hazards/quake'), JSON.parse(fs.readFileSync(QUAKE, 'utf8')));
  const feeder = await readJson('hazsim://models/tiny_feeder/summary');
  assert.is(feeder.name, 'tiny_feeder');
  assert.is(feeder.description, 'two buses');
  assert.is(feeder.file_size_bytes, fs.statSync(FEEDER).size);
  assert.equal(feeder.content_keys, ['name', 'properties', 'components']);
  assert.is(feeder.system_name, 'tiny_feeder');
  // The nested form's bus coordinates become Location components, as in GDM.
  assert.is(feeder.total_components, 4);
  assert.equal(feeder.components_by_type, { DistributionBus: 2, Location: 2 });
  assert.equal(feeder.buses, { total: 2, with_coordinates: 2, without_coordinates: 0, with_unusable_coordinates: 0 });
  assert.equal(feeder.bounding_box, { min_longitude: -122.3, min_latitude: 37.8, max_longitude: -122.29, max_latitude: 37.81 });
  assert.equal(feeder.assets, { by_type: {}, located: 0, unlocated: 0 });
  const quake = await readJson('hazsim://hazards/quake/summary');
  assert.is(quake.system_name, 'tiny_quake');
  assert.is(quake.hazard_model_count, 1);
  assert.equal(quake.hazard_counts, { earthquake: 1, flood: 0, flood_area: 0, wind: 0, fire: 0, fire_area: 0 });
  assert.is(quake.timestamp_count, 1);
  assert.equal(quake.timestamps, ['2024-01-01T00:00:00']);
  assert.equal(quake.bounding_box, { min_longitude: -122.3, min_latitude: 37.8, max_longitude: -122.3, max_latitude: 37.8 });
});

resources('an unknown model or URI is a protocol error (resource not found) with a message', async () => {
  const { client } = context.session;
  const missing = await protocolError(client.readResource({ uri: 'hazsim://models/nope' }));
  assert.is(missing.code, RESOURCE_NOT_FOUND);
  assert.match(missing.message, /Distribution system 'nope' not found/);
  assert.match((await protocolError(client.readResource({ uri: 'hazsim://hazards/nope/summary' }))).message, /Hazard model 'nope' not found/);
  // A hazard model is not a distribution model.
  assert.match((await protocolError(client.readResource({ uri: 'hazsim://models/quake' }))).message, /Distribution system 'quake' not found/);
  const unknown = await protocolError(client.readResource({ uri: 'hazsim://weather/today' }));
  assert.is(unknown.code, RESOURCE_NOT_FOUND);
  assert.match(unknown.message, /Unknown resource URI: hazsim:\/\/weather\/today/);
});

runSession(resources);

const tools = sessionSuite('hazsim mcp cache tools');

tools('list_cached_models returns the distribution model records and total_count', async () => {
  const output = toolOutput(await call('list_cached_models'));
  assert.is(output.total_count, 1);
  assert.equal(Object.keys(output.models[0]), ['name', 'description', 'created_at', 'file_path']);
  assert.is(output.models[0].name, 'tiny_feeder');
  assert.is(output.models[0].file_path, path.join(context.cache, 'distribution_models', 'tiny_feeder.json'));
  assert.match(output.models[0].created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/);
});

tools('list_cached_hazard_models returns total_models and name, description and created_at of each', async () => {
  const output = toolOutput(await call('list_cached_hazard_models'));
  assert.is(output.total_models, 1);
  assert.equal(Object.keys(output.models[0]), ['name', 'description', 'created_at']);
  assert.equal([output.models[0].name, output.models[0].description], ['quake', 'M6.5 near Oakland']);
});

tools('get_model_info and get_hazard_model_info describe a model; an unknown or missing name is an isError result', async () => {
  const feeder = toolOutput(await call('get_model_info', { model_name: 'tiny_feeder' }));
  assert.equal(feeder, await readJson('hazsim://models/tiny_feeder/summary'));
  const quake = toolOutput(await call('get_hazard_model_info', { model_name: 'quake' }));
  for (const field of ['name', 'description', 'created_at', 'file_path', 'file_size_bytes', 'content_keys', 'hazard_model_count', 'timestamp_count'])
    assert.ok(field in quake, field);
  assert.is(quake.file_size_bytes, fs.statSync(QUAKE).size);
  assert.equal(quake.content_keys, ['name', 'timestamps', 'models']);
  assert.equal([quake.hazard_model_count, quake.timestamp_count], [1, 1]);
  // One summary everywhere: the tool, the resource and `hazsim show` (which adds the kind and, with --json, the content).
  assert.equal(quake, await readJson('hazsim://hazards/quake/summary'));
  const { kind, content: _content, ...shown } = json(runCli(['show', 'quake', '--cache-dir', context.cache, '--json']));
  assert.is(kind, 'hazard');
  assert.equal(shown, quake);
  assert.is(toolError(await call('get_model_info', { model_name: 'nope' })), "Distribution system 'nope' not found");
  // A distribution model's name given as a hazard's gets the swapped-arguments hint (issue 36).
  assert.is(
    toolError(await call('get_hazard_model_info', { model_name: 'tiny_feeder' })),
    "Hazard model 'tiny_feeder' not found\n'tiny_feeder' is a distribution system, not a hazard model: did you swap the arguments (or give the wrong kind)?",
  );
  assert.match(toolError(await call('get_model_info', {})), /^Invalid arguments for get_model_info:\n {2}model_name: /);
  assert.match(toolError(await call('get_hazard_model_info', { model_name: '   ' })), /model_name: must not be empty/);
});

tools('get_cache_info has the six spec fields, counting both stores', async () => {
  const output = toolOutput(await call('get_cache_info'));
  assert.is(output.cache_directory, context.cache);
  assert.is(output.metadata_file, path.join(context.cache, 'distribution_models', 'models_metadata.json'));
  assert.is(output.total_models, 2);
  assert.is(output.total_files, 4);
  assert.ok(output.total_size_bytes > fs.statSync(FEEDER).size + fs.statSync(QUAKE).size);
  assert.is(output.total_size_mb, Math.round((output.total_size_bytes / 1048576) * 100) / 100);
  assert.match(toolError(await call('get_cache_info', { verbose: true })), /verbose: /);
});

tools('refresh_cache takes in a model file copied into the cache by hand', async () => {
  fs.copyFileSync(FEEDER, path.join(context.cache, 'distribution_models', 'by_hand.json'));
  const output = toolOutput(await call('refresh_cache'));
  assert.is(output.status, 'success');
  assert.is(output.message, 'Cache refreshed successfully');
  assert.equal(output.distribution_models.added, ['by_hand']);
  assert.equal(output.models, ['by_hand', 'tiny_feeder', 'quake']);
  assert.is(output.total_models, 3);
  // The model the MCP side took in is visible to the CLI at once.
  assert.equal(
    json(runCli(['list', '--kind', 'distribution', '--cache-dir', context.cache, '--json'])).map((model: any) => model.name),
    ['by_hand', 'tiny_feeder'],
  );
});

tools('a model stored or deleted by the CLI while the server runs is seen at once', async () => {
  assert.is(runCli(['upload', FEEDER, '--name', 'from_cli', '--cache-dir', context.cache]).code, 0);
  assert.ok(toolOutput(await call('list_cached_models')).models.some((model: any) => model.name === 'from_cli'));
  assert.ok((await context.session.client.listResources()).resources.some((resource) => resource.uri === 'hazsim://models/from_cli'));
  assert.is((await readJson('hazsim://models/from_cli/summary')).total_components, 4);
  assert.is(runCli(['delete', 'from_cli', '--cache-dir', context.cache]).code, 0);
  assert.is(toolError(await call('get_model_info', { model_name: 'from_cli' })), "Distribution system 'from_cli' not found");
});

runSession(tools);

const prompts = sessionSuite('hazsim mcp prompts');

prompts('lists simulate_hazard and analyze_vulnerability with their required arguments', async () => {
  const { prompts: listed } = await context.session.client.listPrompts();
  assert.equal(
    listed.map((prompt) => [prompt.name, prompt.arguments?.map((argument) => [argument.name, argument.required])]),
    [
      [
        'simulate_hazard',
        [
          ['model_name', true],
          ['hazard_type', true],
        ],
      ],
      ['analyze_vulnerability', [['model_name', true]]],
    ],
  );
});

prompts('simulate_hazard walks through the tools by name, in order', async () => {
  const prompt = await context.session.client.getPrompt({ name: 'simulate_hazard', arguments: { model_name: 'tiny_feeder', hazard_type: 'earthquake' } });
  assert.is(prompt.description, 'Simulate earthquake hazard on tiny_feeder');
  assert.is(prompt.messages.length, 1);
  assert.is(prompt.messages[0].role, 'user');
  const text = prompt.messages[0].content.type === 'text' ? prompt.messages[0].content.text : '';
  const order = [
    'list_cached_models',
    'get_model_info',
    'list_cached_hazard_models',
    'get_hazard_model_info',
    'run_simulation',
    'survival_statistics',
    'generate_scenarios',
  ].map((word) => text.indexOf(word));
  assert.ok(
    order.every((position) => position >= 0),
    `every step is named: ${order}`,
  );
  assert.equal(
    order,
    [...order].sort((a, b) => a - b),
  );
  assert.match(text, /'tiny_feeder'/);
  assert.match(text, /earthquake/);
});

prompts('analyze_vulnerability covers every hazard and asks for a ranking', async () => {
  const prompt = await context.session.client.getPrompt({ name: 'analyze_vulnerability', arguments: { model_name: 'tiny_feeder' } });
  assert.is(prompt.description, 'Analyze vulnerability of tiny_feeder');
  const text = prompt.messages[0].content.type === 'text' ? prompt.messages[0].content.text : '';
  for (const word of [
    'list_cached_models',
    'get_model_info',
    'list_cached_hazard_models',
    'run_simulation',
    'generate_scenarios',
    'earthquake, flood, flood_area, wind, fire, fire_area',
    'Rank',
  ])
    assert.ok(text.includes(word), word);
});

prompts('a missing argument, an unknown hazard type or an unknown prompt is a protocol error naming it', async () => {
  const { client } = context.session;
  const missing = await protocolError(client.getPrompt({ name: 'simulate_hazard', arguments: { model_name: 'tiny_feeder' } }));
  assert.is(missing.code, ErrorCode.InvalidParams);
  assert.match(missing.message, /Prompt simulate_hazard needs hazard_type/);
  assert.match((await protocolError(client.getPrompt({ name: 'analyze_vulnerability' }))).message, /needs model_name/);
  assert.match(
    (await protocolError(client.getPrompt({ name: 'simulate_hazard', arguments: { model_name: 'x', hazard_type: 'tsunami' } }))).message,
    /Unknown hazard_type 'tsunami' \(supported: earthquake, flood/,
  );
  assert.match((await protocolError(client.getPrompt({ name: 'write_poem', arguments: {} }))).message, /Unknown prompt: write_poem/);
});

runSession(prompts);

const runs = sessionSuite('hazsim mcp runs', exampleCache);

/** tracked_changes.json of a scenario ZIP. */
async function trackedChanges(zipPath: string): Promise<unknown[]> {
  const entry = (await readZipEntries(zipPath)).find((candidate) => candidate.name === 'tracked_changes.json');
  assert.ok(entry, `${zipPath} holds tracked_changes.json`);
  return JSON.parse(entry.data.toString('utf8')).tracked_changes;
}

/** The records of `hazsim scenarios` (spawned, same cache) for the same inputs. */
async function cliRecords(hazard: string, samples: number, seed: number): Promise<unknown[]> {
  const output = path.join(tempDir('hazsim-cli-zip-'), 'cli.zip');
  const result = runCli(['scenarios', 'feeder', hazard, '-n', String(samples), '--seed', String(seed), '-o', output, '--cache-dir', context.cache, '--json']);
  assert.is(result.code, 0, result.stderr);
  return trackedChanges(output);
}

runs("run_simulation writes its SQLite database in the cache's results folder", async () => {
  const output = toolOutput(await call('run_simulation', { distribution_system_name: 'feeder', hazard_system_name: 'hurricane' }));
  assert.is(output.file_path, path.join(context.cache, 'results', 'feeder+hurricane+DEFAULT_CURVES_results.sqlite'));
  assert.ok(fs.statSync(output.file_path).size > 0);
  assert.ok(output.timestamps.length > 1 && output.asset_count > 0);
});

runs('generate_scenarios returns the same records as the ZIP written by hazsim scenarios for the same inputs and seed', async () => {
  const output = toolOutput(
    await call('generate_scenarios', {
      distribution_system_name: 'feeder',
      hazard_system_name: 'hurricane',
      number_of_samples: 40,
      seed: 5,
      records_limit: 1000,
    }),
  );
  const fromCli = await cliRecords('hurricane', 40, 5);
  assert.ok(fromCli.length > 40 && fromCli.length < 1000, `${fromCli.length} records: several timestamps per sample, fewer than 1,000`);
  assert.is(output.total_scenarios, fromCli.length);
  assert.is(output.truncated, false);
  assert.equal(output.scenarios, fromCli);
  assert.equal(await trackedChanges(output.file_path), fromCli);
});

runs('asked for 1,000 records of more, generate_scenarios returns the first 1,000 and truncated true; its ZIP holds them all', async () => {
  const output = toolOutput(
    await call('generate_scenarios', {
      distribution_system_name: 'feeder',
      hazard_system_name: 'hurricane',
      number_of_samples: 400,
      seed: 9,
      records_limit: 1000,
    }),
  );
  const fromCli = await cliRecords('hurricane', 400, 9);
  assert.ok(fromCli.length > 1000, `${fromCli.length} records`);
  assert.is(output.total_scenarios, fromCli.length);
  assert.is(output.truncated, true);
  assert.is(output.scenarios.length, 1000);
  assert.equal(output.scenarios, fromCli.slice(0, 1000));
  assert.equal(await trackedChanges(output.file_path), fromCli);
});

runs('200 rapid sequential tool calls and 20 concurrent ones, runs among them, all answer correctly', async () => {
  const expected = toolOutput(await call('get_model_info', { model_name: 'feeder' }));
  for (let index = 0; index < 200; index += 1) {
    if (index % 4 === 3)
      assert.is(toolError(await call('get_model_info', { model_name: `missing_${index}` })), `Distribution system 'missing_${index}' not found`);
    else if (index % 2 === 1) assert.is(toolOutput(await call('list_cached_hazard_models')).total_models, 2);
    else assert.equal(toolOutput(await call('get_model_info', { model_name: 'feeder' })), expected);
  }
  const simulation = toolOutput(await call('run_simulation', { distribution_system_name: 'feeder', hazard_system_name: 'quake' }));
  const scenarios = toolOutput(
    await call('generate_scenarios', { distribution_system_name: 'feeder', hazard_system_name: 'quake', number_of_samples: 25, seed: 3 }),
  );
  const requests: [string, Record<string, unknown>, (result: any) => void][] = Array.from({ length: 20 }, (_, index) => {
    switch (index % 5) {
      case 0:
        return [
          'run_simulation',
          { distribution_system_name: 'feeder', hazard_system_name: 'quake' },
          (result) => assert.equal(toolOutput(result), simulation),
        ];
      case 1:
        return [
          'generate_scenarios',
          { distribution_system_name: 'feeder', hazard_system_name: 'quake', number_of_samples: 25, seed: 3 },
          (result) => assert.equal(toolOutput(result), scenarios),
        ];
      case 2:
        return ['get_cache_info', {}, (result) => assert.is(toolOutput(result).total_models, 3)];
      case 3:
        return ['get_hazard_model_info', { model_name: 'hurricane' }, (result) => assert.is(toolOutput(result).name, 'hurricane')];
      default:
        return [
          'run_simulation',
          { distribution_system_name: 'feeder', hazard_system_name: 'nope' },
          (result) => assert.is(toolError(result), "Hazard model 'nope' not found"),
        ];
    }
  });
  const answers = await Promise.all(requests.map(([name, args]) => call(name, args)));
  answers.forEach((answer, index) => requests[index][2](answer));
  // The files written by the concurrent runs of the same arguments are whole.
  const db = new Database(simulation.file_path, { readonly: true });
  assert.is((db.prepare('SELECT COUNT(*) AS n FROM assets').get() as { n: number }).n, simulation.asset_count);
  db.close();
  assert.equal((await trackedChanges(scenarios.file_path)).slice(0, scenarios.scenarios.length), scenarios.scenarios);
  assert.is((await trackedChanges(scenarios.file_path)).length, scenarios.total_scenarios);
  // Concurrent uploads from other processes while the server answers.
  const uploads = runCliAsync(['upload', FEEDER, '--name', 'during_load', '--cache-dir', context.cache]);
  const during = await Promise.all(Array.from({ length: 10 }, () => call('list_cached_models')));
  for (const result of during) assert.ok(toolOutput(result).total_count >= 1);
  assert.is((await uploads).code, 0);
  assert.is(toolOutput(await call('list_cached_models')).total_count, 2);
});

runSession(runs);

const stdout = suite('hazsim mcp stdout');

stdout('carries only JSON-RPC messages, answers every request sent before stdin closes, then exits 0', async () => {
  const cache = seededCache();
  const child = spawn(process.execPath, [BIN, 'mcp', '--cache-dir', cache], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (err += chunk));
  const requests = [
    { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_model_info', arguments: { model_name: 'nope' } } },
    { jsonrpc: '2.0', id: 4, method: 'resources/read', params: { uri: 'hazsim://nowhere' } },
    { jsonrpc: '2.0', id: 5, method: 'prompts/get', params: { name: 'simulate_hazard', arguments: {} } },
    { jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'refresh_cache', arguments: {} } },
  ];
  child.stdin.end(requests.map((request) => JSON.stringify(request)).join('\n') + '\n');
  const code = await new Promise((resolve) => child.on('close', resolve));
  assert.is(code, 0, err);
  const lines = out.split('\n').filter((line) => line !== '');
  const messages = lines.map((line) => JSON.parse(line));
  for (const message of messages) assert.is(message.jsonrpc, '2.0');
  assert.equal(messages.map((message) => message.id).sort(), [1, 2, 3, 4, 5, 6]);
  const byId = Object.fromEntries(messages.map((message) => [message.id, message]));
  assert.is(byId[3].result.isError, true);
  assert.is(byId[4].error.code, RESOURCE_NOT_FOUND);
  assert.is(byId[5].error.code, ErrorCode.InvalidParams);
  assert.is(byId[6].result.structuredContent.status, 'success');
  assert.match(err, /serving the cache at/);
});

stdout.run();
