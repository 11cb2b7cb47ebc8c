import type { Dimension } from '../hazards/_units.js';
import { CURVE_FORMS } from './curveForms.js';
import { survivalAt } from './survival.js';
import type { CompiledCurve, CompiledFragility, CurveSpec, FragilityCurveSpec, LimitStateSpec } from './types.js';

/**
 * Limit states of a version 2 curve (docs/fragility.md): each one is a curve form giving
 * P(reaching or exceeding it | intensity); they are ordered from the least to the most
 * severe. Damage state k lies between limit states k and k + 1.
 */

/** Numbers in a curve's units written as the version 1 quantity text the curve forms read ("0.15 standard_gravity"). */
function quantityText(value: number, units: string): string {
  return `${value} ${units}`;
}

/** A limit state as the one-curve form it compiles through (the version 1 curve of the same form). */
export function limitStateCurveSpec(limitState: LimitStateSpec, units: string): CurveSpec {
  switch (limitState.form) {
    case 'lognormal':
      return { distribution: 'lognormal', median: quantityText(limitState.parameters.median, units), beta: limitState.parameters.beta };
    case 'normal':
      return { distribution: 'normal', mean: quantityText(limitState.parameters.mean, units), std: quantityText(limitState.parameters.std, units) };
    case 'exponential_decay':
      return {
        distribution: 'exponential_decay',
        max_probability: limitState.parameters.max_probability,
        length: quantityText(limitState.parameters.length, units),
        ...(limitState.parameters.probability_inside !== undefined ? { probability_inside: limitState.parameters.probability_inside } : {}),
      };
    case 'scipy':
      return { distribution: 'scipy', name: limitState.parameters.name, parameters: [...limitState.parameters.args], unit: units };
  }
}

/** Compiles a (validated) curve: every limit state to SI, the out-of-service index and the repair times. */
export function compileFragility(curve: FragilityCurveSpec, hazard: string, dimension: Dimension): CompiledFragility {
  const limitStates = curve.limit_states.map((limitState) => {
    const spec = limitStateCurveSpec(limitState, curve.units);
    return CURVE_FORMS[spec.distribution].compile(spec, dimension);
  });
  const limitStateNames = curve.limit_states.map((limitState) => limitState.name);
  const shares = curve.applies_to === 'circuit' ? curve.failed_fraction : undefined;
  return {
    ...(shares
      ? {
          failedShare: failedShareCurve(
            limitStates,
            limitStateNames.map((name) => shares[name] ?? 0),
          ),
        }
      : {}),
    hazard,
    limitStates,
    limitStateNames,
    outOfService: limitStateNames.indexOf(curve.out_of_service),
    repair: limitStateNames.map((name) => curve.repair_time?.[name] ?? null),
  };
}

/**
 * A circuit's out-of-service curve: with share_k of the circuits failed in damage state k,
 * P(out) = Σ_k P(DS = k)·share_k = Σ_k P(LS_k)·(share_k − share_{k−1}) (share_0 = 0), a
 * weighted sum of the limit states' exceedances with non-negative weights.
 */
export function failedShareCurve(limitStates: CompiledCurve[], shares: number[]): CompiledCurve {
  return { form: 'failed_share', limitStates, weights: shares.map((share, k) => share - (k > 0 ? shares[k - 1] : 0)) };
}

/** P(exceeding) of a compiled limit state at x (SI). */
function exceedance(curve: CompiledCurve, x: number): number {
  return 1 - survivalAt(curve, x);
}

/** The scales (SI) a compiled curve's shape is set by: where its probability changes. */
function scales(curve: CompiledCurve): number[] {
  switch (curve.form) {
    case 'lognormal':
      return [curve.median];
    case 'normal':
      return [Math.abs(curve.mean), curve.std];
    case 'exponential_decay':
      return [curve.length];
    case 'scipy_lognorm':
    case 'scipy_expon':
    case 'scipy_powerlaw':
      return [Math.abs(curve.loc), curve.scale];
    case 'failed_share':
      return curve.limitStates.flatMap(scales);
  }
}

/**
 * The intensities a curve's limit states are compared at: 0, then 400 points from 1/1000 of
 * the smallest scale to 20 times the largest, evenly spaced in the logarithm, and 400
 * evenly spaced up to 20 times the largest (the measure's range where probabilities move).
 */
export function checkGrid(limitStates: readonly CompiledCurve[]): number[] {
  const all = limitStates.flatMap(scales).filter((value) => value > 0 && Number.isFinite(value));
  if (all.length === 0) return [0];
  const low = Math.min(...all) / 1000;
  const high = Math.max(...all) * 20;
  const points = [0];
  for (let i = 0; i <= 400; i += 1) points.push(low * Math.pow(high / low, i / 400));
  for (let i = 1; i <= 400; i += 1) points.push((high * i) / 400);
  return points.sort((a, b) => a - b);
}

/**
 * Two lognormal limit states with different β cross in a tail: HAZUS 5.1's published
 * classes do, by up to 3.1e-4 (substation EP.S.L.U, moderate over extensive near 1.15 g,
 * where both exceed 0.99). A crossing counts when the more severe state is more likely by
 * more than this.
 */
export const CROSSING_TOLERANCE = 1e-3;

/** The first place where limit state k + 1 is more likely than limit state k, or null when they are ordered everywhere on the grid. */
export function firstCrossing(limitStates: readonly CompiledCurve[]): { index: number; x: number; lower: number; upper: number } | null {
  const grid = checkGrid(limitStates);
  for (let k = 0; k + 1 < limitStates.length; k += 1) {
    for (const x of grid) {
      const lower = exceedance(limitStates[k], x);
      const upper = exceedance(limitStates[k + 1], x);
      if (upper - lower > CROSSING_TOLERANCE) return { index: k + 1, x, lower, upper };
    }
  }
  return null;
}

/**
 * Probabilities of damage states 0..n at intensity x (SI): P(DS0) = 1 − P(LS1),
 * P(DSk) = P(LSk) − P(LSk+1), P(DSn) = P(LSn). Exceedances are made non-increasing over
 * the limit states first (the tolerated tail crossings), so no probability is negative and
 * they sum to 1. NaN intensity gives NaN for every state.
 */
export function damageStateProbabilitiesAt(fragility: CompiledFragility, x: number, out: Float64Array): void {
  const count = fragility.limitStates.length;
  if (Number.isNaN(x)) {
    out.fill(Number.NaN, 0, count + 1);
    return;
  }
  let previous = 1;
  const exceed = new Array<number>(count);
  for (let k = 0; k < count; k += 1) {
    const p = exceedance(fragility.limitStates[k], x);
    exceed[k] = p < previous ? p : previous;
    previous = exceed[k];
  }
  out[0] = 1 - (count > 0 ? exceed[0] : 0);
  for (let k = 0; k < count; k += 1) out[k + 1] = k + 1 < count ? exceed[k] - exceed[k + 1] : exceed[k];
}
