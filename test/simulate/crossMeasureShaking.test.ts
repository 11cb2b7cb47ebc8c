// Joint samples of several earthquake quantities carry the published cross-measure correlation
// (docs/correlated-shaking.md, "Several intensity measures"), through the real per-sample code
// (createSampleSurvival) with real Vecchia factors and the real cross-measure factor.
//
// Two single-element assets at one point: asset 0 judged by PGA, asset 1 by SA(1.0), each by a
// lognormal curve with its median at the site's median shaking and β = 1e-9 (a step: the asset
// fails exactly when its residual r_m = τ_m·η_m + φ_m·ε_m is positive). At one location the
// Vecchia field is its innovation, so with cross-correlation C of both the between- and the
// within-event parts, corr(r_0, r_1) = C·(τ_0·τ_1 + φ_0·φ_1)/(σ_0·σ_1), and both assets fail with
// Sheppard's orthant probability P = 1/4 + arcsin(corr)/(2π). C(PGA, SA(1.0)) is Baker & Jayaram
// (2008) at 0.01 s and 1 s (crossMeasure.test.ts checks it against Baker's own values).
import seedrandom from 'seedrandom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { CompiledCurve } from '../../src/domain/fragility/types.js';
import { bakerJayaram2008, buildVecchiaGraph, crossMeasureFactor, factorVecchia, jb2009Range } from '../../src/domain/hazards/earthquake/correlation/index.js';
import { createSampleSurvival, SHAKING_MEASURES, type ShakingSurvivalData } from '../../src/domain/simulation/shakingSurvival.js';
import { binomialInterval } from '../helpers/statistics.js';

const test = suite('cross-measure correlation in sampled shaking');

const SAMPLES = 20_000;
const STEP: CompiledCurve = { form: 'lognormal', median: 1, beta: 1e-9 };

function data(tau: [number, number], phi: [number, number]): ShakingSurvivalData {
  const longitude = Float64Array.of(-80, -80);
  const latitude = Float64Array.of(32.7, 32.7);
  const graph = buildVecchiaGraph(longitude, latitude, 30);
  const quantities = ['pga', 'sa_1_0'];
  const column = (values: [number, number]) => Float64Array.of(...values);
  return {
    assetCount: 2,
    timestampCount: 1,
    otherSurvival: Float64Array.of(1, 1),
    owner: Int32Array.of(0, 1),
    // Element 0 is of type 0 (judged by PGA), element 1 of type 1 (judged by SA(1.0)).
    typeRuns: Int32Array.of(0, 0, 1, 1, 1, 2),
    events: [
      {
        timestampIndex: 0,
        quantities: quantities.map((quantity, q) => ({
          quantity,
          // ln median 0 = the curves' median: each asset fails when its residual is positive.
          lnMedian: new Float64Array(2),
          tau: column([tau[q], tau[q]]),
          phi: column([phi[q], phi[q]]),
          power: q === 0 ? Float64Array.of(1, 0) : Float64Array.of(0, 1),
        })),
      },
    ],
    curves: { pga: [STEP, null], sa_1_0: [null, STEP] },
    factors: Object.fromEntries(quantities.map((quantity) => [quantity, factorVecchia(graph, jb2009Range(SHAKING_MEASURES[quantity], false))])),
    crossFactor: crossMeasureFactor(quantities.map((quantity) => SHAKING_MEASURES[quantity])),
  };
}

function jointFailures(sampleData: ShakingSurvivalData): { first: number; second: number; both: number } {
  const survival = createSampleSurvival(sampleData);
  const out = new Float64Array(2);
  const counts = { first: 0, second: 0, both: 0 };
  for (let i = 0; i < SAMPLES; i += 1) {
    survival.fill(seedrandom.alea(`cross:${i}:shaking`), out);
    const [firstFails, secondFails] = [out[0] < 0.5, out[1] < 0.5];
    if (firstFails) counts.first += 1;
    if (secondFails) counts.second += 1;
    if (firstFails && secondFails) counts.both += 1;
  }
  return counts;
}

function checkJoint(tau: [number, number], phi: [number, number]): { both: number } {
  const c = bakerJayaram2008(0.01, 1); // 0.519148
  const correlation = (c * (tau[0] * tau[1] + phi[0] * phi[1])) / (Math.hypot(tau[0], phi[0]) * Math.hypot(tau[1], phi[1]));
  const both = 0.25 + Math.asin(correlation) / (2 * Math.PI);
  const counts = jointFailures(data(tau, phi));
  for (const [name, observed, p] of [
    ['PGA asset fails', counts.first, 0.5],
    ['SA(1.0) asset fails', counts.second, 0.5],
    ['both fail', counts.both, both],
  ] as const) {
    const [low, high] = binomialInterval(SAMPLES, p, 0.001);
    assert.ok(observed >= low && observed <= high, `${name}: ${observed} of ${SAMPLES}, expected ${(p * SAMPLES).toFixed(0)} in [${low}, ${high}]`);
  }
  return counts;
}

test('between- and within-event parts alike: both fail with 1/4 + arcsin(C)/(2π)', () => {
  const { both } = checkJoint([0.35, 0.35], [0.55, 0.55]);
  // Measures moving as one (the sampler before cross-correlation: shared η and innovations) fail together in half the samples.
  const [fullyCorrelatedLow] = binomialInterval(SAMPLES, 0.5, 0.001);
  assert.ok(both < fullyCorrelatedLow, `both fail ${both}, below the fully correlated interval from ${fullyCorrelatedLow}`);
});

test('unequal τ/φ (AB06 at M7 for PGA, BSSA14-like for SA(1.0)): the correlation weights C by τ·τ + φ·φ', () => {
  checkJoint([0.3064, 0.4], [0.6191, 0.65]);
});

test.run();
