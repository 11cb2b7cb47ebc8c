import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EXAMPLES, json, runCli, tempDir } from '../helpers/cli.js';
import { sqliteRows } from '../helpers/sqliteShell.js';
import { csvEntryRows, readZipEntries, unzipTest } from '../helpers/unzip.js';

// `hazsim scenarios` end to end: the example feeder under the example hurricane, 50 samples.

interface Run {
  file: string;
  summary: any;
}

interface Context {
  cache: string;
  seven: Run;
  sevenAgain: Run;
  eight: Run;
  sequential: Run;
}

const test = suite<Context>('hazsim scenarios', {} as Context);

test.before((context) => {
  context.cache = tempDir();
  assert.is(runCli(['upload', path.join(EXAMPLES, 'feeder/example_feeder.json'), '--cache-dir', context.cache]).code, 0);
  assert.is(runCli(['upload', path.join(EXAMPLES, 'hazards/hurricane.json'), '--name', 'storm', '--cache-dir', context.cache]).code, 0);
  const scenarios = (seed: number, extra: string[] = []): Run => {
    const cwd = tempDir();
    const result = runCli(['scenarios', 'example_feeder', 'storm', '-n', '50', '--seed', String(seed), ...extra, '--cache-dir', context.cache, '--json'], {
      cwd,
    });
    assert.is(result.code, 0, result.stderr);
    const method = extra.includes('sequential') ? 'sequential' : 'peak';
    return { file: path.join(cwd, `example_feeder+storm+DEFAULT_CURVES_scenarios_50samples_seed${seed}_${method}.zip`), summary: json(result) };
  };
  context.seven = scenarios(7);
  context.sevenAgain = scenarios(7);
  context.eight = scenarios(8);
  context.sequential = scenarios(7, ['--method', 'sequential']);
});

test('writes {distribution}_{hazard}_{curve_set}_scenarios_{n}samples_seed{seed}_{method}.zip in the working directory; --json summarizes it', ({ seven }) => {
  const { file, summary } = seven;
  assert.ok(fs.existsSync(file));
  const perSample: number[] = summary.failures_per_sample;
  assert.equal(summary, {
    status: 'success',
    file_path: file,
    zip_bytes: fs.statSync(file).size,
    number_of_samples: 50,
    seed: 7,
    method: 'peak',
    asset_count: 38,
    timestamp_count: 24,
    total_scenarios: summary.total_scenarios,
    total_failures: perSample.reduce((sum, count) => sum + count, 0),
    samples_with_failures: perSample.filter((count) => count > 0).length,
    failures_per_sample: perSample,
    truncated: false,
    distribution_system_name: 'example_feeder',
    hazard_system_name: 'storm',
    curve_set: 'DEFAULT_CURVES',
    physics: 'default',
    mean_failures_per_sample: summary.total_failures / 50,
  });
  assert.is(perSample.length, 50);
  assert.ok(summary.total_failures > 0, 'the hurricane takes something out');
});

test('is byte-identical across two runs and passes unzip -t; every edit names a component of the feeder', async ({ seven: first, sevenAgain: second }) => {
  assert.ok(fs.readFileSync(first.file).equals(fs.readFileSync(second.file)), 'the two ZIPs differ');
  const checked = unzipTest(first.file);
  if (checked === null) console.log('NOTICE: unzip is not installed; the unzip -t check is skipped');
  else assert.ok(checked.ok, checked.output);
  const entries = await readZipEntries(first.file);
  const document = JSON.parse(entries.find((entry) => entry.name === 'tracked_changes.json')!.data.toString('utf8'));
  const uuids = new Set(
    JSON.parse(fs.readFileSync(path.join(EXAMPLES, 'feeder/example_feeder.json'), 'utf8')).components.map((component: { uuid: string }) => component.uuid),
  );
  const edits = document.tracked_changes.flatMap((record: { edits: { component_uuid: string }[] }) => record.edits);
  assert.is(edits.length, first.summary.total_failures);
  assert.ok(edits.every((edit: { component_uuid: string }) => uuids.has(edit.component_uuid)));
  assert.is(entries.filter((entry) => entry.name.startsWith('time_series/')).length, 38);
});

test('a different seed gives different draws', async (context) => {
  const draws = async (run: Run) => JSON.parse((await readZipEntries(run.file))[0].data.toString('utf8'));
  const [seven, eight] = [await draws(context.seven), await draws(context.eight)];
  assert.is(seven.metadata.seed, 7);
  assert.is(eight.metadata.seed, 8);
  assert.not.equal(seven.tracked_changes, eight.tracked_changes);
  assert.not.equal(seven.metadata.failures_per_sample, eight.metadata.failures_per_sample);
});

