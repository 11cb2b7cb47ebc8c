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
  /** Things the run should tell the user (e.g. "flood area a1 has water_elevation but no ground_elevation; 0 m used"). */
  warnings: string[];
}
