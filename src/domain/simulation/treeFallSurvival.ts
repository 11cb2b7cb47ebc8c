/**
 * Tree-fall survival of a run's overhead lines (docs/vegetation.md): per span with trees beside
 * it, the event peak of the 3-s gust up to each timestamp, the strikes per km it brings
 * (treeFall.ts), and the chance that no tree struck the span; a line survives tree fall when
 * every span does. Default physics only. Pure.
 */
import type { ElementSites } from '../assets/elements.js';
import { ASSET_TYPES, type AssetTable } from '../assets/types.js';
import {
  computeIntensities,
  convertWind,
  EXPOSURE_CLASSES,
  exposureAtSites,
  MARINE_SUSTAINED_WIND,
  TERRAIN_CLASSES,
  TERRAIN_EXPOSURE,
  terrainAtSites,
  WMO_EXPOSURE,
  type HazardModel,
} from '../hazards/index.js';
import { prepareStand, spanSurvival, type TreeStand } from './treeFall.js';
import { TREE_FALL_LINE_TYPES } from './vegetation.js';

/**
 * The wind the tree logistics take: the 3-s gust at 10 m (hazsim's reading of the source's U,
 * docs/vegetation.md), over the terrain and gust exposure of the span as the hazard file gives
 * them, converted from the hazard's 1-min marine wind as for a curve (docs/wind.md §6).
 */
export const TREE_GUST_MEASURE = { averagingSeconds: 3, heightM: 10 } as const;

/** One gust conversion of the run, as run_info.vegetation records it. */
export interface TreeGustConversion {
  terrain: string;
  exposure?: string;
  factor: number;
  steps: string[];
}

export interface TreeFallComputation {
  /** Per (timestamp, asset), timestamp-major: survival of tree fall up to t; NaN for assets with no trees (or no spans). */
  survival: Float64Array;
  /** Spans judged (those of lines with trees and a length). */
  spanCount: number;
  conversions: TreeGustConversion[];
}

/** Bytes of gust grid a block of timestamps may take. */
const BLOCK_BYTES = 64 * 1024 * 1024;
/** Strike rates are tabulated per stand at this gust step (m/s) and interpolated linearly: smooth curves, < 1e-4 relative error. */
const GUST_STEP_MS = 0.1;
const TABULATED_CELLS = 1200;

/** strikesPerKm of a stand, tabulated lazily at GUST_STEP_MS (gusts beyond the table are evaluated directly). */
function tabulated(stand: TreeStand): (gustMs: number) => number {
  const { strikesPerKm } = prepareStand(stand);
  const table = new Float64Array(TABULATED_CELLS + 1).fill(Number.NaN);
  const at = (cell: number) => {
    if (table[cell] !== table[cell]) table[cell] = strikesPerKm(cell * GUST_STEP_MS);
    return table[cell];
  };
  return (gustMs) => {
    const position = gustMs / GUST_STEP_MS;
    const cell = Math.floor(position);
    if (cell >= TABULATED_CELLS) return strikesPerKm(gustMs);
    const share = position - cell;
    return share === 0 ? at(cell) : at(cell) * (1 - share) + at(cell + 1) * share;
  };
}

/** The spans with trees beside them: element index, owner, length and stand. */
function spansWithTrees(assets: AssetTable, elements: ElementSites, stands: readonly (TreeStand | null)[]) {
  const lineTypes = new Set(TREE_FALL_LINE_TYPES.map((type) => ASSET_TYPES.indexOf(type)));
  const picked: number[] = [];
  for (let e = 0; e < elements.count; e += 1) {
    const owner = elements.owner[e];
    const lengthM = elements.spanLengthM[e];
    if (stands[owner] && lengthM === lengthM && lineTypes.has(elements.assetTypeIndex[e]) && assets.assetTypeIndex[owner] === elements.assetTypeIndex[e])
      picked.push(e);
  }
  return picked;
}

