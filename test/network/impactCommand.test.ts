import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EXAMPLES, json, runCli, tempDir } from '../helpers/cli.js';
import { sqlite3, sqliteRows, sqliteValue } from '../helpers/sqliteShell.js';
import { csvEntryRows, readZipEntries } from '../helpers/unzip.js';
import { makeZip } from '../helpers/zip.js';
import { FeederBuilder } from './feeders.js';
import { handScenarioZip, type HandFailure } from './scenarioZips.js';

// `hazsim impact` end to end, spawned with a temporary cache: a hand-built feeder with hand-written
// scenario ZIPs (answers worked by hand), and the example feeder under the example hurricane.

/** The radial feeder of energize.test.ts: src-b0 -l1- b1 -l2- b2, b1 -l3- b3 -l4- b4; loads A..D with 10, 20, 5, 7 customers. */
const feeder = new FeederBuilder().bus('b0').bus('b1').bus('b2').bus('b3').bus('b4').source('src', 'b0');
feeder.line('l1', 'b0', 'b1').line('l2', 'b1', 'b2').line('l3', 'b1', 'b3').line('l4', 'b3', 'b4');
feeder.load('A', 'b1', 100, 10).load('B', 'b2', 50, 20).load('C', 'b3', 30, 5).load('D', 'b4', 70, 7);

const T = (hour: number) => `2024-01-01T0${hour}:00:00`;
/** Sample 0: l3 at 2 h for 10 h; sample 1: nothing; sample 2: l1 at 0 h for 5 h and l4 at 3 h for 10 h. */
const FAILURES: HandFailure[] = [
  { sample: 0, timestamp: T(2), uuid: feeder.uuid('l3'), repairHours: 10 },
  { sample: 2, timestamp: T(0), uuid: feeder.uuid('l1'), repairHours: 5 },
  { sample: 2, timestamp: T(3), uuid: feeder.uuid('l4'), repairHours: 10 },
];

interface Context {
  cache: string;
  work: string;
}
const test = suite<Context>('hazsim impact', {} as Context);

test.before((context) => {
  context.cache = tempDir();
  context.work = tempDir();
  const feederFile = path.join(context.work, 'hand.json');
  fs.writeFileSync(feederFile, JSON.stringify(feeder.build()));
  assert.is(runCli(['upload', feederFile, '--cache-dir', context.cache]).code, 0);
  assert.is(runCli(['upload', path.join(EXAMPLES, 'feeder/example_feeder.json'), '--cache-dir', context.cache]).code, 0);
  assert.is(runCli(['upload', path.join(EXAMPLES, 'hazards/hurricane.json'), '--name', 'storm', '--cache-dir', context.cache]).code, 0);
});

async function writeZip(context: Context, name: string, zip: Promise<Buffer>): Promise<string> {
  const file = path.join(context.work, name);
  fs.writeFileSync(file, await zip);
  return file;
}

const impact = (context: Context, args: string[]) => runCli(['impact', ...args, '--cache-dir', context.cache, '--json'], { cwd: context.work });

