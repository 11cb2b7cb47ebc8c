// The Vecchia approximation against the exact JB2009 correlation matrix (dense Cholesky) on
// small site sets, computed exactly (no Monte Carlo) from the sampler's linear map.
import seedrandom from 'seedrandom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildVecchiaGraph, factorVecchia, jb2009CorrelationMatrix } from '../../../src/domain/hazards/earthquake/correlation/index.js';
import { choleskyInPlace } from '../../../src/domain/hazards/earthquake/correlation/cholesky.js';
import { impliedCovariance } from './_impliedCovariance.js';

/** 300 sites uniformly over a ~44 km × 44 km square. */
function scatteredSites(count: number, seed: string): { lons: Float64Array; lats: Float64Array } {
  const random = seedrandom.alea(seed);
  const lons = new Float64Array(count);
  const lats = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    lons[i] = -122 + random() * 0.5;
    lats[i] = 37.5 + random() * 0.4;
  }
  return { lons, lats };
}

/** Kullback–Leibler divergence KL(N(0, exact) ‖ N(0, approx)) in nats. */
function klDivergence(exact: Float64Array, approx: Float64Array, n: number): number {
  const la = approx.slice();
  const le = exact.slice();
  choleskyInPlace(la, n);
  choleskyInPlace(le, n);
  let logDetRatio = 0;
  for (let i = 0; i < n; i++) logDetRatio += 2 * (Math.log(la[i * n + i]) - Math.log(le[i * n + i]));
  // tr(approx⁻¹ exact) = ‖L_approx⁻¹ L_exact‖²_F, one column at a time.
  let trace = 0;
  const column = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) column[i] = i >= j ? le[i * n + j] : 0;
    for (let i = 0; i < n; i++) {
      let sum = column[i];
      for (let m = 0; m < i; m++) sum -= la[i * n + m] * column[m];
      column[i] = sum / la[i * n + i];
      trace += column[i] * column[i];
    }
  }
  return 0.5 * (trace - n + logDetRatio);
}

const vecchia = suite('Vecchia approximation vs exact Cholesky');

vecchia('300 scattered sites, k = 30: covariance within 0.01 of exp(−3h/b), variances within 1e-3 (b = 8.5 and 40.7 km)', () => {
  const { lons, lats } = scatteredSites(300, 'vecchia-300');
  const graph = buildVecchiaGraph(lons, lats, 30);
  for (const rangeKm of [8.5, 40.7]) {
    const exact = jb2009CorrelationMatrix(lons, lats, rangeKm);
    const approx = impliedCovariance(factorVecchia(graph, rangeKm));
    let maxError = 0;
    let squaredError = 0;
    let squaredExact = 0;
    let maxVarianceError = 0;
    for (let i = 0; i < exact.length; i++) {
      const error = approx[i] - exact[i];
      maxError = Math.max(maxError, Math.abs(error));
      squaredError += error * error;
      squaredExact += exact[i] * exact[i];
    }
    for (let i = 0; i < 300; i++) maxVarianceError = Math.max(maxVarianceError, Math.abs(approx[i * 300 + i] - 1));
    const kl = klDivergence(exact, approx, 300);
    console.log(
      `REPORT: 300 sites, k=30, b=${rangeKm} km: max |ΔC| = ${maxError.toExponential(2)}, ‖ΔC‖F/‖C‖F = ${Math.sqrt(squaredError / squaredExact).toExponential(2)}, max |Δvar| = ${maxVarianceError.toExponential(2)}, KL = ${kl.toExponential(2)} nats`,
    );
    assert.ok(maxError < 0.01, `max covariance error ${maxError}`);
    assert.ok(maxVarianceError < 1e-3, `max variance error ${maxVarianceError}`);
    assert.ok(kl < 0.01, `KL ${kl}`);
  }
});

