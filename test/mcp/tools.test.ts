import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createService } from '../../src/app/service.js';
import { EXAMPLES, ROOT, tempDir } from '../helpers/cli.js';
import { close } from '../helpers/assert.js';
import { connectInMemory, toolError, toolOutput } from '../helpers/mcp.js';
import { readZipEntries } from '../helpers/unzip.js';

const TINY_FEEDER = path.join(ROOT, 'test/data/tiny_feeder.json');
const FEEDER = path.join(EXAMPLES, 'feeder/example_feeder.json');
const QUAKE = path.join(EXAMPLES, 'hazards/earthquake.json');
const HURRICANE = path.join(EXAMPLES, 'hazards/hurricane.json');

/** A real service over a fresh cache holding the example feeder (`feeder`), its earthquake (`quake`) and hurricane (`hurricane`), and the tiny feeder. */
async function setUp(env: NodeJS.ProcessEnv = {}, log?: (line: string) => void) {
  const cacheDir = tempDir();
  const service = createService({ cacheDir, env: { ...process.env, ...env } });
  await service.models.uploadFile(FEEDER, { name: 'feeder', description: 'example feeder' });
  await service.models.uploadFile(QUAKE, { name: 'quake' });
  await service.models.uploadFile(HURRICANE, { name: 'hurricane' });
  await service.models.uploadFile(TINY_FEEDER, {});
  const client = await connectInMemory(service, { log });
  return { client, service, cacheDir };
}

const CACHE_TOOLS = ['list_cached_models', 'get_model_info', 'refresh_cache', 'get_cache_info', 'list_cached_hazard_models', 'get_hazard_model_info'];

const listing = suite('tools/list');

listing(
  'lists the sixteen tools (the eight of the spec, get_scenario_records, generate_report, upload_storm_track, upload_hazard_model, upload_distribution_model, estimate_impact, hindcast, hindcast_report), each with a title, description, input and output schema and annotations',
  async () => {
    const { client } = await setUp();
    const { tools } = await client.listTools();
    assert.equal(
      tools.map((tool) => tool.name),
      [
        'run_simulation',
        'generate_scenarios',
        'get_scenario_records',
        'generate_report',
        ...CACHE_TOOLS,
        'upload_storm_track',
        'upload_hazard_model',
        'upload_distribution_model',
        'estimate_impact',
        'hindcast',
        'hindcast_report',
      ],
    );
    for (const tool of tools) {
      assert.ok(tool.title && tool.description, `${tool.name} has a title and description`);
      assert.is(tool.inputSchema.type, 'object');
      assert.is(tool.outputSchema?.type, 'object', `${tool.name} declares an output schema`);
      assert.is(tool.annotations?.openWorldHint, false);
    }
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    assert.equal(byName.run_simulation.inputSchema.required, ['distribution_system_name', 'hazard_system_name']);
    assert.is((byName.run_simulation.inputSchema.properties as any).curve_set.default, 'DEFAULT_CURVES');
    assert.equal(byName.generate_scenarios.inputSchema.required, ['distribution_system_name', 'hazard_system_name']);
    const scenarioArguments = byName.generate_scenarios.inputSchema.properties as any;
    assert.equal(Object.keys(scenarioArguments), [
      'distribution_system_name',
      'hazard_system_name',
      'curve_set',
      'physics',
      'ground_motion_variability',
      'vegetation',
      'number_of_samples',
      'seed',
      'method',
      'format',
      'restoration_edits',
      'records_limit',
    ]);
    assert.equal([scenarioArguments.number_of_samples.default, scenarioArguments.seed.default, scenarioArguments.method.default], [1, 0, 'peak']);
    assert.equal(byName.get_model_info.inputSchema.required, ['model_name']);
    assert.ok((byName.generate_scenarios.outputSchema?.required as string[]).includes('truncated'));
    assert.is(byName.get_cache_info.annotations?.readOnlyHint, true);
    assert.is(byName.run_simulation.annotations?.readOnlyHint, false);
  },
);

