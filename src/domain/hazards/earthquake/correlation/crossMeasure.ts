/**
 * Correlation between the residuals of two intensity measures at one site (cross-measure
 * correlation), for sampling several earthquake quantities jointly (docs/correlated-shaking.md):
 *
 * - SA(T1)–SA(T2), and PGA as SA(0.01 s): Baker, J.W. and Jayaram, N. (2008). Correlation of
 *   spectral acceleration values from NGA ground motion models. Earthquake Spectra 24(1),
 *   299–317: the piecewise model C1–C4, fitted for 0.01 s ≤ T ≤ 10 s;
 * - PGV–SA(T) and PGV–PGA: Bradley, B.A. (2012). Empirical correlations between peak ground
 *   velocity and spectrum-based intensity measures. Earthquake Spectra 28(1), 17–35: the
 *   piecewise tanh model over four period ranges, 0.733 for PGA.
 *
 * The coefficients are those of the papers as OpenQuake carries them
 * (openquake/hazardlib/cross_correlation.py, BakerJayaram2008 and Bradley2012). Both models fit
 * total residuals; hazsim applies them to the between-event and the within-event residuals alike
 * (a decision, docs/correlated-shaking.md; OpenQuake's conditioned ground-motion fields also use
 * BakerJayaram2008 for the within-event part).
 */
import { choleskyInPlace } from './cholesky.js';
import type { CorrelatedMeasure } from './jb2009.js';

/** The period PGA stands for in Baker & Jayaram (2008): the shortest period of their fit. */
export const PGA_PERIOD_S = 0.01;

/** Bradley (2012) PGV–PGA correlation. */
export const BRADLEY_2012_PGV_PGA = 0.733;

/** Baker & Jayaram (2008): correlation of ε(SA(T1)) and ε(SA(T2)), periods in s. */
export function bakerJayaram2008(period1S: number, period2S: number): number {
  for (const period of [period1S, period2S])
    if (!(period >= PGA_PERIOD_S && period <= 10)) throw new RangeError(`Baker & Jayaram (2008) is fitted for periods 0.01–10 s, got ${period} s`);
  const tMin = Math.min(period1S, period2S);
  const tMax = Math.max(period1S, period2S);
  if (tMax - tMin < 1e-10) return 1;
  const c1 = 1 - Math.cos(Math.PI / 2 - 0.366 * Math.log(tMax / Math.max(tMin, 0.109)));
  const c2 = tMax < 0.2 ? 1 - 0.105 * (1 - 1 / (1 + Math.exp(100 * tMax - 5))) * ((tMax - tMin) / (tMax - 0.0099)) : 0;
  const c3 = tMax < 0.109 ? c2 : c1;
  const c4 = c1 + 0.5 * (Math.sqrt(c3) - c3) * (1 + Math.cos((Math.PI * tMin) / 0.109));
  if (tMax < 0.109) return c2;
  if (tMin > 0.109) return c1;
  if (tMax < 0.2) return Math.min(c2, c4);
  return c4;
}

/** Bradley (2012): [a_n, b_n, c_n, d_n] for T below each upper bound (s). */
const BRADLEY_2012_SEGMENTS: readonly (readonly [upperS: number, a: number, b: number, c: number, d: number])[] = [
  [0.1, 0.73, 0.54, 0.045, 1.8],
  [0.75, 0.54, 0.81, 0.28, 1.5],
  [2.5, 0.8, 0.76, 1.1, 3.0],
  [Infinity, 0.76, 0.7, 5.0, 3.2],
];

/** Bradley (2012): correlation of ε(PGV) and ε(SA(T)), ρ = (a + b)/2 − (a − b)/2 · tanh(d · ln(T/c)), 0.01 s ≤ T ≤ 10 s. */
export function bradley2012PgvSa(periodS: number): number {
  if (!(periodS >= PGA_PERIOD_S && periodS <= 10)) throw new RangeError(`Bradley (2012) is fitted for periods 0.01–10 s, got ${periodS} s`);
  const [, a, b, c, d] = BRADLEY_2012_SEGMENTS.find(([upper]) => periodS < upper)!;
  return (a + b) / 2 - ((a - b) / 2) * Math.tanh(d * Math.log(periodS / c));
}

/** The cross-measure correlation of two measures at one site (module comment). */
export function crossMeasureCorrelation(first: CorrelatedMeasure, second: CorrelatedMeasure): number {
  if (first.kind === 'PGV' && second.kind === 'PGV') return 1;
  if (first.kind === 'PGV' || second.kind === 'PGV') {
    const other = first.kind === 'PGV' ? second : first;
    return other.kind === 'SA' ? bradley2012PgvSa(other.periodS) : BRADLEY_2012_PGV_PGA;
  }
  const periodOf = (measure: CorrelatedMeasure) => (measure.kind === 'SA' ? measure.periodS : PGA_PERIOD_S);
  return bakerJayaram2008(periodOf(first), periodOf(second));
}

/**
 * The lower Cholesky factor L (row-major M×M, C = L·Lᵀ) of the cross-measure correlation matrix
 * of `measures`: standard normals z give correlated ones as L·z. Throws when the matrix is not
 * positive definite (it is for the measures hazsim samples; tested).
 */
export function crossMeasureFactor(measures: readonly CorrelatedMeasure[]): Float64Array {
  const count = measures.length;
  const factor = new Float64Array(count * count);
  for (let i = 0; i < count; i += 1) for (let j = 0; j < count; j += 1) factor[i * count + j] = crossMeasureCorrelation(measures[i], measures[j]);
  choleskyInPlace(factor, count);
  for (let i = 0; i < count; i += 1) for (let j = i + 1; j < count; j += 1) factor[i * count + j] = 0;
  return factor;
}
