import type { AssetType } from '../assets/types.js';
import type { IntensityQuantity } from '../hazards/quantities.js';

/**
 * One fragility curve form as written in a version 1 curve set file, and as one limit
 * state compiles (docs/fragility.md). Quantities carry their unit ("50 meter / second"); a
 * scipy curve names the unit its parameters are in.
 */
export type CurveSpec =
  | { distribution: 'lognormal'; median: string; beta: number }
  | { distribution: 'normal'; mean: string; std: string }
  | { distribution: 'exponential_decay'; max_probability: number; length: string; probability_inside?: number }
  | { distribution: 'scipy'; name: 'lognorm' | 'norm' | 'expon' | 'powerlaw'; parameters: number[]; unit: string };

/** A version 1 curve set: per quantity, per asset type, one curve (one limit state: failure). */
export interface CurveSetV1 {
  name?: string;
  description?: string;
  curves: Partial<Record<IntensityQuantity, Partial<Record<AssetType, CurveSpec>>>>;
}

/** The limit-state forms of a version 2 curve; parameters are numbers in the curve's `units`. */
export type LimitStateSpec =
  | { name: string; form: 'lognormal'; parameters: { median: number; beta: number } }
  | { name: string; form: 'normal'; parameters: { mean: number; std: number } }
  | { name: string; form: 'exponential_decay'; parameters: { max_probability: number; length: number; probability_inside?: number } }
  | { name: string; form: 'scipy'; parameters: { name: 'lognorm' | 'norm' | 'expon' | 'powerlaw'; args: number[] } };

/** Repair time of one damage state (HAZUS restoration functions are normal in days; hazsim holds hours). */
export interface RepairTimeSpec {
  distribution: 'normal';
  mean_hours: number;
  sd_hours: number;
}

/**
 * What one evaluation of a curve stands for (docs/physics.md, "Exposure units"): one asset,
 * one circuit (a line asset, judged by the share of circuits that fail), one structure (pole
 * or tower), one span between structures, one kilometre of line.
 */
export type AppliesTo = 'asset' | 'circuit' | 'pole' | 'span' | 'km';

/**
 * How good the evidence for a curve is; the tokens and their meaning are in confidence.ts
 * (CURVE_CONFIDENCES). `not-stated` is how a curve without one reads; a file may say it too.
 */
export type CurveConfidence = 'primary' | 'code-transcription' | 'secondary' | 'not-verified' | 'not-found' | 'judgement' | 'not-stated';

/** One curve of a version 2 set: one governing quantity of a hazard for one asset type, with ordered limit states. */
export interface FragilityCurveSpec {
  quantity: IntensityQuantity;
  /** The unit of every dimensional parameter of the limit states. */
  units: string;
  applies_to: AppliesTo;
  /** Wind only: the averaging time of the wind speed the curve expects, seconds. */
  averaging_time_s?: number;
  /** Wind only: the height of that wind speed above ground, metres. */
  height_m?: number;
  /** From the least to the most severe; each gives P(reaching or exceeding it | intensity). */
  limit_states: LimitStateSpec[];
  /** The limit state from which the asset is out of service. */
  out_of_service: string;
  /**
   * Curves per circuit only: per damage state (named as its limit state), the share of the
   * circuits in that state that are out of service (HAZUS: slight 0.04 … complete 0.8). A
   * circuit is then out with Σ P(DS = k)·share_k, the expected share of circuits failed.
   */
  failed_fraction?: Record<string, number>;
  /** Per damage state (named as the limit state it begins at). */
  repair_time?: Record<string, RepairTimeSpec>;
  /** Confidence of the repair times' source (CURVE_CONFIDENCES); only with repair_time. */
  repair_time_confidence?: CurveConfidence;
  /** Citation: authors, year, title, table or figure; or a statement that the values are engineering judgement. */
  source?: string;
  /** How good the evidence for this curve, applied to this asset type, is; absent reads as `not-stated` (confidence.ts). */
  confidence?: CurveConfidence;
}

/** The built-in sets a curve set may fall back on. */
export type FallbackSet = 'DEFAULT_CURVES' | 'LEGACY_DEFAULT_CURVES';