vecchia('error shrinks as the conditioning set grows (k = 5, 10, 20, 30)', () => {
  const { lons, lats } = scatteredSites(300, 'vecchia-300');
  const exact = jb2009CorrelationMatrix(lons, lats, 8.5);
  let previous = Infinity;
  for (const k of [5, 10, 20, 30]) {
    const approx = impliedCovariance(factorVecchia(buildVecchiaGraph(lons, lats, k), 8.5));
    let maxError = 0;
    for (let i = 0; i < exact.length; i++) maxError = Math.max(maxError, Math.abs(approx[i] - exact[i]));
    assert.ok(maxError < previous, `k=${k}: ${maxError} not below ${previous}`);
    previous = maxError;
  }
});

vecchia('with k ≥ the number of locations the factor is exact; duplicate sites are perfectly correlated', () => {
  // The OpenQuake test sites: A and C coincide.
  const lons = new Float64Array([2, 2, 2, 2]);
  const lats = new Float64Array([-40, -40.1, -40, -39.9]);
  const graph = buildVecchiaGraph(lons, lats, 5);
  assert.is(graph.locationCount, 3);
  assert.is(graph.positionOfSite[0], graph.positionOfSite[2]);
  const exact = jb2009CorrelationMatrix(lons, lats, 10.22);
  const approx = impliedCovariance(factorVecchia(graph, 10.22));
  for (let i = 0; i < 16; i++) assert.ok(Math.abs(approx[i] - exact[i]) < 1e-9, `entry ${i}: ${approx[i]} vs ${exact[i]}`);
});

vecchia('the graph conditions every location on earlier ones only, at most k of them', () => {
  const { lons, lats } = scatteredSites(500, 'graph-shape');
  const graph = buildVecchiaGraph(lons, lats, 12);
  for (let position = 0; position < graph.locationCount; position++) {
    const from = graph.neighbourStart[position];
    const to = graph.neighbourStart[position + 1];
    assert.is(to - from, Math.min(position, 12));
    for (let edge = from; edge < to; edge++) assert.ok(graph.neighbours[edge] < position);
  }
});

vecchia('neighbours are the exact k nearest earlier locations (brute-force check)', () => {
  const { lons, lats } = scatteredSites(400, 'knn-check');
  const graph = buildVecchiaGraph(lons, lats, 10);
  const { x, y, z } = graph;
  const distance = (a: number, b: number) => (x[a] - x[b]) ** 2 + (y[a] - y[b]) ** 2 + (z[a] - z[b]) ** 2;
  for (let position = 1; position < graph.locationCount; position++) {
    const expected = Array.from({ length: position }, (_, earlier) => earlier)
      .sort((a, b) => distance(position, a) - distance(position, b))
      .slice(0, 10);
    const found = [...graph.neighbours.subarray(graph.neighbourStart[position], graph.neighbourStart[position + 1])];
    const worstExpected = distance(position, expected[expected.length - 1]);
    assert.is(found.length, expected.length);
    for (const neighbour of found)
      assert.ok(distance(position, neighbour) <= worstExpected, `position ${position}: neighbour ${neighbour} is not among the nearest`);
  }
});

vecchia('max-min order: each location is at least as far from the earlier ones as any later location is', () => {
  const { lons, lats } = scatteredSites(300, 'maxmin-check');
  const { x, y, z, locationCount } = buildVecchiaGraph(lons, lats, 4);
  const nearestEarlier = new Float64Array(locationCount).fill(Infinity);
  for (let p = 1; p < locationCount; p++) {
    for (let q = 0; q < p; q++) nearestEarlier[p] = Math.min(nearestEarlier[p], (x[p] - x[q]) ** 2 + (y[p] - y[q]) ** 2 + (z[p] - z[q]) ** 2);
  }
  for (let p = 1; p < locationCount; p++) {
    // Distance of every later location to the set {0..p−1} must not exceed that of p.
    for (let later = p + 1; later < locationCount; later++) {
      let toSet = Infinity;
      for (let q = 0; q < p; q++) toSet = Math.min(toSet, (x[later] - x[q]) ** 2 + (y[later] - y[q]) ** 2 + (z[later] - z[q]) ** 2);
      assert.ok(toSet <= nearestEarlier[p] * (1 + 1e-12), `location ${later} is farther from the first ${p} than location ${p}`);
    }
  }
});

vecchia.run();
