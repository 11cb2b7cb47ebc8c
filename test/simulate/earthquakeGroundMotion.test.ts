import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { close, closeRelative } from '../helpers/assert.js';
import { EXAMPLES, json, runCli, tempDir } from '../helpers/cli.js';
import { lognormalSurvival, marsagliaNormalCdf, vincentyDistanceM } from '../helpers/independent.js';
import { sqliteRows } from '../helpers/sqliteShell.js';
import { readVerificationTable, referenceDataDir } from '../hazards/gmpe/_verificationTables.js';

// The CLI end to end (temporary --cache-dir): earthquakes placed at chosen epicentral distances
// from the example feeder's substation, simulated, and the result file read back. Intensities are
// compared with OpenQuake's BSSA14 verification table (2 %), survival with the lognormal curve of
// an uploaded curve set at the median and, integrated over the table's total sigma, with the closed
// form 1 − Φ(ln(x/θ)/√(β² + σ²)).

const G = 9.80665;
const FOOT = 0.3048;
const INCH = 0.0254;
const SUBSTATION_CURVE = { median: 0.3, beta: 0.5 };

const refdata = referenceDataDir();
const test = suite('simulate: earthquake ground motion end to end through the CLI');

interface Context {
  cache: string;
  substation: { longitude: number; latitude: number };
}
const context: Context = { cache: '', substation: { longitude: 0, latitude: 0 } };

function ok(args: string[]) {
  const result = runCli([...args, '--cache-dir', context.cache]);
  assert.is(result.code, 0, `${args.join(' ')}: ${result.stderr}`);
  return result;
}

function substationRow(file: string, timestamp: string) {
  return sqliteRows<any>(file, `SELECT * FROM assetstatetable WHERE asset_name = 'charleston_substation' AND timestamp = '${timestamp}'`)[0];
}

/** The latitude north of `latitude` at geodesic distance `km` along the meridian (bisection on Vincenty). */
function northBy(latitude: number, longitude: number, km: number): number {
  let low = 0;
  let high = 1;
  for (let i = 0; i < 80; i++) {
    const middle = (low + high) / 2;
    if (vincentyDistanceM(latitude, longitude, latitude + middle, longitude) / 1000 < km) low = middle;
    else high = middle;
  }
  return latitude + (low + high) / 2;
}

test.before(() => {
  context.cache = tempDir();
  ok(['upload', path.join(EXAMPLES, 'feeder/example_feeder.json')]);
  ok(['upload', path.join(EXAMPLES, 'hazards/earthquake.json')]);
});

test('the bundled example (AB06, M7.0, Vs30 270 m/s, ~27 km away) gives tenths of a g at the substation and partial damage', () => {
  const file = path.join(tempDir(), 'example.sqlite');
  const run = json(ok(['simulate', 'example_feeder', 'earthquake', '-o', file, '--json']));
  const row = substationRow(file, '2024-09-21T03:00:00');
  const pgaG = (row.peak_ground_acceleration__feet_per_second2 * FOOT) / G;
  const pgvCms = row.peak_ground_velocity__inch_per_second * INCH * 100;
  assert.ok(pgaG > 0.1 && pgaG < 0.3, `PGA ${pgaG} g`);
  assert.ok(pgvCms > 5 && pgvCms < 30, `PGV ${pgvCms} cm/s`);
  assert.ok(row.spectral_acceleration_0_3s__feet_per_second2 > row.spectral_acceleration_1_0s__feet_per_second2);
  assert.ok(row.sa_0_3_survival === null, 'no curve for SA(0.3): no survival of its own, survival unchanged');
  assert.ok(run.survival_statistics.mean > 0.3 && run.survival_statistics.mean < 0.99, `mean survival ${run.survival_statistics.mean}`);
  const info = Object.fromEntries(sqliteRows<any>(file, 'SELECT key, value FROM run_info').map((entry) => [entry.key, entry.value]));
  assert.is(info.ground_motion_variability, 'integrated');
  const position = sqliteRows<any>(file, "SELECT longitude, latitude FROM assets WHERE name = 'charleston_substation'")[0];
  context.substation = { longitude: position.longitude, latitude: position.latitude };
});

