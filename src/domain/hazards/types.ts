import type { IntensityQuantity } from './quantities.js';
import type { WindProfileName } from './wind/profiles.js';
import type { MaxWindSource, RmwSource } from './wind/stormSize.js';
import type { WindRadii } from './wind/tracks/types.js';
import type { ExposureMap } from './wind/exposure.js';
import type { TerrainMap } from './wind/terrain.js';
import type { HazardWarning } from './warnings.js';
import type { GroundMotionModelId } from './earthquake/gmpe/index.js';

export type { IntensityQuantity };

/** Positions of the sites (assets) intensities are computed for. */
export interface Sites {
  count: number;
  longitude: Float64Array;
  latitude: Float64Array;
  heightM: Float64Array;
}

/**
 * Intensities of every quantity the hazard produces, at every site and timestamp. Each
 * array is timestamp-major: value of site a at timestamp t is at [t * sites.count + a].
 * NaN means the quantity is absent there (no flood area covers the site, no model of that
 * type at that timestamp): a missing quantity, which leaves survival untouched.
 */
export interface IntensityGrid {
  /** The sorted distinct timestamps (ISO 8601 without zone). */
  timestamps: string[];
  quantities: Partial<Record<IntensityQuantity, Float64Array>>;
  /**
   * Per quantity in `quantities`, one flag per timestamp: 1 where some model produced the
   * quantity at that timestamp, 0 where its slice is all NaN. Lets consumers skip the
   * slices of a quantity the hazard does not produce then (an earthquake's one timestamp
   * among a hurricane's 24).
   */
  producedAt: Partial<Record<IntensityQuantity, Uint8Array>>;
  /** Things the run should tell the user (e.g. "flood area a1 has water_elevation but no ground_elevation; 0 m used"); warningTexts words them. */
  warnings: HazardWarning[];
  /**
   * Per quantity whose model gives its aleatory variability (ground-motion models, ShakeMap
   * uncertainty): the standard deviation of ln(value) where the value came from such a model,
   * laid out like `quantities`; NaN elsewhere.
   */
  lnStandardDeviations: Partial<Record<IntensityQuantity, Float64Array>>;
  /**
   * Only when asked for (HazardComputeContext.betweenEvent): the between-event part τ of each
   * standard deviation above, laid out alike; NaN where the model gives only the total (ShakeMap).
   */
  lnBetweenEventDeviations?: Partial<Record<IntensityQuantity, Float64Array>>;
}

/** A point in degrees, WGS-84. */
export interface GeoPoint {
  longitude: number;
  latitude: number;
}

/**
 * One polygon of an area: its rings as flat [lon0, lat0, lon1, lat1, ...] arrays in
 * degrees, closed (first point repeated). Ring 0 is the exterior, the others are holes.
 */
export interface PolygonRings {
  rings: Float64Array[];
}

/** An area's geometry: one or more polygons (GeoJSON Polygon or MultiPolygon) with their bounding box. */
export interface AreaGeometry {
  polygons: PolygonRings[];
  /** [min longitude, min latitude, max longitude, max latitude], degrees. */
  bbox: [number, number, number, number];
}

/** What every normalized hazard model carries; each hazard type adds its own fields. */
export interface HazardEntry {
  /** The hazard type (registry.ts) whose physics computes it. */
  type: string;
  /** The model's name ('' when the file gives none). */
  name: string;
  /** ISO 8601 date-time, UTC, without zone (as in IntensityGrid.timestamps). */
  timestamp: string;
  /** The entry type the model had in the file (flood_area and fire_area entries become one-area floods and fires). */
  declaredType: string;
}

/** The physics profile of a run: hazsim's published physics, or ERAD's numbers reproduced exactly. */
export type { PhysicsProfile } from './physics.js';

/** The ground-motion models an earthquake may name (docs/input-hazard.md, docs/gmpe.md). */
export type GroundMotionModelChoice = GroundMotionModelId | 'ERAD_V1';

/**
 * A regular longitude/latitude raster: node (column i, row j) at (lonMin + i·lonStep,
 * latMax − j·latStep); values row-major from the north-west node, west to east, then north to south.
 */
export interface RasterGrid {
  lonMin: number;
  latMax: number;
  lonStep: number;
  latStep: number;
  nlon: number;
  nlat: number;
}

/** A planar rupture, SI units and degrees (earthquake/rupture.ts). */
export interface EarthquakeRupture {
  strikeDeg: number;
  dipDeg: number;
  lengthM: number;
  widthM: number;
  topDepthM: number;
}

