// The draws have the intended distribution. Fixed seeds make every run the same, so these
// tests are deterministic; the bounds are what a correct sampler passes with probability
// ≥ 99.9% and were not tuned to this seed.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { peakSampler, sampleGenerator, sequentialSampler, type Sampler } from '../../src/domain/scenarios/index.js';
import { binomialInterval, binomialQuantile, chiSquareQuantileWilsonHilferty, Z_0_999 } from '../helpers/statistics.js';
import { stormInput } from '../helpers/scenarioInput.js';

const SAMPLES = 10_000;
const ASSETS = 1000;
const TIMESTAMPS = 24;
const ALPHA = 0.001;
const storm = stormInput(ASSETS, TIMESTAMPS);

/** Per asset, the number of samples it fails in, and per asset and timestamp where. */
function countFailures(sampler: Sampler, seed: number) {
  const failed = new Int32Array(ASSETS);
  const times = new Int32Array(ASSETS);
  const perAsset = new Float64Array(ASSETS);
  const perAssetAndTime = new Float64Array(ASSETS * TIMESTAMPS);
  for (let i = 0; i < SAMPLES; i += 1) {
    const count = sampler.draw(sampleGenerator(seed, i), failed, times);
    for (let j = 0; j < count; j += 1) {
      perAsset[failed[j]] += 1;
      perAssetAndTime[failed[j] * TIMESTAMPS + times[j]] += 1;
    }
  }
  return { perAsset, perAssetAndTime };
}

/** Independent of the samplers: the failure probability written out from the survival series. */
function expectedProbability(method: 'peak' | 'sequential', asset: number): number {
  const series = Array.from({ length: TIMESTAMPS }, (_, t) => storm.survival[t * ASSETS + asset]);
  return method === 'peak' ? 1 - Math.min(...series) : 1 - series.reduce((product, value) => product * value, 1);
}

function checkFrequencies(method: 'peak' | 'sequential', sampler: Sampler, seed: number) {
  const { perAsset } = countFailures(sampler, seed);
  let outside = 0;
  let chiSquare = 0;
  let degrees = 0;
  for (let a = 0; a < ASSETS; a += 1) {
    const p = expectedProbability(method, a);
    if (p === 0 || p === 1) {
      assert.is(perAsset[a], p * SAMPLES, `asset ${a} with p = ${p}`);
      continue;
    }
    const [low, high] = binomialInterval(SAMPLES, p, ALPHA);
    if (perAsset[a] < low || perAsset[a] > high) outside += 1;
    chiSquare += (perAsset[a] - SAMPLES * p) ** 2 / (SAMPLES * p * (1 - p));
    degrees += 1;
  }
  // How many of `degrees` correct assets may fall outside their 99.9% interval, at the 99.9% level.
  const allowedOutside = binomialQuantile(degrees, ALPHA, 1 - ALPHA);
  assert.ok(outside <= allowedOutside, `${outside} of ${degrees} assets outside their 99.9% interval (allowed ${allowedOutside})`);
  const critical = chiSquareQuantileWilsonHilferty(degrees, Z_0_999);
  assert.ok(chiSquare < critical, `chi-square ${chiSquare.toFixed(1)} with ${degrees} degrees of freedom rejects at 0.1% (critical ${critical.toFixed(1)})`);
  return perAsset;
}

const frequencies = suite('failure frequencies over 10,000 samples');

frequencies('peak: each asset fails with probability 1 − lowest survival (binomial 99.9% intervals and chi-square at 0.1%)', () => {
  checkFrequencies('peak', peakSampler(storm.survival, ASSETS, TIMESTAMPS), 20240601);
});

frequencies('sequential: each asset fails with probability 1 − Π survival (binomial 99.9% intervals and chi-square at 0.1%)', () => {
  checkFrequencies('sequential', sequentialSampler(storm.survival, ASSETS, TIMESTAMPS), 77);
});

frequencies('the Wilson–Hilferty critical value matches the chi-square table (χ²₀.₉₉₉ with 100 d.f. = 149.45)', () => {
  // Table value: chi2.ppf(0.999, 100) = 149.449 (e.g. NIST/SEMATECH e-Handbook, table 1.3.6.7.4).
  assert.ok(Math.abs(chiSquareQuantileWilsonHilferty(100, Z_0_999) - 149.449) < 0.2);
});

frequencies.run();

const timing = suite('failure times');

timing('peak: every failure is at the first timestamp of the asset’s lowest survival', () => {
  const { perAssetAndTime } = countFailures(peakSampler(storm.survival, ASSETS, TIMESTAMPS), 5);
  for (let a = 0; a < ASSETS; a += 1) {
    const series = Array.from({ length: TIMESTAMPS }, (_, t) => storm.survival[t * ASSETS + a]);
    const first = series.indexOf(Math.min(...series));
    for (let t = 0; t < TIMESTAMPS; t += 1)
      if (t !== first) assert.is(perAssetAndTime[a * TIMESTAMPS + t], 0, `asset ${a} failed at ${t}, lowest first at ${first}`);
  }
});

timing('sequential: failure times follow P(first failure at t) = Π_{k<t} s(k) · (1 − s(t)) (chi-square over time per asset, pooled)', () => {
  const { perAssetAndTime } = countFailures(sequentialSampler(storm.survival, ASSETS, TIMESTAMPS), 6);
  let chiSquare = 0;
  let degrees = 0;
  for (let a = 2; a < ASSETS; a += 1) {
    // Cells: each timestamp with an expected count ≥ 5, the rest pooled, plus "never fails".
    let surviving = 1;
    let pooledObserved = 0;
    let pooledExpected = 0;
    let failures = 0;
    const cells: Array<[number, number]> = [];
    for (let t = 0; t < TIMESTAMPS; t += 1) {
      const s = storm.survival[t * ASSETS + a];
      const expected = SAMPLES * surviving * (1 - s);
      surviving *= s;
      const observed = perAssetAndTime[a * TIMESTAMPS + t];
      failures += observed;
      if (expected >= 5) cells.push([observed, expected]);
      else {
        pooledObserved += observed;
        pooledExpected += expected;
      }
    }
    cells.push([SAMPLES - failures + pooledObserved, SAMPLES * surviving + pooledExpected]);
    if (cells.length < 2) continue;
    for (const [observed, expected] of cells) chiSquare += (observed - expected) ** 2 / expected;
    degrees += cells.length - 1;
  }
  const critical = chiSquareQuantileWilsonHilferty(degrees, Z_0_999);
  assert.ok(degrees > 1000, `only ${degrees} degrees of freedom`);
  assert.ok(chiSquare < critical, `chi-square ${chiSquare.toFixed(1)} with ${degrees} d.f. rejects at 0.1% (critical ${critical.toFixed(1)})`);
});

timing.run();
