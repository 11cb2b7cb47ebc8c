import type { PhysicsProfile } from '../hazards/physics.js';
import type { IntensityQuantity } from '../hazards/types.js';
import { REPORTED_CONFIDENCES, weakerConfidence, type CurveConfidence } from '../fragility/index.js';
import type { SurvivalResult } from './types.js';
import { treeFallTotals } from './treeFallTable.js';

/** How many of the lowest-survival assets a summary lists. */
const LOWEST_LISTED = 10;

/** How many unlocated assets a summary lists. */
export const UNLOCATED_LISTED = 10;

/** An asset component a simulation left out for want of a usable location, and why. */
export interface UnlocatedAsset {
  uuid: string;
  name: string;
  component_type: string;
  asset_type: string | null;
  reason: string;
}

export interface LowSurvivalAsset {
  uuid: string;
  name: string;
  asset_type: string;
  survival_probability: number;
  timestamp: string;
}

/** What every interface reports about a finished simulation (CLI, REST headers, MCP, TUI). */
export interface SurvivalSummary {
  distribution_system_name: string;
  hazard_system_name: string;
  curve_set: string;
  physics: PhysicsProfile;
  asset_count: number;
  unlocated_count: number;
  /** The first unlocated assets (UNLOCATED_LISTED at most; the result's run_info lists them all). */
  unlocated_assets: UnlocatedAsset[];
  hazard_count: number;
  timestamps: string[];
  assets_by_type: Record<string, number>;
  survival_statistics: {
    /** Over every asset's lowest survival during the event. */
    min: number;
    mean: number;
    max: number;
    /** Assets whose lowest survival is below 0.5. */
    assets_below_half: number;
    lowest_by_type: Record<string, number>;
  };
  lowest_survival: LowSurvivalAsset[];
  /** Assets by the confidence of the curves that judged them (assetsByCurveConfidence). */
  assets_by_curve_confidence: ConfidenceCount[];
  warnings: string[];
  /** With vegetation and wind only: the tree-fall failures counted apart from the curves (docs/vegetation.md). */
  tree_fall?: { lines_with_trees: number; expected_tree_fall_failures: number };
}

/** How many assets the weakest curve that judged them puts under one confidence, and their share of all assets [0, 1]. */
export interface ConfidenceCount {
  confidence: string;
  assets: number;
  share: number;
}

/** The key of assets no curve judged (no quantity with a curve for their type reached them). */
export const NOT_JUDGED = 'none';

/**
 * Counts the assets by the confidence of the curves that judged them (docs/fragility.md,
 * "Confidence"): an asset is judged by its type's curve for a quantity when the run gives that
 * quantity a survival at the asset at some timestamp, and it counts once, under the weakest
 * confidence among those curves (an asset is as well founded as its weakest curve); assets no
 * curve judged count under NOT_JUDGED. In REPORTED_CONFIDENCES order, then NOT_JUDGED; only
 * confidences with assets.
 */
export function assetsByCurveConfidence(
  result: Pick<SurvivalResult, 'assets' | 'timestamps' | 'survivalByQuantity'>,
  confidenceOf: (assetType: string, quantity: IntensityQuantity) => CurveConfidence | undefined,
): ConfidenceCount[] {
  const count = result.assets.count;
  const weakest: (CurveConfidence | undefined)[] = new Array<CurveConfidence | undefined>(count);
  for (const [quantity, survival] of Object.entries(result.survivalByQuantity) as [IntensityQuantity, Float64Array][]) {
    for (let a = 0; a < count; a += 1) {
      const confidence = confidenceOf(result.assets.assetType[a], quantity);
      if (confidence === undefined) continue;
      let judged = false;
      for (let t = 0; t < result.timestamps.length && !judged; t += 1) judged = !Number.isNaN(survival[t * count + a]);
      if (judged) weakest[a] = weakest[a] === undefined ? confidence : weakerConfidence(weakest[a]!, confidence);
    }
  }
  const tally = new Map<string, number>();
  for (const confidence of weakest) tally.set(confidence ?? NOT_JUDGED, (tally.get(confidence ?? NOT_JUDGED) ?? 0) + 1);
  return [...REPORTED_CONFIDENCES, NOT_JUDGED]
    .filter((key) => tally.has(key))
    .map((key) => ({ confidence: key, assets: tally.get(key)!, share: tally.get(key)! / count }));
}

/** Summarizes a result by each asset's lowest survival over the event (and when it happened). */
export function summarizeSurvival(
  result: SurvivalResult,
  context: Pick<
    SurvivalSummary,
    | 'distribution_system_name'
    | 'hazard_system_name'
    | 'curve_set'
    | 'physics'
    | 'hazard_count'
    | 'unlocated_count'
    | 'unlocated_assets'
    | 'assets_by_curve_confidence'
    | 'warnings'
  >,
): SurvivalSummary {
  const { assets, timestamps, survival } = result;
  const count = assets.count;
  const lowest = new Float64Array(count).fill(1);
  const lowestAt = new Int32Array(count);
  for (let t = 0; t < timestamps.length; t += 1) {
    const offset = t * count;
    for (let a = 0; a < count; a += 1) {
      if (survival[offset + a] < lowest[a]) {
        lowest[a] = survival[offset + a];
        lowestAt[a] = t;
      }
    }
  }
  const assetsByType: Record<string, number> = {};
  const lowestByType: Record<string, number> = {};
  let sum = 0;
  let below = 0;
  let min = 1;
  let max = count ? 0 : 1;
  for (let a = 0; a < count; a += 1) {
    const type = assets.assetType[a];
    assetsByType[type] = (assetsByType[type] ?? 0) + 1;
    lowestByType[type] = Math.min(lowestByType[type] ?? 1, lowest[a]);
    sum += lowest[a];
    min = Math.min(min, lowest[a]);
    max = Math.max(max, lowest[a]);
    if (lowest[a] < 0.5) below += 1;
  }
  const order = firstInOrder(count, LOWEST_LISTED, (a, b) => lowest[a] - lowest[b] || assets.name[a].localeCompare(assets.name[b]));
  return {
    ...context,
    asset_count: count,
    timestamps,
    assets_by_type: assetsByType,
    survival_statistics: {
      min,
      mean: count ? sum / count : 1,
      max,
      assets_below_half: below,
      lowest_by_type: lowestByType,
    },
    lowest_survival: order.map((a) => ({
      uuid: assets.uuid[a],
      name: assets.name[a],
      asset_type: assets.assetType[a],
      survival_probability: lowest[a],
      timestamp: timestamps[lowestAt[a]] ?? '',
    })),
    ...treeFallSummary(result),
  };
}

function treeFallSummary(result: SurvivalResult): Pick<SurvivalSummary, 'tree_fall'> {
  const totals = treeFallTotals(result);
  return totals ? { tree_fall: totals } : {};
}

/**
 * The first `k` of the indices 0..count−1 in the (stable) order of `compare`, by insertion
 * into a list of k: one pass over a large feeder instead of sorting all its assets.
 */
function firstInOrder(count: number, k: number, compare: (a: number, b: number) => number): number[] {
  const first: number[] = [];
  for (let index = 0; index < count; index += 1) {
    if (first.length === k && compare(index, first[k - 1]) >= 0) continue;
    let at = first.length;
    while (at > 0 && compare(index, first[at - 1]) < 0) at -= 1;
    first.splice(at, 0, index);
    if (first.length > k) first.pop();
  }
  return first;
}