test('the time series carry the survival of the simulation result, per asset and timestamp', async ({ cache, sequential }) => {
  const { file } = sequential;
  const sqlite = path.join(tempDir(), 'result.sqlite');
  assert.is(runCli(['simulate', 'example_feeder', 'storm', '-o', sqlite, '--cache-dir', cache]).code, 0);
  const entries = await readZipEntries(file);
  assert.is(JSON.parse(entries[0].data.toString('utf8')).metadata.method, 'sequential');
  for (const { uuid } of sqliteRows<{ uuid: string }>(sqlite, "SELECT uuid FROM assets WHERE name IN ('charleston_substation', 'feeder_3', 'cable_2')")) {
    const csv = entries
      .find((entry) => entry.name === `time_series/${uuid}.csv`)!
      .data.toString('utf8')
      .trim()
      .split('\n');
    assert.is(csv[0], 'timestamp,survival_probability,out_of_service_samples,out_of_service_fraction');
    const fromCsv = csv.slice(1).map((line) => line.split(','));
    const fromSqlite = sqliteRows<{ timestamp: string; survival_probability: number }>(
      sqlite,
      `SELECT timestamp, survival_probability FROM assetstatetable WHERE distribution_asset = '${uuid}' ORDER BY timestamp`,
    );
    assert.equal(
      fromCsv.map(([timestamp, survival]) => [timestamp, Number(survival)]),
      fromSqlite.map((row) => [row.timestamp, row.survival_probability]),
    );
    for (const [, , outOfService, fraction] of fromCsv) assert.is(Number(fraction), Number(outOfService) / 50);
  }
});

test('damage.csv: one row per failure; under the earthquake at median shaking the states and their split follow the result’s damage_state_probabilities', async ({
  cache,
  seven,
}) => {
  const windEntries = await readZipEntries(seven.file);
  assert.equal(windEntries.map((entry) => entry.name).slice(0, 2), ['tracked_changes.json', 'damage.csv']);
  const windRows = windEntries[1].data.toString('utf8').trim().split('\n');
  assert.is(windRows[0], 'sample,asset,timestamp,damage_state,repair_hours');
  assert.is(windRows.length - 1, seven.summary.total_failures);

  assert.is(runCli(['upload', path.join(EXAMPLES, 'hazards/earthquake.json'), '--name', 'quake', '--cache-dir', cache]).code, 0);
  const cwd = tempDir();
  // Failures are rarer at median shaking than integrated over its variability: enough samples for some fifty.
  const samples = 4000;
  // At median shaking every sample judges the assets at the shaking the result's probabilities are
  // for; with sampled shaking (the default) each failure follows its own sample's shaking instead,
  // checked statistically in shakingSurvival.test.ts.
  const median = ['--ground-motion-variability', 'median'];
  const zip = path.join(cwd, 'quake-median.zip');
  const run = runCli(['scenarios', 'example_feeder', 'quake', ...median, '-n', String(samples), '--seed', '5', '-o', zip, '--cache-dir', cache, '--json'], {
    cwd,
  });
  assert.is(run.code, 0, run.stderr);
  const sqlite = path.join(cwd, 'quake.sqlite');
  assert.is(runCli(['simulate', 'example_feeder', 'quake', ...median, '-o', sqlite, '--cache-dir', cache]).code, 0);
  const rows = csvEntryRows(await readZipEntries(zip), 'damage.csv');
  assert.is(rows.length, json(run).total_failures);
  const probabilities = new Map<string, Map<string, number>>();
  for (const row of sqliteRows<{ distribution_asset: string; timestamp: string; damage_state: string; probability: number }>(
    sqlite,
    "SELECT distribution_asset, timestamp, damage_state, probability FROM damage_state_probabilities WHERE quantity = 'pga'",
  )) {
    const key = `${row.distribution_asset}|${row.timestamp}`;
    if (!probabilities.has(key)) probabilities.set(key, new Map());
    probabilities.get(key)!.set(row.damage_state, row.probability);
  }
  // Complete damage among the failures: a sum of Bernoulli draws with P(complete | failed) each.
  let observed = 0;
  let expected = 0;
  let variance = 0;
  for (const [, asset, timestamp, state, repair] of rows) {
    assert.ok(state === 'extensive' || state === 'complete', `${state} is an out-of-service state of the HAZUS curves`);
    assert.ok(Number(repair) > 0);
    const p = probabilities.get(`${asset}|${timestamp}`)!;
    const outOfService = p.get('extensive')! + p.get('complete')!;
    assert.ok(outOfService > 0, `${asset} fails only where the median shaking can fail it`);
    const complete = p.get('complete')! / outOfService;
    expected += complete;
    variance += complete * (1 - complete);
    if (state === 'complete') observed += 1;
  }
  assert.ok(rows.length > 50, `${rows.length} failures`);
  assert.ok(Math.abs(observed - expected) <= 4.5 * Math.sqrt(variance) + 1, `complete: ${observed} observed, ${expected} expected`);
});

test.run();
