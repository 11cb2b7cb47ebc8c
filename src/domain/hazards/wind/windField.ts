import { EARTH_MEAN_RADIUS_M, MAX_DISTANCE_FROM_EYE_M } from './constants.js';
import { wrapLongitudeDifference } from './distance.js';
import { HOLLAND_2010_INNER_EXPONENT, HOLLAND_2010_MIN_EXPONENT, HOLLAND_2010_PERIPHERAL_RADIUS_M } from './holland2010.js';
import { buildTimeline, stormStateAt, type TrackTimeline } from './trackInterpolation.js';
import { translationAttenuation, type HemisphereSign, type TranslationMetric } from './translation.js';
import { prepareProfile, profileSpeed, type PreparedProfile, type StormState, type WindModelOptions } from './windProfile.js';
import type { NormalizedTrack } from './tracks/types.js';

/** Sites as parallel coordinate arrays (degrees). */
export interface Sites {
  longitude: Float64Array;
  latitude: Float64Array;
}

export interface WindFieldOptions extends WindModelOptions {
  /** No wind beyond this distance from the eye (m); CLIMADA's 300 km by default. */
  maxDistanceM?: number;
  /** Metric for the storm motion (default CLIMADA's 'equirect'). */
  translationMetric?: TranslationMetric;
}

const DEG = Math.PI / 180;

/** cos(latitude) of each site, kept per latitude array: a track evaluates the same sites at every (sub-)step. */
const cosLatitudes = new WeakMap<Float64Array, Float64Array>();

function cosLatitudeOf(latitude: Float64Array): Float64Array {
  let cached = cosLatitudes.get(latitude);
  if (!cached) {
    cached = Float64Array.from(latitude, (lat) => Math.cos(lat * DEG));
    cosLatitudes.set(latitude, cached);
  }
  return cached;
}

/**
 * The symmetric profile of one storm state as a function of distance. Holland et al. (2010), the
 * default, with its constants taken out of the per-site loop: the same operations in the same
 * order as holland2010Speed, so the same numbers.
 */
function symmetricSpeed(profile: PreparedProfile): (distanceM: number) => number {
  if (profile.model !== 'H10') return (distanceM) => profileSpeed(profile, distanceM);
  const { rmaxM, hollandB, maxWindMs } = profile;
  const slope = (profile.peripheralExponent - HOLLAND_2010_INNER_EXPONENT) / (HOLLAND_2010_PERIPHERAL_RADIUS_M - rmaxM);
  return (distanceM) => {
    const r = Math.max(1, distanceM);
    const x = Math.max(HOLLAND_2010_INNER_EXPONENT + Math.max(0, r - rmaxM) * slope, HOLLAND_2010_MIN_EXPONENT);
    const s = (rmaxM / r) ** hollandB;
    return maxWindMs * (s * Math.exp(1 - s)) ** x;
  };
}

/**
 * 1-min sustained 10 m (marine exposure) wind speed (m/s) at every site for one storm state,
 * rotational profile plus attenuated translation (see translation.ts), written into `out`
 * (which is returned). Distance: haversine on the mean sphere (see distance.ts). The direction
 * from the eye to a site comes from the local east/north offsets. Sites farther than
 * `maxDistanceM` or within 1 m of the eye get 0, as in CLIMADA. No allocation per site; the
 * per-site work is haversine.ts's distance and translation.ts's asymmetricWindSpeed written out
 * with everything that depends only on the storm state computed once (same operations, same
 * numbers), and sites whose latitude alone puts them beyond `maxDistanceM` skipped.
 */
