import type { AssetType } from '../assets/types.js';
import type { IntensityQuantity } from '../hazards/quantities.js';

/**
 * Fragility curves as written in curve set files (docs/fragility.md). Quantities carry their
 * unit ("50 meter / second"); a scipy curve names the unit its parameters are in.
 */
export type CurveSpec =
  | { distribution: 'lognormal'; median: string; beta: number }
  | { distribution: 'normal'; mean: string; std: string }
  | { distribution: 'exponential_decay'; max_probability: number; length: string }
  | { distribution: 'scipy'; name: 'lognorm' | 'norm' | 'expon'; parameters: number[]; unit: string };

/** A curve set: per quantity, per asset type, one curve. Asset types left out fall back to DEFAULT_CURVES. */
export interface CurveSet {
  name?: string;
  description?: string;
  curves: Partial<Record<IntensityQuantity, Partial<Record<AssetType, CurveSpec>>>>;
}

/**
 * A curve ready to evaluate, parameters in SI (the quantity's siUnit). Plain data, so a
 * compiled set can be sent to a worker thread.
 */
export type CompiledCurve =
  /** P(fail) = Φ(ln(x/median)/β); x ≤ 0 never fails. */
  | { form: 'lognormal'; median: number; beta: number }
  /** P(fail) = Φ((x − mean)/std). */
  | { form: 'normal'; mean: number; std: number }
  /** P(fail) = 1 for x ≤ 0 (inside a fire), maxProbability·e^(−x/length) beyond. */
  | { form: 'exponential_decay'; maxProbability: number; length: number }
  /** scipy lognorm.cdf(x, s, loc, scale) = Φ(ln((x − loc)/scale)/s) for x > loc, else 0. */
  | { form: 'scipy_lognorm'; s: number; loc: number; scale: number }
  /** scipy expon.cdf(x, loc, scale) = 1 − e^(−(x − loc)/scale) for x ≥ loc, else 0. */
  | { form: 'scipy_expon'; loc: number; scale: number };

/** One curve of a compiled set, as the result file records it. */
export interface CurveEntry {
  asset_type: AssetType;
  quantity: IntensityQuantity;
  /** The set the curve came from: the compiled set's name, or DEFAULT_CURVES for a fallback. */
  source: string;
  curve: CurveSpec;
}

/** A curve set compiled once for lookups by (asset type index, quantity). */
export interface CompiledCurveSet {
  name: string;
  /** The quantities in the registry order the set was compiled with. */
  quantities: IntensityQuantity[];
  /** Curve of asset type index a (ASSET_TYPES order) and quantity index q (`quantities`) at a·quantities.length + q; null where none exists. */
  curves: (CompiledCurve | null)[];
  /** The (asset type, quantity) pairs the set does not cover, taken from DEFAULT_CURVES. */
  fallbacks: { asset_type: AssetType; quantity: IntensityQuantity }[];
  /** The pairs neither the set nor DEFAULT_CURVES covers. */
  missing: { asset_type: AssetType; quantity: IntensityQuantity }[];
  /** Every curve in lookup order, with where it came from. */
  entries: CurveEntry[];
}
