import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { computeSurvival } from '../../src/domain/simulation/survival.js';
import { expandElements, lineElementCounts } from '../../src/domain/assets/elements.js';
import { compileCurveSet, LEGACY_DEFAULT_CURVES } from '../../src/domain/fragility/index.js';
import { readHazardModel } from '../../src/domain/hazards/index.js';
import { ASSET_TYPES, type AssetTable, type AssetType } from '../../src/domain/assets/index.js';
import { assetTable as table, type AssetRow as Row } from '../helpers/assetTable.js';
import { lognormalSurvival } from '../helpers/independent.js';

// Lines along their route under the default physics (docs/physics.md): a series system of
// spans (and, for overhead lines, the structures between them), each at its own place.
// Survivals from the published lognormal form with LEGACY_DEFAULT_CURVES rows, per span (docs/fragility.md).

const compiled = compileCurveSet(LEGACY_DEFAULT_CURVES, 'DEFAULT_CURVES');
/** The same curves with every line curve stated per span. */
const spanCompiled = compileCurveSet(
  {
    ...LEGACY_DEFAULT_CURVES,
    curves: Object.fromEntries(
      Object.entries(LEGACY_DEFAULT_CURVES.curves).map(([hazard, byType]) => [
        hazard,
        Object.fromEntries(
          Object.entries(byType).map(([type, list]) => [
            type,
            type.endsWith('_lines') || type.endsWith('_cables') ? list!.map((curve) => ({ ...curve, applies_to: 'span' as const })) : list,
          ]),
        ),
      ]),
    ),
  },
  'per-span',
);

/** A line between two points with its buses' midpoint as its location. */
function line(name: string, type: AssetType, from: [number, number], to: [number, number], lengthM: number): Row {
  return { name, type, at: [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2], route: [from, to, lengthM] };
}

const flood = (ring: [number, number][], depth = '1.5 meter', velocity?: string) =>
  readHazardModel({
    models: [
      {
        type: 'flood_area',
        name: 'f',
        timestamp: '2024-01-01T00:00:00',
        affected_area: { type: 'Polygon', coordinates: [[...ring, ring[0]]] },
        water_depth: depth,
        ...(velocity ? { water_velocity: velocity } : {}),
      },
    ],
  });

/** Final survival of each asset by name. */
function finals(
  assets: AssetTable,
  hazard: ReturnType<typeof readHazardModel>,
  physics: 'default' | 'erad_v1' = 'default',
  curves = compiled,
): Map<string, number> {
  const { result } = computeSurvival(assets, hazard, curves, { physics });
  const last = (result.timestamps.length - 1) * assets.count;
  return new Map(assets.name.map((name, a) => [name, result.survival[last + a]]));
}

const test = suite('lines along their route (default physics)');

test('span counts: length over the class span, rounded up; structures between spans on overhead lines only', () => {
  assert.equal(lineElementCounts('distribution_overhead_lines', 200), { spans: 4, structures: 3 });
  assert.equal(lineElementCounts('distribution_overhead_lines', 201), { spans: 5, structures: 4 });
  assert.equal(lineElementCounts('distribution_overhead_lines', 10), { spans: 1, structures: 0 });
  assert.equal(lineElementCounts('transmission_overhead_lines', 3000), { spans: 10, structures: 9 });
  assert.equal(lineElementCounts('distribution_underground_cables', 200), { spans: 4, structures: 0 });
});

test('a line crossing a flood polygon with its midpoint outside is exposed', () => {
  // West-east line 0.01° long (about 930 m at 32.8° N); a strip over its western quarter only.
  const assets = table([line('l', 'distribution_overhead_lines', [-80.0, 32.8], [-79.99, 32.8], 930)]);
  const hazard = flood([
    [-80.0, 32.79],
    [-79.997, 32.79],
    [-79.997, 32.81],
    [-80.0, 32.81],
  ]);
  assert.is(finals(assets, hazard, 'erad_v1').get('l'), 1, 'at its midpoint the line is dry');
  // Spans of 930/19 m: midpoints at (i + 0.5)/19 of the way; i = 0..5 lie within 0.3 of it (6 spans), structures i/19 for i = 1..5 (5).
  const span = lognormalSurvival(1.5, 1.28, 0.5);
  const pole = lognormalSurvival(1.5, 1.28, 0.5);
  // LEGACY_DEFAULT_CURVES' line curves are per asset: once, at the most flooded span; the five structures in the water once each.
  const expected = span * pole ** 5;
  assert.ok(Math.abs(finals(assets, hazard).get('l')! - expected) < 1e-9, `${finals(assets, hazard).get('l')} vs ${expected}`);
});

