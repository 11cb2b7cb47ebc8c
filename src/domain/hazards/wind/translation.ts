import { MAX_TRANSLATION_SPEED_MS } from './constants.js';
import { equirectangularDisplacementM, haversineDistanceM } from './distance.js';

/**
 * Storm motion from consecutive fixes, and how CLIMADA adds it to the rotational wind.
 *
 * Motion: backward difference between fix k−1 and fix k, with CLIMADA's default "equirect"
 * displacement (Δx = Δλ·cos φ_{k−1}·111.12 km, Δy = Δφ·111.12 km) divided by the time step.
 * With metric 'haversine' the speed is the great-circle distance over the time step, the direction
 * still the equirectangular one (as CLIMADA's "geosphere" option). The speed is capped at 30 kn.
 *
 * Asymmetry: the translation vector is added to the rotational wind with the attenuation
 * a(r) = min(1, R/r) of Mouton & Nordbeck (2005), "Cyclone Database Manager: a tool for
 * converting point data from cyclone observations into tracks and wind speed profiles in a GIS",
 * UNEP/GRID-Geneva (their Fig. 7), which is what CLIMADA applies.
 */

export interface TranslationVelocity {
  /** Eastward component (m/s). */
  eastMs: number;
  /** Northward component (m/s). */
  northMs: number;
  /** Speed (m/s), after the 30 kn cap. */
  speedMs: number;
  /** Direction of motion, degrees clockwise from north (0 = northward, 90 = eastward). */
  headingDeg: number;
}

export interface Fix {
  latitudeDeg: number;
  longitudeDeg: number;
  /** Milliseconds since the epoch (UTC). */
  timeMs: number;
}

export type TranslationMetric = 'equirect' | 'haversine';

export function translationVelocity(previous: Fix, current: Fix, metric: TranslationMetric = 'equirect'): TranslationVelocity {
  const seconds = (current.timeMs - previous.timeMs) / 1000;
  if (!(seconds > 0)) throw new Error(`translationVelocity: fixes must be in increasing time order (Δt = ${seconds} s)`);
  let [east, north] = equirectangularDisplacementM(previous.latitudeDeg, previous.longitudeDeg, current.latitudeDeg, current.longitudeDeg);
  if (metric === 'haversine') {
    const planar = Math.hypot(east, north);
    const scale = planar > 0 ? haversineDistanceM(previous.latitudeDeg, previous.longitudeDeg, current.latitudeDeg, current.longitudeDeg) / planar : 0;
    east *= scale;
    north *= scale;
  }
  let eastMs = east / seconds;
  let northMs = north / seconds;
  let speedMs = Math.hypot(eastMs, northMs);
  if (speedMs > MAX_TRANSLATION_SPEED_MS) {
    const cap = MAX_TRANSLATION_SPEED_MS / speedMs;
    eastMs *= cap;
    northMs *= cap;
    speedMs = MAX_TRANSLATION_SPEED_MS;
  }
  const headingDeg = ((Math.atan2(eastMs, northMs) * 180) / Math.PI + 360) % 360;
  return { eastMs, northMs, speedMs, headingDeg };
}

/** Translation attenuation a(r) = min(1, R/r) (Mouton & Nordbeck 2005, Fig. 7). */
export function translationAttenuation(distanceM: number, rmaxM: number): number {
  return distanceM > 0 ? Math.min(1, rmaxM / distanceM) : 1;
}

/** +1 in the northern hemisphere (counter-clockwise rotation), −1 in the southern (clockwise). */
export type HemisphereSign = 1 | -1;

/**
 * Hemisphere of a track as CLIMADA decides it: the majority sign of its latitudes (ties north).
 */
export function trackHemisphere(latitudesDeg: ArrayLike<number>): HemisphereSign {
  let south = 0;
  let north = 0;
  for (let i = 0; i < latitudesDeg.length; i++) {
    if (latitudesDeg[i] < 0) south++;
    else if (latitudesDeg[i] > 0) north++;
  }
  return south > north ? -1 : 1;
}

/**
 * Total wind speed (m/s) at a site, CLIMADA's `_compute_windfields` for one site and one time:
 *  1. the rotational speed `rotationalSpeedMs` (already evaluated at distance r) is reduced by
 *     a·|v_t| when the model's maximum wind contains the motion (H08, H10),
 *  2. it is turned into a vector tangent to the circle around the eye, counter-clockwise in the
 *     northern hemisphere, clockwise in the southern,
 *  3. a·v_t is added, and the norm is returned.
 * (eastM, northM) is the site's offset from the eye (any metric; only its direction is used).
 * Ahead of the storm and to the right of its motion (NH) the two vectors are parallel, so the
 * right-front side is the strongest; in the SH it is the left side.
 */
export function asymmetricWindSpeed(
  rotationalSpeedMs: number,
  eastM: number,
  northM: number,
  distanceM: number,
  rmaxM: number,
  translationEastMs: number,
  translationNorthMs: number,
  hemisphere: HemisphereSign,
  modelContainsTranslation: boolean,
): number {
  const attenuation = translationAttenuation(distanceM, rmaxM);
  const offset = Math.hypot(eastM, northM);
  let rotational = rotationalSpeedMs;
  if (modelContainsTranslation) rotational -= attenuation * Math.hypot(translationEastMs, translationNorthMs);
  // Unit tangent: (−north, east)/|offset| is counter-clockwise; the sign flips it in the SH.
  const tangentEast = offset > 0 ? (-hemisphere * northM) / offset : 0;
  const tangentNorth = offset > 0 ? (hemisphere * eastM) / offset : 0;
  const windEast = rotational * tangentEast + attenuation * translationEastMs;
  const windNorth = rotational * tangentNorth + attenuation * translationNorthMs;
  return Math.hypot(windEast, windNorth);
}