// The hand ZIPs name no cached hazard model, so crews wait for the last hazard timestamp (docs/output-impact.md,
// "When crews may work"): with timestamps T(0)..T(3), no repair starts before 3 h.
test('with damage.csv: repair hours from the ZIP; customer-hours per sample and per-load outage odds as worked by hand', async (context) => {
  const zip = await writeZip(
    context,
    'hand_damage.zip',
    handScenarioZip({ failures: FAILURES, numberOfSamples: 3, seed: 5, timestamps: [T(0), T(1), T(2), T(3)], damage: true }),
  );
  // No switching: the hand feeder has no switching device, so with FLISR every fault would darken all of it.
  const result = impact(context, ['--scenarios', zip, '--switching', 'none']);
  assert.is(result.code, 0, result.stderr);
  const summary = json(result);
  assert.is(summary.file_path, path.join(context.work, 'hand_damage_impact.sqlite'));
  assert.equal([summary.distribution_system_name, summary.number_of_samples, summary.repair_times], ['hand', 3, 'damage.csv']);
  const file = summary.file_path;
  // Sample 0: l3 fails at 2 h, work from 3 h, back at 13 h: C and D dark 11 h. Sample 2: l1 fails at 0 h, work
  // from 3 h, back at 8 h; l4 fails at 3 h, back at 13 h: A, B, C dark 8 h, D 13 h.
  assert.equal(sqliteRows(file, 'SELECT sample, customer_hours, energy_not_served_kwh, customers_out_peak, restore_100_hours FROM samples ORDER BY sample'), [
    { sample: 0, customer_hours: (5 + 7) * 11, energy_not_served_kwh: (30 + 70) * 11, customers_out_peak: 12, restore_100_hours: 13 },
    { sample: 1, customer_hours: 0, energy_not_served_kwh: 0, customers_out_peak: 0, restore_100_hours: 0 },
    {
      sample: 2,
      customer_hours: 10 * 8 + 20 * 8 + 5 * 8 + 7 * 13,
      energy_not_served_kwh: (100 + 50 + 30) * 8 + 70 * 13,
      customers_out_peak: 42,
      restore_100_hours: 13,
    },
  ]);
  assert.is(sqliteValue(file, "SELECT mean FROM metrics WHERE metric = 'customer_hours'"), (132 + 371) / 3);
  const loads = Object.fromEntries(
    sqliteRows(file, 'SELECT name, outage_probability, expected_outage_hours FROM loads').map((row) => [
      row.name,
      [row.outage_probability, row.expected_outage_hours],
    ]),
  );
  assert.equal(loads, { A: [1 / 3, 8 / 3], B: [1 / 3, 8 / 3], C: [2 / 3, 19 / 3], D: [2 / 3, 24 / 3] });
  assert.equal(
    sqliteRows(
      file,
      'SELECT asset_uuid, failed_at, repair_hours, repair_source, work_allowed_hours, restored_at FROM repairs WHERE sample = 2 ORDER BY failed_hours',
    ),
    [
      { asset_uuid: feeder.uuid('l1'), failed_at: T(0), repair_hours: 5, repair_source: 'damage.csv', work_allowed_hours: 3, restored_at: T(8) },
      {
        asset_uuid: feeder.uuid('l4'),
        failed_at: T(3),
        repair_hours: 10,
        repair_source: 'damage.csv',
        work_allowed_hours: 3,
        restored_at: '2024-01-01T13:00:00',
      },
    ],
  );
  // Sample 1 has no repairs: the samples' ranges of repair numbers skip it, and the view gives each row its sample.
  assert.equal(sqliteRows(file, 'SELECT sample, first_repair, last_repair FROM repair_samples'), [
    { sample: 0, first_repair: 0, last_repair: 0 },
    { sample: 2, first_repair: 1, last_repair: 2 },
  ]);
  assert.equal(sqliteRows(file, 'SELECT sample, asset_uuid FROM repairs'), [
    { sample: 0, asset_uuid: feeder.uuid('l3') },
    { sample: 2, asset_uuid: feeder.uuid('l1') },
    { sample: 2, asset_uuid: feeder.uuid('l4') },
  ]);
  assert.equal(sqliteRows(file, 'SELECT count(*) AS n FROM repairs WHERE sample = 1'), [{ n: 0 }]);
  // IEEE 1366 per event, N_T = 42 customers: sample 2 interrupts every customer once (CI 42) for 10·8 + 20·8 + 5·8 + 7·13 = 371 h.
  const indices = sqliteRows(
    file,
    'SELECT customers_interrupted, customer_minutes_interrupted, saifi, saidi_minutes, caidi_minutes FROM samples WHERE sample = 2',
  )[0];
  assert.equal(indices, {
    customers_interrupted: 42,
    customer_minutes_interrupted: 371 * 60,
    saifi: 1,
    saidi_minutes: (371 * 60) / 42,
    caidi_minutes: (371 * 60) / 42,
  });
  // The time axis runs hourly from the first hazard timestamp until the last repair; everyone is back at its end.
  const curve = sqliteRows(file, 'SELECT hours, timestamp, customers_out_mean, customers_out_p90 FROM curves ORDER BY hours');
  assert.is(curve.length, 14);
  assert.equal(curve[13], { hours: 13, timestamp: '2024-01-01T13:00:00', customers_out_mean: 0, customers_out_p90: 0 });
  assert.is(curve[0].customers_out_mean, 42 / 3);
  assert.is(curve[2].customers_out_mean, (12 + 42) / 3);
});

