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
  /** Product of the survivals of the quantities present (1 when none is). */
  survival: Float64Array;
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
