import { EARTH_MEAN_RADIUS_M } from './constants.js';
import { wrapLongitudeDifference } from './distance.js';
import type { Holland1980Parameters } from './holland1980.js';
import { holland2010ExponentAt } from './holland2010.js';

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
/** Slack on a squared speed, relative to the greatest squared profile speed: 10⁻⁶ of that speed after the root. */
const SQUARED_SLACK = 1e-12;

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
  return holland2010ExponentAt(r, shape.rmaxM, shape.slope);
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
 * Least Holland (2010) speed at distances in [loM, hiM] (0 unless v_m, b and R are positive).
 * Inside R the profile grows with r, so its least value there is at loM; beyond R the base
 * s e^(1−s) ≤ 1 falls with r, so the profile is at least the base at hiM to the greatest
 * exponent over the stretch beyond R (x(R) = 0.5, or x at its ends).
 */
export function holland2010MinOver(shape: Holland2010Shape, loM: number, hiM: number): number {
  const { rmaxM, maxWindMs, hollandB } = shape;
  if (!(maxWindMs > 0 && hollandB > 0 && rmaxM > 0)) return 0;
  const lo = Math.max(1, loM);
  const hi = Math.max(1, hiM);
  if (hi <= rmaxM) return holland2010At(shape, lo, holland2010Exponent(shape, lo));
  const outer = holland2010At(shape, hi, Math.max(holland2010Exponent(shape, Math.max(lo, rmaxM)), holland2010Exponent(shape, hi)));
  return lo >= rmaxM ? outer : Math.min(holland2010At(shape, lo, holland2010Exponent(shape, lo)), outer);
}

/**
 * A Holland (1980) profile as profileSpeed evaluates it (H1980, H08): factor × holland1980Speed,
 * V(r) = √(A s e^(−s) + c²) − c, A = B Δp / ρ, s = (R/r)^B, c = r f / 2 (f ≥ 0, coriolis.ts), r ≥ 1 m.
 */
export type Holland1980Shape = Holland1980Parameters & {
  /** The factor the profile's speed is multiplied by (profileSpeed). */
  outputFactor: number;
};

/**
 * Greatest Holland (1980) speed at distances in [loM, hiM] (Infinity unless R, B, Δp, ρ and
 * the factor are positive and f ≥ 0, as the argument needs). √(g + c²) − c = g / (√(g + c²) + c)
 * grows with g = A s e^(−s) and, for c ≥ 0, falls with c, so it is at most its value at the
 * greatest g and the least c (at loM). s e^(−s) rises to its peak 1/e at s = 1 (r = R) and falls
 * beyond, so over the interval's s it is at most 1/e when the interval holds R, else its value
 * at the end nearer R.
 */
export function holland1980MaxOver(shape: Holland1980Shape, loM: number, hiM: number): number {
  const { rmaxM, hollandB, pressureDeficitPa, airDensity, coriolis, cyclostrophic, outputFactor } = shape;
  if (!(rmaxM > 0 && hollandB > 0 && pressureDeficitPa > 0 && airDensity > 0 && outputFactor > 0 && coriolis >= 0)) return Infinity;
  const lo = Math.max(1, loM);
  const sNear = (rmaxM / lo) ** hollandB;
  const sFar = (rmaxM / Math.max(1, hiM)) ** hollandB;
  const peak = sFar <= 1 && sNear >= 1 ? Math.exp(-1) : Math.max(sNear * Math.exp(-sNear), sFar * Math.exp(-sFar));
  const g = (hollandB / airDensity) * pressureDeficitPa * peak * (1 + RELATIVE_SLACK);
  const c = cyclostrophic ? 0 : ((lo * coriolis) / 2) * (1 - RELATIVE_SLACK);
  // The quotient form has no cancellation; the profile's own difference has, of about c·2⁻⁵² where c outweighs g, hence the absolute slack.
  return outputFactor * ((g / (Math.sqrt(g + c * c) + c)) * (1 + RELATIVE_SLACK) + c * RELATIVE_SLACK * 1e-3);
}

/**
 * Greatest alignment t̂·v̂ (cosine of the angle between a site's unit tangent and the storm's
 * motion, translation.ts) over the sites of the box; 1 when unknown. The sites' offsets from
 * the eye (windField.ts: Δλ cos φ_mid and Δφ, in metres) lie in a rectangle; seen from the eye
 * it spans at most asin(half diagonal / distance of its centre) either side of its centre's
 * direction, and tangents turn with their offsets.
 */
