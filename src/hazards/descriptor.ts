import type * as v from 'valibot';
import { preparePoints, type PreparedPoints } from '../geodesy/batch.js';
import { buildSiteGrid, type SiteGrid } from './_siteGrid.js';
import type { HazardEntry, HazardFileType, HazardType, IntensityQuantity, Sites } from './types.js';

/**
 * The contract every hazard model declares (STYLE "models declare what they need"): which
 * quantities it produces, what it needs from a site, the schema of its file entry, and the
 * compute that fills the quantities. The engine never switches on the hazard type.
 */

/** What a model needs to know about a site besides its position. */
export type SiteRequirement = 'heightM';

/** Sites with what the physics reuses across models: geodesic preparation, a grid for area pre-filtering, scratch space. */
export interface PreparedSites {
  sites: Sites;
  points: PreparedPoints;
  grid: SiteGrid;
  /** One value per site, free for a compute to use (e.g. distances). */
  scratch: Float64Array;
}

/** Prepares sites once per run. */
export function prepareSites(sites: Sites): PreparedSites {
  return {
    sites,
    points: preparePoints(sites.latitude, sites.longitude, sites.count),
    grid: buildSiteGrid(sites.longitude, sites.latitude, sites.count),
    scratch: new Float64Array(sites.count),
  };
}

/**
 * The output of one model at its timestamp: one array per quantity it produces, one value
 * per site, NaN where nothing has been set. A compute merges into these, keeping the most
 * severe value per site (MOST_SEVERE), so several models of one type share a timestamp.
 */
export type QuantityViews = Partial<Record<IntensityQuantity, Float64Array>>;

/** One entry type of the hazard file: its schema reads a file entry into a normalized model. */
export interface HazardFileEntry {
  type: HazardFileType;
  schema: v.GenericSchema<unknown, HazardEntry>;
}

/** A hazard model: its file entry plus its physics. */
export interface HazardDescriptor<M extends HazardEntry = HazardEntry> extends HazardFileEntry {
  type: M['type'];
  /** The quantities this model produces (SI units, INTENSITY_SI_UNITS). */
  quantities: readonly IntensityQuantity[];
  requires: readonly SiteRequirement[];
  /**
   * Fills `out` for every site; `warn` reports something the user must know (reported
   * once per distinct message). Pure: no I/O, no clock, no randomness.
   */
  compute(model: M, sites: PreparedSites, out: QuantityViews, warn: (message: string) => void): void;
}

/** Keeps the higher of the stored value and `value` (NaN stored means none yet). */
export function mergeMax(out: Float64Array, site: number, value: number): void {
  const current = out[site];
  if (!(current >= value)) out[site] = value;
}

/** Keeps the lower of the stored value and `value` (NaN stored means none yet). */
export function mergeMin(out: Float64Array, site: number, value: number): void {
  const current = out[site];
  if (!(current <= value)) out[site] = value;
}

/** The model label used in warnings: `wind 'ian-06' at 2022-09-28T18:00:00`. */
export function modelLabel(model: { type: HazardType; name: string; timestamp: string }): string {
  return `${model.type}${model.name ? ` '${model.name}'` : ''} at ${model.timestamp}`;
}
