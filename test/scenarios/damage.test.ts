import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ASSET_TYPES, type AssetTable } from '../../src/domain/assets/types.js';
import { compileFragility, type FragilityCurveSpec } from '../../src/domain/fragility/index.js';
import { drawDamage, type DamageModel } from '../../src/domain/scenarios/index.js';
import { buildDamageModel } from '../../src/domain/simulation/damageModel.js';
import type { SurvivalResult } from '../../src/domain/simulation/types.js';
import { binomialInterval } from '../helpers/statistics.js';

// The damage draw of damage.csv: states conditional on failure and truncated-normal repair
// times, checked against probabilities worked independently (scipy 1.x, quoted below).

/**
 * HAZUS 5.1 substation class EP.S.L.U (SimCenter DLML "Hazus v5.1" power table): medians [g]
 * and betas of slight, moderate, extensive, complete; repair times of the HAZUS restoration
 * functions for substations, 1 (0.5), 3 (1.5), 7 (3.5), 30 (15) days.
 */
const SUBSTATION: FragilityCurveSpec = {
  quantity: 'pga',
  units: 'standard_gravity',
  applies_to: 'asset',
  limit_states: [
    { name: 'slight', form: 'lognormal', parameters: { median: 0.13, beta: 0.65 } },
    { name: 'moderate', form: 'lognormal', parameters: { median: 0.26, beta: 0.5 } },
    { name: 'extensive', form: 'lognormal', parameters: { median: 0.34, beta: 0.4 } },
    { name: 'complete', form: 'lognormal', parameters: { median: 0.74, beta: 0.4 } },
  ],
  out_of_service: 'extensive',
  repair_time: {
    slight: { distribution: 'normal', mean_hours: 24, sd_hours: 12 },
    moderate: { distribution: 'normal', mean_hours: 72, sd_hours: 36 },
    extensive: { distribution: 'normal', mean_hours: 168, sd_hours: 84 },
    complete: { distribution: 'normal', mean_hours: 720, sd_hours: 360 },
  },
};

/**
 * At PGA 0.4 g: P(LS3) = Φ(ln(0.4/0.34)/0.4) = 0.6577379242160166 and P(LS4) =
 * Φ(ln(0.4/0.74)/0.4) = 0.062028696682557075 (scipy.stats.norm.cdf), so
 * P(extensive | out of service) = (P3 − P4)/P3 = 0.9056939026946158.
 */
const EXTENSIVE_GIVEN_FAILED = 0.9056939026946158;
/** scipy.stats.truncnorm(a=(0 − μ)/σ, b=inf, loc=μ, scale=σ).mean() and .std() for N(168 h, 84 h) and N(720 h, 360 h) cut at 0. */
const EXTENSIVE_REPAIR = { mean: 172.64082046503515, sd: 79.0873248206399 };
const COMPLETE_REPAIR = { mean: 739.8892305644364, sd: 338.94567780274247 };

/** One substation and one pole at 0.4 g over two timestamps; the pole's type has no curve. */
function twoAssetResult(): SurvivalResult {
  const assets = {
    count: 2,
    uuid: ['sub', 'pole'],
    name: ['sub', 'pole'],
    assetType: ['substation', 'distribution_poles'],
    assetTypeIndex: Uint8Array.from([ASSET_TYPES.indexOf('substation'), ASSET_TYPES.indexOf('distribution_poles')]),
  } as unknown as AssetTable;
  const g = 9.80665;
  return {
    assets,
    timestamps: ['2022-01-01T00:00:00', '2022-01-01T01:00:00'],
    intensities: { pga: Float64Array.from([0.05 * g, 0.05 * g, 0.4 * g, 0.4 * g]) },
    survivalByQuantity: {},
    survival: new Float64Array(4),
  };
}

const fragility = compileFragility(SUBSTATION, 'earthquake', 'acceleration');
const poleDefault = { distribution: 'normal' as const, mean_hours: 72, sd_hours: 36 };

const model = suite('buildDamageModel');