test('BSSA14 at R_JB 0, 20 and 50 km: every intensity column within 2 % of OpenQuake; survival at the median and integrated', () => {
  if (!refdata) return;
  const mean = readVerificationTable(path.join(refdata, 'oq-engine/BSSA2014/BSSA_2014_MEAN.csv'));
  const total = readVerificationTable(path.join(refdata, 'oq-engine/BSSA2014/BSSA_2014_TOTAL_STD.csv'));
  const cases = [
    { magnitude: 6, rake: 0, vs30: 760, rjb: 0 },
    { magnitude: 6, rake: 0, vs30: 760, rjb: 20 },
    { magnitude: 7, rake: 90, vs30: 400, rjb: 20 },
    { magnitude: 7, rake: -90, vs30: 250, rjb: 50 },
  ];
  const find = (rows: typeof mean, c: (typeof cases)[number]) =>
    rows.find(
      (row) => row.inputs.rup_mag === c.magnitude && row.inputs.rup_rake === c.rake && row.inputs.site_vs30 === c.vs30 && row.inputs.dist_rjb === c.rjb,
    )!;
  const { longitude, latitude } = context.substation;
  const timestamps = cases.map((_, index) => `2024-01-01T0${index}:00:00`);
  const hazard = {
    name: 'bssa14_cases',
    models: cases.map((c, index) => ({
      type: 'earthquake',
      name: `case${index}`,
      timestamp: timestamps[index],
      origin: { longitude, latitude: c.rjb === 0 ? latitude : northBy(latitude, longitude, c.rjb) },
      depth: '10 kilometer',
      magnitude: c.magnitude,
      rake: c.rake,
      vs30: `${c.vs30} meter / second`,
      ground_motion_model: 'BSSA14',
    })),
  };
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, 'bssa14_cases.json'), JSON.stringify(hazard));
  const curves = {
    name: 'substation_pga',
    curves: {
      pga: { substation: { distribution: 'lognormal', median: `${SUBSTATION_CURVE.median} standard_gravity`, beta: SUBSTATION_CURVE.beta } },
      pgv: { substation: { distribution: 'lognormal', median: '1000 meter / second', beta: 0.1 } },
    },
  };
  fs.writeFileSync(path.join(dir, 'substation_pga.json'), JSON.stringify(curves));
  ok(['upload', path.join(dir, 'bssa14_cases.json')]);
  ok(['curve-sets', 'upload', path.join(dir, 'substation_pga.json')]);
  const integrated = path.join(dir, 'integrated.sqlite');
  const median = path.join(dir, 'median.sqlite');
  // One case per timestamp: the erad_v1 physics takes each snapshot on its own (the default one would carry the event's peak forward).
  ok(['simulate', 'example_feeder', 'bssa14_cases', '--curve-set', 'substation_pga', '--physics', 'erad_v1', '-o', integrated]);
  ok([
    'simulate',
    'example_feeder',
    'bssa14_cases',
    '--curve-set',
    'substation_pga',
    '--physics',
    'erad_v1',
    '--ground-motion-variability',
    'median',
    '-o',
    median,
  ]);
  cases.forEach((c, index) => {
    const expected = find(mean, c);
    const sigma = find(total, c).expected.get('pga')!;
    const row = substationRow(integrated, timestamps[index]);
    const what = `M${c.magnitude} rake ${c.rake} Vs30 ${c.vs30} Rjb ${c.rjb}`;
    closeRelative((row.peak_ground_acceleration__feet_per_second2 * FOOT) / G, expected.expected.get('pga')!, 0.02, `${what} PGA`);
    closeRelative(row.peak_ground_velocity__inch_per_second * INCH * 100, expected.expected.get('pgv')!, 0.02, `${what} PGV`);
    closeRelative((row.spectral_acceleration_0_3s__feet_per_second2 * FOOT) / G, expected.expected.get('sa(0.3)')!, 0.02, `${what} SA(0.3)`);
    closeRelative((row.spectral_acceleration_1_0s__feet_per_second2 * FOOT) / G, expected.expected.get('sa(1.0)')!, 0.02, `${what} SA(1.0)`);
    const pgaG = (row.peak_ground_acceleration__feet_per_second2 * FOOT) / G;
    const { median: theta, beta } = SUBSTATION_CURVE;
    close(substationRow(median, timestamps[index]).pga_survival, lognormalSurvival(pgaG, theta, beta), 1e-9, `${what} median survival`);
    const unconditional = 1 - marsagliaNormalCdf(Math.log(pgaG / theta) / Math.sqrt(beta * beta + sigma * sigma));
    // The closed form, with the table's σ as printed (3 decimals, 0.741) rather than the model's own, and the PGA read back from ft/s².
    close(row.pga_survival, unconditional, 1e-5, `${what} integrated survival`);
  });
  const info = Object.fromEntries(sqliteRows<any>(median, 'SELECT key, value FROM run_info').map((entry) => [entry.key, entry.value]));
  assert.is(info.ground_motion_variability, 'median');
});

test('a bad ground_motion_variability is a usage error naming the choices', () => {
  const result = runCli(['simulate', 'example_feeder', 'earthquake', '--ground-motion-variability', 'mean', '--cache-dir', context.cache]);
  assert.is(result.code, 2);
  assert.match(result.stderr, /integrated, median/);
});

test.run();
