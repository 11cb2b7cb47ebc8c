import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { close } from '../helpers/assert.js';
import { EXAMPLES, json, runCli, tempDir } from '../helpers/cli.js';
import { sqliteRows } from '../helpers/sqliteShell.js';

// A custom curve set with a fire curve for distribution poles only, run over a spot fire
// burning around the pole feeder_3 of the example feeder: poles use the custom curve, every
// other asset type falls back to LEGACY_DEFAULT_CURVES (the set is version 1), and the result says so (fragility_curves,
// run_info.warnings, the command's summary).

const FOOT_M = 0.3048;
const POLES_ONLY = {
  name: 'poles_fire',
  description: 'fire curve for distribution poles only',
  curves: { fire_boundary_distance: { distribution_poles: { distribution: 'exponential_decay', max_probability: 0.9, length: '150 meter' } } },
};

/** A square fire perimeter about 110 m wide around the pole feeder_3 (−79.934, 32.778). */
const SPOT_FIRE = {
  name: 'spot_fire',
  models: [
    {
      type: 'fire_area',
      name: 'spot',
      timestamp: '2024-09-22T14:00:00',
      affected_area: {
        type: 'Polygon',
        coordinates: [
          [
            [-79.9346, 32.7775],
            [-79.9334, 32.7775],
            [-79.9334, 32.7785],
            [-79.9346, 32.7785],
            [-79.9346, 32.7775],
          ],
        ],
      },
    },
  ],
};

interface Context {
  file: string;
  summary: any;
}

const test = suite<Context>('simulate with a custom curve set that leaves asset types out', {} as Context);

test.before((context) => {
  const cache = tempDir();
  const dir = tempDir();
  const setFile = path.join(dir, 'poles_fire.json');
  fs.writeFileSync(setFile, JSON.stringify(POLES_ONLY));
  const fireFile = path.join(dir, 'spot_fire.json');
  fs.writeFileSync(fireFile, JSON.stringify(SPOT_FIRE));
  for (const args of [
    ['upload', path.join(EXAMPLES, 'feeder/example_feeder.json')],
    ['upload', fireFile],
    ['curve-sets', 'upload', setFile],
  ]) {
    const result = runCli([...args, '--cache-dir', cache]);
    assert.is(result.code, 0, result.stderr);
  }
  context.file = path.join(dir, 'fire.sqlite');
  // Per-asset distances at the buses and midpoints: the erad_v1 profile (docs/physics.md).
  const result = runCli([
    'simulate',
    'example_feeder',
    'spot_fire',
    '--curve-set',
    'poles_fire',
    '--physics',
    'erad_v1',
    '-o',
    context.file,
    '--cache-dir',
    cache,
    '--json',
  ]);
  assert.is(result.code, 0, result.stderr);
  context.summary = json(result);
});

test('fragility_curves names the custom set for poles and LEGACY_DEFAULT_CURVES for every other type', ({ file }) => {
  const curves = sqliteRows<{ asset_type: string; quantity: string; curve_set: string; definition: string }>(
    file,
    'SELECT * FROM fragility_curves ORDER BY asset_type',
  );
  const types = sqliteRows<{ asset_type: string }>(file, 'SELECT DISTINCT asset_type FROM assets ORDER BY asset_type').map((row) => row.asset_type);
  assert.equal(
    curves.map((curve) => curve.asset_type),
    types,
  );
  for (const curve of curves) {
    assert.is(curve.quantity, 'fire_boundary_distance');
    assert.is(curve.curve_set, curve.asset_type === 'distribution_poles' ? 'poles_fire' : 'LEGACY_DEFAULT_CURVES', curve.asset_type);
  }
  assert.equal(
    JSON.parse(curves.find((curve) => curve.asset_type === 'distribution_poles')!.definition),
    // The version 1 curve as read into version 2: one limit state, out of service at failure.
    {
      quantity: 'fire_boundary_distance',
      units: 'meter',
      applies_to: 'asset',
      limit_states: [{ name: 'failure', form: 'exponential_decay', parameters: { max_probability: 0.9, length: 150 } }],
      out_of_service: 'failure',
    },
  );
});

test('run_info.warnings and the summary count the asset types that fell back and name the first three', ({ file, summary }) => {
  const warnings = JSON.parse(sqliteRows<{ value: string }>(file, "SELECT value FROM run_info WHERE key = 'warnings'")[0].value) as string[];
  assert.equal(summary.warnings, warnings);
  const fallback = warnings.find((warning) => warning.startsWith('curve set poles_fire has no curve for '));
  assert.ok(fallback, `no fallback warning in ${JSON.stringify(warnings)}`);
  assert.match(fallback!, /LEGACY_DEFAULT_CURVES used for these$/);
  const types = sqliteRows<{ asset_type: string }>(file, "SELECT DISTINCT asset_type FROM assets WHERE asset_type <> 'distribution_poles'").map(
    (row) => row.asset_type,
  );
  assert.ok(fallback!.includes(`has no curve for ${types.length} asset type/quantity pairs (`), fallback);
  const named = types.filter((type) => fallback!.includes(`${type}/fire_boundary_distance`));
  assert.is(named.length, Math.min(3, types.length), fallback);
  if (types.length > 3) assert.ok(fallback!.includes(`and ${types.length - 3} more)`), fallback);
  assert.ok(fallback!.length < 250, `summarised: ${fallback}`);
  assert.not.ok(fallback!.includes('distribution_poles/'));
  assert.is(sqliteRows(file, "SELECT value FROM run_info WHERE key = 'curve_set'")[0].value, 'poles_fire');
});

test("poles survive as the custom curve says, switches as LEGACY_DEFAULT_CURVES' fire curve (0.95, 0.20 km)", ({ file }) => {
  const rows = sqliteRows<{ asset_type: string; d: number; survival: number; combined: number }>(
    file,
    "SELECT asset_type, fire_boundary_dist__feet AS d, fire_boundary_distance_survival AS survival, survival_probability AS combined FROM assetstatetable WHERE asset_type IN ('distribution_poles', 'switch')",
  );
  assert.ok(rows.length > 0);
  const decaySurvival = (distanceM: number, maxProbability: number, lengthM: number) =>
    distanceM <= 0 ? 0 : 1 - maxProbability * Math.exp(-distanceM / lengthM);
  let largestCurveDifference = 0;
  for (const row of rows) {
    const distanceM = row.d * FOOT_M;
    // docs/fragility.md: failure 1 inside a perimeter (distance 0), p·e^(−d/length) outside; poles 0.95, 0.30 km.
    const expected = row.asset_type === 'distribution_poles' ? decaySurvival(distanceM, 0.9, 150) : decaySurvival(distanceM, 0.95, 200);
    close(row.survival, expected, 1e-12, `${row.asset_type} at ${row.d} ft`);
    assert.is(row.combined, row.survival, 'fire is the only hazard');
    if (row.asset_type === 'distribution_poles')
      largestCurveDifference = Math.max(largestCurveDifference, Math.abs(expected - decaySurvival(distanceM, 0.95, 300)));
  }
  assert.ok(largestCurveDifference > 0.01, 'at these distances the custom and default pole curves differ measurably');
  assert.equal(
    sqliteRows(file, 'SELECT asset_name, fire_boundary_dist__feet AS d, survival_probability AS s FROM assetstatetable WHERE fire_boundary_dist__feet = 0'),
    [{ asset_name: 'feeder_3', d: 0, s: 0 }],
  );
});

test.run();
