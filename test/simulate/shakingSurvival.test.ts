// Correlated shaking in scenarios (docs/correlated-shaking.md), through the real preparation
// (BSSA14 medians and τ/φ at the assets, Vecchia factors) and the real per-sample draw. The
// expected statistics are worked by hand from the bivariate normal with the Jayaram–Baker (2009)
// correlation ρ(h) = exp(−3h/8.5 km) for PGA: with X_a = ln(m_a/θ) + τ_a·η + φ_a·ε_a − β·Z_a,
// asset a fails iff X_a > 0, so P(a fails) = Φ(μ_a/s_a) with s_a² = τ_a² + φ_a² + β², and two
// assets fail together with the bivariate normal probability of correlation
// r = (τ_a·τ_b + φ_a·φ_b·ρ(h)) / (s_a·s_b). Failed assets' damage states (damage.csv) are checked
// against E[P(DS = k | IM)] / E[P(out | IM)], integrated numerically over the sampled IM below.
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { expandElements } from '../../src/domain/assets/elements.js';
import { ASSET_TYPES, type AssetTable, type AssetType } from '../../src/domain/assets/types.js';
import { compileCurveSet, curveFor, DEFAULT_CURVES, fragilityFor, HAZUS_EARTHQUAKE_CLASSES } from '../../src/domain/fragility/index.js';
import { createStandardNormalSource } from '../../src/domain/hazards/earthquake/correlation/index.js';
import { readHazardModel } from '../../src/domain/hazards/index.js';
import { createSamplingContext, sampleChunk } from '../../src/domain/scenarios/chunk.js';
import {
  drawDamage,
  drawFirstCrossing,
  mergeScenarioShards,
  sampleGenerator,
  sampleStream,
  writeScenarioParquet,
  writeScenarioShard,
  writeScenarioZip,
  type DamageModel,
} from '../../src/domain/scenarios/index.js';
import { buildShakingDamageModel } from '../../src/domain/simulation/damageModel.js';
import { computeSurvival, shakingFor } from '../../src/domain/simulation/survival.js';
import { scenarioThreads } from '../../src/app/workers/scenarioPool.js';
import {
  createSampleSurvival,
  prepareShakingSurvival,
  SHAKING_SURVIVAL_DESCRIPTION,
  shakingSampleSurvival,
  type ShakingSurvivalData,
} from '../../src/domain/simulation/shakingSurvival.js';
import type { SurvivalResult } from '../../src/domain/simulation/types.js';
import { tempDir } from '../helpers/cli.js';
import { marsagliaNormalCdf, vincentyDistanceM } from '../helpers/independent.js';
import { binomialInterval } from '../helpers/statistics.js';
import { readZipEntries } from '../helpers/unzip.js';

const TYPE: AssetType = 'substation';
const EPICENTRE = { longitude: -122.0, latitude: 37.0 };
const KM_PER_DEGREE_LAT = 111.2;

/** Single-element assets at the given points (degrees). */
function assetTable(points: [number, number][]): AssetTable {
  const count = points.length;
  const typeIndex = ASSET_TYPES.indexOf(TYPE);
  return {
    count,
    uuid: points.map((_, i) => `asset-${String(i).padStart(3, '0')}`),
    name: points.map((_, i) => `asset ${i}`),
    assetType: points.map(() => TYPE),
    assetTypeIndex: new Uint8Array(count).fill(typeIndex),
    componentType: points.map(() => 'DistributionSubstation'),
    longitude: Float64Array.from(points, (point) => point[0]),
    latitude: Float64Array.from(points, (point) => point[1]),
    heightM: new Float64Array(count),
    route: new Float64Array(4 * count).fill(Number.NaN),
    lengthM: new Float64Array(count).fill(Number.NaN),
  };
}

/**
 * Asset 0 due north of the epicentre at 25 km, asset 1 100 m east of it, asset 2 on the same circle
 * 36 km (a 40 km arc) from asset 0; 150 more on the ring 20–30 km out so the Vecchia conditioning
 * has real neighbours.
 */