test('without damage.csv: repair times drawn from the documented defaults; every sample is restored to zero customers out', async (context) => {
  const zip = await writeZip(context, 'hand_default.zip', handScenarioZip({ failures: FAILURES, numberOfSamples: 3, seed: 5, timestamps: [T(0), T(3)] }));
  const result = impact(context, ['hand', '--scenarios', zip, '--crews', '1']);
  assert.is(result.code, 0, result.stderr);
  const summary = json(result);
  assert.equal([summary.repair_times, summary.crews], ['default', 1]);
  const file = summary.file_path;
  const repairs = sqliteRows(file, 'SELECT repair_source, repair_hours FROM repairs');
  assert.is(repairs.length, 3);
  assert.ok(repairs.every((row) => row.repair_source === 'default' && row.repair_hours > 0));
  const last = sqliteRows(file, 'SELECT customers_out_mean, kw_out_mean FROM curves ORDER BY hours DESC LIMIT 1')[0];
  assert.equal(last, { customers_out_mean: 0, kw_out_mean: 0 });
  assert.is(sqliteValue(file, "SELECT value FROM run_info WHERE key = 'repair_times'"), 'default');
});

test('a damage.csv row with an empty repair_hours takes its repair time from the defaults; the others keep theirs', async (context) => {
  const failures = [FAILURES[0], FAILURES[1], { ...FAILURES[2], repairHours: null }];
  const zip = await writeZip(context, 'hand_partial.zip', handScenarioZip({ failures, numberOfSamples: 3, seed: 5, timestamps: [T(0), T(3)], damage: true }));
  const result = impact(context, ['hand', '--scenarios', zip]);
  assert.is(result.code, 0, result.stderr);
  const rows = sqliteRows(json(result).file_path, 'SELECT asset_uuid, repair_hours, repair_source FROM repairs ORDER BY sample, failed_hours');
  assert.equal(rows.slice(0, 2), [
    { asset_uuid: feeder.uuid('l3'), repair_hours: 10, repair_source: 'damage.csv' },
    { asset_uuid: feeder.uuid('l1'), repair_hours: 5, repair_source: 'damage.csv' },
  ]);
  assert.equal([rows[2].asset_uuid, rows[2].repair_source], [feeder.uuid('l4'), 'default']);
  assert.ok((rows[2].repair_hours as number) > 0);
});