test('a line of N equal spans under a uniform field with per-asset curves has survival s (cables), s·p^(N−1) (overhead)', () => {
  const everywhere = flood(
    [
      [-81, 32],
      [-79, 32],
      [-79, 34],
      [-81, 34],
    ],
    '1.0 meter',
  );
  const assets = table([
    line('cable', 'distribution_underground_cables', [-80.0, 32.8], [-79.995, 32.8], 350),
    line('overhead', 'distribution_overhead_lines', [-80.0, 32.81], [-79.995, 32.81], 350),
  ]);
  const result = finals(assets, everywhere);
  // Buried cables are judged at ground level: 1 m of water over them (DEFAULT_CURVES cable depth 2.0 m, β 0.8).
  const cable = lognormalSurvival(1.0, 2.0, 0.8);
  assert.ok(Math.abs(result.get('cable')! - cable) < 1e-12, 'a curve per asset judges the cable once, not per section');
  const span = lognormalSurvival(1.0, 1.28, 0.5);
  const pole = lognormalSurvival(1.0, 1.28, 0.5);
  assert.ok(Math.abs(result.get('overhead')! - span * pole ** 6) < 1e-12, 'once for the line, once per structure between its 7 spans');
});

test('with per-span line curves, splitting a line at a span boundary leaves the product of survivals over the feeder unchanged', () => {
  // A storm whose eyewall sweeps across the line, so every span sees a different wind.
  const storm = readHazardModel({
    models: [
      {
        type: 'wind',
        name: 's',
        timestamp: '2024-01-01T00:00:00',
        center: { longitude: -80.02, latitude: 32.75 },
        max_wind_speed: '25 meter / second',
        radius_of_max_wind: '3 kilometer',
        radius_of_closest_isobar: '60 kilometer',
      },
    ],
  });
  const [a, b]: [number, number][] = [
    [-80.0, 32.8],
    [-79.99, 32.81],
  ];
  const c: [number, number] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  const whole = table([
    { name: 'A', type: 'distribution_poles', at: a },
    { name: 'B', type: 'distribution_poles', at: b },
    line('AB', 'distribution_overhead_lines', a, b, 1400),
  ]);
  const split = table([
    { name: 'A', type: 'distribution_poles', at: a },
    { name: 'C', type: 'distribution_poles', at: c },
    { name: 'B', type: 'distribution_poles', at: b },
    line('AC', 'distribution_overhead_lines', a, c, 700),
    line('CB', 'distribution_overhead_lines', c, b, 700),
  ]);
  const product = (values: Map<string, number>) => [...values.values()].reduce((x, y) => x * y, 1);
  const wholeProduct = product(finals(whole, storm, 'default', spanCompiled));
  assert.ok(wholeProduct < 0.5 && wholeProduct > 1e-6, `the storm matters (${wholeProduct})`);
  // With per-span line curves (the spans and structures are the same physical elements either way).
  const perSpan = (values: Map<string, number>) => product(values);
  assert.ok(Math.abs(perSpan(finals(split, storm, 'default', spanCompiled)) - perSpan(finals(whole, storm, 'default', spanCompiled))) < 1e-9);
  // Not so at the midpoint (erad_v1): the split feeder has a pole and a line more.
  assert.ok(Math.abs(product(finals(split, storm, 'erad_v1')) - product(finals(whole, storm, 'erad_v1'))) > 1e-3);
});

test('element table: a line counts spans and structures, other assets one element each', () => {
  const assets = table([
    { name: 'P', type: 'distribution_poles', at: [-80, 32.8] },
    line('L', 'distribution_overhead_lines', [-80, 32.8], [-79.99, 32.8], 200),
  ]);
  const elements = expandElements(assets);
  assert.is(elements.count, 1 + 4 + 3);
  const lineIndex = assets.name.indexOf('L');
  assert.is(elements.elementCount[lineIndex], 7);
  const typesOfLine = Array.from(elements.owner.keys())
    .filter((e) => elements.owner[e] === lineIndex)
    .map((e) => ASSET_TYPES[elements.assetTypeIndex[e]]);
  assert.equal(typesOfLine.sort(), [
    'distribution_overhead_lines',
    'distribution_overhead_lines',
    'distribution_overhead_lines',
    'distribution_overhead_lines',
    'distribution_poles',
    'distribution_poles',
    'distribution_poles',
  ]);
});

test.run();
