import { HPA_PA } from './constants.js';
import { wrapLongitudeDifference } from './distance.js';
import { trackHemisphere, translationVelocity, type HemisphereSign, type TranslationMetric } from './translation.js';
import type { StormState } from './windProfile.js';
import { WIND_RADII_THRESHOLDS_KT, type NormalizedTrack, type QuadrantRadii, type TrackFix, type WindRadii } from './tracks/types.js';

/**
 * Time interpolation of a best track.
 *
 * This package interpolates linearly in time: latitude, longitude (unwrapped so a track crossing
 * the antimeridian moves through ±180° rather than around the globe), maximum wind, pressures and
 * radii. CLIMADA's `equal_timestep` instead fits a cubic not-a-knot spline in time to latitude and
 * longitude (linear for 2 nodes, quadratic for 3) and interpolates the intensity variables
 * linearly. Linear positions never overshoot between 6-hourly fixes and keep the translation
 * velocity constant within each original segment, which is what the backward-difference motion of
 * the original fixes describes; the spline gives smoother heading changes at the fixes.
 */
export interface TrackTimeline {
  id: string;
  hemisphere: HemisphereSign;
  /** Milliseconds since the epoch, strictly increasing. */
  timesMs: Float64Array;
  latitudeDeg: Float64Array;
  /** Continuous (unwrapped) longitudes; may leave [−180, 180]. */
  longitudeDeg: Float64Array;
  /** NaN where the track has no value. */
  maxWindMs: Float64Array;
  centralPressurePa: Float64Array;
  environmentalPressurePa: Float64Array;
  rmaxM: Float64Array;
  outerRadiusM: Float64Array;
  status: (string | undefined)[];
}

const orNaN = (value: number | undefined): number => (value === undefined ? NaN : value);

export function buildTimeline(track: NormalizedTrack): TrackTimeline {
  const fixes = [...track.fixes].sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  const n = fixes.length;
  const timeline: TrackTimeline = {
    id: track.id,
    hemisphere: trackHemisphere(fixes.map((fix) => fix.latitude)),
    timesMs: new Float64Array(n),
    latitudeDeg: new Float64Array(n),
    longitudeDeg: new Float64Array(n),
    maxWindMs: new Float64Array(n),
    centralPressurePa: new Float64Array(n),
    environmentalPressurePa: new Float64Array(n),
    rmaxM: new Float64Array(n),
    outerRadiusM: new Float64Array(n),
    status: fixes.map((fix) => fix.status),
  };
  fixes.forEach((fix, i) => {
    timeline.timesMs[i] = Date.parse(fix.time);
    if (i > 0 && !(timeline.timesMs[i] > timeline.timesMs[i - 1])) throw new Error(`${track.id}: two fixes at ${fix.time}; times must be distinct`);
    timeline.latitudeDeg[i] = fix.latitude;
    timeline.longitudeDeg[i] = i === 0 ? fix.longitude : timeline.longitudeDeg[i - 1] + wrapLongitudeDifference(fix.longitude - timeline.longitudeDeg[i - 1]);
    timeline.maxWindMs[i] = orNaN(fix.maxWindMs);
    timeline.centralPressurePa[i] = orNaN(fix.centralPressurePa);
    timeline.environmentalPressurePa[i] = orNaN(fix.environmentalPressurePa);
    timeline.rmaxM[i] = orNaN(fix.rmaxM);
    timeline.outerRadiusM[i] = orNaN(fix.outerRadiusM);
  });
  return timeline;
}

/** Index k of the segment [t_k, t_{k+1}] holding `timeMs` (the last segment for t = t_end), or −1 outside. */
function segmentIndex(timesMs: Float64Array, timeMs: number): number {
  const n = timesMs.length;
  if (n < 2 || timeMs < timesMs[0] || timeMs > timesMs[n - 1]) return -1;
  let low = 0;
  let high = n - 1;
  while (high - low > 1) {
    const mid = (low + high) >> 1;
    if (timesMs[mid] <= timeMs) low = mid;
    else high = mid;
  }
  return low;
}

const lerp = (a: number, b: number, w: number): number => a + (b - a) * w;

/**
 * The storm state at any time within the track, for the wind models: position and intensity
 * interpolated linearly; motion and pressure tendency from the segment containing the time
 * (backward difference at an original fix, as CLIMADA; forward for the first fix, where CLIMADA
 * has no motion and sets the wind to 0). Undefined outside the track or where the central
 * pressure, environmental pressure, RMW or maximum wind is unknown at either end of the segment.
 */
