// Monte Carlo properties of sampled fields (empirical correlation at several separations,
// marginal mean and variance), the Box–Muller normal source, determinism per sample seed, and the
// ground-motion combination helper.
import seedrandom from 'seedrandom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  buildVecchiaGraph,
  combineGroundMotionSample,
  createStandardNormalSource,
  factorVecchia,
  greatCircleDistanceKm,
  jb2009Correlation,
  sampleCorrelatedField,
  type VecchiaFactor,
} from '../../../src/domain/hazards/earthquake/correlation/index.js';

const RANGE_KM = 8.5;
const SAMPLES = 4000;
const SEPARATIONS_KM = [0.5, 2, 5, 10, 20];

/**
 * 1,500 background sites over ~44 km × 44 km, plus probe sites due east of an origin at the
 * separations under test (appended last: indices 1500 = origin, 1501.. = probes).
 */
function probeLayout(): { lons: Float64Array; lats: Float64Array; origin: number; probes: number[] } {
  const background = 1500;
  const random = seedrandom.alea('probe-layout');
  const lons = new Float64Array(background + 1 + SEPARATIONS_KM.length);
  const lats = new Float64Array(lons.length);
  for (let i = 0; i < background; i++) {
    lons[i] = -122.25 + random() * 0.5;
    lats[i] = 37.5 + random() * 0.4;
  }
  const origin = background;
  lons[origin] = -122.2;
  lats[origin] = 37.7;
  const kmPerDegreeLon = greatCircleDistanceKm(0, 37.7, 1, 37.7);
  SEPARATIONS_KM.forEach((separation, n) => {
    lons[origin + 1 + n] = -122.2 + separation / kmPerDegreeLon;
    lats[origin + 1 + n] = 37.7;
  });
  return { lons, lats, origin, probes: SEPARATIONS_KM.map((_, n) => origin + 1 + n) };
}

/** Sample i is drawn from its own stream, as the project seeds samples. */
function drawSample(factor: VecchiaFactor, seed: string, sample: number, out: Float64Array): Float64Array {
  return sampleCorrelatedField(factor, createStandardNormalSource(seedrandom.alea(`${seed}:${sample}`)), out);
}

const layout = probeLayout();
const factor = factorVecchia(buildVecchiaGraph(layout.lons, layout.lats, 30), RANGE_KM);
const watched = [layout.origin, ...layout.probes, 0, 1, 2, 500, 1000, 1499];
const draws = watched.map(() => new Float64Array(SAMPLES));
{
  const field = new Float64Array(layout.lons.length);
  for (let sample = 0; sample < SAMPLES; sample++) {
    drawSample(factor, 'stats', sample, field);
    watched.forEach((site, w) => (draws[w][sample] = field[site]));
  }
}

function mean(values: Float64Array): number {
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

function correlation(a: Float64Array, b: Float64Array): number {
  const ma = mean(a);
  const mb = mean(b);
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    ab += (a[i] - ma) * (b[i] - mb);
    aa += (a[i] - ma) ** 2;
    bb += (b[i] - mb) ** 2;
  }
  return ab / Math.sqrt(aa * bb);
}

const statistics = suite('correlated field statistics');

statistics('empirical correlation at 0.5–20 km matches exp(−3h/b) within 4 standard errors (1 − ρ²)/√n', () => {
  SEPARATIONS_KM.forEach((_, n) => {
    const h = greatCircleDistanceKm(layout.lons[layout.origin], layout.lats[layout.origin], layout.lons[layout.probes[n]], layout.lats[layout.probes[n]]);
    const expected = jb2009Correlation(h, RANGE_KM);
    const observed = correlation(draws[0], draws[1 + n]);
    const standardError = (1 - expected * expected) / Math.sqrt(SAMPLES);
    console.log(
      `REPORT: h = ${h.toFixed(3)} km: ρ expected ${expected.toFixed(4)}, observed ${observed.toFixed(4)}, |Δ| = ${(Math.abs(observed - expected) / standardError).toFixed(2)} SE`,
    );
    assert.ok(Math.abs(observed - expected) <= 4 * standardError, `h=${h}: ${observed} vs ${expected} (SE ${standardError})`);
  });
});

