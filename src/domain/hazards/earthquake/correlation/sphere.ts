/**
 * Geometry on a spherical Earth of radius 6371.0 km, the model OpenQuake uses for the
 * Jayaram–Baker correlation distances (depths ignored).
 *
 * Sites are handled as unit vectors: the straight-line (chord) distance between two unit vectors
 * is a monotone function of the great-circle distance, so nearest-neighbour searches on the
 * vectors are exact for great-circle distance, and chord c converts to arc 2R·asin(c/2), which is
 * accurate for the short distances that matter here (unlike acos of a dot product).
 */
export const EARTH_RADIUS_KM = 6371.0;

const DEGREE = Math.PI / 180;

export interface UnitVectors {
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly z: Float64Array;
}

/** Unit vectors of sites given by longitude/latitude in degrees. */
export function unitVectors(lons: Float64Array, lats: Float64Array): UnitVectors {
  const count = lons.length;
  const x = new Float64Array(count);
  const y = new Float64Array(count);
  const z = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const lambda = lons[i] * DEGREE;
    const phi = lats[i] * DEGREE;
    const cosPhi = Math.cos(phi);
    x[i] = cosPhi * Math.cos(lambda);
    y[i] = cosPhi * Math.sin(lambda);
    z[i] = Math.sin(phi);
  }
  return { x, y, z };
}

/** Great-circle distance in km for a chord length measured on the unit sphere. */
export function arcKmFromUnitChord(chord: number): number {
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, 0.5 * chord));
}

/** Great-circle distance in km between two sites given in degrees (haversine form). */
export function greatCircleDistanceKm(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const sinHalfLat = Math.sin(0.5 * (lat2 - lat1) * DEGREE);
  const sinHalfLon = Math.sin(0.5 * (lon2 - lon1) * DEGREE);
  const a = sinHalfLat * sinHalfLat + Math.cos(lat1 * DEGREE) * Math.cos(lat2 * DEGREE) * sinHalfLon * sinHalfLon;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}