listing.run();

const simulation = suite('run_simulation (real engine)');

simulation('returns the spec fields, the SQLite file in the results folder and survival statistics that agree with that file', async () => {
  const { client, service } = await setUp();
  const output = toolOutput(await client.callTool({ name: 'run_simulation', arguments: { distribution_system_name: 'feeder', hazard_system_name: 'quake' } }));
  assert.equal(Object.keys(output).slice(0, 10), [
    'status',
    'message',
    'distribution_system_name',
    'hazard_system_name',
    'asset_count',
    'hazard_count',
    'timestamps',
    'curve_set',
    'file_path',
    'survival_statistics',
  ]);
  assert.equal(
    [output.status, output.message, output.distribution_system_name, output.hazard_system_name, output.curve_set],
    ['success', 'Simulation completed successfully', 'feeder', 'quake', 'DEFAULT_CURVES'],
  );
  assert.is(output.file_path, path.join(service.results.directory, 'feeder+quake+DEFAULT_CURVES_results.sqlite'));
  const hazard = JSON.parse(fs.readFileSync(QUAKE, 'utf8'));
  assert.is(output.hazard_count, hazard.models.length);
  assert.equal(output.timestamps, [hazard.models[0].timestamp]);

  const db = new Database(output.file_path, { readonly: true });
  try {
    assert.is(output.asset_count, (db.prepare('SELECT COUNT(*) AS n FROM assets').get() as { n: number }).n);
    assert.ok(output.asset_count > 0);
    const lowest = db.prepare('SELECT asset_type, lowest_survival_probability AS p FROM asset_lowest_survival').all() as { asset_type: string; p: number }[];
    assert.is(lowest.length, output.asset_count);
    const values = lowest.map((row) => row.p);
    const stats = output.survival_statistics;
    close(stats.min, Math.min(...values), 1e-12);
    close(stats.max, Math.max(...values), 1e-12);
    close(stats.mean, values.reduce((a, b) => a + b, 0) / values.length, 1e-12);
    assert.is(stats.assets_below_half, values.filter((p) => p < 0.5).length);
    const byType = new Map<string, number>();
    for (const row of lowest) byType.set(row.asset_type, Math.min(byType.get(row.asset_type) ?? 1, row.p));
    assert.equal(Object.keys(stats.lowest_by_type).sort(), [...byType.keys()].sort());
    for (const [type, p] of byType) close(stats.lowest_by_type[type], p, 1e-12);
    assert.equal(
      output.assets_by_type,
      Object.fromEntries(
        db
          .prepare('SELECT asset_type, COUNT(*) AS n FROM assets GROUP BY asset_type')
          .all()
          .map((row: any) => [row.asset_type, row.n]),
      ) as any,
      'assets by type',
    );
    // Every asset feels the quake and is judged by its PGA curve: HAZUS 5.1 read in the SimCenter table (code-transcription),
    // except the classes HAZUS lacks, judged by EP.C.U as a proxy (judgement; docs/fragility.md). run_info holds the same counts.
    const proxies = new Set([
      'solar_panels',
      'battery_storage',
      'transmission_overhead_lines',
      'transmission_underground_cables',
      'transmission_tower',
      'transmission_junction_box',
    ]);
    const counted = (proxy: boolean) =>
      Object.entries(output.assets_by_type as Record<string, number>).reduce((sum, [type, n]) => sum + (proxies.has(type) === proxy ? n : 0), 0);
    const expected = [
      { confidence: 'code-transcription', assets: counted(false), share: counted(false) / output.asset_count },
      { confidence: 'judgement', assets: counted(true), share: counted(true) / output.asset_count },
    ].filter((entry) => entry.assets > 0);
    assert.equal(output.assets_by_curve_confidence, expected);
    const runInfo = db.prepare("SELECT value FROM run_info WHERE key = 'assets_by_curve_confidence'").get() as { value: string };
    assert.equal(JSON.parse(runInfo.value), expected);
  } finally {
    db.close();
  }
  assert.is(output.lowest_survival[0].survival_probability, output.survival_statistics.min);
});