/** Per picked span, the factor from the hazard's wind to the tree gust, and the distinct conversions. */
function gustFactors(hazard: HazardModel, sites: { count: number; longitude: Float64Array; latitude: Float64Array }) {
  const terrain = terrainAtSites(hazard.terrain, sites);
  const exposure = exposureAtSites(hazard.exposure, sites);
  const factors = new Float64Array(sites.count);
  const byKey = new Map<string, TreeGustConversion>();
  for (let s = 0; s < sites.count; s += 1) {
    const terrainClass = TERRAIN_CLASSES[terrain[s]];
    const exposureClass = exposure ? EXPOSURE_CLASSES[exposure[s]] : undefined;
    const key = `${terrainClass}|${exposureClass}`;
    let conversion = byKey.get(key);
    if (!conversion) {
      const converted = convertWind(1, {
        from: MARINE_SUSTAINED_WIND,
        to: { ...TREE_GUST_MEASURE, exposure: TERRAIN_EXPOSURE[terrainClass], ...(exposureClass ? { gustExposure: WMO_EXPOSURE[exposureClass] } : {}) },
      });
      conversion = { terrain: terrainClass, ...(exposureClass ? { exposure: exposureClass } : {}), factor: converted.speedMs, steps: converted.steps };
      byKey.set(key, conversion);
    }
    factors[s] = conversion.factor;
  }
  return { factors, conversions: [...byKey.values()] };
}

/**
 * Tree-fall survival of every asset at every timestamp of the hazard. `stands` per asset (null:
 * no trees). Each span's strikes are Poisson at the rate of its event-peak gust, so the
 * survival never rises; a span the wind does not reach keeps survival 1.
 */
export function treeFallSurvival(assets: AssetTable, elements: ElementSites, hazard: HazardModel, stands: readonly (TreeStand | null)[]): TreeFallComputation {
  const timestampCount = hazard.timestamps.length;
  const survival = new Float64Array(assets.count * timestampCount).fill(Number.NaN);
  const picked = spansWithTrees(assets, elements, stands);
  const count = picked.length;
  const sites = {
    count,
    longitude: Float64Array.from(picked, (e) => elements.longitude[e]),
    latitude: Float64Array.from(picked, (e) => elements.latitude[e]),
    heightM: Float64Array.from(picked, (e) => elements.heightM[e]),
  };
  const { factors, conversions } = gustFactors(hazard, sites);
  const rateOf = new Map<TreeStand, (gustMs: number) => number>();
  const rates = picked.map((e) => {
    const stand = stands[elements.owner[e]]!;
    if (!rateOf.has(stand)) rateOf.set(stand, tabulated(stand));
    return rateOf.get(stand)!;
  });
  const peak = new Float64Array(count).fill(Number.NaN);
  // Each span's survival at its current peak gust.
  const spanSurvivalAtPeak = new Float64Array(count).fill(1);
  for (const e of picked) for (let t = 0; t < timestampCount; t += 1) survival[t * assets.count + elements.owner[e]] = 1;
  const block = Math.max(1, Math.floor(BLOCK_BYTES / (8 * Math.max(1, count))));
  for (let from = 0; from < timestampCount && count > 0; from += block) {
    const to = Math.min(timestampCount, from + block);
    const wind = computeIntensities(hazard, sites, { physics: 'default' }, { from, to }).quantities.wind_speed;
    for (let t = from; t < to; t += 1) {
      const offset = (t - from) * count;
      const assetOffset = t * assets.count;
      for (let s = 0; s < count; s += 1) {
        const gust = wind ? wind[offset + s] * factors[s] : Number.NaN;
        if (gust === gust && !(gust <= peak[s])) {
          peak[s] = gust;
          spanSurvivalAtPeak[s] = spanSurvival(rates[s](gust), elements.spanLengthM[picked[s]]);
        }
        survival[assetOffset + elements.owner[picked[s]]] *= spanSurvivalAtPeak[s];
      }
    }
  }
  return { survival, spanCount: count, conversions };
}
