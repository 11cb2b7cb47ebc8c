/**
 * Exposure units (docs/physics.md, "Exposure units"): how many times, and where, a curve is
 * evaluated over an asset's elements, so that every physical element is counted once per
 * failure mode. A curve declares what one evaluation stands for (`applies_to`):
 *
 * - `span`: one span between structures: every span element, power 1;
 * - `km`: one kilometre of line: every span element, raised to its length in km;
 * - `pole`: one structure, on a line's own curve: every span element, raised to the line's
 *   structures per span ((N − 1)/N), so the line carries one factor per structure;
 * - `asset` and `circuit`: the whole asset (a line asset is one circuit): once per asset, at
 *   its governing element, the one with the most severe intensity (`governed`);
 * - the structures between a line's spans are judged by their own type's curve, once each,
 *   except where the line's own curve for the quantity is per circuit: the circuit's curve
 *   already counts its poles, so they add no factor of their own (power 0).
 *
 * A point asset is one element whatever its curve declares. Splitting a line into more spans
 * over the same structures changes none of this: per-asset and per-circuit curves stay one
 * factor, per-km curves keep the length, structures keep their count.
 */
import type { ElementSites } from '../assets/elements.js';
import { ASSET_TYPES, type AssetTable } from '../assets/types.js';
import type { AppliesTo } from '../fragility/types.js';

/** How the elements count for one quantity's curves. */
export interface QuantityExposure {
  /** Per element: the power its curve's survival is raised to; 0 where it adds no factor (a pole counted in its circuit). */
  power: Float64Array;
  /** Per element: 1 where the curve is per asset or per circuit on a line's spans, judged only at the asset's governing element. */
  governed: Uint8Array;
  /** No element has a power other than 1 or is governed: every element is one unit. */
  trivial: boolean;
}

/** The exposure of every element for one quantity; `appliesToOf` gives an asset type's (by ASSET_TYPES index) curve declaration for it. */
export function quantityExposure(assets: AssetTable, elements: ElementSites, appliesToOf: (typeIndex: number) => AppliesTo | undefined): QuantityExposure {
  const power = new Float64Array(elements.count).fill(1);
  const governed = new Uint8Array(elements.count);
  let trivial = true;
  for (let e = 0; e < elements.count; e += 1) {
    const spanLengthM = elements.spanLengthM[e];
    if (spanLengthM === spanLengthM) {
      const measure = appliesToOf(elements.assetTypeIndex[e]);
      if (measure === 'km') power[e] = spanLengthM / 1000;
      else if (measure === 'pole') power[e] = elements.structuresPerSpan[e];
      else if (measure === 'asset' || measure === 'circuit') governed[e] = 1;
    } else {
      const lineType = assets.assetType[elements.owner[e]];
      // A structure between a line's spans: its type differs from its owner's (the line's).
      if (ASSET_TYPES[elements.assetTypeIndex[e]] !== lineType && appliesToOf(ASSET_TYPES.indexOf(lineType)) === 'circuit') power[e] = 0;
    }
    if (power[e] !== 1 || governed[e] === 1) trivial = false;
  }
  return { power, governed, trivial };
}

/** Every element one unit (power 1, none governed): the exposure of a table of point assets. */
export function unitExposure(elementCount: number): QuantityExposure {
  return { power: new Float64Array(elementCount).fill(1), governed: new Uint8Array(elementCount), trivial: true };
}

/**
 * Marks, in `keep`, the governing element of each asset among the `governed` elements: the
 * one whose intensity is the most severe (the first on a tie; −1 in `best` where none has a
 * value). Elements that are not governed are kept as they are.
 */
export function markGoverning(
  exposure: QuantityExposure,
  owner: Int32Array,
  intensity: Float64Array,
  mostSevere: 'max' | 'min',
  best: Int32Array,
  keep: Uint8Array,
): void {
  best.fill(-1);
  const { governed } = exposure;
  for (let e = 0; e < governed.length; e += 1) {
    keep[e] = governed[e] === 1 ? 0 : 1;
    if (governed[e] === 0) continue;
    const value = intensity[e];
    if (value !== value) continue;
    const held = best[owner[e]];
    if (held < 0 || (mostSevere === 'max' ? value > intensity[held] : value < intensity[held])) best[owner[e]] = e;
  }
  for (let a = 0; a < best.length; a += 1) if (best[a] >= 0) keep[best[a]] = 1;
}