function layout(): [number, number][] {
  const lonPerKm = 1 / (KM_PER_DEGREE_LAT * Math.cos((EPICENTRE.latitude * Math.PI) / 180));
  const at = (bearingDeg: number, km: number): [number, number] => [
    EPICENTRE.longitude + Math.sin((bearingDeg * Math.PI) / 180) * km * lonPerKm,
    EPICENTRE.latitude + (Math.cos((bearingDeg * Math.PI) / 180) * km) / KM_PER_DEGREE_LAT,
  ];
  const points: [number, number][] = [at(0, 25), [at(0, 25)[0] + 0.1 * lonPerKm, at(0, 25)[1]], at((40 / 25) * (180 / Math.PI), 25)];
  for (let i = 0; i < 150; i++) points.push(at((i * 137.5) % 360, 20 + ((i * 7) % 11)));
  return points;
}

const QUAKE = {
  type: 'earthquake',
  name: 'm65',
  timestamp: '2024-01-01T00:00:00',
  origin: EPICENTRE,
  depth: '8 kilometer',
  magnitude: 7.5,
  vs30: '270 meter / second',
};
const HAZARD = readHazardModel({ name: 'test-quake', models: [QUAKE] });

function prepared() {
  const assets = assetTable(layout());
  const compiled = compileCurveSet(DEFAULT_CURVES, 'DEFAULT_CURVES');
  const data = prepareShakingSurvival(HAZARD, expandElements(assets), assets.count, compiled, new Float64Array(assets.count).fill(1));
  assert.ok(data, 'an earthquake with a GMPE variability is sampled');
  const curve = curveFor(compiled, ASSET_TYPES.indexOf(TYPE), 'pga');
  assert.ok(curve && curve.form === 'lognormal', `the default ${TYPE} PGA curve is lognormal`);
  return { assets, data: data!, theta: (curve as { median: number }).median, beta: (curve as { beta: number }).beta };
}

/** Φ2(h, k; r) = ∫_{−∞}^{h} φ(x) Φ((k − r·x)/√(1 − r²)) dx, composite Simpson on [−9, h]. */
function bivariateNormalCdf(h: number, k: number, r: number): number {
  const steps = 4000;
  const width = (h + 9) / steps;
  const integrand = (x: number) => (Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI)) * marsagliaNormalCdf((k - r * x) / Math.sqrt(1 - r * r));
  let sum = integrand(-9) + integrand(h);
  for (let i = 1; i < steps; i++) sum += (i % 2 === 1 ? 4 : 2) * integrand(-9 + i * width);
  return (sum * width) / 3;
}

const G = 9.80665;
const SEPARATE_SEED = 21;

/**
 * The assets at `points` simulated for real (integrated variability, as `hazsim scenarios` runs
 * them), with the shaking and damage model a scenario run gets (app/simulationRun.ts).
 */
function simulatedWithDamage(points: [number, number][], hazard = HAZARD) {
  const compiled = compileCurveSet(DEFAULT_CURVES, 'DEFAULT_CURVES');
  const { result } = computeSurvival(assetTable(points), hazard, compiled, { physics: 'default', groundMotionVariability: 'integrated' });
  const shaking = shakingFor(result.assets, hazard, compiled, 'integrated');
  assert.ok(shaking, 'the earthquake is sampled');
  const { model, shaking: damage } = buildShakingDamageModel(
    result,
    (typeIndex, quantity) => fragilityFor(compiled, typeIndex, quantity),
    () => null,
    Object.keys(shaking!.curves),
  );
  return { result, model, data: { ...shaking!, damage } };
}

/** The damage.csv rows (split at commas) of samples [0, samples) of a run seeded SEPARATE_SEED, drawn with the run's shaking. */
function sampledDamageRows(result: SurvivalResult, model: DamageModel, data: ShakingSurvivalData, samples: number): string[][] {
  const init = {
    timestamps: result.timestamps,
    assetUuids: result.assets.uuid,
    survival: result.survival,
    method: 'peak' as const,
    survivalIsCumulative: true,
    seed: SEPARATE_SEED,
    damage: model,
  };
  const chunk = sampleChunk(createSamplingContext(init, createSampleSurvival(data)), { start: 0, end: samples, keep: 0 });
  return Buffer.from(chunk.damageCsv)
    .toString('utf8')
    .trim()
    .split('\n')
    .map((line) => line.split(','));
}