export function tangentAlignmentMax(
  eyeLatDeg: number,
  eyeLonDeg: number,
  box: SiteBox,
  hemisphere: 1 | -1,
  translationEastMs: number,
  translationNorthMs: number,
): number {
  if (translationEastMs === 0 && translationNorthMs === 0) return 1;
  const fromLon = wrapLongitudeDifference(box.minLon - eyeLonDeg);
  const toLon = fromLon + (box.maxLon - box.minLon);
  if (toLon >= 180) return 1;
  const midFrom = 0.5 * (box.minLat + eyeLatDeg) * DEG;
  const midTo = 0.5 * (box.maxLat + eyeLatDeg) * DEG;
  const cosMidMin = Math.max(0, Math.min(Math.cos(midFrom), Math.cos(midTo)));
  const cosMidMax = midFrom <= 0 && midTo >= 0 ? 1 : Math.max(Math.cos(midFrom), Math.cos(midTo));
  const metresPerDegree = DEG * EARTH_MEAN_RADIUS_M;
  const eastMin = Math.min(fromLon * cosMidMin, fromLon * cosMidMax, toLon * cosMidMin, toLon * cosMidMax) * metresPerDegree;
  const eastMax = Math.max(fromLon * cosMidMin, fromLon * cosMidMax, toLon * cosMidMin, toLon * cosMidMax) * metresPerDegree;
  const northMin = (box.minLat - eyeLatDeg) * metresPerDegree;
  const northMax = (box.maxLat - eyeLatDeg) * metresPerDegree;
  const east = 0.5 * (eastMin + eastMax);
  const north = 0.5 * (northMin + northMax);
  const halfDiagonal = 0.5 * Math.sqrt((eastMax - eastMin) ** 2 + (northMax - northMin) ** 2) * (1 + RELATIVE_SLACK) + ABSOLUTE_SLACK_M;
  const centre = Math.sqrt(east * east + north * north);
  if (!(centre > halfDiagonal)) return 1;
  const spread = Math.asin(halfDiagonal / centre) + RELATIVE_SLACK;
  // The centre's tangent (−north, east)·hemisphere, against the motion.
  const tangentEast = -hemisphere * north;
  const tangentNorth = hemisphere * east;
  const angle = Math.atan2(
    Math.abs(tangentEast * translationNorthMs - tangentNorth * translationEastMs),
    tangentEast * translationEastMs + tangentNorth * translationNorthMs,
  );
  return angle <= spread ? 1 : Math.min(1, Math.cos(angle - spread) + RELATIVE_SLACK);
}

/** What windSpeedBound needs about a box of sites and one storm state. */
export interface BoxWind {
  /** Distances from the eye (m), distanceRangeM. */
  loM: number;
  hiM: number;
  /** Least and greatest rotational (profile) speed over them. */
  rotationalMin: number;
  rotationalMax: number;
  /** tangentAlignmentMax. */
  alignmentMax: number;
}

/**
 * Greatest total speed (windField.ts: rotational profile V plus attenuated translation) over
 * a box of sites; none beyond `maxDistanceM`. With the attenuation a = min(1, R/r) and the
 * attenuated motion u = a t: a profile without the motion gives at most V + u. One that
 * contains it (H08, H10) gives speed² = (V − u)² + u² + 2 (V − u) u c = V² − 2 u (1 − c)(V − u)
 * with c = t̂·v̂, so at most V_max² − 2 u_min (1 − c_max)(V_min − u_max) while V_min ≥ u_max
 * (every factor at its least), and max(V, 2u) in any case. The right-hand side of the storm
 * reaches V, its left V − 2u.
 */
export function windSpeedBound(box: BoxWind, rmaxM: number, translationSpeedMs: number, containsTranslation: boolean, maxDistanceM: number): number {
  const { loM, hiM, rotationalMin, rotationalMax, alignmentMax } = box;
  if (loM > maxDistanceM) return 0;
  const motionMax = (loM > 0 ? Math.min(1, rmaxM / loM) : 1) * translationSpeedMs * (1 + RELATIVE_SLACK);
  if (!containsTranslation) return (rotationalMax + motionMax) * (1 + RELATIVE_SLACK);
  const leastRotational = rotationalMin * (1 - RELATIVE_SLACK);
  if (!(leastRotational >= motionMax)) return Math.max(rotationalMax, 2 * motionMax) * (1 + RELATIVE_SLACK);
  const motionMin = (hiM > 0 ? Math.min(1, rmaxM / hiM) : 1) * translationSpeedMs * (1 - RELATIVE_SLACK);
  const squared = rotationalMax * rotationalMax - 2 * motionMin * (1 - alignmentMax) * (leastRotational - motionMax);
  // An absolute slack for the cancellation where the left side's wind nearly vanishes.
  return Math.sqrt(Math.max(0, squared) + SQUARED_SLACK * rotationalMax * rotationalMax) * (1 + RELATIVE_SLACK);
}
