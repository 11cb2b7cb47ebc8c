import * as v from 'valibot';
import type { Dimension } from '../hazards/_units.js';
import { standardNormalSurvival } from './normalCdf.js';
import { positiveQuantityText, siValue } from './_schema.js';
import type { CompiledCurve } from './types.js';

/** The normal fragility curve: P(fail | x) = Φ((x − mean)/std) (docs/fragility.md). */

export function normalSchema(dimension: Dimension) {
  return v.strictObject({ distribution: v.literal('normal'), mean: positiveQuantityText('mean', dimension), std: positiveQuantityText('std', dimension) });
}

export function compileNormal(spec: v.InferOutput<ReturnType<typeof normalSchema>>, dimension: Dimension): CompiledCurve {
  return { form: 'normal', mean: siValue(spec.mean, dimension), std: siValue(spec.std, dimension) };
}

/** Survival 1 − Φ((x − mean)/std); NaN for NaN. */
export function normalSurvival(mean: number, std: number, x: number): number {
  return standardNormalSurvival((x - mean) / std);
}

export function normalSurvivalInto(curve: Extract<CompiledCurve, { form: 'normal' }>, x: Float64Array, out: Float64Array): void {
  const { mean, std } = curve;
  for (let i = 0; i < x.length; i++) out[i] = normalSurvival(mean, std, x[i]);
}