/** E[f(Z)], Z standard normal: composite Simpson on [from, to] (default the whole line, cut at ±9). */
function normalExpectation(f: (z: number) => number, from = -9, to = 9): number {
  const steps = 4000;
  const width = (to - from) / steps;
  const integrand = (z: number) => (Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI)) * f(z);
  let sum = integrand(from) + integrand(to);
  for (let i = 1; i < steps; i++) sum += (i % 2 === 1 ? 4 : 2) * integrand(from + i * width);
  return (sum * width) / 3;
}

/** HAZUS EP.S.L.U (the default substation curve): out of service from extensive; P(LS ≥ k | ln IM) for extensive and complete. */
const [EXTENSIVE, COMPLETE] = HAZUS_EARTHQUAKE_CLASSES['EP.S.L.U'].slice(2);
const exceeds = ([median, beta]: readonly [number, number], lnIm: number, extraSigma = 0) =>
  marsagliaNormalCdf((lnIm - Math.log(median * G)) / Math.sqrt(beta * beta + extraSigma * extraSigma));

const test = suite('correlated shaking in scenarios');

test('assets close together fail together, far apart nearly independently, as the bivariate normal with the JB2009 ρ says; marginals unchanged', () => {
  const { assets, data, theta, beta } = prepared();
  const pga = data.events[0].quantities.find((entry) => entry.quantity === 'pga')!;
  const SAMPLES = 4000;
  const survival = createSampleSurvival(data);
  const values = new Float64Array(assets.count);
  const failedAssets = new Int32Array(assets.count);
  const failureTimes = new Int32Array(assets.count);
  const failed = [new Uint8Array(SAMPLES), new Uint8Array(SAMPLES), new Uint8Array(SAMPLES)];
  for (let i = 0; i < SAMPLES; i++) {
    survival.fill(sampleStream(5, i, 'shaking'), values);
    const count = drawFirstCrossing(values, assets.count, 1, sampleGenerator(5, i), failedAssets, failureTimes);
    for (let j = 0; j < count && failedAssets[j] < 3; j++) failed[failedAssets[j]][i] = 1;
  }
  const moments = (a: number) => {
    const tau = pga.tau[a];
    const phi = pga.phi[a];
    const s = Math.sqrt(tau * tau + phi * phi + beta * beta);
    return { tau, phi, s, z: (pga.lnMedian[a] - Math.log(theta)) / s };
  };
  const frequency = (indicators: Uint8Array) => indicators.reduce((sum, value) => sum + value, 0) / SAMPLES;
  for (const a of [0, 1, 2]) {
    const { z } = moments(a);
    const p = marsagliaNormalCdf(z);
    const tolerance = 4 * Math.sqrt((p * (1 - p)) / SAMPLES);
    assert.ok(p > 0.1 && p < 0.9, `asset ${a} is in the informative range (p = ${p})`);
    assert.ok(
      Math.abs(frequency(failed[a]) - p) < tolerance,
      `asset ${a}: failure frequency ${frequency(failed[a])} vs integrated ${p.toFixed(4)} ± ${tolerance.toFixed(4)}`,
    );
  }
  const pair = (a: number, b: number) => {
    const hKm = vincentyDistanceM(assets.latitude[a], assets.longitude[a], assets.latitude[b], assets.longitude[b]) / 1000;
    const rho = Math.exp((-3 * hKm) / 8.5);
    const [ma, mb] = [moments(a), moments(b)];
    const r = (ma.tau * mb.tau + ma.phi * mb.phi * rho) / (ma.s * mb.s);
    const [pa, pb] = [marsagliaNormalCdf(ma.z), marsagliaNormalCdf(mb.z)];
    const both = bivariateNormalCdf(ma.z, mb.z, r);
    const expected = (both - pa * pb) / Math.sqrt(pa * (1 - pa) * pb * (1 - pb));
    let together = 0;
    for (let i = 0; i < SAMPLES; i++) together += failed[a][i] & failed[b][i];
    const [fa, fb] = [frequency(failed[a]), frequency(failed[b])];
    const observed = (together / SAMPLES - fa * fb) / Math.sqrt(fa * (1 - fa) * fb * (1 - fb));
    return { hKm, expected, observed };
  };
  const near = pair(0, 1);
  const far = pair(0, 2);
  assert.ok(near.hKm < 0.11 && far.hKm > 30, `distances ${near.hKm} km, ${far.hKm} km`);
  // Standard error of a sample correlation ≤ 1/√N ≈ 0.016; 4 of them.
  const tolerance = 4 / Math.sqrt(SAMPLES);
  assert.ok(Math.abs(near.observed - near.expected) < tolerance, `near: failure correlation ${near.observed.toFixed(3)} vs ${near.expected.toFixed(3)}`);
  assert.ok(Math.abs(far.observed - far.expected) < tolerance, `far: failure correlation ${far.observed.toFixed(3)} vs ${far.expected.toFixed(3)}`);
  assert.ok(near.expected - far.expected > 0.2, `near ${near.expected} and far ${far.expected} differ clearly`);
});