/**
 * A curve set, version 2 (docs/fragility.md): per hazard type, per asset type, one or more
 * curves (one per quantity). Version 1 sets are converted on read into this form.
 */
export interface CurveSet {
  format_version: 2;
  name?: string;
  description?: string;
  /** What reading the set did (a version 1 set says it was converted). */
  notes?: string[];
  /**
   * The built-in set whose curves cover the (hazard, asset type) pairs this set leaves out:
   * DEFAULT_CURVES for version 2 sets, LEGACY_DEFAULT_CURVES for converted version 1 sets
   * (the default they were written against).
   */
  fallback?: FallbackSet;
  curves: Record<string, Partial<Record<AssetType, FragilityCurveSpec[]>>>;
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
  /** P(fail) = insideProbability for x ≤ 0 (inside a fire), maxProbability·e^(−x/length) beyond. */
  | { form: 'exponential_decay'; maxProbability: number; length: number; insideProbability: number }
  /** scipy lognorm.cdf(x, s, loc, scale) = Φ(ln((x − loc)/scale)/s) for x > loc, else 0. */
  | { form: 'scipy_lognorm'; s: number; loc: number; scale: number }
  /** scipy expon.cdf(x, loc, scale) = 1 − e^(−(x − loc)/scale) for x ≥ loc, else 0. */
  | { form: 'scipy_expon'; loc: number; scale: number }
  /** scipy powerlaw.cdf(x, a, loc, scale) = ((x − loc)/scale)^a on [loc, loc + scale], 0 below, 1 above. */
  | { form: 'scipy_powerlaw'; a: number; loc: number; scale: number }
  /** A circuit's out-of-service probability Σ_k weights[k]·P(reaching limit state k): the expected share of circuits failed (failed_fraction). */
  | { form: 'failed_share'; limitStates: CompiledCurve[]; weights: number[] };

/** One curve compiled: its limit states in order, which one puts the asset out of service, and its damage states' repair times. */
export interface CompiledFragility {
  hazard: string;
  limitStates: CompiledCurve[];
  /** Limit-state names, in order; damage state k (1-based) is named limitStateNames[k − 1], damage state 0 is 'none'. */
  limitStateNames: string[];
  /** Index into limitStates of the out-of-service limit state. */
  outOfService: number;
  /** Curves per circuit: the out-of-service curve, the expected share of circuits failed (it replaces limitStates[outOfService] as the survival). */
  failedShare?: CompiledCurve;
  /** Repair time per damage state 1..n (index k − 1); null where the curve gives none. */
  repair: (RepairTimeSpec | null)[];
}

/** One curve of a compiled set, as the result file records it. */
export interface CurveEntry {
  asset_type: AssetType;
  quantity: IntensityQuantity;
  hazard: string;
  /** The set the curve came from: the compiled set's name, or its fallback set. */
  curve_set: string;
  curve: FragilityCurveSpec;
}

/** A curve set compiled once for lookups by (asset type index, quantity). */
export interface CompiledCurveSet {
  name: string;
  /** The quantities in the registry order the set was compiled with. */
  quantities: IntensityQuantity[];
  /** Out-of-service curve of asset type index a (ASSET_TYPES order) and quantity index q (`quantities`) at a·quantities.length + q; null where none exists. */
  curves: (CompiledCurve | null)[];
  /** The whole curve (every limit state) at the same index; null where none exists. */
  fragilities: (CompiledFragility | null)[];
  /** The set that covers the (hazard, asset type) pairs this set leaves out. */
  fallbackSet: FallbackSet;
  /** The (asset type, quantity) pairs whose curve comes from the fallback set. */
  fallbacks: { asset_type: AssetType; quantity: IntensityQuantity }[];
  /** The pairs with no curve (their hazard is governed by other quantities, or neither set covers it). */
  missing: { asset_type: AssetType; quantity: IntensityQuantity }[];
  /** The (asset type, hazard) pairs the set (or its fallback) lists with no curves: they do not fail under that hazard. */
  notVulnerable: { asset_type: AssetType; hazard: string }[];
  /** Every curve in lookup order, with where it came from. */
  entries: CurveEntry[];
}