model('keeps the out-of-service states with their probabilities conditional on failure, at each timestamp', () => {
  const built = buildDamageModel(
    twoAssetResult(),
    (typeIndex, quantity) => (ASSET_TYPES[typeIndex] === 'substation' && quantity === 'pga' ? fragility : null),
    () => poleDefault,
  );
  assert.is(built.stride, 1);
  const substation = built.classes[built.classOf[2 * 1 + 0]];
  assert.equal(substation.states, ['extensive', 'complete']);
  assert.equal(
    substation.repair.map((repair) => [repair!.mean_hours, repair!.sd_hours]),
    [
      [168, 84],
      [720, 360],
    ],
  );
  assert.ok(Math.abs(built.cumulative[2] - EXTENSIVE_GIVEN_FAILED) < 1e-12, `P(extensive | failed) = ${built.cumulative[2]}`);
  const pole = built.classes[built.classOf[3]];
  assert.equal(pole, { states: ['out_of_service'], repair: [poleDefault] }, 'an asset without a curve gets one state and the fallback repair time');
});

model.run();

const draw = suite('drawDamage');

const substationRepairs = [
  { distribution: 'normal' as const, mean_hours: 168, sd_hours: 84 },
  { distribution: 'normal' as const, mean_hours: 720, sd_hours: 360 },
];

/** The model of one asset at one timestamp, the substation at 0.4 g. */
const single: DamageModel = {
  classes: [{ states: ['extensive', 'complete'], repair: substationRepairs }],
  classOf: Int32Array.from([0]),
  stride: 1,
  cumulative: Float64Array.from([EXTENSIVE_GIVEN_FAILED]),
};

function meanAndSd(values: number[]): { mean: number; sd: number } {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1);
  return { mean, sd: Math.sqrt(variance) };
}

draw('over 20,000 samples the states follow P(DS | failed) and repair times the truncated normals', () => {
  const samples = 20_000;
  const repairs: Record<string, number[]> = { extensive: [], complete: [] };
  const one = Int32Array.from([0]);
  const atZero = Int32Array.from([0]);
  for (let i = 0; i < samples; i += 1) {
    const draws = drawDamage(single, 1, 42, i, 1, one, atZero);
    const state = single.classes[draws.classIndex[0]].states[draws.state[0]];
    assert.ok(draws.repairHours[0] > 0, 'repair times are positive');
    repairs[state].push(draws.repairHours[0]);
  }
  // Two-sided 99.9 % binomial acceptance interval for the count of complete damage.
  const [low, high] = binomialInterval(samples, 1 - EXTENSIVE_GIVEN_FAILED, 1e-3);
  assert.ok(repairs.complete.length >= low && repairs.complete.length <= high, `${repairs.complete.length} complete, expected ${low}..${high}`);
  for (const [state, expected] of [
    ['extensive', EXTENSIVE_REPAIR],
    ['complete', COMPLETE_REPAIR],
  ] as const) {
    const observed = meanAndSd(repairs[state]);
    const n = repairs[state].length;
    // 4.5 standard errors: the mean's σ/√n, and about σ/√(2n) for the standard deviation.
    assert.ok(Math.abs(observed.mean - expected.mean) < (4.5 * expected.sd) / Math.sqrt(n), `${state} mean ${observed.mean} vs ${expected.mean}`);
    assert.ok(Math.abs(observed.sd - expected.sd) < (4.5 * expected.sd) / Math.sqrt(2 * n), `${state} sd ${observed.sd} vs ${expected.sd}`);
  }
});

draw('a sample draws the same whatever else is drawn, and other seeds or samples draw otherwise', () => {
  const failed = Int32Array.from([0]);
  const at = Int32Array.from([0]);
  const first = drawDamage(single, 1, 7, 3, 1, failed, at);
  for (let i = 0; i < 10; i += 1) drawDamage(single, 1, 7, i, 1, failed, at);
  assert.equal(drawDamage(single, 1, 7, 3, 1, failed, at), first);
  assert.not.equal(drawDamage(single, 1, 7, 4, 1, failed, at).repairHours, first.repairHours);
  assert.not.equal(drawDamage(single, 1, 8, 3, 1, failed, at).repairHours, first.repairHours);
});

draw('a state without a repair distribution gets NaN (an empty repair_hours)', () => {
  const bare: DamageModel = { classes: [{ states: ['failure'], repair: [null] }], classOf: Int32Array.from([0]), stride: 0, cumulative: new Float64Array(0) };
  const draws = drawDamage(bare, 1, 1, 0, 1, Int32Array.from([0]), Int32Array.from([0]));
  assert.equal([draws.state[0], Number.isNaN(draws.repairHours[0])], [0, true]);
});

draw.run();
