import { EARTH_MEAN_RADIUS_M } from './constants.js';
import { wrapLongitudeDifference } from './distance.js';
import { HOLLAND_2010_INNER_EXPONENT, HOLLAND_2010_MIN_EXPONENT } from './holland2010.js';

/**
 * Upper bounds of one storm state's wind over a box of sites, so that sites whose speed cannot
 * exceed what they already hold are not evaluated (windField.ts, raiseToWindSpeedField). Each
 * bound is rigorous for the formulas windField.ts evaluates and carries a slack far above
 * their rounding, so skipping never changes a result.
 */

const DEG = Math.PI / 180;

/** Relative slack on distances and speeds, and an absolute one on distances (m): many orders above the rounding of either side. */
const RELATIVE_SLACK = 1e-9;
const ABSOLUTE_SLACK_M = 1e-3;

/** A box of sites (degrees), as SiteBlocks gives it. */
export interface SiteBox {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

/** Least and greatest |v| over the interval [from, to]. */
function absoluteRange(from: number, to: number): [number, number] {
  if (from <= 0 && to >= 0) return [0, Math.max(-from, to)];
  return [Math.min(Math.abs(from), Math.abs(to)), Math.max(Math.abs(from), Math.abs(to))];
}

/** Haversine distance (m) of a latitude and a longitude difference (degrees), given the product of the two latitudes' cosines. */
function haversineM(dLatDeg: number, dLonDeg: number, cosProduct: number): number {
  const a = Math.sin((dLatDeg * DEG) / 2) ** 2 + cosProduct * Math.sin((dLonDeg * DEG) / 2) ** 2;
  return 2 * EARTH_MEAN_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * Least and greatest haversine distance (m, windField.ts's metric) from the eye to any site of
 * the box. Haversine's a = sin²(Δφ/2) + cos φ_eye cos φ sin²(Δλ/2) grows with |Δφ| ≤ 180°,
 * |Δλ| ≤ 180° and cos φ ≥ 0, so the extremes of each over the box bound it; the distance grows with a.
 */
export function distanceRangeM(eyeLatDeg: number, eyeLonDeg: number, box: SiteBox): [number, number] {
  const [latLo, latHi] = absoluteRange(box.minLat - eyeLatDeg, box.maxLat - eyeLatDeg);
  // Sites' longitude differences are wrapped one by one; across the box they run from the west edge's on, up to 180° (then anything).
  const fromLon = wrapLongitudeDifference(box.minLon - eyeLonDeg);
  const toLon = fromLon + (box.maxLon - box.minLon);
  const [lonLo, lonHi] = toLon >= 180 ? [0, 180] : absoluteRange(fromLon, toLon);
  const cosEye = Math.max(0, Math.cos(eyeLatDeg * DEG));
  const cosMin = Math.max(0, Math.min(Math.cos(box.minLat * DEG), Math.cos(box.maxLat * DEG)));
  const cosMax = box.minLat <= 0 && box.maxLat >= 0 ? 1 : Math.max(Math.cos(box.minLat * DEG), Math.cos(box.maxLat * DEG));
  return [
    Math.max(0, haversineM(latLo, lonLo, cosEye * cosMin) * (1 - RELATIVE_SLACK) - ABSOLUTE_SLACK_M),
    haversineM(latHi, lonHi, cosEye * cosMax) * (1 + RELATIVE_SLACK) + ABSOLUTE_SLACK_M,
  ];
}

/** A Holland et al. (2010) profile as windField.ts evaluates it: V(r) = v_m [s e^(1−s)]^x(r), s = (R/r)^b, r ≥ 1 m. */
export interface Holland2010Shape {
  rmaxM: number;
  maxWindMs: number;
  hollandB: number;
  /** dx/dr beyond R. */
  slope: number;
}

function holland2010Exponent(shape: Holland2010Shape, r: number): number {
  return Math.max(HOLLAND_2010_INNER_EXPONENT + Math.max(0, r - shape.rmaxM) * shape.slope, HOLLAND_2010_MIN_EXPONENT);
}

function holland2010At(shape: Holland2010Shape, r: number, exponent: number): number {
  const s = (shape.rmaxM / r) ** shape.hollandB;
  return shape.maxWindMs * (s * Math.exp(1 - s)) ** exponent;
}

/**
 * Greatest Holland (2010) speed at distances in [loM, hiM] (Infinity unless v_m, b and R are
 * positive, as the argument needs). s e^(1−s) ≤ 1 peaks at s = 1 (r = R): inside R it
 * grows with r at the constant exponent 0.5; beyond R it falls with r while x(r), linear and
 * floored, is monotonic, so [s e^(1−s)]^x is at most the base at loM to the least exponent, x(loM) or x(hiM).
 */
export function holland2010MaxOver(shape: Holland2010Shape, loM: number, hiM: number): number {
  const { rmaxM, maxWindMs, hollandB } = shape;
  if (!(maxWindMs > 0 && hollandB > 0 && rmaxM > 0)) return Infinity;
  const lo = Math.max(1, loM);
  const hi = Math.max(1, hiM);
  if (hi <= rmaxM) return holland2010At(shape, hi, holland2010Exponent(shape, hi));
  if (lo >= rmaxM) return holland2010At(shape, lo, Math.min(holland2010Exponent(shape, lo), holland2010Exponent(shape, hi)));
  return maxWindMs;
}

/**
 * Greatest total speed (windField.ts: rotational profile plus attenuated translation) at
 * distances in [loM, hiM], given the greatest rotational speed there. With the attenuation
 * a ≤ min(1, R/loM) and translation speed t: |V − a t| + a t ≤ max(V, 2 a t) when the profile
 * contains the motion, V + a t otherwise; no wind beyond `maxDistanceM`.
 */
export function windSpeedBound(
  rotationalMax: number,
  loM: number,
  rmaxM: number,
  translationSpeedMs: number,
  containsTranslation: boolean,
  maxDistanceM: number,
): number {
  if (loM > maxDistanceM) return 0;
  const attenuation = loM > 0 ? Math.min(1, rmaxM / loM) : 1;
  const translation = attenuation * translationSpeedMs;
  return (containsTranslation ? Math.max(rotationalMax, 2 * translation) : rotationalMax + translation) * (1 + RELATIVE_SLACK);
}