test('any contiguous split of the samples gives the same per-sample rows', () => {
  const { assets, data } = prepared();
  const init = {
    timestamps: ['2024-01-01T00:00:00'],
    assetUuids: assets.uuid,
    survival: new Float64Array(assets.count).fill(0.5),
    method: 'peak' as const,
    survivalIsCumulative: true,
    seed: 11,
  };
  const rows = (ranges: [number, number][]) =>
    ranges
      .map(([start, end]) => Buffer.from(sampleChunk(createSamplingContext(init, createSampleSurvival(data)), { start, end, keep: 0 }).json).toString())
      .filter((text) => text.length > 0)
      .join(',\n');
  const whole = rows([[0, 60]]);
  assert.ok(whole.length > 0);
  assert.is(
    rows([
      [0, 17],
      [17, 18],
      [18, 60],
    ]),
    whole,
  );
  assert.is(
    rows([
      [0, 30],
      [30, 60],
    ]),
    whole,
  );
});

test("a failed asset's damage state follows its sampled shaking: the share of complete among failures is E[P(complete | IM)] / E[P(out | IM)] over the sampled IM, not that of the median shaking", () => {
  // One substation 25 km from the epicentre: every sample is independent of the others.
  const { result, model, data } = simulatedWithDamage([layout()[0]]);
  const pga = data.events[0].quantities.find((entry) => entry.quantity === 'pga')!;
  const [mu, tau, phi] = [pga.lnMedian[0], pga.tau[0], pga.phi[0]];
  const sigma = Math.hypot(tau, phi);
  assert.ok(sigma > 0.4, `the ground motion varies (σ = ${sigma})`);
  // ln IM ~ N(μ, τ² + φ²) in a sample; the failure and the complete state by the curve at it.
  const failing = normalExpectation((z) => exceeds(EXTENSIVE, mu + sigma * z));
  const completeShare = normalExpectation((z) => exceeds(COMPLETE, mu + sigma * z)) / failing;
  const medianShare = exceeds(COMPLETE, mu) / exceeds(EXTENSIVE, mu);
  assert.ok(failing > 0.2 && failing < 0.8, `the substation fails in an informative share of samples (${failing})`);

  const SAMPLES = 20000;
  const rows = sampledDamageRows(result, model, data, SAMPLES);
  const failures = rows.length;
  const complete = rows.filter((row) => row[3] === 'complete').length;
  assert.ok(
    rows.every((row) => row[3] === 'complete' || row[3] === 'extensive'),
    'only out-of-service states are drawn',
  );
  const [failLow, failHigh] = binomialInterval(SAMPLES, failing, 0.001);
  assert.ok(failures >= failLow && failures <= failHigh, `${failures} failures in ${SAMPLES} samples, expected ${failLow}..${failHigh}`);
  const [low, high] = binomialInterval(failures, completeShare, 0.001);
  assert.ok(complete >= low && complete <= high, `${complete} of ${failures} failures complete, expected ${low}..${high} (share ${completeShare.toFixed(4)})`);

  // Damage states drawn at the median shaking would fail the check.
  const [medianLow, medianHigh] = binomialInterval(failures, medianShare, 0.001);
  assert.ok(high < medianLow || low > medianHigh, `the median shaking's share ${medianShare.toFixed(4)} is told apart from ${completeShare.toFixed(4)}`);
  // The run's own model (the simulation's damage states, averaged over the shaking) has the right share overall but is the
  // same in every sample: drawn from it, the failures of strongly and weakly shaken samples (below) would not differ.
  const modelState = (row: string[]) => {
    const draws = drawDamage(model, 1, SEPARATE_SEED, Number(row[0]), 1, Int32Array.of(0), Int32Array.of(0));
    return model.classes[draws.classIndex[0]].states[draws.state[0]];
  };

  // Strong shaking in a sample (between-event residual η > 1) shifts the mix to complete; weak (η < 0) away from it.
  // Given η, ln IM ~ N(μ + τη, φ²), and E over it of Φ((ln IM − ln θ)/β) = Φ((μ + τη − ln θ)/√(β² + φ²)).
  const etaOf = (sample: number) => createStandardNormalSource(sampleStream(SEPARATE_SEED, sample, 'shaking'))();
  for (const [from, to] of [
    [1, 9],
    [-9, 0],
  ]) {
    const inRange = rows.filter((row) => {
      const eta = etaOf(Number(row[0]));
      return eta > from && eta <= to;
    });
    const share =
      normalExpectation((eta) => exceeds(COMPLETE, mu + tau * eta, phi), from, to) /
      normalExpectation((eta) => exceeds(EXTENSIVE, mu + tau * eta, phi), from, to);
    const observed = inRange.filter((row) => row[3] === 'complete').length;
    const [rangeLow, rangeHigh] = binomialInterval(inRange.length, share, 0.001);
    assert.ok(
      observed >= rangeLow && observed <= rangeHigh,
      `η in (${from}, ${to}]: ${observed} of ${inRange.length} complete, expected ${rangeLow}..${rangeHigh} (share ${share.toFixed(4)})`,
    );
    if (from === 1) assert.ok(share > completeShare + 0.05, `strong shaking: complete share ${share} above the overall ${completeShare}`);
    else assert.ok(share < completeShare - 0.05, `weak shaking: complete share ${share} below the overall ${completeShare}`);
    const fromModel = inRange.filter((row) => modelState(row) === 'complete').length;
    assert.ok(
      fromModel < rangeLow || fromModel > rangeHigh,
      `η in (${from}, ${to}]: the run's model gives ${fromModel} complete, outside ${rangeLow}..${rangeHigh}`,
    );
  }
});

