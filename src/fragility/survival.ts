import { exponentialDecaySurvival, exponentialDecaySurvivalInto } from './exponentialDecay.js';
import { lognormalSurvival, lognormalSurvivalInto } from './lognormal.js';
import { normalSurvival, normalSurvivalInto } from './normal.js';
import { scipyExponSurvival, scipyExponSurvivalInto, scipyLognormSurvival, scipyLognormSurvivalInto } from './scipy.js';
import type { IntensityQuantity } from '../hazards/types.js';
import { curveFor } from './compile.js';
import type { CompiledCurve, CompiledCurveSet } from './types.js';

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
      return exponentialDecaySurvival(curve.maxProbability, curve.length, intensitySI);
    case 'scipy_lognorm':
      return scipyLognormSurvival(curve.s, curve.loc, curve.scale, intensitySI);
    case 'scipy_expon':
      return scipyExponSurvival(curve.loc, curve.scale, intensitySI);
  }
}

/** Runs of one asset type at least this long are evaluated through survivalInto on views. */
const RUN_FOR_VIEWS = 32;

/**
 * Survivals of a row of assets of mixed types for one quantity: asset i uses the curve of
 * its type `assetTypeIndex[i]` (ASSET_TYPES order). Consecutive assets of one type are
 * evaluated together, so assets grouped by type run at survivalInto's speed.
 */
export function survivalForAssetsInto(compiled: CompiledCurveSet, quantity: IntensityQuantity, assetTypeIndex: Uint8Array, intensitySI: Float64Array, out: Float64Array): void {
  let start = 0;
  while (start < assetTypeIndex.length) {
    const type = assetTypeIndex[start];
    let end = start + 1;
    while (end < assetTypeIndex.length && assetTypeIndex[end] === type) end++;
    const curve = curveFor(compiled, type, quantity);
    if (end - start >= RUN_FOR_VIEWS) survivalInto(curve, intensitySI.subarray(start, end), out.subarray(start, end));
    else for (let i = start; i < end; i++) out[i] = survivalAt(curve, intensitySI[i]);
    start = end;
  }
}