export function windSpeedField(sites: Sites, state: StormState, hemisphere: HemisphereSign, options: WindFieldOptions, out: Float64Array): Float64Array {
  const n = sites.latitude.length;
  if (sites.longitude.length !== n || out.length < n)
    throw new Error(`windSpeedField: ${n} latitudes, ${sites.longitude.length} longitudes, output of ${out.length}`);
  const profile = prepareProfile(state, options);
  const maxDistanceM = options.maxDistanceM ?? MAX_DISTANCE_FROM_EYE_M;
  const speedAt = symmetricSpeed(profile);
  const eyeLat = state.latitudeDeg;
  const eyeLon = state.longitudeDeg;
  const cosEye = Math.cos(eyeLat * DEG);
  const cosLat = cosLatitudeOf(sites.latitude);
  // The great-circle distance is at least the latitude difference's arc (a small margin for rounding).
  const maxLatitudeDifferenceDeg = ((maxDistanceM / EARTH_MEAN_RADIUS_M) * (1 + 1e-9)) / DEG;
  const { rmaxM, containsTranslation } = profile;
  const translationEastMs = state.translationEastMs;
  const translationNorthMs = state.translationNorthMs;
  const translationSpeedMs = Math.hypot(translationEastMs, translationNorthMs);
  for (let i = 0; i < n; i++) {
    const lat = sites.latitude[i];
    if (Math.abs(lat - eyeLat) > maxLatitudeDifferenceDeg) {
      out[i] = 0;
      continue;
    }
    const dLonDeg = wrapLongitudeDifference(sites.longitude[i] - eyeLon);
    const sinHalfDLat = Math.sin(((lat - eyeLat) * DEG) / 2);
    const sinHalfDLon = Math.sin((dLonDeg * DEG) / 2);
    const a = sinHalfDLat ** 2 + cosEye * cosLat[i] * sinHalfDLon ** 2;
    const distanceM = 2 * EARTH_MEAN_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
    if (!(distanceM <= maxDistanceM) || distanceM <= 1) {
      out[i] = 0;
      continue;
    }
    const eastM = dLonDeg * DEG * EARTH_MEAN_RADIUS_M * Math.cos(0.5 * (lat + eyeLat) * DEG);
    const northM = (lat - eyeLat) * DEG * EARTH_MEAN_RADIUS_M;
    // asymmetricWindSpeed (translation.ts), CLIMADA's _compute_windfields for one site.
    const attenuation = translationAttenuation(distanceM, rmaxM);
    const offset = Math.hypot(eastM, northM);
    let rotational = speedAt(distanceM);
    if (containsTranslation) rotational -= attenuation * translationSpeedMs;
    const tangentEast = offset > 0 ? (-hemisphere * northM) / offset : 0;
    const tangentNorth = offset > 0 ? (hemisphere * eastM) / offset : 0;
    const speed = Math.hypot(rotational * tangentEast + attenuation * translationEastMs, rotational * tangentNorth + attenuation * translationNorthMs);
    out[i] = Number.isNaN(speed) ? 0 : speed;
  }
  return out;
}

/**
 * Wind field at one time of a track (undefined when the time is outside the track or the
 * parameters there are unknown). Build the timeline once with `buildTimeline` for repeated calls.
 */
export function windSpeedFieldAt(
  sites: Sites,
  track: NormalizedTrack | TrackTimeline,
  timeMs: number,
  options: WindFieldOptions,
  out: Float64Array,
): Float64Array | undefined {
  const timeline = 'timesMs' in track ? track : buildTimeline(track);
  const state = stormStateAt(timeline, timeMs, options.translationMetric);
  return state === undefined ? undefined : windSpeedField(sites, state, timeline.hemisphere, options, out);
}

/**
 * Maximum over the track of the wind speed at each site, sampling every `stepSeconds` (default
 * 1 h, CLIMADA's resolution) and every original fix — the per-site hazard intensity. Writes into
 * `out`; `scratch` (same length) holds one time step.
 */
export function maxWindSpeedOverTrack(
  sites: Sites,
  track: NormalizedTrack,
  options: WindFieldOptions & { stepSeconds?: number },
  out: Float64Array,
  scratch: Float64Array = new Float64Array(out.length),
): Float64Array {
  const timeline = buildTimeline(track);
  out.fill(0);
  const n = timeline.timesMs.length;
  if (n < 2) return out;
  const times = new Set<number>(timeline.timesMs);
  for (let t = timeline.timesMs[0]; t < timeline.timesMs[n - 1]; t += (options.stepSeconds ?? 3600) * 1000) times.add(t);
  for (const t of times) {
    if (windSpeedFieldAt(sites, timeline, t, options, scratch) === undefined) continue;
    for (let i = 0; i < out.length; i++) if (scratch[i] > out[i]) out[i] = scratch[i];
  }
  return out;
}

export type { StormState };
