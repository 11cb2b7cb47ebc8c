import { EARTH_MEAN_RADIUS_M, MAX_DISTANCE_FROM_EYE_M } from './constants.js';
import { haversineDistanceM, wrapLongitudeDifference } from './distance.js';
import { buildTimeline, stormStateAt, type TrackTimeline } from './trackInterpolation.js';
import { asymmetricWindSpeed, type HemisphereSign, type TranslationMetric } from './translation.js';
import { prepareProfile, profileSpeed, type StormState, type WindModelOptions } from './windProfile.js';
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

/**
 * 1-min sustained 10 m (marine exposure) wind speed (m/s) at every site for one storm state,
 * rotational profile plus attenuated translation (see translation.ts), written into `out`
 * (which is returned). Distance: haversine on the mean sphere (see distance.ts). The direction
 * from the eye to a site comes from the local east/north offsets. Sites farther than
 * `maxDistanceM` or within 1 m of the eye get 0, as in CLIMADA. No allocation per site.
 */
export function windSpeedField(sites: Sites, state: StormState, hemisphere: HemisphereSign, options: WindFieldOptions, out: Float64Array): Float64Array {
  const n = sites.latitude.length;
  if (sites.longitude.length !== n || out.length < n)
    throw new Error(`windSpeedField: ${n} latitudes, ${sites.longitude.length} longitudes, output of ${out.length}`);
  const profile = prepareProfile(state, options);
  const maxDistanceM = options.maxDistanceM ?? MAX_DISTANCE_FROM_EYE_M;
  const eyeLat = state.latitudeDeg;
  const eyeLon = state.longitudeDeg;
  for (let i = 0; i < n; i++) {
    const lat = sites.latitude[i];
    const lon = sites.longitude[i];
    const distanceM = haversineDistanceM(eyeLat, eyeLon, lat, lon);
    if (!(distanceM <= maxDistanceM) || distanceM <= 1) {
      out[i] = 0;
      continue;
    }
    const eastM = wrapLongitudeDifference(lon - eyeLon) * DEG * EARTH_MEAN_RADIUS_M * Math.cos(0.5 * (lat + eyeLat) * DEG);
    const northM = (lat - eyeLat) * DEG * EARTH_MEAN_RADIUS_M;
    const speed = asymmetricWindSpeed(
      profileSpeed(profile, distanceM),
      eastM,
      northM,
      distanceM,
      profile.rmaxM,
      state.translationEastMs,
      state.translationNorthMs,
      hemisphere,
      profile.containsTranslation,
    );
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
