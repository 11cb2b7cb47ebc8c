import { pickAssets } from '../assets/table.js';
import type { AssetTable } from '../assets/types.js';
import { intensityQuantityNames } from '../hazards/quantities.js';
import type { IntensityGrid, IntensityQuantity } from '../hazards/types.js';

/**
 * Evaluates the fragility curve of (asset type, quantity) elementwise: survival for each
 * intensity (SI units), NaN where the intensity is NaN. Supplied by the fragility domain.
 * `cellOffset`: where the slice starts in the grid's timestamp-major arrays (to read what else
 * the grid holds for the same cells, such as the intensity's variability). With `limitState`
 * (an index into the curve's limit states), the probability of not reaching that limit state
 * instead, evaluated the same way (survival is that of the out-of-service limit state).
 */
export type SurvivalEvaluator = (
  assetTypeIndex: number,
  quantity: IntensityQuantity,
  intensitySI: Float64Array,
  survivalOut: Float64Array,
  cellOffset: number,
  limitState?: number,
) => void;

/** Reorders an asset table by asset type (ASSET_TYPES order), keeping model order within a type. */
export function groupAssetsByType(assets: AssetTable): AssetTable {
  return pickAssets(
    assets,
    Array.from({ length: assets.count }, (_, index) => index).sort((a, b) => assets.assetTypeIndex[a] - assets.assetTypeIndex[b] || a - b),
  );
}

/** [start, end) of each asset type's run in a table grouped by type. */
function typeRuns(assets: AssetTable): { typeIndex: number; start: number; end: number }[] {
  const runs: { typeIndex: number; start: number; end: number }[] = [];
  for (let a = 0; a < assets.count; a += 1) {
    const typeIndex = assets.assetTypeIndex[a];
    const last = runs[runs.length - 1];
    if (last && last.typeIndex === typeIndex) last.end = a + 1;
    else runs.push({ typeIndex, start: a, end: a + 1 });
  }
  return runs;
}

/**
 * Survival per quantity and combined (docs/fragility.md): for each asset and timestamp the
 * product of the survivals of the quantities present; a missing quantity counts as 1.
 * `assets` must be grouped by type (groupAssetsByType) so each curve runs over contiguous
 * slices of the timestamp-major arrays. Timestamps at which the hazard does not produce a
 * quantity (grid.producedAt) are NaN without evaluating anything.
 */
export function combineSurvival(
  assets: AssetTable,
  grid: IntensityGrid,
  evaluate: SurvivalEvaluator,
): { survivalByQuantity: Partial<Record<IntensityQuantity, Float64Array>>; survival: Float64Array } {
  const assetCount = assets.count;
  const cells = assetCount * grid.timestamps.length;
  const runs = typeRuns(assets);
  const survival = new Float64Array(cells).fill(1);
  const survivalByQuantity: Partial<Record<IntensityQuantity, Float64Array>> = {};
  for (const quantity of intensityQuantityNames()) {
    const intensity = grid.quantities[quantity];
    if (!intensity) continue;
    const producedAt = grid.producedAt[quantity]!;
    const quantitySurvival = new Float64Array(cells);
    for (let t = 0; t < grid.timestamps.length; t += 1) {
      const offset = t * assetCount;
      if (!producedAt[t]) {
        quantitySurvival.fill(Number.NaN, offset, offset + assetCount);
        continue;
      }
      for (const run of runs) {
        evaluate(
          run.typeIndex,
          quantity,
          intensity.subarray(offset + run.start, offset + run.end),
          quantitySurvival.subarray(offset + run.start, offset + run.end),
          offset + run.start,
        );
      }
      for (let cell = offset; cell < offset + assetCount; cell += 1) {
        const value = quantitySurvival[cell];
        if (value === value) survival[cell] *= value; // NaN (absent) leaves the product alone
      }
    }
    survivalByQuantity[quantity] = quantitySurvival;
  }
  return { survivalByQuantity, survival };
}
