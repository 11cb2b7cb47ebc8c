/**
 * The intensity quantities hazsim computes at an asset. Inside hazsim every value is in SI
 * base units (the unit column); conversion happens only at the edges (input quantity
 * strings, SQLite columns, curve parameters given in other units).
 */
export const INTENSITY_QUANTITIES = ['wind_speed', 'flood_depth', 'flood_velocity', 'pga', 'pgv', 'fire_boundary_distance'] as const;
export type IntensityQuantity = (typeof INTENSITY_QUANTITIES)[number];

/** SI unit of each intensity quantity as held in memory. */
export const INTENSITY_SI_UNITS: Readonly<Record<IntensityQuantity, string>> = {
  wind_speed: 'meter / second',
  flood_depth: 'meter',
  flood_velocity: 'meter / second',
  pga: 'meter / second ** 2',
  pgv: 'meter / second',
  fire_boundary_distance: 'meter',
};

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

/** Which way "more severe" goes for each quantity: the higher intensity, or the shorter fire distance. */
export const MOST_SEVERE: Readonly<Record<IntensityQuantity, 'max' | 'min'>> = {
  wind_speed: 'max',
  flood_depth: 'max',
  flood_velocity: 'max',
  pga: 'max',
  pgv: 'max',
  fire_boundary_distance: 'min',
};

/** The hazard types of a hazsim hazard file (spec §2.4); areas may also stand alone as models. */
export const HAZARD_FILE_TYPES = ['earthquake', 'flood', 'flood_area', 'wind', 'fire', 'fire_area'] as const;
export type HazardFileType = (typeof HAZARD_FILE_TYPES)[number];

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

interface HazardBase {
  /** The model's name ('' when the file gives none). */
  name: string;
  /** ISO 8601 date-time, UTC, without zone (as in IntensityGrid.timestamps). */
  timestamp: string;
  /** The type the model had in the file (flood_area and fire_area entries become one-area floods and fires). */
  declaredType: HazardFileType;
}

export interface EarthquakeHazard extends HazardBase {
  type: 'earthquake';
  origin: GeoPoint;
  depthM: number;
  magnitude: number;
}

export interface WindHazard extends HazardBase {
  type: 'wind';
  center: GeoPoint;
  maxWindSpeedMs: number;
  radiusOfMaxWindM: number;
  radiusOfClosestIsobarM: number;
  /** Carried for the record; the wind profile does not use it. */
  airPressurePa?: number;
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

export interface FloodHazard extends HazardBase {
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

export interface FireHazard extends HazardBase {
  type: 'fire';
  areas: FireArea[];
}

export type HazardEntry = EarthquakeHazard | WindHazard | FloodHazard | FireHazard;
export type HazardType = HazardEntry['type'];

/**
 * A hazard model read, checked and normalized: SI units, canonical timestamps. Plain data
 * (objects, arrays, typed arrays) so it can be sent to a worker thread as it is.
 */
export interface HazardModel {
  name: string;
  /** The sorted distinct timestamps of the models. */
  timestamps: string[];
  models: HazardEntry[];
}