test('with wind as well, the earthquake governs a failure where its out-of-service probability in the sample exceeds the wind curve’s: the share of earthquake states among failures is as integrated', () => {
  // The substation 25 km from the epicentre, 40 km west of a storm's centre at the same timestamp.
  const site = layout()[0];
  const lonPerKm = 1 / (KM_PER_DEGREE_LAT * Math.cos((site[1] * Math.PI) / 180));
  const hazard = readHazardModel({
    name: 'quake-and-storm',
    models: [
      QUAKE,
      {
        type: 'wind',
        timestamp: '2024-01-01T00:00:00',
        center: { longitude: site[0] + 40 * lonPerKm, latitude: site[1] },
        // Strong enough that the substation's wind curve (DEFAULT_CURVES: Watson 2018, median 70.4 m/s gust) fails it with 0.1-0.5.
        max_wind_speed: '55 meter / second',
        radius_of_max_wind: '20 kilometer',
        radius_of_closest_isobar: '200 kilometer',
      },
    ],
  });
  const { result, model, data } = simulatedWithDamage([site], hazard);
  const windOut = 1 - result.survivalByQuantity.wind_speed![0];
  const pga = data.events[0].quantities.find((entry) => entry.quantity === 'pga')!;
  const [mu, sigma] = [pga.lnMedian[0], Math.hypot(pga.tau[0], pga.phi[0])];
  const quakeOut = (z: number) => exceeds(EXTENSIVE, mu + sigma * z);
  assert.ok(
    windOut > 0.1 && windOut < 0.5 && quakeOut(0) < windOut,
    `wind out of service ${windOut}, at median shaking ${quakeOut(0)}: the run's model gives the wind's state to every failure`,
  );
  // The sample fails the substation with 1 − (1 − p)(1 − windOut), p = P(out | IM); the earthquake governs where p > windOut, i.e. z above z*.
  let [below, above] = [-9, 9];
  for (let i = 0; i < 200; i++) {
    const middle = (below + above) / 2;
    if (quakeOut(middle) > windOut) above = middle;
    else below = middle;
  }
  const failing = (z: number) => 1 - (1 - quakeOut(z)) * (1 - windOut);
  const quakeShare = normalExpectation(failing, above, 9) / normalExpectation(failing);

  const SAMPLES = 10000;
  const states = sampledDamageRows(result, model, data, SAMPLES).map((row) => row[3]);
  const quake = states.filter((state) => state === 'extensive' || state === 'complete').length;
  assert.is(quake + states.filter((state) => state === 'failure').length, states.length, 'every state is the earthquake curve’s or the wind curve’s');
  const [low, high] = binomialInterval(states.length, quakeShare, 0.001);
  assert.ok(
    quake >= low && quake <= high,
    `${quake} of ${states.length} failures in earthquake states, expected ${low}..${high} (share ${quakeShare.toFixed(4)})`,
  );
  assert.ok(low > 0.2 * states.length, 'a good part of the failures are the earthquake’s');
});

