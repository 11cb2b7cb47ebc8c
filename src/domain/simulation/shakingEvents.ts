/**
 * Earthquakes in the default physics (docs/physics.md, "Earthquakes: events counted once each"):
 * every timestamp at which an earthquake produces shaking is its own event, with its own
 * between-event and within-event residuals, so the survival of several earthquakes is the
 * product of each one's survival (not the survival of their peak). Within one event an asset's
 * counting elements are integrated jointly over the shared shaking (jointShaking.ts).
 *
 * The accumulator keeps, per asset, the cumulative product over the events so far of: each
 * earthquake quantity's survival, each of its limit states' non-exceedance (damage states), and
 * the hazard's survival (the governing quantity per event: the lowest survival of those with a
 * curve). The reported intensity is the most severe median over the asset's elements so far.
 */
import type { ElementSites } from '../assets/elements.js';
import { greatCircleDistanceKm, jb2009Correlation } from '../hazards/earthquake/correlation/index.js';
import type { IntensityGrid, IntensityQuantity } from '../hazards/types.js';
import type { CompiledCurve, CompiledFragility } from '../fragility/types.js';
import { markGoverning, type QuantityExposure } from './exposure.js';
import { jointSurvival, type AssetShaking } from './jointShaking.js';

/** What the accumulator needs to know about one earthquake quantity. */
export interface ShakingQuantityRule {
  quantity: IntensityQuantity;
  /** Out-of-service curve (a circuit's expected share failed) and the whole fragility per element type index; null where none. */
  curveOf(typeIndex: number): CompiledCurve | null;
  fragilityOf(typeIndex: number): CompiledFragility | null;
  /** Limit states recorded for the damage states (0: none). */
  limitStateCount: number;
  exposure: QuantityExposure;
  /** Jayaram & Baker (2009) range b of the quantity, km. */
  rangeKm: number;
}

/** Cumulative survival over the earthquakes so far, per asset. */
export interface ShakingEvents {
  /** Per quantity: the product over events of its survival (NaN before its first event or where no curve judges it). */
  survival: Map<IntensityQuantity, Float64Array>;
  /** Per quantity: per limit state, the product over events of its non-exceedance (NaN as above). */
  notReached: Map<IntensityQuantity, Float64Array[]>;
  /** Per quantity: the most severe median over the asset's elements so far. */
  peak: Map<IntensityQuantity, Float64Array>;
  /** The earthquakes' survival: the product over events of the governing quantity's (1 before the first). */
  hazard: Float64Array;
  /** Takes in the grid's timestamp `local` (an event when any quantity was produced there). */
  step(grid: IntensityGrid, local: number): void;
}

/** Elements of each asset, as a compressed index: elements of asset a are list[start[a] .. start[a + 1]). */
function elementsByAsset(owner: Int32Array, assetCount: number): { start: Int32Array; list: Int32Array } {
  const start = new Int32Array(assetCount + 1);
  for (let e = 0; e < owner.length; e++) start[owner[e] + 1]++;
  for (let a = 0; a < assetCount; a++) start[a + 1] += start[a];
  const fill = start.slice(0, assetCount);
  const list = new Int32Array(owner.length);
  for (let e = 0; e < owner.length; e++) list[fill[owner[e]]++] = e;
  return { start, list };
}

/** Mean pairwise Jayaram–Baker correlation of `count` elements (indices in `members`). */
function meanCorrelation(elements: ElementSites, members: Int32Array, count: number, rangeKm: number): number {
  if (count < 2) return 1;
  let sum = 0;
  for (let i = 0; i < count; i++) {
    const a = members[i];
    for (let j = 0; j < i; j++) {
      const b = members[j];
      sum += jb2009Correlation(greatCircleDistanceKm(elements.longitude[a], elements.latitude[a], elements.longitude[b], elements.latitude[b]), rangeKm);
    }
  }
  return sum / ((count * (count - 1)) / 2);
}

