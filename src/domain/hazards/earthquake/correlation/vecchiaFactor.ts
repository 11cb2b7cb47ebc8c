/**
 * The range-dependent part of the Vecchia approximation: for every sampling position p with
 * earlier neighbours N(p), the simple-kriging weights w = C_NN⁻¹ c_Np and the conditional
 * standard deviation d = √(1 − c_Npᵀ w) of a unit-variance field with correlation
 * ρ(h) = exp(−3h/b). A field is then z_p = Σ w_j z_{N(p)_j} + d_p ε_p (fieldSampler.ts).
 *
 * Cost: one k×k Cholesky per site, O(N k³) once; memory 12 bytes per neighbour edge plus 8 per
 * site. Distances are great-circle on a 6371 km sphere, as in OpenQuake; the exponential
 * correlation of great-circle distance is positive definite on the sphere (Gneiting 2013,
 * "Strictly and non-strictly positive definite functions on spheres", Bernoulli 19:1327–1349),
 * so every small system is too.
 */
import { choleskyInPlace, solveLower, solveUpperTransposed } from './cholesky.js';
import { arcKmFromUnitChord } from './sphere.js';
import type { VecchiaGraph } from './vecchiaGraph.js';

export interface VecchiaFactor {
  readonly graph: VecchiaGraph;
  readonly rangeKm: number;
  /** Kriging weight of each neighbour edge, aligned with graph.neighbours. */
  readonly weights: Float64Array;
  /** Conditional standard deviation at each sampling position. */
  readonly conditionalStd: Float64Array;
}

/**
 * Added to the diagonal of each neighbour system: sites a few metres apart have correlations
 * within 1e-6 of 1, and this keeps their systems numerically positive definite while changing
 * correlations by 1e-10, far below any sampling error.
 */
const DIAGONAL_JITTER = 1e-10;

/** Kriging weights and conditional standard deviations of `graph` for range b = `rangeKm`. */
export function factorVecchia(graph: VecchiaGraph, rangeKm: number): VecchiaFactor {
  if (!(rangeKm > 0) || !Number.isFinite(rangeKm)) throw new RangeError(`correlation range must be a positive number of km, got ${rangeKm}`);
  const { x, y, z, neighbourStart, neighbours, locationCount } = graph;
  const k = graph.neighbourCount;
  const decay = -3 / rangeKm;
  const correlation = (a: number, b: number) => {
    const dx = x[a] - x[b];
    const dy = y[a] - y[b];
    const dz = z[a] - z[b];
    return Math.exp(decay * arcKmFromUnitChord(Math.sqrt(dx * dx + dy * dy + dz * dz)));
  };
  const weights = new Float64Array(neighbours.length);
  const conditionalStd = new Float64Array(locationCount);
  const system = new Float64Array(k * k);
  const rightHandSide = new Float64Array(k);
  const cross = new Float64Array(k);
  for (let position = 0; position < locationCount; position++) {
    const first = neighbourStart[position];
    const m = neighbourStart[position + 1] - first;
    for (let i = 0; i < m; i++) {
      const ni = neighbours[first + i];
      system[i * m + i] = 1 + DIAGONAL_JITTER;
      for (let j = 0; j < i; j++) system[i * m + j] = correlation(ni, neighbours[first + j]);
      cross[i] = correlation(position, ni);
      rightHandSide[i] = cross[i];
    }
    choleskyInPlace(system, m);
    solveLower(system, m, rightHandSide);
    solveUpperTransposed(system, m, rightHandSide);
    let explained = 0;
    for (let i = 0; i < m; i++) {
      weights[first + i] = rightHandSide[i];
      explained += cross[i] * rightHandSide[i];
    }
    conditionalStd[position] = Math.sqrt(Math.max(0, 1 - explained));
  }
  return { graph, rangeKm, weights, conditionalStd };
}
