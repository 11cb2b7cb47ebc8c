import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { computeSurvival } from '../../src/domain/simulation/survival.js';
import type { AssetTable, AssetType } from '../../src/domain/assets/index.js';
import { compileCurveSet, readCurveSet } from '../../src/domain/fragility/index.js';
import { readHazardModel } from '../../src/domain/hazards/index.js';
import { assetTable } from '../helpers/assetTable.js';
import { lognormalSurvival } from '../helpers/independent.js';

// A curve's `applies_to` over a line's span elements (docs/physics.md, "Exposure units"):
// under a uniform intensity a line of length L, N spans and N − 1 structures between them
// survives S^(L/1 km) per km, S^(N − 1) per pole, S^N per span and S once per asset.

const test = suite('applies_to scales a line curve by the line: per km, per pole, per span');

/** Lines of the given type and modelled length, west-east at 32.8° N (the route only places the elements). */
function lines(rows: { name: string; type: AssetType; lengthM: number }[]): AssetTable {
  return assetTable(
    rows.map((row, i) => ({
      name: row.name,
      type: row.type,
      at: [-79.995, 32.8 + 0.001 * i],
      route: [[-80.0, 32.8 + 0.001 * i], [-79.99, 32.8 + 0.001 * i], row.lengthM],
    })),
  );
}

/** One metre of water everywhere. */
const uniformFlood = readHazardModel({
  models: [
    {
      type: 'flood_area',
      name: 'everywhere',
      timestamp: '2024-01-01T00:00:00',
      affected_area: {
        type: 'Polygon',
        coordinates: [
          [
            [-81, 32],
            [-79, 32],
            [-79, 34],
            [-81, 34],
            [-81, 32],
          ],
        ],
      },
      water_depth: '1.0 meter',
    },
  ],
});

/** A set whose line curves (depth: lognormal, median 1.28 m, β 0.5) are stated per `measure`; structures and every other type do not fail in floods. */
function setPer(measure: 'asset' | 'pole' | 'span' | 'km') {
  const curve = {
    quantity: 'flood_depth',
    units: 'meter',
    applies_to: measure,
    limit_states: [{ name: 'failure', form: 'lognormal', parameters: { median: 1.28, beta: 0.5 } }],
    out_of_service: 'failure',
  };
  return compileCurveSet(
    readCurveSet({
      format_version: 2,
      name: `per_${measure}`,
      curves: {
        flood: {
          distribution_overhead_lines: [curve],
          distribution_underground_cables: [curve],
          distribution_poles: [],
        },
      },
    }),
  );
}

const ASSETS = lines([
  // 2000 m: 40 spans of 50 m, 39 poles between them.
  { name: 'overhead_2km', type: 'distribution_overhead_lines', lengthM: 2000 },
  // 1234 m: 25 spans of 49.36 m, 24 poles.
  { name: 'overhead_1234m', type: 'distribution_overhead_lines', lengthM: 1234 },
  // 350 m of cable: 7 sections, no structures.
  { name: 'cable_350m', type: 'distribution_underground_cables', lengthM: 350 },
]);

function finals(measure: 'asset' | 'pole' | 'span' | 'km'): Record<string, number> {
  const { result } = computeSurvival(ASSETS, uniformFlood, setPer(measure));
  return Object.fromEntries(ASSETS.name.map((name, a) => [name, result.survival[a]]));
}

// S = 1 − Φ(ln(1.0/1.28)/0.5) = 1 − Φ(−0.493720) = 0.6892481 (by hand: ln(1/1.28) = −0.2468601).
const S = lognormalSurvival(1.0, 1.28, 0.5);
const near = (actual: number, expected: number, label: string) =>
  assert.ok(Math.abs(actual - expected) <= 1e-12 + 1e-9 * expected, `${label}: expected ${expected}, got ${actual}`);

test('the hand value of one unit', () => {
  assert.ok(Math.abs(S - 0.6892481) < 1e-7, `${S}`);
});

test('per km: S^(L / 1 km), whatever the span count', () => {
  const got = finals('km');
  near(got.overhead_2km, S ** 2, 'overhead 2 km'); // 0.4750629
  near(got.overhead_1234m, S ** 1.234, 'overhead 1.234 km'); // 0.6317648
  near(got.cable_350m, S ** 0.35, 'cable 0.35 km');
});

test('per pole: S^(N − 1), the structures between spans; a cable has none', () => {
  const got = finals('pole');
  near(got.overhead_2km, S ** 39, 'overhead 2 km, 39 poles'); // 4.973329e-7
  near(got.overhead_1234m, S ** 24, 'overhead 1234 m, 24 poles');
  near(got.cable_350m, 1, 'cable');
});

test('per span: S^N', () => {
  const got = finals('span');
  near(got.overhead_2km, S ** 40, 'overhead 2 km, 40 spans'); // 3.427857e-7
  near(got.overhead_1234m, S ** 25, 'overhead 1234 m, 25 spans');
  near(got.cable_350m, S ** 7, 'cable, 7 sections');
});

test('per asset: S once, however many spans the line has (docs/physics.md, "Exposure units")', () => {
  const got = finals('asset');
  near(got.overhead_2km, S, 'overhead 2 km, 40 spans');
  near(got.overhead_1234m, S, 'overhead 1234 m, 25 spans');
  near(got.cable_350m, S, 'cable, 7 sections');
});

test('the per-quantity survival column scales the same way', () => {
  const { result } = computeSurvival(ASSETS, uniformFlood, setPer('km'));
  const depth = result.survivalByQuantity.flood_depth!;
  near(depth[ASSETS.name.indexOf('overhead_2km')], S ** 2, 'flood_depth_survival, 2 km');
});

test.run();
