import type { ElementSites } from '../assets/elements.js';
import type { AssetTable } from '../assets/types.js';
import { intensityQuantityNames, quantityDefinition } from '../hazards/quantities.js';
import type { IntensityGrid, IntensityQuantity } from '../hazards/types.js';
import { mergeWarnings, type HazardWarning } from '../hazards/warnings.js';
import type { SurvivalEvaluator } from './combine.js';
import type { AssetEvents, SurvivalResult } from './types.js';
import { markGoverning, type QuantityExposure } from './exposure.js';
import type { ShakingEvents } from './shakingEvents.js';

/** How many limit states a curve has, and which one puts the asset out of service. */
export interface LimitStateShape {
  count: number;
  outOfService: number;
  /** Whether the curve's survival is the non-exceedance of its out-of-service limit state (not so for a circuit's, the expected share failed). */
  survivalIsOutOfService: boolean;
}

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

/** Bytes of intensity grid a block of timestamps may take; a run over many elements computes its timestamps a block at a time. */
const BLOCK_BYTES = 128 * 1024 * 1024;

/**
 * Event-consistent survival (docs/physics.md). For every element, quantity and timestamp t
 * the intensity is the event peak up to t; its curve gives survival (raised to the span's
 * share of the curve's measure for curves per pole or per km, `measureOf`); per hazard the
 * governing quantity is the one with the lowest survival; hazards (independent mechanisms)
 * multiply; an asset survives when every one of its elements does (a series system). So the
 * survival at t is the probability of having survived everything up to t and never rises.
 *
 * Result columns per asset: the most severe peak over its elements per quantity, per
 * quantity the product over its elements of that quantity's survival, and the combined
 * survival. For the damage states (`notReached`), per quantity whose curves have several limit
 * states (`limitStatesOf`), every limit state is judged the same way: the probability that no
 * element has reached it up to t, the product over the elements of each one's (so a line's
 * damage state is its worst element's, and at the out-of-service limit state this is the
 * quantity's survival). `gridFor` gives the intensities over the elements for timestamps [from, to)
 * (computeIntensities with a window); it is called block by block, so memory does not grow
 * with elements × timestamps.
 */
