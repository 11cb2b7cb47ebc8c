import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ASSET_TYPES } from '../../src/domain/assets/types.js';
import { compileCurveSet, curveForType } from '../../src/domain/fragility/compile.js';
import { LEGACY_DEFAULT_CURVES, LEGACY_DEFAULT_CURVES_TABLE } from '../../src/domain/fragility/legacyDefaultCurves.js';
import { ERAD_V1_CURVES, ERAD_V1_CURVES_TABLE } from '../../src/domain/fragility/eradV1Curves.js';
import { survivalAt } from '../../src/domain/fragility/survival.js';
import { validateCurveSet } from '../../src/domain/fragility/curveSet.js';
import { close } from '../helpers/assert.js';

const G = 9.80665;
/** 1 − Φ(1), with Φ(1) = 0.841344746068543. */
const SURVIVAL_AT_ONE_SIGMA = 1 - 0.841344746068543;

const defaults = suite('LEGACY_DEFAULT_CURVES (the earlier default, unchanged)');

defaults('is a valid curve set covering every asset type and quantity, as is ERAD_V1_CURVES', () => {
  for (const set of [LEGACY_DEFAULT_CURVES, ERAD_V1_CURVES]) {
    assert.equal(validateCurveSet(set), [], set.name);
    assert.equal(compileCurveSet(set).fallbacks, [], set.name);
  }
});

defaults('gives survival 0.5 at the median and 1 − Φ(1) at median·e^β for every lognormal curve', () => {
  const compiled = compileCurveSet(LEGACY_DEFAULT_CURVES);
  const toSI = { wind: 1, depth: 1, velocity: 1, pga: G, pgv: 0.01 } as const;
  const quantityOf = { wind: 'wind_speed', depth: 'flood_depth', velocity: 'flood_velocity', pga: 'pga', pgv: 'pgv' } as const;
  for (const assetType of ASSET_TYPES) {
    for (const column of ['wind', 'depth', 'velocity', 'pga', 'pgv'] as const) {
      const [median, beta] = LEGACY_DEFAULT_CURVES_TABLE[assetType][column];
      const curve = curveForType(compiled, assetType, quantityOf[column]);
      const what = `${assetType} ${column}`;
      close(survivalAt(curve, median * toSI[column]), 0.5, 1e-12, `${what} at the median`);
      close(survivalAt(curve, median * Math.exp(beta) * toSI[column]), SURVIVAL_AT_ONE_SIGMA, 1e-12, `${what} at median·e^β`);
      assert.is(survivalAt(curve, 0), 1, `${what} at 0`);
    }
  }
});

defaults('spot values of the table (distribution poles: wind 45 m/s β 0.40; PGA 0.40 g β 0.60; substation depth 1.00 m β 0.01)', () => {
  const compiled = compileCurveSet(LEGACY_DEFAULT_CURVES);
  close(survivalAt(curveForType(compiled, 'distribution_poles', 'wind_speed'), 45), 0.5, 1e-12);
  close(survivalAt(curveForType(compiled, 'distribution_poles', 'pga'), 0.4 * G), 0.5, 1e-12);
  // Substation depth: β = 0.01 makes it nearly a step at 1 m; at 1.03 m, z = ln(1.03)/0.01 = 2.9559, survival = Φ(−2.9559) = 0.0015588.
  close(survivalAt(curveForType(compiled, 'substation', 'flood_depth'), 1.03), 0.0015588, 2e-7);
});

defaults('fire curves: certain failure inside a perimeter, 1 − 0.95·e^(−d/L) outside', () => {
  const compiled = compileCurveSet(LEGACY_DEFAULT_CURVES);
  for (const assetType of ASSET_TYPES) {
    const lengthM = LEGACY_DEFAULT_CURVES_TABLE[assetType].fire * 1000;
    const curve = curveForType(compiled, assetType, 'fire_boundary_distance');
    assert.is(survivalAt(curve, 0), 0, `${assetType} inside`);
    close(survivalAt(curve, lengthM), 1 - 0.95 / Math.E, 1e-12, `${assetType} at one length`);
  }
});

defaults.run();

const erad = suite('ERAD_V1_CURVES');

erad('reproduces the scipy checkpoints of docs/fragility.md', () => {
  const compiled = compileCurveSet(ERAD_V1_CURVES);
  const failure = (assetType: (typeof ASSET_TYPES)[number], quantity: Parameters<typeof curveForType>[2], x: number) =>
    1 - survivalAt(curveForType(compiled, assetType, quantity), x);
  // Checkpoints computed with scipy.stats (docs/fragility.md, six decimals).
  close(failure('switch', 'wind_speed', 55), 0.964233, 5e-7);
  close(failure('switch', 'pga', 5), 0.425687, 5e-7);
  close(failure('distribution_poles', 'pgv', 0.42), 0.5, 5e-7);
  close(failure('distribution_poles', 'flood_depth', 2), 0.81126, 5e-6);
  close(failure('distribution_poles', 'fire_boundary_distance', 1500), 0.409222, 5e-7);
  // More scipy values at ERAD's parameters (docs/fragility.md).
  close(failure('switch', 'wind_speed', 40), 0, 0);
  close(failure('switch', 'wind_speed', 50), 0, 0);
  close(failure('switch', 'wind_speed', 60), 0.999585, 5e-7);
  close(failure('distribution_poles', 'wind_speed', 50), 0.95844, 5e-6);
  close(failure('transmission_underground_cables', 'wind_speed', 70), 0.999736, 5e-7);
  close(failure('distribution_poles', 'pga', 7), 0.846453, 5e-7);
  close(failure('distribution_underground_cables', 'pga', 10), 0.009265, 5e-7);
  close(failure('distribution_poles', 'pgv', 0.41), 0.082829, 5e-7);
  close(failure('distribution_poles', 'flood_depth', 0.5), 0.027402, 5e-7);
  close(failure('switch', 'flood_depth', 3.357), 0.499943, 5e-7);
  close(failure('switch', 'flood_velocity', 6), 0.902834, 5e-7);
  close(failure('distribution_poles', 'fire_boundary_distance', 1000), 0, 0);
  close(failure('distribution_poles', 'fire_boundary_distance', 2000), 0.650982, 5e-7);
});

erad('follows the reading rule of docs/fragility.md from the LEGACY_DEFAULT_CURVES table', () => {
  for (const assetType of ASSET_TYPES) {
    const own = LEGACY_DEFAULT_CURVES_TABLE[assetType];
    const row = ERAD_V1_CURVES_TABLE[assetType];
    for (const column of ['wind', 'velocity'] as const) {
      assert.equal([row[column][0], row[column][1]], [own[column][1], own[column][0]], `${assetType} ${column}: (s, loc) = (β, median)`);
      close(row[column][2], 1 / own[column][1], 1e-12);
    }
    // Depth: (β, median, 1/β), or (β, 0.01, median) for the rows with loc 0.01.
    const [s, loc, scale] = row.depth;
    assert.is(s, own.depth[1], `${assetType} depth s`);
    if (loc === 0.01) close(scale, own.depth[0], 1e-12);
    else assert.equal([loc, scale], [own.depth[0], 1 / own.depth[1]], `${assetType} depth`);
    close(row.pga[1], own.pga[0] * 9.81, 1e-12, `${assetType} PGA loc = k·9.81`);
    assert.is(row.pgv[1], own.pgv[0], `${assetType} PGV loc`);
  }
});

erad.run();
