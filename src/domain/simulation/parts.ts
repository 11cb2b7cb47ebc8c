/**
 * A run of the default physics in parts: consecutive ranges of assets judged separately (on
 * several threads, src/app/simulation/survivalParts.ts) and put back together. Every asset's survival
 * depends only on its own elements, so the parts give the whole run's values; the ranges
 * depend only on the assets (never on the machine's cores), so the warnings' order and the
 * result's bytes do not either (docs/performance.md, "Threads").
 */
import { elementCountOf } from '../assets/elements.js';
import { pickAssets } from '../assets/table.js';
import type { AssetTable } from '../assets/types.js';
import { mergeWarnings, type IntensityQuantity } from '../hazards/index.js';
import type { SurvivalComputation } from './survival.js';
import { conversionKey, type WindConversionRecord, type WindConversionStep } from './windConversion.js';
import type { AssetEvents, SurvivalResult } from './types.js';

/** Elements per part: enough that a part's fixed costs (preparing its sites, following a storm's sub-steps) stay small. */
export const ELEMENTS_PER_PART = 65_536;

/** Assets [from, to) of a table. */
export interface AssetRange {
  from: number;
  to: number;
}

/** Consecutive ranges of about `elementsPerPart` elements each (an asset's elements stay in one), covering every asset. */
export function assetRanges(assets: AssetTable, elementsPerPart = ELEMENTS_PER_PART): AssetRange[] {
  const ranges: AssetRange[] = [];
  let from = 0;
  let elements = 0;
  for (let a = 0; a < assets.count; a += 1) {
    elements += elementCountOf(assets, a);
    if (elements >= elementsPerPart) {
      ranges.push({ from, to: a + 1 });
      from = a + 1;
      elements = 0;
    }
  }
  if (from < assets.count || ranges.length === 0) ranges.push({ from, to: assets.count });
  return ranges;
}

/** The assets of a range, as a table of their own. */
export function sliceAssets(assets: AssetTable, { from, to }: AssetRange): AssetTable {
  return pickAssets(
    assets,
    Array.from({ length: to - from }, (_, index) => from + index),
  );
}

/** Per (timestamp, asset) arrays of the parts as one over all assets, timestamp-major; NaN where a part has none. */
function joinCells(parts: readonly (Float64Array | undefined)[], counts: readonly number[], timestampCount: number): Float64Array {
  const total = counts.reduce((sum, count) => sum + count, 0);
  const joined = new Float64Array(total * timestampCount).fill(Number.NaN);
  let offset = 0;
  parts.forEach((values, index) => {
    const count = counts[index];
    if (values) for (let t = 0; t < timestampCount; t += 1) joined.set(values.subarray(t * count, (t + 1) * count), t * total + offset);
    offset += count;
  });
  return joined;
}

/** The quantities the parts have, in the order they first appear. */
function quantitiesOf(records: readonly Partial<Record<IntensityQuantity, unknown>>[]): IntensityQuantity[] {
  return [...new Set(records.flatMap((record) => Object.keys(record) as IntensityQuantity[]))];
}

/** The wind conversions of the parts as the whole run records them: each conversion and asset type where it first appears. */
function mergeWindRecords(records: readonly WindConversionRecord[]): WindConversionRecord | undefined {
  if (records.length === 0) return undefined;
  const byKey = new Map<string, WindConversionStep>();
  for (const record of records) {
    for (const step of record.conversions) {
      const key = conversionKey(step);
      const held = byKey.get(key);
      if (!held) byKey.set(key, { ...step, asset_types: [...step.asset_types] });
      else for (const type of step.asset_types) if (!held.asset_types.includes(type)) held.asset_types.push(type);
    }
  }
  return { ...records[0], conversions: [...byKey.values()] };
}

/** The parts of a run (in range order, covering `assets`) as the run over all of `assets`. */
export function joinParts(assets: AssetTable, parts: readonly SurvivalComputation[]): SurvivalComputation {
  if (parts.length === 1) return parts[0];
  const counts = parts.map((part) => part.result.assets.count);
  if (counts.reduce((sum, count) => sum + count, 0) !== assets.count) throw new Error('internal: the parts do not cover the assets');
  const { timestamps } = parts[0].result;
  const join = (pick: (result: SurvivalResult) => Float64Array | undefined) =>
    joinCells(
      parts.map((part) => pick(part.result)),
      counts,
      timestamps.length,
    );
  const byQuantity = (pick: (result: SurvivalResult) => Partial<Record<IntensityQuantity, Float64Array>>) =>
    Object.fromEntries(quantitiesOf(parts.map((part) => pick(part.result))).map((quantity) => [quantity, join((result) => pick(result)[quantity])]));
  const notReachedParts = parts.map((part) => part.result.notReached ?? {});
  // A part without an asset type of many limit states has fewer arrays: its assets have no such limit state (NaN).
  const notReached = Object.fromEntries(
    quantitiesOf(notReachedParts).map((quantity) => {
      const limitStates = Math.max(...notReachedParts.map((part) => part[quantity]?.length ?? 0));
      return [quantity, Array.from({ length: limitStates }, (_, k) => join((result) => result.notReached?.[quantity]?.[k]))];
    }),
  );
  const events: AssetEvents | undefined = parts[0].result.events && {
    governingHazard: parts.flatMap((part) => part.result.events!.governingHazard),
    elementCount: Int32Array.from(parts.flatMap((part) => Array.from(part.result.events!.elementCount))),
  };
  const wind = mergeWindRecords(parts.flatMap((part) => (part.wind ? [part.wind] : [])));
  const treeFall = mergeTreeFallRecords(parts);
  return {
    result: {
      assets,
      timestamps,
      intensities: byQuantity((result) => result.intensities),
      survivalByQuantity: byQuantity((result) => result.survivalByQuantity),
      ...(parts[0].result.notReached ? { notReached } : {}),
      survival: join((result) => result.survival),
      ...(events ? { events } : {}),
      ...(parts.some((part) => part.result.treeFall) ? { treeFall: join((result) => result.treeFall) } : {}),
    },
    warnings: mergeWarnings(parts.map((part) => part.warnings)),
    elementCount: parts.reduce((sum, part) => sum + part.elementCount, 0),
    ...(wind ? { wind } : {}),
    ...(treeFall ? { treeFall } : {}),
  };
}

/** The tree-fall records of the parts as the whole run's: spans summed, each gust conversion once (one key, one factor). */
function mergeTreeFallRecords(parts: readonly SurvivalComputation[]): SurvivalComputation['treeFall'] {
  const records = parts.flatMap((part) => (part.treeFall ? [part.treeFall] : []));
  if (records.length === 0) return undefined;
  const conversions = new Map(
    records.flatMap((record) => record.conversions).map((conversion) => [`${conversion.terrain}|${conversion.exposure}`, conversion]),
  );
  return { spanCount: records.reduce((sum, record) => sum + record.spanCount, 0), conversions: [...conversions.values()] };
}