test('an asset of several elements takes its damage state from its element with the lowest survival in the sample, at that element’s sampled intensity', () => {
  // One substation judged by two elements 36 km apart on the 25 km circle (as a long line's
  // spans would be): their within-event residuals are independent (ρ = e^(−3·36/8.5) ≈ 3·10⁻⁶), η is shared.
  const [near, far] = [layout()[0], layout()[2]];
  const { result, model, data: single } = simulatedWithDamage([near]);
  const elements = expandElements(assetTable([near, far]));
  elements.owner.fill(0);
  elements.elementCount = Int32Array.of(2);
  const compiled = compileCurveSet(DEFAULT_CURVES, 'DEFAULT_CURVES');
  const twin = prepareShakingSurvival(HAZARD, elements, 1, compiled, Float64Array.of(1));
  assert.ok(twin);
  const data = { ...twin!, damage: single.damage };
  const pga = data.events[0].quantities.find((entry) => entry.quantity === 'pga')!;
  // Given η, ε₁, ε₂: S_e = 1 − P(out | IM_e); the asset fails with 1 − S₁S₂ and, failed, is complete
  // with P(complete | IM)/P(out | IM) at the larger IM (the lower survival). Simpson over all three.
  const steps = 160;
  const grid = Array.from({ length: steps + 1 }, (_, i) => -8 + (16 * i) / steps);
  const weight = grid.map((z, i) => ((i === 0 || i === steps ? 1 : i % 2 === 1 ? 4 : 2) * (16 / steps / 3) * Math.exp(-0.5 * z * z)) / Math.sqrt(2 * Math.PI));
  let failing = 0;
  let complete = 0;
  for (let h = 0; h <= steps; h++) {
    const per = [0, 1].map((e) =>
      grid.map((epsilon) => {
        const lnIm = pga.lnMedian[e] + pga.tau[e] * grid[h] + pga.phi[e] * epsilon;
        const out = exceeds(EXTENSIVE, lnIm);
        return { lnIm, survival: 1 - out, completeGivenOut: out > 0 ? exceeds(COMPLETE, lnIm) / out : 0 };
      }),
    );
    for (let i = 0; i <= steps; i++) {
      for (let j = 0; j <= steps; j++) {
        const [a, b] = [per[0][i], per[1][j]];
        const w = weight[h] * weight[i] * weight[j];
        const fails = 1 - a.survival * b.survival;
        failing += w * fails;
        complete += w * fails * (a.lnIm >= b.lnIm ? a.completeGivenOut : b.completeGivenOut);
      }
    }
  }
  const completeShare = complete / failing;

  const SAMPLES = 20000;
  const states = sampledDamageRows(result, model, data, SAMPLES).map((row) => row[3]);
  const [failLow, failHigh] = binomialInterval(SAMPLES, failing, 0.001);
  assert.ok(states.length >= failLow && states.length <= failHigh, `${states.length} failures, expected ${failLow}..${failHigh}`);
  const observed = states.filter((state) => state === 'complete').length;
  const [low, high] = binomialInterval(states.length, completeShare, 0.001);
  assert.ok(observed >= low && observed <= high, `${observed} of ${states.length} complete, expected ${low}..${high} (share ${completeShare.toFixed(4)})`);
});

