import * as v from 'valibot';
import type { Dimension } from '../hazards/_units.js';
import { standardNormalSurvival } from './normalCdf.js';
import { positiveNumber, positiveQuantityText, siValue } from './_schema.js';
import type { CompiledCurve } from './types.js';

/**
 * The lognormal fragility curve: P(fail | x) = Φ(ln(x/median)/β), the usual median/β
 * form (docs/fragility.md). x ≤ 0 never fails: a depth below the asset or no wind at all.
 */

export function lognormalSchema(dimension: Dimension) {
  return v.strictObject({ distribution: v.literal('lognormal'), median: positiveQuantityText('median', dimension), beta: positiveNumber('beta') });
}

export function compileLognormal(spec: v.InferOutput<ReturnType<typeof lognormalSchema>>, dimension: Dimension): CompiledCurve {
  return { form: 'lognormal', median: siValue(spec.median, dimension), beta: spec.beta };
}

/** Survival 1 − Φ(ln(x/median)/β) at x (same unit as median); 1 for x ≤ 0; NaN for NaN. */
export function lognormalSurvival(median: number, beta: number, x: number): number {
  return survivalScaled(1 / median, 1 / beta, x);
}

/** lognormalSurvival with the reciprocals precomputed: multiplications in the loop instead of divisions. */
function survivalScaled(inverseMedian: number, inverseBeta: number, x: number): number {
  if (x > 0) return standardNormalSurvival(Math.log(x * inverseMedian) * inverseBeta);
  return x <= 0 ? 1 : Number.NaN;
}

export function lognormalSurvivalInto(curve: Extract<CompiledCurve, { form: 'lognormal' }>, x: Float64Array, out: Float64Array): void {
  const inverseMedian = 1 / curve.median;
  const inverseBeta = 1 / curve.beta;
  for (let i = 0; i < x.length; i++) out[i] = survivalScaled(inverseMedian, inverseBeta, x[i]);
}