simulation('another curve set writes another file; the same arguments again replace their file', async () => {
  const { client } = await setUp();
  const run = async (curveSet: string) =>
    toolOutput(
      await client.callTool({ name: 'run_simulation', arguments: { distribution_system_name: 'feeder', hazard_system_name: 'quake', curve_set: curveSet } }),
    );
  const first = await run('DEFAULT_CURVES');
  const erad = await run('ERAD_V1_CURVES');
  assert.is.not(erad.file_path, first.file_path);
  assert.ok(fs.existsSync(first.file_path) && fs.existsSync(erad.file_path));
  const again = await run('DEFAULT_CURVES');
  assert.is(again.file_path, first.file_path);
  assert.equal(again.survival_statistics, first.survival_statistics);
  assert.equal(fs.readdirSync(path.dirname(first.file_path)).sort(), [
    'feeder+quake+DEFAULT_CURVES_results.sqlite',
    'feeder+quake+ERAD_V1_CURVES_results.sqlite',
  ]);
});

simulation('unknown models and curve sets and invalid arguments come back as isError results naming the problem', async () => {
  const { client } = await setUp();
  const call = (args: Record<string, unknown>) => client.callTool({ name: 'run_simulation', arguments: args });
  assert.is(toolError(await call({ distribution_system_name: 'nope', hazard_system_name: 'quake' })), "Distribution system 'nope' not found");
  assert.is(toolError(await call({ distribution_system_name: 'feeder', hazard_system_name: 'nope' })), "Hazard model 'nope' not found");
  assert.is(toolError(await call({ distribution_system_name: 'feeder', hazard_system_name: 'quake', curve_set: 'MINE' })), "Curve set 'MINE' not found");
  const missing = toolError(await call({ distribution_system_name: 'feeder' }));
  assert.match(missing, /^Invalid arguments for run_simulation:/);
  assert.match(missing, /\n {2}hazard_system_name: /);
  assert.match(
    toolError(await call({ distribution_system_name: 7, hazard_system_name: 'quake' })),
    /distribution_system_name: Invalid type: Expected string but received 7/,
  );
  assert.match(toolError(await call({ distribution_system_name: 'feeder', hazard_system_name: 'quake', colour: 'red' })), /colour: /);
  // The server is still there and correct after every failure.
  assert.ok(toolOutput(await call({ distribution_system_name: 'feeder', hazard_system_name: 'quake' })).asset_count > 0);
});

simulation('a run that fails on the server is an isError result, logged with its stack; the server goes on', async () => {
  const logged: string[] = [];
  const { client, service } = await setUp({}, (line) => logged.push(line));
  // A file where the results folder should be: the run cannot write its database.
  fs.writeFileSync(service.results.directory, 'not a folder');
  const message = toolError(await client.callTool({ name: 'run_simulation', arguments: { distribution_system_name: 'feeder', hazard_system_name: 'quake' } }));
  assert.match(message, /results/);
  assert.is(logged.length, 1);
  assert.match(logged[0], /^hazsim mcp: tool run_simulation failed: /);
  assert.match(logged[0], /\n\s+at /);
  assert.is(toolOutput(await client.callTool({ name: 'get_cache_info', arguments: {} })).total_models, 4);
  // Client mistakes are not logged.
  toolError(await client.callTool({ name: 'run_simulation', arguments: { distribution_system_name: 'nope', hazard_system_name: 'quake' } }));
  assert.is(logged.length, 1);
});

simulation.run();

const scenarios = suite('generate_scenarios (real engine)');

/** The tracked_changes.json of a scenario ZIP. */
async function trackedChanges(zipPath: string): Promise<{ tracked_changes: unknown[]; metadata: Record<string, unknown> }> {
  const entry = (await readZipEntries(zipPath)).find((candidate) => candidate.name === 'tracked_changes.json');
  assert.ok(entry, `${zipPath} holds tracked_changes.json`);
  return JSON.parse(entry.data.toString('utf8'));
}