/** The accumulator for a run's earthquake quantities over `elements` of `assetCount` assets. */
export function createShakingEvents(elements: ElementSites, assetCount: number, rules: ShakingQuantityRule[]): ShakingEvents {
  const { start, list } = elementsByAsset(elements.owner, assetCount);
  const longest = Math.max(1, ...Array.from({ length: assetCount }, (_, a) => start[a + 1] - start[a]));
  const scratch: AssetShaking = {
    count: 0,
    median: new Float64Array(longest),
    tau: new Float64Array(longest),
    phi: new Float64Array(longest),
    power: new Float64Array(longest),
    curve: new Array<CompiledCurve>(longest),
    meanCorrelation: 1,
  };
  const members = new Int32Array(longest);
  const best = new Int32Array(assetCount);
  const keep = new Uint8Array(elements.count);
  const survival = new Map(rules.map((rule) => [rule.quantity, new Float64Array(assetCount).fill(Number.NaN)]));
  const notReached = new Map(
    rules.map((rule) => [rule.quantity, Array.from({ length: rule.limitStateCount }, () => new Float64Array(assetCount).fill(Number.NaN))]),
  );
  const peak = new Map(rules.map((rule) => [rule.quantity, new Float64Array(assetCount).fill(Number.NaN)]));
  const hazard = new Float64Array(assetCount).fill(1);
  const event = new Float64Array(assetCount);
  const governing = new Float64Array(assetCount);

  /** One asset's survival of the event under `curveAt(typeIndex)`; NaN where no counting element has a curve and a median. */
  const assetEvent = (
    a: number,
    rule: ShakingQuantityRule,
    median: Float64Array,
    sigma: Float64Array | undefined,
    tau: Float64Array | undefined,
    curveAt: (typeIndex: number) => CompiledCurve | null,
  ) => {
    let count = 0;
    for (let i = start[a]; i < start[a + 1]; i++) {
      const e = list[i];
      const m = median[e];
      if (keep[e] === 0 || rule.exposure.power[e] === 0 || m !== m) continue;
      const curve = curveAt(elements.assetTypeIndex[e]);
      if (!curve) continue;
      const total = sigma && sigma[e] > 0 ? sigma[e] : 0;
      // A model that gives only a total σ counts it as within-event, as the scenarios do.
      const between = tau && tau[e] >= 0 ? Math.min(tau[e], total) : 0;
      scratch.median[count] = m;
      scratch.tau[count] = between;
      scratch.phi[count] = Math.sqrt(total * total - between * between);
      scratch.power[count] = rule.exposure.power[e];
      scratch.curve[count] = curve;
      members[count] = e;
      count++;
    }
    scratch.count = count;
    scratch.meanCorrelation = meanCorrelation(elements, members, count, rule.rangeKm);
    return count === 0 ? Number.NaN : jointSurvival(scratch);
  };

  return {
    survival,
    notReached,
    peak,
    hazard,
    step(grid, local) {
      const offset = local * elements.count;
      let produced = false;
      governing.fill(Number.NaN);
      for (const rule of rules) {
        if (!grid.producedAt[rule.quantity]?.[local]) continue;
        produced = true;
        const median = grid.quantities[rule.quantity]!.subarray(offset, offset + elements.count);
        const sigma = grid.lnStandardDeviations[rule.quantity]?.subarray(offset, offset + elements.count);
        const tau = grid.lnBetweenEventDeviations?.[rule.quantity]?.subarray(offset, offset + elements.count);
        markGoverning(rule.exposure, elements.owner, median, 'max', best, keep);
        const top = peak.get(rule.quantity)!;
        for (let e = 0; e < elements.count; e++) {
          const value = median[e];
          const held = top[elements.owner[e]];
          if (value === value && (held !== held || value > held)) top[elements.owner[e]] = value;
        }
        const cumulative = survival.get(rule.quantity)!;
        for (let a = 0; a < assetCount; a++) {
          event[a] = assetEvent(a, rule, median, sigma, tau, rule.curveOf);
          const value = event[a];
          if (value !== value) continue;
          cumulative[a] = cumulative[a] === cumulative[a] ? cumulative[a] * value : value;
          if (!(governing[a] <= value)) governing[a] = value;
        }
        notReached.get(rule.quantity)!.forEach((states, k) => {
          for (let a = 0; a < assetCount; a++) {
            const value = assetEvent(a, rule, median, sigma, tau, (typeIndex) => rule.fragilityOf(typeIndex)?.limitStates[k] ?? null);
            if (value === value) states[a] = states[a] === states[a] ? states[a] * value : value;
          }
        });
      }
      if (!produced) return;
      for (let a = 0; a < assetCount; a++) if (governing[a] === governing[a]) hazard[a] *= governing[a];
    },
  };
}
