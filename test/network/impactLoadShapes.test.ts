// `hazsim impact` with a load shape, end to end (spawned CLI, temporary cache): the hand feeder of
// impactCommand.test.ts uploaded as a ZIP with its `<stem>_time_series/` folder, in which load C
// (30 kW) has an active_power multiplier series (a copy of P5R's com_kw_41421_pu Arrow file from
// ../shared/fixtures/gdm, 15-minute steps from 2020-01-01) and the other loads have none.
//
// Sample 0 fails l3 at 2024-01-01T02:00 for 10 h; crews wait for the last hazard timestamp (3 h),
// so C and D are dark from 2 h to 13 h. Expected energy not served, by hand: D at its fixed
// 70 kW × 11 h, C by its shape at the same time of year in 2020, 02:00–13:00 = 15-minute steps
// 8..51: 30 kW × 0.25 h × Σ multiplier. The multipliers are read from the Arrow file at its data
// offset (byte 312, found by a scan outside the Arrow layout; loadPowerSeries.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { haveSharedFixtures, json, runCli, SHARED_FIXTURES, tempDir } from '../helpers/cli.js';
import { sqliteRows, sqliteValue } from '../helpers/sqliteShell.js';
import { makeZip } from '../helpers/zip.js';
import { FeederBuilder } from './feeders.js';
import { handScenarioZip } from './scenarioZips.js';

const feeder = new FeederBuilder().bus('b0').bus('b1').bus('b2').bus('b3').bus('b4').source('src', 'b0');
feeder.line('l1', 'b0', 'b1').line('l2', 'b1', 'b2').line('l3', 'b1', 'b3').line('l4', 'b3', 'b4');
feeder.load('A', 'b1', 100, 10).load('B', 'b2', 50, 20).load('C', 'b3', 30, 5).load('D', 'b4', 70, 7);

const SERIES_UUID = '11111111-2222-4333-8444-555555555555';
const ARROW = path.join(SHARED_FIXTURES, 'gmdflow_p5r/p5r_time_series/76417e23-ccf4-4341-86b7-f618d0170df5.arrow');
const T = (hour: number) => `2024-01-01T0${hour}:00:00`;

/** time_series_metadata.db in infrasys 1.x's schema with one association: load C's active_power. */
function metadataDb(file: string): Buffer {
  const db = new Database(file);
  db.exec(
    'CREATE TABLE time_series_associations (id INTEGER PRIMARY KEY, time_series_uuid TEXT, time_series_type TEXT, initial_timestamp TEXT, resolution TEXT, horizon TEXT, interval TEXT, window_count INTEGER, length INTEGER, name TEXT, owner_uuid TEXT, owner_type TEXT, owner_category TEXT, features TEXT, scaling_factor_multiplier TEXT, metadata_uuid TEXT, units TEXT)',
  );
  db.prepare(
    "INSERT INTO time_series_associations (time_series_uuid, time_series_type, initial_timestamp, resolution, length, name, owner_uuid, owner_type, owner_category, features) VALUES (?, 'SingleTimeSeries', '2020-01-01T00:00:00', 'P0DT15M', 35040, 'active_power', ?, 'DistributionLoad', 'Component', ?)",
  ).run(SERIES_UUID, feeder.uuid('C'), JSON.stringify([{ profile_name: 'com_kw_41421_pu' }, { profile_type: 'PMult' }, { use_actual: false }]));
  db.close();
  return fs.readFileSync(file);
}

const test = suite('hazsim impact: energy not served with load shapes');

test('a load with a shape is integrated over its outage, the others at fixed kW, and run_info says so', async () => {
  if (!haveSharedFixtures()) return;
  const cache = tempDir();
  const work = tempDir();
  const arrow = fs.readFileSync(ARROW);
  const upload = path.join(work, 'shaped.zip');
  fs.writeFileSync(
    upload,
    await makeZip({
      'shaped.json': JSON.stringify(feeder.build()),
      'shaped_time_series/time_series_metadata.db': metadataDb(path.join(work, 'metadata.db')),
      [`shaped_time_series/${SERIES_UUID}.arrow`]: arrow,
    }),
  );
  const uploaded = runCli(['upload', upload, '--cache-dir', cache]);
  assert.is(uploaded.code, 0, uploaded.stderr);
  const scenarios = path.join(work, 'storm.zip');
  fs.writeFileSync(
    scenarios,
    await handScenarioZip({
      failures: [{ sample: 0, timestamp: T(2), uuid: feeder.uuid('l3'), repairHours: 10 }],
      numberOfSamples: 1,
      seed: 5,
      timestamps: [T(0), T(1), T(2), T(3)],
      metadata: { distribution_system_name: 'shaped' },
      damage: true,
    }),
  );
  const result = runCli(['impact', '--scenarios', scenarios, '--switching', 'none', '--cache-dir', cache, '--json'], { cwd: work });
  assert.is(result.code, 0, result.stderr);
  const file = json(result).file_path;
  let multipliers = 0;
  for (let step = 8; step < 52; step += 1) multipliers += arrow.readDoubleLE(312 + 8 * step);
  const expected = 30 * 0.25 * multipliers + 70 * 11;
  const energy = sqliteValue(file, 'SELECT energy_not_served_kwh FROM samples WHERE sample = 0') as number;
  assert.ok(Math.abs(energy - expected) < 1e-9, `energy not served ${energy}, expected ${expected} (fixed kW would give ${(30 + 70) * 11})`);
  assert.ok(Math.abs(energy - (30 + 70) * 11) > 1, 'the shape changes the answer');
  const described = sqliteRows(file, "SELECT value FROM run_info WHERE key = 'energy_not_served'")[0].value as string;
  assert.match(described, /^1 of 4 loads by their load shape/);
  assert.match(described, /the other 3 at their fixed kW/);
});

test.run();