scenarios('defaults to one sample, seed 0 and peak; returns the records of the ZIP it wrote, with truncated false', async () => {
  const { client, service } = await setUp();
  const output = toolOutput(
    await client.callTool({ name: 'generate_scenarios', arguments: { distribution_system_name: 'feeder', hazard_system_name: 'quake' } }),
  );
  assert.equal(Object.keys(output).slice(0, 10), [
    'status',
    'message',
    'distribution_system_name',
    'hazard_system_name',
    'number_of_samples',
    'seed',
    'total_scenarios',
    'scenarios',
    'truncated',
    'file_path',
  ]);
  assert.equal(
    [output.status, output.message, output.number_of_samples, output.seed, output.method, output.curve_set],
    ['success', 'Scenarios generated successfully', 1, 0, 'peak', 'DEFAULT_CURVES'],
  );
  assert.is(output.file_path, path.join(service.results.directory, 'feeder+quake+DEFAULT_CURVES_scenarios_1samples_seed0_peak.zip'));
  const zip = await trackedChanges(output.file_path);
  assert.equal(output.scenarios, zip.tracked_changes);
  assert.is(output.total_scenarios, zip.tracked_changes.length);
  assert.is(output.truncated, false);
  assert.equal([zip.metadata.seed, zip.metadata.number_of_samples, zip.metadata.total_failures], [0, 1, output.total_failures]);
});

scenarios('the same seed gives the same records; another seed or hazard writes another ZIP and keeps the first', async () => {
  const { client } = await setUp();
  const run = async (args: Record<string, unknown>) =>
    toolOutput(
      await client.callTool({
        name: 'generate_scenarios',
        arguments: { distribution_system_name: 'feeder', hazard_system_name: 'hurricane', number_of_samples: 20, records_limit: 1000, ...args },
      }),
    );
  const first = await run({ seed: 11 });
  assert.ok(first.total_scenarios > 0);
  assert.ok(
    first.scenarios.some((record: any) => record.timestamp !== first.scenarios[0].timestamp),
    'the hurricane fails assets at several timestamps',
  );
  const repeated = await run({ seed: 11 });
  assert.equal(repeated.scenarios, first.scenarios);
  const other = await run({ seed: 12 });
  assert.is.not(other.file_path, first.file_path);
  assert.not.equal(other.scenarios, first.scenarios);
  const sequential = await run({ seed: 11, method: 'sequential' });
  assert.match(sequential.file_path, /_seed11_sequential\.zip$/);
  const quake = await run({ seed: 11, hazard_system_name: 'quake' });
  assert.is.not(quake.file_path, first.file_path);
  assert.equal((await trackedChanges(first.file_path)).tracked_changes, first.scenarios);
});

scenarios('the ZIP, damage.csv included, has the bytes of the service run on 1 or 2 workers; restoration_edits adds in_service true edits', async () => {
  const { client, service } = await setUp();
  const request = { distribution_system_name: 'feeder', hazard_system_name: 'quake', number_of_samples: 30, seed: 4 };
  const output = toolOutput(await client.callTool({ name: 'generate_scenarios', arguments: request }));
  const bytes = fs.readFileSync(output.file_path);
  assert.ok((await readZipEntries(output.file_path)).some((entry) => entry.name === 'damage.csv'));
  for (const workers of [1, 2]) {
    const outcome = await service.runs.generateScenarios(request, { outputPath: path.join(tempDir(), 'service.zip'), workers });
    assert.ok(fs.readFileSync(outcome.filePath).equals(bytes), `${workers} worker(s): the same bytes as the MCP tool`);
  }
  const restored = toolOutput(await client.callTool({ name: 'generate_scenarios', arguments: { ...request, restoration_edits: true } }));
  assert.match(restored.file_path, /_seed4_peak_restoration\.zip$/);
  const document = await trackedChanges(restored.file_path);
  const edits = (document.tracked_changes as { edits: { value: boolean }[] }[]).flatMap((record) => record.edits);
  assert.is(edits.filter((edit) => edit.value === false).length, output.total_failures);
  assert.is(edits.filter((edit) => edit.value === true).length, output.total_failures, 'every failed asset comes back');
  assert.equal(restored.scenarios, document.tracked_changes.slice(0, restored.scenarios.length));
});

