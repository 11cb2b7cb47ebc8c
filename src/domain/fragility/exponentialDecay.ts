import * as v from 'valibot';
import type { Dimension } from '../hazards/_units.js';
import { positiveQuantityText, siValue } from './_schema.js';
import type { CompiledCurve } from './types.js';

/**
 * The fire curve (docs/fragility.md, ERAD's newer engine): an asset inside a fire perimeter
 * (distance 0) fails with probability_inside (default 1: it fails); outside,
 * P(fail) = max_probability·e^(−d/length).
 */

export function exponentialDecaySchema(dimension: Dimension) {
  return v.strictObject({
    distribution: v.literal('exponential_decay'),
    max_probability: v.pipe(
      v.number('max_probability must be a number'),
      v.check(
        (p) => p > 0 && p <= 1,
        (issue) => `max_probability must be greater than 0 and at most 1, got ${String(issue.input)}`,
      ),
    ),
    length: positiveQuantityText('length', dimension),
    probability_inside: v.optional(
      v.pipe(
        v.number('probability_inside must be a number'),
        v.check(
          (p) => p >= 0 && p <= 1,
          (issue) => `probability_inside must be in [0, 1], got ${String(issue.input)}`,
        ),
      ),
    ),
  });
}

export function compileExponentialDecay(spec: v.InferOutput<ReturnType<typeof exponentialDecaySchema>>, dimension: Dimension): CompiledCurve {
  return {
    form: 'exponential_decay',
    maxProbability: spec.max_probability,
    length: siValue(spec.length, dimension),
    insideProbability: spec.probability_inside ?? 1,
  };
}

/** Survival at distance d (unit of `length`): 1 − insideProbability inside (d ≤ 0), 1 − p·e^(−d/length) outside; NaN for NaN. */
export function exponentialDecaySurvival(maxProbability: number, length: number, distance: number, insideProbability = 1): number {
  if (distance > 0) return 1 - maxProbability * Math.exp(-distance / length);
  return distance <= 0 ? 1 - insideProbability : Number.NaN;
}

export function exponentialDecaySurvivalInto(curve: Extract<CompiledCurve, { form: 'exponential_decay' }>, x: Float64Array, out: Float64Array): void {
  const { maxProbability, length, insideProbability } = curve;
  for (let i = 0; i < x.length; i++) out[i] = exponentialDecaySurvival(maxProbability, length, x[i], insideProbability);
}