test('--restoration-output: the scenario ZIP with an in_service true edit at every restored_at of the repairs table (one crew delays the second repair)', async (context) => {
  const zip = await writeZip(
    context,
    'hand_restore.zip',
    handScenarioZip({ failures: FAILURES, numberOfSamples: 3, seed: 5, timestamps: [T(0), T(1), T(2), T(3)], damage: true }),
  );
  const result = impact(context, ['--scenarios', zip, '--switching', 'none', '--crews', '1', '-o', 'restore.sqlite', '--restoration-output', 'restored.zip']);
  assert.is(result.code, 0, result.stderr);
  const repairs = sqliteRows<{ sample: number; asset_uuid: string; failed_at: string; restored_at: string }>(
    path.join(context.work, 'restore.sqlite'),
    'SELECT sample, asset_uuid, failed_at, restored_at FROM repairs',
  );
  // By hand: in sample 2 work starts at 3 h (the last hazard timestamp). l1 brings back 35 customers in 5 h (7 per
  // crew-hour), l4 7 in 10 h: the one crew repairs l1 first (back at 8 h), then l4 (back at 18 h, not 13 h).
  assert.ok(repairs.some((row) => row.asset_uuid === feeder.uuid('l4') && row.restored_at === '2024-01-01T18:00:00'));
  const entries = await readZipEntries(path.join(context.work, 'restored.zip'));
  const original = await readZipEntries(zip);
  assert.equal(
    entries.map((entry) => entry.name),
    original.map((entry) => entry.name),
  );
  entries.slice(1).forEach((entry, i) => assert.ok(entry.data.equals(original[i + 1].data), `${entry.name} is copied unchanged`));
  const document = JSON.parse(entries[0].data.toString('utf8'));
  assert.match(document.metadata.restoration, /repairs table of the impact analysis \(1 crews, priority customers/);
  assert.is(document.metadata.total_scenarios, document.tracked_changes.length);
  const edits = document.tracked_changes.flatMap((record: { scenario_name: string; timestamp: string; edits: { component_uuid: string; value: boolean }[] }) =>
    record.edits.map((edit) => `${record.scenario_name} ${record.timestamp} ${edit.component_uuid} ${edit.value}`),
  );
  const expected = repairs.flatMap((row) => [
    `sample_${row.sample} ${row.failed_at} ${row.asset_uuid} false`,
    `sample_${row.sample} ${row.restored_at} ${row.asset_uuid} true`,
  ]);
  assert.equal([...edits].sort(), [...expected].sort());
  assert.equal(
    document.tracked_changes.map((record: { scenario_name: string; timestamp: string }) => `${record.scenario_name} ${record.timestamp}`),
    [
      'sample_0 2024-01-01T02:00:00',
      'sample_0 2024-01-01T13:00:00',
      'sample_2 2024-01-01T00:00:00',
      'sample_2 2024-01-01T03:00:00',
      'sample_2 2024-01-01T08:00:00',
      'sample_2 2024-01-01T18:00:00',
    ],
  );
});

test('drawn scenarios: the same inputs and seed give the same bytes, whether drawn by impact or read from the scenarios command’s ZIP, with damage.csv’s repair times', async (context) => {
  const first = impact(context, ['example_feeder', 'storm', '-n', '20', '--seed', '3', '-o', 'first.sqlite']);
  assert.is(first.code, 0, first.stderr);
  const again = impact(context, ['example_feeder', 'storm', '-n', '20', '--seed', '3', '-o', 'again.sqlite', '--scenarios-output', 'kept.zip']);
  assert.is(again.code, 0, again.stderr);
  const scenarios = runCli(['scenarios', 'example_feeder', 'storm', '-n', '20', '--seed', '3', '-o', 'drawn.zip', '--cache-dir', context.cache], {
    cwd: context.work,
  });
  assert.is(scenarios.code, 0, scenarios.stderr);
  const fromZip = impact(context, ['--scenarios', 'drawn.zip', '-o', 'from_zip.sqlite']);
  assert.is(fromZip.code, 0, fromZip.stderr);
  const bytes = (name: string) => fs.readFileSync(path.join(context.work, name));
  assert.ok(bytes('first.sqlite').equals(bytes('again.sqlite')));
  assert.ok(bytes('first.sqlite').equals(bytes('from_zip.sqlite')));
  assert.ok(bytes('kept.zip').equals(bytes('drawn.zip')));
  const summary = json(first);
  assert.equal([summary.hazard_system_name, summary.number_of_samples, summary.seed], ['storm', 20, 3]);
  assert.ok(summary.metrics.customers_out_peak.mean > 0, 'the hurricane darkens the example feeder');
  // Both paths draw the damage with drawDamage: every repair time is damage.csv's.
  assert.is(summary.repair_times, 'damage.csv');
  const damage = csvEntryRows(await readZipEntries(path.join(context.work, 'drawn.zip')), 'damage.csv');
  const repairs = sqliteRows<{ sample: number; asset_uuid: string; failed_at: string; repair_hours: number; repair_source: string }>(
    path.join(context.work, 'first.sqlite'),
    'SELECT sample, asset_uuid, failed_at, repair_hours, repair_source FROM repairs ORDER BY sample, failed_at, asset_uuid',
  );
  // The result keeps repair times to the second (docs/output-impact.md, "Repairs with integer keys").
  const toTheSecond = (hours: number) => Math.round(hours * 3600) / 3600;
  assert.equal(
    repairs.map((row) => [String(row.sample), row.asset_uuid, row.failed_at, row.repair_hours, row.repair_source]),
    damage.map(([sample, asset, timestamp, , hours]) => [sample, asset, timestamp, toTheSecond(Number(hours)), 'damage.csv']),
  );
  // The compact tables behind the view, read without it: each sample's range of repair numbers, integer keys into the
  // asset and kind tables, whole seconds; the same failures in the same order as damage.csv.
  const compact = sqliteRows<{ sample: number; uuid: string; failed_at: string; repair_seconds: number; repair_source: string }>(
    path.join(context.work, 'first.sqlite'),
    `SELECT s.sample, a.uuid, k.failed_at, r.repair_seconds, k.repair_source, typeof(r.asset) AS asset_type, typeof(r.repair_seconds) AS seconds_type
     FROM repair_rows AS r JOIN repair_samples AS s ON r.repair BETWEEN s.first_repair AND s.last_repair
     JOIN repair_assets AS a ON a.asset = r.asset JOIN repair_kinds AS k ON k.kind = r.kind ORDER BY r.repair`,
  );
  assert.equal(
    compact.map((row) => Object.values(row)),
    damage.map(([sample, asset, timestamp, , hours]) => [
      Number(sample),
      asset,
      timestamp,
      Math.round(Number(hours) * 3600),
      'damage.csv',
      'integer',
      'integer',
    ]),
  );
  // Repairs are numbered from 0 in file order, and the samples' ranges cover them once each, in order.
  const ranges = sqliteRows<{ sample: number; first_repair: number; last_repair: number }>(
    path.join(context.work, 'first.sqlite'),
    'SELECT sample, first_repair, last_repair FROM repair_samples ORDER BY sample',
  );
  const rowsPerSample = new Map<number, number>();
  for (const [sample] of damage) rowsPerSample.set(Number(sample), (rowsPerSample.get(Number(sample)) ?? 0) + 1);
  let next = 0;
  assert.equal(
    ranges.map((range) => {
      const expected = { sample: range.sample, first_repair: next, last_repair: next + rowsPerSample.get(range.sample)! - 1 };
      next = expected.last_repair + 1;
      return expected;
    }),
    ranges,
  );
  assert.equal(
    ranges.map((range) => range.sample),
    [...rowsPerSample.keys()],
  );
  // Repair numbers are an INTEGER PRIMARY KEY, which VACUUM keeps (it may renumber implicit row ids): the ranges still hold.
  const vacuumed = path.join(context.work, 'vacuumed.sqlite');
  fs.copyFileSync(path.join(context.work, 'first.sqlite'), vacuumed);
  sqlite3(vacuumed, 'VACUUM');
  assert.equal(sqliteRows(vacuumed, 'SELECT * FROM repairs'), sqliteRows(path.join(context.work, 'first.sqlite'), 'SELECT * FROM repairs'));
  // The view gives the rows in that order without being asked to sort.
  assert.equal(
    sqliteRows<{ sample: number; asset_uuid: string }>(path.join(context.work, 'first.sqlite'), 'SELECT sample, asset_uuid FROM repairs').map((row) => [
      row.sample,
      row.asset_uuid,
    ]),
    damage.map(([sample, asset]) => [Number(sample), asset]),
  );
  assert.equal(
    sqliteRows(path.join(context.work, 'first.sqlite'), 'SELECT count(*) AS n FROM repair_rows')[0],
    sqliteRows(path.join(context.work, 'first.sqlite'), 'SELECT count(*) AS n FROM repairs')[0],
  );
  // restored_at is the origin plus restored_hours, to the second, as JavaScript's Date computes it.
  const origin = String(sqliteValue(path.join(context.work, 'first.sqlite'), "SELECT value FROM run_info WHERE key = 'origin_timestamp'"));
  for (const row of sqliteRows<{ restored_hours: number; restored_at: string }>(
    path.join(context.work, 'first.sqlite'),
    'SELECT restored_hours, restored_at FROM repairs',
  )) {
    assert.is(row.restored_at, new Date(Date.parse(`${origin}Z`) + Math.round(row.restored_hours * 3600) * 1000).toISOString().slice(0, 19));
  }
  // Without a crew limit every repair starts when the storm lets crews work at its asset: the scenarios command's
  // restoration edits (failure + repair) shifted by that wait, never earlier.
  const waits = sqliteRows<{ failed_hours: number; work_allowed_hours: number; dispatched_hours: number; repair_hours: number; restored_hours: number }>(
    path.join(context.work, 'first.sqlite'),
    'SELECT failed_hours, work_allowed_hours, dispatched_hours, repair_hours, restored_hours FROM repairs',
  );
  assert.ok(waits.length > 0);
  for (const row of waits) {
    assert.ok(row.work_allowed_hours >= row.failed_hours, 'no work before the failure');
    assert.is(row.dispatched_hours, row.work_allowed_hours);
    // The restore time and the repair time are each kept to the second.
    assert.ok(Math.abs(row.restored_hours - (row.work_allowed_hours + row.repair_hours)) <= 1 / 3600 + 1e-9);
  }
  assert.is(
    sqliteValue(path.join(context.work, 'first.sqlite'), "SELECT value FROM run_info WHERE key = 'work_rule'").toString().startsWith('hazard calendar'),
    true,
  );
});

test('the human summary names the file, the network and the metric table', (context) => {
  const result = runCli(['impact', 'example_feeder', 'storm', '-n', '5', '--cache-dir', context.cache], { cwd: context.work });
  assert.is(result.code, 0, result.stderr);
  assert.match(result.stdout, /^Wrote .*example_feeder\+storm\+DEFAULT_CURVES_impact_5samples_seed0_peak\.sqlite/);
  assert.match(result.stdout, /4 of 4 loads served/);
  assert.match(result.stdout, /customer-hours/);
});

test('a feeder without assets: the scenario ZIP lists the hazard timestamps in its metadata, and impact reports nobody out', async (context) => {
  const bare = path.join(context.work, 'bare.json');
  fs.writeFileSync(bare, JSON.stringify({ ...new FeederBuilder().bus('b0').bus('b1').build(), name: 'bare' }));
  assert.is(runCli(['upload', bare, '--cache-dir', context.cache]).code, 0);
  const scenarios = runCli(['scenarios', 'bare', 'storm', '-n', '3', '-o', 'bare.zip', '--cache-dir', context.cache], { cwd: context.work });
  assert.is(scenarios.code, 0, scenarios.stderr);
  const entries = await readZipEntries(path.join(context.work, 'bare.zip'));
  assert.equal(
    entries.map((entry) => entry.name),
    ['tracked_changes.json', 'damage.csv'],
  );
  const stormTimestamps = JSON.parse(fs.readFileSync(path.join(EXAMPLES, 'hazards/hurricane.json'), 'utf8')).models.map(
    (model: { timestamp: string }) => model.timestamp,
  );
  assert.equal(JSON.parse(entries[0].data.toString('utf8')).metadata.timestamps, [...new Set<string>(stormTimestamps)].sort());
  for (const args of [
    ['bare', 'storm', '-n', '3'],
    ['--scenarios', 'bare.zip'],
  ]) {
    const result = impact(context, [...args, '-o', 'bare_impact.sqlite']);
    assert.is(result.code, 0, result.stderr);
    const file = path.join(context.work, 'bare_impact.sqlite');
    assert.equal(
      sqliteRows(file, 'SELECT sample, customers_out_peak, customer_hours FROM samples ORDER BY sample'),
      [0, 1, 2].map((sample) => ({ sample, customers_out_peak: 0, customer_hours: 0 })),
    );
    assert.is(sqliteValue(file, 'SELECT count(*) FROM loads'), 0);
    fs.rmSync(file);
  }
});

test('bad input: a usage error without -n or --scenarios, not found for an unknown model, invalid damage.csv and a ZIP for another model version', async (context) => {
  const noSamples = impact(context, ['example_feeder', 'storm']);
  assert.is(noSamples.code, 2);
  assert.match(noSamples.stderr, /-n <count>/);
  const unknown = impact(context, ['nope', 'storm', '-n', '2']);
  assert.is(unknown.code, 3);
  const tooManyCrews = impact(context, ['example_feeder', 'storm', '-n', '2', '--crews', String(2 ** 32)]);
  assert.is(tooManyCrews.code, 5, tooManyCrews.stderr);
  assert.match(tooManyCrews.stderr, /crews.*at most 100000/);
  const criticalFile = path.join(context.work, 'critical.txt');
  fs.writeFileSync(criticalFile, '# hospitals\nA\nno-such-load\n');
  const unknownCritical = impact(context, [
    '--scenarios',
    await writeZip(context, 'crit.zip', handScenarioZip({ failures: FAILURES, numberOfSamples: 3, seed: 5, timestamps: [T(0)] })),
    '--priority',
    'critical',
    '--critical-loads',
    criticalFile,
  ]);
  assert.is(unknownCritical.code, 5, unknownCritical.stderr);
  assert.match(unknownCritical.stderr, /critical load 'no-such-load' is neither the uuid nor the name of a load of 'hand'/);
  const badHeader = await writeZip(
    context,
    'bad_header.zip',
    handScenarioZip({ failures: FAILURES, numberOfSamples: 3, seed: 5, timestamps: [T(0)], damage: 'sample,asset,hours' }),
  );
  const header = impact(context, ['--scenarios', badHeader]);
  assert.is(header.code, 5);
  assert.match(header.stderr, /damage\.csv line 1 must be/);
  const otherVersion = await writeZip(
    context,
    'other_version.zip',
    handScenarioZip({ failures: FAILURES, numberOfSamples: 3, seed: 5, timestamps: [T(0)], metadata: { distribution_sha256: '0'.repeat(64) } }),
  );
  const conflict = impact(context, ['--scenarios', otherVersion]);
  assert.is(conflict.code, 4);
  assert.match(conflict.stderr, /another version of distribution system 'hand'/);
  const foreign = await writeZip(
    context,
    'foreign.zip',
    handScenarioZip({
      failures: [{ sample: 0, timestamp: T(0), uuid: 'ffffffff-0000-4000-8000-000000000000', repairHours: 1 }],
      numberOfSamples: 1,
      seed: 0,
      timestamps: [T(0)],
    }),
  );
  const foreignRun = impact(context, ['--scenarios', foreign]);
  assert.is(foreignRun.code, 5);
  assert.match(foreignRun.stderr, /not a component of the distribution model/);
  assert.equal(
    fs.readdirSync(context.work).filter((name) => name.startsWith('.')),
    [],
    'nothing half-written is left behind',
  );
  const notZip = path.join(context.work, 'not.zip');
  fs.writeFileSync(notZip, 'plain text');
  assert.is(impact(context, ['--scenarios', notZip]).code, 5);
  const entries = await readZipEntries(badHeader);
  const withoutTracked = await writeZip(
    context,
    'no_tracked.zip',
    makeZip(Object.fromEntries(entries.filter((e) => e.name !== 'tracked_changes.json').map((e) => [e.name, e.data]))),
  );
  const missing = impact(context, ['--scenarios', withoutTracked]);
  assert.is(missing.code, 5);
  assert.match(missing.stderr, /no tracked_changes\.json/);
});

test.run();