export function stormStateAt(timeline: TrackTimeline, timeMs: number, metric: TranslationMetric = 'equirect'): StormState | undefined {
  let k = segmentIndex(timeline.timesMs, timeMs);
  if (k < 0) return undefined;
  // At an interior fix, use the segment that ends there (backward difference).
  if (k > 0 && timeMs === timeline.timesMs[k]) k -= 1;
  const t0 = timeline.timesMs[k];
  const t1 = timeline.timesMs[k + 1];
  const w = (timeMs - t0) / (t1 - t0);
  const at = (values: Float64Array) => lerp(values[k], values[k + 1], w);
  const state: StormState = {
    latitudeDeg: at(timeline.latitudeDeg),
    longitudeDeg: wrapLongitudeDifference(at(timeline.longitudeDeg)),
    maxWindMs: at(timeline.maxWindMs),
    centralPressurePa: at(timeline.centralPressurePa),
    environmentalPressurePa: at(timeline.environmentalPressurePa),
    rmaxM: at(timeline.rmaxM),
    translationEastMs: 0,
    translationNorthMs: 0,
    pressureTendencyPaPerS: 0,
  };
  if ([state.maxWindMs, state.centralPressurePa, state.environmentalPressurePa, state.rmaxM].some(Number.isNaN)) return undefined;
  const motion = translationVelocity(
    { latitudeDeg: timeline.latitudeDeg[k], longitudeDeg: timeline.longitudeDeg[k], timeMs: t0 },
    { latitudeDeg: timeline.latitudeDeg[k + 1], longitudeDeg: timeline.longitudeDeg[k + 1], timeMs: t1 },
    metric,
  );
  state.translationEastMs = motion.eastMs;
  state.translationNorthMs = motion.northMs;
  // CLIMADA ignores a previous pressure below 850 hPa (treated as corrupt) and uses dp/dt = 0.
  const previous = timeline.centralPressurePa[k];
  state.pressureTendencyPaPerS = previous < 850 * HPA_PA ? 0 : ((timeline.centralPressurePa[k + 1] - previous) * 1000) / (t1 - t0);
  return state;
}

/**
 * The track resampled every `stepSeconds` from its first fix to its last, plus every original fix
 * time (so off-synoptic fixes such as a HURDAT2 landfall at 16:55 are kept), linear in time as
 * described above. Status and record identifier come from the original fix at or before each
 * time (the identifier only at original fix times). Missing values stay missing wherever either
 * neighbouring fix lacks them.
 */
export function interpolateTrack(track: NormalizedTrack, stepSeconds = 3600): NormalizedTrack {
  if (!(stepSeconds > 0)) throw new Error(`interpolateTrack: stepSeconds must be positive, got ${stepSeconds}`);
  const timeline = buildTimeline(track);
  const n = timeline.timesMs.length;
  if (n < 2) return { ...track, fixes: track.fixes.map((fix) => ({ ...fix })) };
  const sorted = [...track.fixes].sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  const times = new Set<number>(timeline.timesMs);
  for (let t = timeline.timesMs[0]; t < timeline.timesMs[n - 1]; t += stepSeconds * 1000) times.add(t);
  const fixes = [...times].sort((a, b) => a - b).map((t) => interpolatedFix(timeline, sorted, t));
  return { ...track, fixes };
}

/**
 * Wind radii between two fixes, each quadrant linear in time like the other parameters; a
 * threshold one fix lacks is read as not reached there (0). Between a fix with radii and one
 * without, none: nothing says how the size changed.
 */
function interpolatedWindRadii(a: WindRadii | undefined, b: WindRadii | undefined, w: number): WindRadii | undefined {
  if (w === 0 || w === 1) return w === 0 ? a : b;
  if (!a || !b) return undefined;
  const radii: WindRadii = {};
  for (const knots of WIND_RADII_THRESHOLDS_KT) {
    const from = a[knots] ?? [0, 0, 0, 0];
    const to = b[knots] ?? [0, 0, 0, 0];
    const quadrants = from.map((radius, q) => lerp(radius, to[q], w)) as QuadrantRadii;
    if (a[knots] || b[knots]) radii[knots] = quadrants;
  }
  return radii;
}

function interpolatedFix(timeline: TrackTimeline, sorted: TrackFix[], t: number): TrackFix {
  const k = Math.min(segmentIndex(timeline.timesMs, t), timeline.timesMs.length - 2);
  const w = (t - timeline.timesMs[k]) / (timeline.timesMs[k + 1] - timeline.timesMs[k]);
  const fix: TrackFix = {
    time: new Date(t).toISOString().replace('.000Z', 'Z'),
    latitude: lerp(timeline.latitudeDeg[k], timeline.latitudeDeg[k + 1], w),
    longitude: wrapLongitudeDifference(lerp(timeline.longitudeDeg[k], timeline.longitudeDeg[k + 1], w)),
  };
  const keys = ['maxWindMs', 'centralPressurePa', 'environmentalPressurePa', 'rmaxM', 'outerRadiusM'] as const;
  for (const key of keys) {
    const value = w === 1 ? timeline[key][k + 1] : w === 0 ? timeline[key][k] : lerp(timeline[key][k], timeline[key][k + 1], w);
    if (!Number.isNaN(value)) fix[key] = value;
  }
  const source = w === 1 ? sorted[k + 1] : sorted[k];
  if (source.status !== undefined) fix.status = source.status;
  const ends = w === 0 ? [sorted[k]] : w === 1 ? [sorted[k + 1]] : [sorted[k], sorted[k + 1]];
  if (fix.rmaxM !== undefined && ends.some((end) => end.rmaxEstimated)) fix.rmaxEstimated = true;
  const radii = interpolatedWindRadii(sorted[k].windRadiiM, sorted[k + 1].windRadiiM, w);
  if (radii) fix.windRadiiM = radii;
  if ((w === 0 || w === 1) && source.recordIdentifier !== undefined) fix.recordIdentifier = source.recordIdentifier;
  return fix;
}