scenarios('refuses a sample count below 1 or above HAZSIM_MAX_SAMPLES, a fractional count, a bad seed or method, naming the field', async () => {
  const { client } = await setUp({ HAZSIM_MAX_SAMPLES: '50' });
  const call = (args: Record<string, unknown>) =>
    client.callTool({ name: 'generate_scenarios', arguments: { distribution_system_name: 'feeder', hazard_system_name: 'quake', ...args } });
  assert.match(toolError(await call({ number_of_samples: 0 })), /number_of_samples: must be at least 1/);
  assert.match(toolError(await call({ number_of_samples: 2.5 })), /number_of_samples: must be an integer/);
  assert.match(toolError(await call({ number_of_samples: 51 })), /number_of_samples: must be at most 50 \(the limit is set by HAZSIM_MAX_SAMPLES\)/);
  assert.match(toolError(await call({ seed: -1 })), /seed: must be >= 0/);
  assert.match(toolError(await call({ method: 'random' })), /method: /);
  assert.is(toolError(await call({ hazard_system_name: 'nope' })), "Hazard model 'nope' not found");
  assert.is(toolOutput(await call({ number_of_samples: 50 })).number_of_samples, 50);
});

scenarios.run();

const info = suite('get_model_info and get_hazard_model_info (real summaries)');

info('describe every example model within their output schemas; the asset counts are those a simulation uses', async () => {
  const { client, service } = await setUp();
  for (const file of fs.readdirSync(path.join(EXAMPLES, 'hazards'))) {
    const name = `example_${path.parse(file).name}`;
    await service.models.uploadFile(path.join(EXAMPLES, 'hazards', file), { name });
    const summary = toolOutput(await client.callTool({ name: 'get_hazard_model_info', arguments: { model_name: name } }));
    assert.ok(summary.hazard_model_count > 0, file);
    assert.is(summary.timestamp_count, summary.timestamps.length, file);
    assert.ok(summary.bounding_box.min_longitude <= summary.bounding_box.max_longitude, file);
  }
  const feeder = toolOutput(await client.callTool({ name: 'get_model_info', arguments: { model_name: 'feeder' } }));
  assert.is(feeder.form, 'gdm');
  assert.is(feeder.components_by_type.DistributionBus, feeder.buses.total);
  const run = toolOutput(await client.callTool({ name: 'run_simulation', arguments: { distribution_system_name: 'feeder', hazard_system_name: 'quake' } }));
  assert.equal([feeder.assets.located, feeder.assets.unlocated], [run.asset_count, run.unlocated_count]);
  assert.equal(feeder.assets.by_type, run.assets_by_type);
});

info('a stored file edited by hand into an invalid model is an isError result naming the problem', async () => {
  const { client, service } = await setUp();
  fs.writeFileSync(service.models.record('hazard', 'quake').file_path, JSON.stringify({ models: [{ type: 'earthquake' }] }));
  assert.match(toolError(await client.callTool({ name: 'get_hazard_model_info', arguments: { model_name: 'quake' } })), /models\[0\]/);
});

info.run();

const unknown = suite('unknown tools');

unknown('an unknown tool name is an isError result listing the tools there are', async () => {
  const { client } = await setUp();
  const message = toolError(await client.callTool({ name: 'delete_everything', arguments: {} }));
  assert.match(
    message,
    /^Unknown tool: delete_everything \(available: run_simulation, generate_scenarios, get_scenario_records, generate_report, list_cached_models, /,
  );
});

unknown.run();
