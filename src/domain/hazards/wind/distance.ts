import { CLIMADA_DEGREE_LENGTH_M, EARTH_MEAN_RADIUS_M } from './constants.js';

const DEG = Math.PI / 180;

/** Wrap a longitude difference into [−180, 180) so tracks and sites across the antimeridian work. */
export function wrapLongitudeDifference(deltaDeg: number): number {
  const shifted = deltaDeg + 180;
  // Already within a turn (nearly always): the remainders below come to these bits without a division.
  if (shifted >= 0 && shifted < 360) {
    const turned = shifted + 360;
    return (turned < 720 ? turned - 360 : 0) - 180;
  }
  return (((shifted % 360) + 360) % 360) - 180;
}

/**
 * Great-circle (haversine) distance (m) on the IUGG mean sphere. This is the site-distance metric
 * of this package. Against the WGS-84 geodesic it errs by at most about 0.56 % (the sphere cannot
 * follow the ellipsoid's flattening f ≈ 1/298: the meridian degree is 110.57 km at the equator
 * and 111.69 km at the poles versus 111.19 km here), i.e. under 1.7 km at 300 km — well inside
 * the uncertainty of a best-track radius of maximum wind. CLIMADA's default "equirect" metric
 * (`equirectangularDistanceM`) adds a further projection error growing with distance and latitude.
 */
export function haversineDistanceM(lat1Deg: number, lon1Deg: number, lat2Deg: number, lon2Deg: number): number {
  const dLat = (lat2Deg - lat1Deg) * DEG;
  const dLon = wrapLongitudeDifference(lon2Deg - lon1Deg) * DEG;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1Deg * DEG) * Math.cos(lat2Deg * DEG) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_MEAN_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * CLIMADA's "equirect" displacement (m) from point 1 to point 2, as used for the translation
 * speed (`_vtrans`): Δy = Δφ·111.12 km and Δx = Δλ·cos(φ₁)·111.12 km (Δλ wrapped to ±180°).
 * Returned as [east, north].
 */
export function equirectangularDisplacementM(lat1Deg: number, lon1Deg: number, lat2Deg: number, lon2Deg: number): [number, number] {
  const north = (lat2Deg - lat1Deg) * CLIMADA_DEGREE_LENGTH_M;
  const east = wrapLongitudeDifference(lon2Deg - lon1Deg) * Math.cos(lat1Deg * DEG) * CLIMADA_DEGREE_LENGTH_M;
  return [east, north];
}

export function equirectangularDistanceM(lat1Deg: number, lon1Deg: number, lat2Deg: number, lon2Deg: number): number {
  const [east, north] = equirectangularDisplacementM(lat1Deg, lon1Deg, lat2Deg, lon2Deg);
  return Math.hypot(east, north);
}