export function eventSurvival(
  assets: AssetTable,
  elements: ElementSites,
  timestamps: string[],
  quantities: IntensityQuantity[],
  gridFor: (from: number, to: number) => IntensityGrid,
  evaluate: SurvivalEvaluator,
  exposureOf: (quantity: IntensityQuantity) => QuantityExposure | null = () => null,
  limitStatesOf: (assetTypeIndex: number, quantity: IntensityQuantity) => LimitStateShape | null = () => null,
  shaking: { quantities: ReadonlySet<IntensityQuantity>; create(limitStateCount: (quantity: IntensityQuantity) => number): ShakingEvents } | null = null,
): { result: SurvivalResult; warnings: HazardWarning[] } {
  const elementCount = elements.count;
  const assetCount = assets.count;
  const timestampCount = timestamps.length;
  const { owner } = elements;
  const runs = typeRuns(elements.assetTypeIndex);
  // Per quantity, how its curves count over the elements (null: every element is one unit).
  const exposures = new Map(
    quantities.map((quantity) => {
      const exposure = exposureOf(quantity);
      return [quantity, exposure && !exposure.trivial ? exposure : null];
    }),
  );
  const governingBest = new Int32Array(assetCount);
  const governingKeep = new Uint8Array(elementCount);
  // Per quantity and element type run, the limit states of its curve when there are several (null: survival says it all).
  const shapes = new Map(
    quantities.map(
      (quantity) =>
        [
          quantity,
          runs.map((run) => {
            const shape = limitStatesOf(run.typeIndex, quantity);
            return shape && shape.count > 1 ? shape : null;
          }),
        ] as const,
    ),
  );
  const limitStateCount = (quantity: IntensityQuantity) => Math.max(0, ...shapes.get(quantity)!.map((shape) => shape?.count ?? 0));
  // Per quantity, the element survivals (and non-exceedance of each limit state) of the last timestamp evaluated: where the hazard produced nothing new, the peaks and so the survivals are unchanged.
  const latest = new Map(
    quantities.map((quantity) => [
      quantity,
      {
        survival: new Float64Array(elementCount),
        limitStates: Array.from({ length: limitStateCount(quantity) }, () => new Float64Array(elementCount)),
        valid: false,
      },
    ]),
  );
  const ordered = intensityQuantityNames().filter((quantity) => quantities.includes(quantity));
  const hazards = [...new Set(ordered.map((quantity) => quantityDefinition(quantity).hazard))];
  const byHazard = new Map(hazards.map((hazard) => [hazard, new Float64Array(elementCount)]));
  const carried = new Map(ordered.map((quantity) => [quantity, new Float64Array(elementCount).fill(Number.NaN)]));
  const intensities: Partial<Record<IntensityQuantity, Float64Array>> = {};
  const survivalByQuantity: Partial<Record<IntensityQuantity, Float64Array>> = {};
  const notReached: Partial<Record<IntensityQuantity, Float64Array[]>> = {};
  for (const quantity of ordered) {
    intensities[quantity] = new Float64Array(assetCount * timestampCount).fill(Number.NaN);
    survivalByQuantity[quantity] = new Float64Array(assetCount * timestampCount).fill(Number.NaN);
    const count = limitStateCount(quantity);
    if (count > 0) notReached[quantity] = Array.from({ length: count }, () => new Float64Array(assetCount * timestampCount).fill(Number.NaN));
  }
  const survival = new Float64Array(assetCount * timestampCount).fill(1);
  // Earthquake quantities: each event counted once, integrated jointly over the shared shaking (shakingEvents.ts).
  const shaken = shaking?.quantities ?? new Set<IntensityQuantity>();
  const shakingEvents = shaking && ordered.some((quantity) => shaken.has(quantity)) ? shaking.create(limitStateCount) : null;
  const perElement = ordered.filter((quantity) => !shaken.has(quantity));
  const finalByHazard = new Map(hazards.map((hazard) => [hazard, new Float64Array(assetCount).fill(1)]));
  const warningsByBlock: HazardWarning[][] = [];
  const block = Math.max(1, Math.floor(BLOCK_BYTES / (8 * Math.max(1, elementCount * ordered.length))));

  for (let from = 0; from < timestampCount; from += block) {
    const to = Math.min(timestampCount, from + block);
    const grid = gridFor(from, to);
    warningsByBlock.push(grid.warnings);
    for (const quantity of perElement) {
      const values = grid.quantities[quantity]!;
      const carry = carried.get(quantity)!;
      const { mostSevere } = quantityDefinition(quantity);
      // The peak before this block continues into it.
      values.subarray(0, elementCount).set(morePeak(carry, values.subarray(0, elementCount), mostSevere));
      runningPeak(values, elementCount, to - from, mostSevere);
      carry.set(values.subarray((to - from - 1) * elementCount, (to - from) * elementCount));
    }
    for (let t = from; t < to; t += 1) {
      const offset = (t - from) * elementCount;
      const assetOffset = t * assetCount;
      for (const hazardSurvival of byHazard.values()) hazardSurvival.fill(Number.NaN);
      if (shakingEvents) recordShaking(shakingEvents, grid, t - from, assetOffset, survival, { intensities, survivalByQuantity, notReached });
      for (const quantity of perElement) {
        const values = grid.quantities[quantity]!;
        const { mostSevere, hazard } = quantityDefinition(quantity);
        const hazardSurvival = byHazard.get(hazard)!;
        const assetIntensity = intensities[quantity]!;
        const assetSurvival = survivalByQuantity[quantity]!;
        const last = latest.get(quantity)!;
        const scratch = last.survival;
        if (!last.valid || grid.producedAt[quantity]![t - from]) {
          const runShapes = shapes.get(quantity)!;
          runs.forEach((run, r) => {
            const intensity = values.subarray(offset + run.start, offset + run.end);
            evaluate(run.typeIndex, quantity, intensity, scratch.subarray(run.start, run.end), offset + run.start);
            const shape = runShapes[r];
            // Limit states this run's curve does not have are absent (NaN) for its elements.
            for (let k = shape?.count ?? 0; k < last.limitStates.length; k += 1) last.limitStates[k].fill(Number.NaN, run.start, run.end);
            if (shape) {
              for (let k = 0; k < shape.count; k += 1) {
                const out = last.limitStates[k].subarray(run.start, run.end);
                if (k === shape.outOfService && shape.survivalIsOutOfService) out.set(scratch.subarray(run.start, run.end));
                else evaluate(run.typeIndex, quantity, intensity, out, offset + run.start, k);
              }
              orderLimitStates(last.limitStates, shape, run.start, run.end);
            }
          });
          const exposure = exposures.get(quantity);
          if (exposure)
            applyExposure(exposure, owner, values.subarray(offset, offset + elementCount), mostSevere, governingBest, governingKeep, scratch, last.limitStates);
          last.valid = true;
        }
        const limitStateArrays = notReached[quantity];
        for (let e = 0; e < elementCount; e += 1) {
          const cell = assetOffset + owner[e];
          // The intensity is reported even where no curve judges it (a quantity for the record, or one another quantity governs).
          const intensity = values[offset + e];
          const held = assetIntensity[cell];
          if (intensity === intensity && (held !== held || (mostSevere === 'max' ? intensity > held : intensity < held))) assetIntensity[cell] = intensity;
          const value = scratch[e];
          if (value !== value) continue; // absent here: leaves survival alone
          const sofar = assetSurvival[cell];
          assetSurvival[cell] = sofar === sofar ? sofar * value : value;
          if (!(hazardSurvival[e] <= value)) hazardSurvival[e] = value;
          if (limitStateArrays) {
            for (let k = 0; k < last.limitStates.length; k += 1) {
              const element = last.limitStates[k][e];
              if (element !== element) continue;
              const product = limitStateArrays[k][cell];
              limitStateArrays[k][cell] = product === product ? product * element : element;
            }
          }
        }
      }
      if (shakingEvents && t === timestampCount - 1) finalByHazard.get('earthquake')?.set(shakingEvents.hazard);
      for (const [hazard, hazardSurvival] of byHazard) {
        const final = t === timestampCount - 1 ? finalByHazard.get(hazard)! : null;
        for (let e = 0; e < elementCount; e += 1) {
          const value = hazardSurvival[e];
          if (value !== value) continue;
          survival[assetOffset + owner[e]] *= value;
          if (final) final[owner[e]] *= value;
        }
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
  return {
    result: { assets, timestamps, intensities, survivalByQuantity, notReached, survival, events: assetEvents(assetCount, elements, finalByHazard) },
    warnings: mergeWarnings(warningsByBlock),
  };
}

/**
 * Takes one timestamp into the earthquake accumulator and writes its cumulative state at the
 * timestamp (cells [assetOffset, assetOffset + assetCount)): each quantity's peak median,
 * survival and limit-state non-exceedance, and the earthquakes' survival into `survival`.
 */
function recordShaking(
  events: ShakingEvents,
  grid: IntensityGrid,
  local: number,
  assetOffset: number,
  survival: Float64Array,
  out: Pick<SurvivalResult, 'intensities' | 'survivalByQuantity' | 'notReached'>,
): void {
  events.step(grid, local);
  for (const [quantity, cumulative] of events.survival) {
    out.intensities[quantity]!.set(events.peak.get(quantity)!, assetOffset);
    out.survivalByQuantity[quantity]!.set(cumulative, assetOffset);
    events.notReached.get(quantity)!.forEach((states, k) => out.notReached![quantity]![k].set(states, assetOffset));
  }
  const { hazard } = events;
  for (let a = 0; a < hazard.length; a++) survival[assetOffset + a] *= hazard[a];
}

/**
 * Applies a quantity's exposure units to its element survivals (and limit-state
 * non-exceedances), in place: an element judged once per asset counts only where it governs,
 * one counted in its circuit not at all (NaN: absent), and the others are raised to their power.
 */
function applyExposure(
  exposure: QuantityExposure,
  owner: Int32Array,
  intensity: Float64Array,
  mostSevere: 'max' | 'min',
  best: Int32Array,
  keep: Uint8Array,
  survival: Float64Array,
  limitStates: Float64Array[],
): void {
  markGoverning(exposure, owner, intensity, mostSevere, best, keep);
  const { power } = exposure;
  for (let e = 0; e < survival.length; e += 1) {
    const p = power[e];
    if (keep[e] === 0 || p === 0) {
      survival[e] = Number.NaN;
      for (const states of limitStates) states[e] = Number.NaN;
    } else if (p !== 1) {
      survival[e] **= p;
      for (const states of limitStates) states[e] **= p;
    }
  }
}

/**
 * Makes the non-exceedance of the limit states non-decreasing from the least severe to the most
 * severe over elements [start, end), keeping the out-of-service one (the survival) as it is:
 * published curves may cross slightly in a tail (docs/fragility.md), and a damage state's
 * probability is the difference of two neighbours.
 */
function orderLimitStates(limitStates: Float64Array[], shape: LimitStateShape, start: number, end: number): void {
  for (let e = start; e < end; e += 1) {
    for (let k = shape.outOfService - 1; k >= 0; k -= 1) if (limitStates[k][e] > limitStates[k + 1][e]) limitStates[k][e] = limitStates[k + 1][e];
    for (let k = shape.outOfService + 1; k < shape.count; k += 1) if (limitStates[k][e] < limitStates[k - 1][e]) limitStates[k][e] = limitStates[k - 1][e];
  }
}

/** Elementwise the more severe of two rows (NaN: absent). */
function morePeak(before: Float64Array, now: Float64Array, mostSevere: 'max' | 'min'): Float64Array {
  const out = new Float64Array(now.length);
  for (let i = 0; i < now.length; i += 1) {
    const [b, n] = [before[i], now[i]];
    out[i] = b !== b ? n : n !== n ? b : mostSevere === 'max' ? Math.max(b, n) : Math.min(b, n);
  }
  return out;
}

/** Per asset: its element count and the hazard with the lowest survival over the event (null when none lowers it). */
function assetEvents(assetCount: number, elements: ElementSites, finalByHazard: Map<string, Float64Array>): AssetEvents {
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
