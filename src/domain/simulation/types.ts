import type { AssetTable } from '../assets/types.js';
import type { IntensityQuantity } from '../hazards/types.js';

/**
 * Everything a simulation computed, as columns. Arrays over (timestamp, asset) are
 * timestamp-major: the value of asset a at timestamp t is at [t * assets.count + a].
 */
export interface SurvivalResult {
  assets: AssetTable;
  /** Sorted distinct timestamps, ISO 8601 without zone. */
  timestamps: string[];
  /** Intensity per quantity in SI units; NaN where the quantity is absent. */
  intensities: Partial<Record<IntensityQuantity, Float64Array>>;
  /** Survival per quantity; NaN where the quantity is absent. */
  survivalByQuantity: Partial<Record<IntensityQuantity, Float64Array>>;
  /**
   * default physics only: per quantity whose curves have several limit states, and per limit
   * state k of the asset's curve, the probability that no element of the asset has reached k
   * up to t, judged as survival is (at the out-of-service limit state it is survivalByQuantity);
   * NaN where the quantity is absent or the asset's curve has no limit state k. The damage
   * states' probabilities are the differences of neighbours (damageStates.ts).
   */
  notReached?: Partial<Record<IntensityQuantity, Float64Array[]>>;
  /**
   * Combined survival. erad_v1: the product of the survivals of the quantities present (1
   * when none is). default: the probability of having survived everything up to t.
   */
  survival: Float64Array;
  /**
   * default physics with vegetation only: per (timestamp, asset), the survival of tree fall up
   * to t (docs/vegetation.md), already multiplied into `survival`; NaN for assets with no trees.
   */
  treeFall?: Float64Array;
  /** default physics only: what the per-asset summary table records beyond the columns above. */
  events?: AssetEvents;
}

/** Per asset, what the default physics knows about its whole event (docs/output-sqlite.md, asset_summary). */
export interface AssetEvents {
  /** The hazard type whose survival over the event is lowest; null when no hazard lowers it. */
  governingHazard: (string | null)[];
  /** Elements the asset was judged by (spans and structures of a line, 1 otherwise). */
  elementCount: Int32Array;
}

/** One fragility curve as used in a run, for the `fragility_curves` table. */
export interface CurveUsed {
  asset_type: string;
  quantity: IntensityQuantity;
  /** The curve set the curve came from (a custom set's missing curves come from its fallback set). */
  curve_set: string;
  /** The curve's definition as JSON (version 2: quantity, units, limit states, out of service, repair times). */
  definition: string;
  hazard_type: string;
  /** The curve's citation; null when the curve gives none. */
  source: string | null;
}
