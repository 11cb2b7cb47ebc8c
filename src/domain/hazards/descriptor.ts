import type * as v from 'valibot';
import { preparePoints, type PreparedPoints } from '../../base/geodesy/batch.js';
import { geodesicDistanceM } from '../../base/geodesy/inverse.js';
import type { AssetType } from '../assets/types.js';
import type { CurveConfidence, FragilityCurveSpec } from '../fragility/types.js';
import { areaContains, nearestBoundaryPoint, prepareBoundary, type BoundaryPoint } from './_polygon.js';
import { buildSiteBlocks, buildSiteGrid, type SiteBlocks, type SiteGrid } from './_siteGrid.js';
import type { PhysicsProfile } from './physics.js';
import type { IntensityQuantity } from './quantities.js';
import type { AreaGeometry, GeoPoint, HazardEntry, Sites } from './types.js';
import type { HazardWarning } from './warnings.js';

/**
 * The contract every hazard model declares (models declare what they need): which
 * quantities it produces, what it needs from a site, the schema of its file entry, and the
 * compute that fills the quantities. The engine never switches on the hazard type.
 */

export type { PhysicsProfile };

/** What a model needs to know about a site besides its position. */
export type SiteRequirement = 'heightM';

/** Sites with what the physics reuses across models: geodesic preparation, a grid for area pre-filtering, blocks for bounding a field, scratch space. */
export interface PreparedSites {
  sites: Sites;
  points: PreparedPoints;
  grid: SiteGrid;
  /** Blocks of nearby sites with the box each spans: a field bounded over a box need not be evaluated where it cannot matter. */
  blocks: SiteBlocks;
  /** One value per site, free for a compute to use (e.g. distances). */
  scratch: Float64Array;
}

/** Sites per block: on the simulate bench (130,000 elements) 16 to 1,024 a block skip about as many evaluations; larger blocks compute fewer bounds. */
const SITES_PER_BLOCK = 256;

/** The preparation of each Sites object met, kept while the object lives: sites are never changed once built. */
const preparedSites = new WeakMap<Sites, PreparedSites>();

/**
 * Prepares sites once per Sites object: a run over many elements computes its timestamps a
 * block at a time over the same sites, and building the grid and blocks again for every block
 * cost 0.35–0.5 s each at 1.3 million elements (24 blocks on the 100,000-asset bench).
 */
export function prepareSites(sites: Sites): PreparedSites {
  let prepared = preparedSites.get(sites);
  if (!prepared) {
    prepared = {
      sites,
      points: preparePoints(sites.latitude, sites.longitude, sites.count),
      grid: buildSiteGrid(sites.longitude, sites.latitude, sites.count),
      blocks: buildSiteBlocks(sites.longitude, sites.latitude, sites.count, SITES_PER_BLOCK),
      scratch: new Float64Array(sites.count),
    };
    preparedSites.set(sites, prepared);
  }
  return prepared;
}

/**
 * The output of one model at its timestamp: one array per quantity it produces, one value
 * per site, NaN where nothing has been set. A compute merges into these, keeping the most
 * severe value per site (the quantity's mostSevere), so several models of one type share a timestamp.
 */
export type QuantityViews = Partial<Record<IntensityQuantity, Float64Array>>;

/** What a compute may read besides the model and the sites, and where it reports variability. */
export interface ComputeContext {
  /** The run's physics profile; models with a choice of physics resolve their default by it. */
  physics: PhysicsProfile;
  /**
   * One view per quantity, like `out`: a model that knows the aleatory variability of what it
   * writes into `out` writes the standard deviation of ln(value) here, for the same sites.
   */
  lnStandardDeviations: QuantityViews;
  /**
   * When the run asks for it (HazardComputeContext.betweenEvent): where a model writes a
   * standard deviation, it writes its between-event part τ here (NaN when the model gives only the total).
   */
  lnBetweenEventDeviations?: QuantityViews;
}

/** What ERAD's infrasys hazard files call an entry type, and which of its fields carry over. */
export interface EradClass {
  /** The infrasys class name (`EarthQuakeModel`). */
  className: string;
  /** Fields copied as they are (quantities become quantity strings). */
  fields: readonly string[];
  /** Fields holding a GeoJSON-like point. */
  points?: readonly string[];
  /** The field listing references to area components. */
  areas?: string;
}

/**
 * One entry type of the hazard file (`earthquake`, `flood_area`...): its title for
 * /supported-hazard-types and its schema, which reads a file entry into a normalized model.
 */
export interface HazardFileEntry {
  type: string;
  /** "Earthquake Model": with the ERAD class, the description /supported-hazard-types gives. */
  title: string;
  schema: v.GenericSchema<unknown, HazardEntry>;
  /** The ERAD class this entry type is read from, when ERAD has one. */
  erad?: EradClass;
  /** An area that ERAD files hold only through the model referencing it (no timestamp of its own). */
  eradPartOnly?: boolean;
  /**
   * A form of its hazard type that an upload converts to (a ShakeMap grid): readable in hazard
   * files, but left out of the lists of hazard types (/supported-hazard-types, hazard counts,
   * which the service specification fixes); its models count under their hazard type.
   */
  unlisted?: boolean;
  /** What a model of this entry becomes, for docs/hazard-types.md (default for an entry after the first: one area at its own timestamp). */
  readAs?: string;
}

/** What a model adds to a hazard model's summary: entries by file entry type, and points or boxes of its footprint. */
export interface ModelFootprint {
  counts: Readonly<Record<string, number>>;
  /** Boxes [min lon, min lat, max lon, max lat] (a point is a box of no size). */
  boxes: readonly (readonly [number, number, number, number])[];
}

/** Why an asset type that a hazard's default curves list without a curve does not fail under it: a source and its confidence (docs/fragility.md). */
export interface NotVulnerableNote {
  source: string;
  confidence: CurveConfidence;
}