/** An earthquake given by its source, shaking from a ground-motion model. */
export interface EarthquakeSourceHazard extends HazardEntry {
  type: 'earthquake';
  declaredType: 'earthquake';
  origin: GeoPoint;
  depthM: number;
  magnitude: number;
  /** Absent: resolved by the run's physics profile (resolveGroundMotionModel). */
  groundMotionModel?: GroundMotionModelChoice;
  /** Vs30 of sites the grid does not cover, m/s. */
  vs30Ms: number;
  /** Per-site Vs30 (m/s), bilinear between nodes. */
  vs30Grid?: RasterGrid & { values: Float64Array };
  /** Absent: unspecified mechanism. */
  rakeDeg?: number;
  /** Absent: a point source at the hypocentre. */
  rupture?: EarthquakeRupture;
}

/** An earthquake given by a USGS ShakeMap grid: shaking interpolated at the sites. */
export interface ShakeMapHazard extends HazardEntry {
  type: 'earthquake';
  declaredType: 'shakemap';
  event: { eventId: string; magnitude: number; depthKm: number; longitude: number; latitude: number; description: string; shakemapVersion: string };
  grid: RasterGrid;
  /** Node values per quantity, SI units. */
  fields: Partial<Record<IntensityQuantity, Float64Array>>;
  /** Node standard deviations of ln(value) per quantity, when the grid (or its uncertainty.xml) gives them. */
  lnStandardDeviations: Partial<Record<IntensityQuantity, Float64Array>>;
}

export type EarthquakeHazard = EarthquakeSourceHazard | ShakeMapHazard;

/**
 * A tropical cyclone at one moment (docs/input-hazard.md). Every field is a number or a fixed
 * choice, so two snapshots of one storm interpolate field by field (interpolateWindHazard).
 */
export interface WindHazard extends HazardEntry {
  type: 'wind';
  center: GeoPoint;
  /** Maximum 1-min sustained wind at 10 m (best-track convention). */
  maxWindSpeedMs: number;
  radiusOfMaxWindM: number;
  /** Where ERAD's profile reaches zero; the Holland profiles do not use it. */
  radiusOfClosestIsobarM?: number;
  /** Central pressure (ERAD's `air_pressure`). */
  airPressurePa?: number;
  environmentalPressurePa?: number;
  /** kg/m³, or the Holland et al. (2010) estimate. */
  airDensity?: number | 'HOLLAND_2008';
  /** Storm motion, eastward and northward components (m/s). */
  translationEastMs?: number;
  translationNorthMs?: number;
  windProfile?: WindProfileName;
  /** Rate of change of the central pressure (Pa/s), for Holland (2008)'s b_s; 0 when absent. */
  pressureTendencyPaPerS?: number;
  /** The track's 34/50/64-kt wind radii per quadrant (m). */
  windRadiiM?: WindRadii;
  /** Where the Holland profiles' radius of maximum wind comes from (wind/stormSize.ts); radiusOfMaxWindM is ERAD's and the fallback. */
  radiusOfMaxWindSource?: RmwSource;
  /** The peak wind of H08/H10: the model's or its hazard file's `max_wind_source` (wind/stormSize.ts). */
  maxWindSource?: MaxWindSource;
  /**
   * The maximum wind comes from an intensity model (inland decay), not from a track: the central
   * pressure is estimated from it silently and Holland (2010) keeps it (windInlandDecay.ts).
   */
  maxWindModelled?: true;
}

/**
 * A flooded area. Depth at an asset is waterDepthM − height when the area gives a depth,
 * or waterElevationM − (groundElevationM + height) when it gives an absolute elevation.
 */
export interface FloodArea {
  name: string;
  geometry: AreaGeometry;
  waterVelocityMs?: number;
  waterDepthM?: number;
  waterElevationM?: number;
  groundElevationM?: number;
}

export interface FloodHazard extends HazardEntry {
  type: 'flood';
  areas: FloodArea[];
}

export interface FireArea {
  name: string;
  geometry: AreaGeometry;
  /** Carried for the record; the fire model does not use it. */
  windSpeedMs?: number;
  /** Carried for the record, degrees; the fire model does not use it. */
  windDirectionDeg?: number;
}

export interface FireHazard extends HazardEntry {
  type: 'fire';
  areas: FireArea[];
}

/**
 * A hazard model read, checked and normalized: SI units, canonical timestamps. Plain data
 * (objects, arrays, typed arrays) so it can be sent to a worker thread as it is.
 */
export interface HazardModel {
  name: string;
  /** The ground the assets stand on, for the wind's surface conversion (the file's `terrain`). */
  terrain?: TerrainMap;
  /** The WMO gust-factor row of each site (the file's `exposure`); absent: the row of the site's terrain. */
  exposure?: ExposureMap;
  /** The sorted distinct timestamps of the models. */
  timestamps: string[];
  models: HazardEntry[];
  /** What the file's maker assumed or estimated (a best-track upload's estimated storm parameters): every run repeats them in its warnings. */
  notes?: string[];
}
