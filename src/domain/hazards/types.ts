import type { IntensityQuantity } from './quantities.js';
import type { WindProfileName } from './wind/profiles.js';
import type { TerrainMap } from './wind/terrain.js';

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
  /** Things the run should tell the user (e.g. "flood area a1 has water_elevation but no ground_elevation; 0 m used"). */
  warnings: string[];
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

export interface EarthquakeHazard extends HazardEntry {
  type: 'earthquake';
  origin: GeoPoint;
  depthM: number;
  magnitude: number;
}

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
  /** The sorted distinct timestamps of the models. */
  timestamps: string[];
  models: HazardEntry[];
}
