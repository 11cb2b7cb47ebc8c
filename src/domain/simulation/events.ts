import type { ElementTable } from '../assets/elements.js';
import type { AssetTable } from '../assets/types.js';
import { intensityQuantityNames, quantityDefinition } from '../hazards/quantities.js';
import type { IntensityGrid, IntensityQuantity } from '../hazards/types.js';
import type { SurvivalEvaluator } from './combine.js';
import type { AssetEvents, SurvivalResult } from './types.js';

/** [start, end) of each element type's run in an element table grouped by type. */
function typeRuns(typeIndex: Uint8Array): { typeIndex: number; start: number; end: number }[] {
  const runs: { typeIndex: number; start: number; end: number }[] = [];
  for (let e = 0; e < typeIndex.length; e += 1) {
    const last = runs[runs.length - 1];
    if (last && last.typeIndex === typeIndex[e]) last.end = e + 1;
    else runs.push({ typeIndex: typeIndex[e], start: e, end: e + 1 });
  }
  return runs;
}

/**
 * Turns each site's values into the most severe value up to each timestamp, in place (the
 * event peak up to t). NaN (absent) until the quantity first reaches the site.
 */
export function runningPeak(values: Float64Array, siteCount: number, timestampCount: number, mostSevere: 'max' | 'min'): void {
  for (let t = 1; t < timestampCount; t += 1) {
    const offset = t * siteCount;
    const previous = offset - siteCount;
    for (let site = 0; site < siteCount; site += 1) {
      const before = values[previous + site];
      if (before !== before) continue;
      const now = values[offset + site];
      if (now !== now || (mostSevere === 'max' ? before > now : before < now)) values[offset + site] = before;
    }
  }
}

/**
 * Event-consistent survival (docs/physics.md). For every element, quantity and timestamp t
 * the intensity is the event peak up to t; its curve gives survival; per hazard the
 * governing quantity is the one with the lowest survival; hazards (independent mechanisms)
 * multiply; an asset survives when every one of its elements does (a series system). So the
 * survival at t is the probability of having survived everything up to t and never rises.
 *
 * Result columns per asset: the most severe peak over its elements per quantity, per
 * quantity the product over its elements of that quantity's survival, and the combined
 * survival. `grid` (over the elements, consumed: its values become running peaks) comes
 * from computeIntensities on `elements`.
 */
export function eventSurvival(assets: AssetTable, elements: ElementTable, grid: IntensityGrid, evaluate: SurvivalEvaluator): SurvivalResult {
  const elementCount = elements.count;
  const assetCount = assets.count;
  const timestampCount = grid.timestamps.length;
  const { owner } = elements;
  const runs = typeRuns(elements.assetTypeIndex);
  const scratch = new Float64Array(elementCount);
  const byHazard = new Map<string, Float64Array>();
  const intensities: Partial<Record<IntensityQuantity, Float64Array>> = {};
  const survivalByQuantity: Partial<Record<IntensityQuantity, Float64Array>> = {};

  for (const quantity of intensityQuantityNames()) {
    const values = grid.quantities[quantity];
    if (!values) continue;
    const { mostSevere, hazard } = quantityDefinition(quantity);
    runningPeak(values, elementCount, timestampCount, mostSevere);
    let hazardSurvival = byHazard.get(hazard);
    if (!hazardSurvival) byHazard.set(hazard, (hazardSurvival = new Float64Array(elementCount * timestampCount).fill(Number.NaN)));
    const assetIntensity = new Float64Array(assetCount * timestampCount).fill(Number.NaN);
    const assetSurvival = new Float64Array(assetCount * timestampCount).fill(Number.NaN);
    const first = grid.producedAt[quantity]!.indexOf(1);
    for (let t = Math.max(first, 0); t < timestampCount; t += 1) {
      const offset = t * elementCount;
      const assetOffset = t * assetCount;
      for (const run of runs) evaluate(run.typeIndex, quantity, values.subarray(offset + run.start, offset + run.end), scratch.subarray(run.start, run.end));
      for (let e = 0; e < elementCount; e += 1) {
        const survival = scratch[e];
        if (survival !== survival) continue; // absent here: leaves everything alone
        const cell = assetOffset + owner[e];
        const sofar = assetSurvival[cell];
        assetSurvival[cell] = sofar === sofar ? sofar * survival : survival;
        const value = values[offset + e];
        const held = assetIntensity[cell];
        if (held !== held || (mostSevere === 'max' ? value > held : value < held)) assetIntensity[cell] = value;
        const governing = hazardSurvival[offset + e];
        if (!(governing <= survival)) hazardSurvival[offset + e] = survival;
      }
    }
    intensities[quantity] = assetIntensity;
    survivalByQuantity[quantity] = assetSurvival;
  }

  const survival = new Float64Array(assetCount * timestampCount).fill(1);
  const finalByHazard = new Map<string, Float64Array>();
  const last = timestampCount - 1;
  for (const [hazard, hazardSurvival] of byHazard) {
    const final = new Float64Array(assetCount).fill(1);
    finalByHazard.set(hazard, final);
    for (let t = 0; t < timestampCount; t += 1) {
      const offset = t * elementCount;
      const assetOffset = t * assetCount;
      for (let e = 0; e < elementCount; e += 1) {
        const value = hazardSurvival[offset + e];
        if (value !== value) continue;
        survival[assetOffset + owner[e]] *= value;
        if (t === last) final[owner[e]] *= value;
      }
    }
  }
  // Each factor is a curve of a running peak, so this only guards curve forms that are not monotone.
  for (let t = 1; t < timestampCount; t += 1) {
    for (let a = 0; a < assetCount; a += 1) {
      const cell = t * assetCount + a;
      if (survival[cell] > survival[cell - assetCount]) survival[cell] = survival[cell - assetCount];
    }
  }
  return { assets, timestamps: grid.timestamps, intensities, survivalByQuantity, survival, events: assetEvents(assetCount, elements, finalByHazard) };
}

/** Per asset: its element count and the hazard with the lowest survival over the event (null when none lowers it). */
function assetEvents(assetCount: number, elements: ElementTable, finalByHazard: Map<string, Float64Array>): AssetEvents {
  const governingHazard: (string | null)[] = new Array(assetCount).fill(null);
  const lowest = new Float64Array(assetCount).fill(1);
  for (const [hazard, final] of finalByHazard) {
    for (let a = 0; a < assetCount; a += 1) {
      if (final[a] < lowest[a]) {
        lowest[a] = final[a];
        governingHazard[a] = hazard;
      }
    }
  }
  return { governingHazard, elementCount: elements.elementCount };
}
