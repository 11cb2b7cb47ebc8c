import { DEG_TO_RAD, WGS84_A_M, WGS84_E2 } from './wgs84.js';

/**
 * The point `eastM` metres east and `northM` metres north of an anchor (degrees, WGS-84), by
 * the local flat-earth approximation on the ellipsoid (Ed Williams, Aviation Formulary,
 * "Local, flat earth approximation"): with φ0 the anchor's latitude,
 *   M = a(1 − e²) / (1 − e² sin²φ0)^(3/2)   (meridional radius of curvature)
 *   N = a / √(1 − e² sin²φ0)               (prime-vertical radius of curvature)
 *   Δφ = north / M,   Δλ = east / (N cos φ0)   (radians).
 * Exact at the anchor, within a metre or so over a distribution feeder's few kilometres.
 */
export function offsetFrom(anchor: { longitude: number; latitude: number }, eastM: number, northM: number): { longitude: number; latitude: number } {
  const sinLatitude = Math.sin(anchor.latitude * DEG_TO_RAD);
  const w = 1 - WGS84_E2 * sinLatitude * sinLatitude;
  const meridional = (WGS84_A_M * (1 - WGS84_E2)) / (w * Math.sqrt(w));
  const primeVertical = WGS84_A_M / Math.sqrt(w);
  return {
    longitude: anchor.longitude + eastM / (primeVertical * Math.cos(anchor.latitude * DEG_TO_RAD)) / DEG_TO_RAD,
    latitude: anchor.latitude + northM / meridional / DEG_TO_RAD,
  };
}