statistics('each watched site has mean 0 and variance 1 within 4 standard errors', () => {
  draws.forEach((values, w) => {
    const m = mean(values);
    let variance = 0;
    for (const value of values) variance += (value - m) ** 2;
    variance /= values.length - 1;
    assert.ok(Math.abs(m) <= 4 / Math.sqrt(SAMPLES), `site ${watched[w]} mean ${m}`);
    assert.ok(Math.abs(variance - 1) <= 4 * Math.sqrt(2 / (SAMPLES - 1)), `site ${watched[w]} variance ${variance}`);
  });
});

statistics.run();

const normals = suite('Box–Muller standard normal source');

normals('mean, variance and two-sided 5 % tail of 200,000 draws', () => {
  const count = 200_000;
  const normal = createStandardNormalSource(seedrandom.alea('normals'));
  let sum = 0;
  let squares = 0;
  let tail = 0;
  for (let i = 0; i < count; i++) {
    const z = normal();
    sum += z;
    squares += z * z;
    if (Math.abs(z) > 1.959963984540054) tail++;
  }
  const m = sum / count;
  assert.ok(Math.abs(m) <= 4 / Math.sqrt(count), `mean ${m}`);
  assert.ok(Math.abs(squares / count - m * m - 1) <= 4 * Math.sqrt(2 / count), `variance ${squares / count}`);
  assert.ok(Math.abs(tail / count - 0.05) <= 4 * Math.sqrt((0.05 * 0.95) / count), `tail ${tail / count}`);
});

normals('two uniforms per two normals; a uniform of exactly 0 gives a finite value', () => {
  let calls = 0;
  const normal = createStandardNormalSource(() => (calls++ === 0 ? 0 : 0.25));
  const first = normal();
  const second = normal();
  assert.is(calls, 2);
  assert.ok(first === 0 && Math.abs(second) < 1e-300, `u1 = 0 → radius 0: ${first}, ${second}`);
  normal();
  assert.is(calls, 4);
});

normals.run();

const determinism = suite('determinism');

determinism('the same seed gives identical bytes, also from an independently rebuilt factor', () => {
  const rebuilt = factorVecchia(buildVecchiaGraph(layout.lons.slice(), layout.lats.slice(), 30), RANGE_KM);
  const a = drawSample(factor, 'det', 7, new Float64Array(layout.lons.length));
  const b = drawSample(rebuilt, 'det', 7, new Float64Array(layout.lons.length));
  assert.ok(Buffer.from(a.buffer).equals(Buffer.from(b.buffer)));
});

determinism('sample i does not depend on which samples were drawn before it (worker-count independence)', () => {
  const field = new Float64Array(layout.lons.length);
  const workspace = new Float64Array(factor.graph.locationCount);
  let inSequence = new Float64Array(0);
  for (let sample = 0; sample < 10; sample++) {
    sampleCorrelatedField(factor, createStandardNormalSource(seedrandom.alea(`seq:${sample}`)), field, workspace);
    if (sample === 6) inSequence = field.slice();
  }
  const alone = drawSample(factor, 'seq', 6, new Float64Array(layout.lons.length));
  assert.ok(Buffer.from(alone.buffer).equals(Buffer.from(inSequence.buffer)));
  const other = drawSample(factor, 'seq', 5, new Float64Array(layout.lons.length));
  assert.not.ok(Buffer.from(other.buffer).equals(Buffer.from(alone.buffer)));
});

determinism.run();

const groundMotion = suite('ground-motion combination');

groundMotion('ln IM = ln median + τ·η + φ·ε with scalar or per-site sigmas', () => {
  const lnMedian = new Float64Array([Math.log(0.5), Math.log(2)]);
  const epsilon = new Float64Array([1, -2]);
  const out = new Float64Array(2);
  combineGroundMotionSample(lnMedian, 0.3, 0.6, 0.5, epsilon, out);
  assert.ok(Math.abs(out[0] - (Math.log(0.5) + 0.15 + 0.6)) < 1e-15);
  assert.ok(Math.abs(out[1] - (Math.log(2) + 0.15 - 1.2)) < 1e-15);
  combineGroundMotionSample(lnMedian, new Float64Array([0.3, 0.4]), new Float64Array([0.6, 0.5]), -1, epsilon, out);
  assert.ok(Math.abs(out[0] - (Math.log(0.5) - 0.3 + 0.6)) < 1e-15);
  assert.ok(Math.abs(out[1] - (Math.log(2) - 0.4 - 1.0)) < 1e-15);
  assert.throws(() => combineGroundMotionSample(lnMedian, 0.3, new Float64Array(3), 0, epsilon, out), /phi has 3 entries for 2 sites/);
});

groundMotion.run();