test('the scenario ZIP is byte-identical with 1 and 2 workers and from 3 merged shards, and records the shaking in its metadata', async () => {
  const { assets, data } = prepared();
  const dir = tempDir('hazsim-shaking-');
  try {
    const input = {
      timestamps: ['2024-01-01T00:00:00'],
      assetUuids: assets.uuid,
      survival: new Float64Array(assets.count).fill(0.5),
      survivalIsCumulative: true,
      sampleSurvival: shakingSampleSurvival(data),
      metadata: {},
    };
    const options = { numberOfSamples: 300, seed: 4, method: 'peak', chunkRunners: scenarioThreads } as const;
    await writeScenarioZip(input, { ...options, workers: 1 }, path.join(dir, 'one.zip'));
    await writeScenarioZip(input, { ...options, workers: 2 }, path.join(dir, 'two.zip'));
    const one = fs.readFileSync(path.join(dir, 'one.zip'));
    assert.ok(one.equals(fs.readFileSync(path.join(dir, 'two.zip'))), '1 and 2 workers give different ZIPs');
    const parts = [0, 1, 2].map((index) => path.join(dir, `part${index}.shard`));
    for (const [index, part] of parts.entries()) await writeScenarioShard(input, { ...options, workers: 1 }, 'zip', { index, count: 3 }, part);
    await mergeScenarioShards(parts.reverse(), path.join(dir, 'merged.zip'));
    assert.ok(one.equals(fs.readFileSync(path.join(dir, 'merged.zip'))), 'three shards merged differ from the unsharded ZIP');
    const entries = await readZipEntries(path.join(dir, 'one.zip'));
    const { metadata } = JSON.parse(entries.find((entry) => entry.name === 'tracked_changes.json')!.data.toString('utf8'));
    assert.is(metadata.sample_survival, SHAKING_SURVIVAL_DESCRIPTION);
    assert.match(metadata.rng.shaking, '${seed}:${i}:shaking');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('with damage states: the ZIP (damage.csv, restoration edits) and the Parquet file are byte-identical with 1 and 2 workers and from 3 merged shards', async () => {
  const { result, model, data } = simulatedWithDamage(layout());
  const dir = tempDir('hazsim-shaking-damage-');
  try {
    const input = {
      timestamps: result.timestamps,
      assetUuids: result.assets.uuid,
      survival: result.survival,
      survivalIsCumulative: true,
      damage: model,
      sampleSurvival: shakingSampleSurvival(data),
      metadata: {},
    };
    const options = { numberOfSamples: 200, seed: 9, method: 'peak', restoration: true, chunkRunners: scenarioThreads } as const;
    for (const format of ['zip', 'parquet'] as const) {
      const write = format === 'zip' ? writeScenarioZip : writeScenarioParquet;
      const file = (name: string) => path.join(dir, `${name}.${format}`);
      await write(input, { ...options, workers: 1 }, file('one'));
      await write(input, { ...options, workers: 2 }, file('two'));
      const one = fs.readFileSync(file('one'));
      assert.ok(one.equals(fs.readFileSync(file('two'))), `${format}: 1 and 2 workers differ`);
      const parts = [0, 1, 2].map((index) => path.join(dir, `${format}${index}.shard`));
      for (const [index, part] of parts.entries()) await writeScenarioShard(input, { ...options, workers: 2 }, format, { index, count: 3 }, part);
      await mergeScenarioShards(parts.reverse(), file('merged'));
      assert.ok(one.equals(fs.readFileSync(file('merged'))), `${format}: three shards merged differ from the unsharded file`);
    }
    const entries = await readZipEntries(path.join(dir, 'one.zip'));
    const rows = entries
      .find((entry) => entry.name === 'damage.csv')!
      .data.toString('utf8')
      .trim()
      .split('\n')
      .slice(1);
    const states = new Set(rows.map((row) => row.split(',')[3]));
    assert.ok(rows.length > 1000 && states.has('extensive') && states.has('complete'), `damage.csv has ${rows.length} rows with states ${[...states]}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
