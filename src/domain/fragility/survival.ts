import { exponentialDecaySurvival, exponentialDecaySurvivalInto } from './exponentialDecay.js';
import { lognormalSurvival, lognormalSurvivalInto } from './lognormal.js';
import { normalSurvival, normalSurvivalInto } from './normal.js';
import {
  scipyExponSurvival,
  scipyExponSurvivalInto,
  scipyLognormSurvival,
  scipyLognormSurvivalInto,
  scipyPowerlawSurvival,
  scipyPowerlawSurvivalInto,
} from './scipy.js';
import type { CompiledCurve } from './types.js';

/**
 * Survival probabilities 1 − P(fail | x) for every intensity in `intensitySI` (SI units),
 * written into `out` (same length or longer). NaN in gives NaN out. One loop per curve
 * form, so the form is decided once per call; allocation-free. Call it on subarrays.
 */
export function survivalInto(curve: CompiledCurve, intensitySI: Float64Array, out: Float64Array): void {
  switch (curve.form) {
    case 'lognormal':
      return lognormalSurvivalInto(curve, intensitySI, out);
    case 'normal':
      return normalSurvivalInto(curve, intensitySI, out);
    case 'exponential_decay':
      return exponentialDecaySurvivalInto(curve, intensitySI, out);
    case 'scipy_lognorm':
      return scipyLognormSurvivalInto(curve, intensitySI, out);
    case 'scipy_expon':
      return scipyExponSurvivalInto(curve, intensitySI, out);
    case 'scipy_powerlaw':
      return scipyPowerlawSurvivalInto(curve, intensitySI, out);
    case 'failed_share':
      for (let i = 0; i < intensitySI.length; i++) out[i] = survivalAt(curve, intensitySI[i]);
      return;
    default:
      return unknownForm(curve);
  }
}

/** Survival 1 − P(fail | x) at one intensity x (SI units); NaN for NaN. */
export function survivalAt(curve: CompiledCurve, intensitySI: number): number {
  switch (curve.form) {
    case 'lognormal':
      return lognormalSurvival(curve.median, curve.beta, intensitySI);
    case 'normal':
      return normalSurvival(curve.mean, curve.std, intensitySI);
    case 'exponential_decay':
      return exponentialDecaySurvival(curve.maxProbability, curve.length, intensitySI, curve.insideProbability);
    case 'scipy_lognorm':
      return scipyLognormSurvival(curve.s, curve.loc, curve.scale, intensitySI);
    case 'scipy_expon':
      return scipyExponSurvival(curve.loc, curve.scale, intensitySI);
    case 'scipy_powerlaw':
      return scipyPowerlawSurvival(curve.a, curve.loc, curve.scale, intensitySI);
    case 'failed_share': {
      if (intensitySI !== intensitySI) return Number.NaN;
      let survival = 1;
      for (let k = 0; k < curve.limitStates.length; k++) survival -= curve.weights[k] * (1 - survivalAt(curve.limitStates[k], intensitySI));
      return survival < 0 ? 0 : survival;
    }
    default:
      return unknownForm(curve);
  }
}

/** A form without a case above fails to compile here (its curve is not `never`). */
function unknownForm(curve: never): never {
  throw new Error(`unknown compiled curve form ${JSON.stringify((curve as { form?: unknown }).form)}`);
}