/**
 * The curves a hazard type brings to DEFAULT_CURVES (src/domain/fragility/defaultCurves.ts
 * builds the set from every registered type's, so a type added at start-up has defaults too).
 */
export interface HazardDefaultCurves {
  /**
   * A list for every asset type: one curve per quantity it is judged by (quantities of this
   * hazard type). An empty list says the asset type does not fail under this hazard, and
   * `notVulnerable` must say why.
   */
  curves: Readonly<Record<AssetType, FragilityCurveSpec[]>>;
  /** The source of each empty list in `curves`: the curve format has no place for it. */
  notVulnerable?: Readonly<Partial<Record<AssetType, NotVulnerableNote>>>;
}

/**
 * A hazard type: the file entries it reads, its physics and its default fragility curves.
 * Its quantities are the registered intensity quantities naming it as their hazard
 * (quantities.ts).
 */
export interface HazardDescriptor<M extends HazardEntry = HazardEntry> {
  type: M['type'];
  /**
   * The file entry types read into models of this type; the first is the type's own. A type
   * whose models are made of areas declares `<type>_area` here (the summaries count each
   * area under it, areasFootprint).
   */
  entries: readonly HazardFileEntry[];
  requires: readonly SiteRequirement[];
  /** Its curves in DEFAULT_CURVES: registration refuses a type without them. */
  defaultCurves: HazardDefaultCurves;
  /**
   * Fills `out` (one view per quantity of this hazard type) for every site; `warn`
   * reports something the user must know (reported once per distinct message; a warning
   * that counts sites gives its count, warnings.ts). Pure: no I/O, no clock, no randomness.
   * `context` says which physics profile the run uses.
   */
  compute(model: M, sites: PreparedSites, out: QuantityViews, warn: (warning: HazardWarning) => void, context: ComputeContext): void;
  /** What the model adds to a summary. */
  footprint(model: M): ModelFootprint;
  /**
   * Where the model comes nearest to the sites: the nearest site and its geodesic distance from
   * what the model is measured from (an epicentre, a storm centre, an area's edge; 0 inside an
   * area). A run whose hazard lowers no asset's survival names it (docs/output-sqlite.md,
   * "Warnings"); a type without it gets no such warning.
   */
  approach?(model: M, sites: Sites): Approach;
  /**
   * For models that move or change between their snapshots (a storm track): how to place
   * the model between two snapshots, so the default physics catches the peak that passes
   * between them (docs/physics.md). Models without it are taken at their snapshots.
   */
  motion?: ModelMotion<M>;
}

/** How near a model comes to a set of sites (HazardDescriptor.approach); site −1 when there are none. */
export interface Approach {
  site: number;
  distanceM: number;
  /** What the distance is measured from, for messages: "the epicentre", "the storm centre", "the area's edge". */
  from: string;
}

/** The nearest of `sites` to a point: the approach of a model measured from that point. */
export function pointApproach(point: GeoPoint, sites: Sites, from: string): Approach {
  let best: Approach = { site: -1, distanceM: Infinity, from };
  for (let i = 0; i < sites.count; i++) {
    const distanceM = geodesicDistanceM(point.latitude, point.longitude, sites.latitude[i], sites.longitude[i]);
    if (distanceM < best.distanceM) best = { site: i, distanceM, from };
  }
  return best;
}

/** The nearest of `sites` to any of a model's areas: 0 inside one, else the geodesic distance to the nearest edge. */
export function areasApproach(model: HazardEntry & { areas: readonly { geometry: AreaGeometry }[] }, sites: Sites): Approach {
  const from = model.areas.length === 1 ? "the area's edge" : "the nearest area's edge";
  let best: Approach = { site: -1, distanceM: Infinity, from };
  const nearest: BoundaryPoint = { lon: 0, lat: 0 };
  for (const area of model.areas) {
    const boundary = prepareBoundary(area.geometry);
    for (let i = 0; i < sites.count; i++) {
      const inside = areaContains(area.geometry, sites.longitude[i], sites.latitude[i]);
      if (!inside) nearestBoundaryPoint(boundary, sites.longitude[i], sites.latitude[i], nearest);
      const distanceM = inside ? 0 : geodesicDistanceM(sites.latitude[i], sites.longitude[i], nearest.lat, nearest.lon);
      if (distanceM < best.distanceM) best = { site: i, distanceM, from };
    }
  }
  return best;
}

/** How a moving model is followed between two consecutive snapshots of one track. */
export interface ModelMotion<M extends HazardEntry> {
  /** The model `fraction` (0 < fraction < 1) of the way in time from `from` to `to`. */
  between(from: M, to: M, fraction: number): M;
  /** Into how many equal time steps the interval must be cut so that no peak between the snapshots is missed (1: none needed). */
  steps(from: M, to: M): number;
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
export function modelLabel(model: { type: string; name: string; timestamp: string }): string {
  return `${model.type}${model.name ? ` '${model.name}'` : ''} at ${model.timestamp}`;
}

/** The box of no size at a point, for footprints. */
export function pointBox(point: GeoPoint): readonly [number, number, number, number] {
  return [point.longitude, point.latitude, point.longitude, point.latitude];
}

/**
 * The footprint of a model made of areas (floods, fires): the model counts under its own
 * type when the file held it as such, and every area counts under `<type>_area`, whether
 * nested or standing alone.
 */
export function areasFootprint(model: HazardEntry & { areas: readonly { geometry: AreaGeometry }[] }): ModelFootprint {
  return {
    counts: { [model.type]: model.declaredType === model.type ? 1 : 0, [`${model.type}_area`]: model.areas.length },
    boxes: model.areas.map((area) => area.geometry.bbox),
  };
}
