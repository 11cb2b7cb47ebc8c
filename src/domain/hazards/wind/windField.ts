import { EARTH_MEAN_RADIUS_M, MAX_DISTANCE_FROM_EYE_M } from './constants.js';
import { wrapLongitudeDifference } from './distance.js';
import { holland2010ExponentAt, HOLLAND_2010_INNER_EXPONENT, HOLLAND_2010_PERIPHERAL_RADIUS_M } from './holland2010.js';
import { buildTimeline, stormStateAt, type TrackTimeline } from './trackInterpolation.js';
import { translationAttenuation, type HemisphereSign, type TranslationMetric } from './translation.js';
import { prepareProfile, profileSpeed, type PreparedProfile, type StormState, type WindModelOptions } from './windProfile.js';
import { distanceRangeM, holland1980MaxOver, holland2010MaxOver, holland2010MinOver, tangentAlignmentMax, windSpeedBound, type SiteBox } from './fieldBound.js';
import type { SiteBlocks } from '../_siteGrid.js';
import type { NormalizedTrack } from './tracks/types.js';

/** Sites as parallel coordinate arrays (degrees). */
export interface SiteCoordinates {
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
 * One storm state's wind at any site, with everything that depends only on the state computed
 * once. The symmetric profile is Holland et al. (2010), the default, with its constants taken
 * out of the per-site work, or any other profile through profileSpeed.
 */
class StormStateField {
  private readonly latitude: Float64Array;
  private readonly longitude: Float64Array;
  private readonly cosLat: Float64Array;
  private readonly profile: PreparedProfile;
  private readonly holland2010: boolean;
  /** Holland (2010)'s dx/dr beyond R. */
  private readonly slope: number;
  private readonly eyeLat: number;
  private readonly eyeLon: number;
  private readonly cosEye: number;
  private readonly maxDistanceM: number;
  /** The great-circle distance is at least the latitude difference's arc (a small margin for rounding). */
  private readonly maxLatitudeDifferenceDeg: number;
  private readonly hemisphere: HemisphereSign;
  private readonly translationEastMs: number;
  private readonly translationNorthMs: number;
  private readonly translationSpeedMs: number;

  constructor(sites: SiteCoordinates, state: StormState, hemisphere: HemisphereSign, options: WindFieldOptions) {
    this.latitude = sites.latitude;
    this.longitude = sites.longitude;
    this.cosLat = cosLatitudeOf(sites.latitude);
    this.profile = prepareProfile(state, options);
    this.holland2010 = this.profile.model === 'H10';
    this.slope = (this.profile.peripheralExponent - HOLLAND_2010_INNER_EXPONENT) / (HOLLAND_2010_PERIPHERAL_RADIUS_M - this.profile.rmaxM);
    this.eyeLat = state.latitudeDeg;
    this.eyeLon = state.longitudeDeg;
    this.cosEye = Math.cos(this.eyeLat * DEG);
    this.maxDistanceM = options.maxDistanceM ?? MAX_DISTANCE_FROM_EYE_M;
    this.maxLatitudeDifferenceDeg = ((this.maxDistanceM / EARTH_MEAN_RADIUS_M) * (1 + 1e-9)) / DEG;
    this.hemisphere = hemisphere;
    this.translationEastMs = state.translationEastMs;
    this.translationNorthMs = state.translationNorthMs;
    this.translationSpeedMs = Math.hypot(state.translationEastMs, state.translationNorthMs);
  }

  /**
   * The symmetric (rotational) speed at a distance. Holland (2010) as holland2010Speed gives it,
   * with s = (R/r)^b and [s e^(1−s)]^x taken through one logarithm, ln s = b ln(R/r): the same
   * formula (two powers cost more than the rest of a site), equal to rounding.
   */
  private symmetricSpeed(distanceM: number): number {
    if (!this.holland2010) return profileSpeed(this.profile, distanceM);
    const { rmaxM, hollandB, maxWindMs } = this.profile;
    const r = Math.max(1, distanceM);
    const x = holland2010ExponentAt(r, rmaxM, this.slope);
    const lnS = hollandB * Math.log(rmaxM / r);
    return maxWindMs * Math.exp(x * (lnS + 1 - Math.exp(lnS)));
  }

  /**
   * The speed at site i: haversine.ts's distance and translation.ts's asymmetricWindSpeed
   * written out (same formulas, equal to rounding; norms as square roots, which at these
   * magnitudes need none of Math.hypot's care). Sites farther than the maximum distance or
   * within 1 m of the eye get 0, as in CLIMADA; those whose latitude alone puts them beyond are
   * skipped. A storm state without motion gives the rotational speed in every direction.
   */
  speedAt(i: number): number {
    const lat = this.latitude[i];
    const eyeLat = this.eyeLat;
    if (Math.abs(lat - eyeLat) > this.maxLatitudeDifferenceDeg) return 0;
    const dLonDeg = wrapLongitudeDifference(this.longitude[i] - this.eyeLon);
    const sinHalfDLat = Math.sin(((lat - eyeLat) * DEG) / 2);
    const sinHalfDLon = Math.sin((dLonDeg * DEG) / 2);
    const a = sinHalfDLat ** 2 + this.cosEye * this.cosLat[i] * sinHalfDLon ** 2;
    const distanceM = 2 * EARTH_MEAN_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
    if (!(distanceM <= this.maxDistanceM) || distanceM <= 1) return 0;
    // asymmetricWindSpeed (translation.ts), CLIMADA's _compute_windfields for one site.
    const { rmaxM, containsTranslation } = this.profile;
    const attenuation = translationAttenuation(distanceM, rmaxM);
    let rotational = this.symmetricSpeed(distanceM);
    if (containsTranslation) rotational -= attenuation * this.translationSpeedMs;
    if (this.translationSpeedMs === 0) return Number.isNaN(rotational) ? 0 : Math.abs(rotational);
    const eastM = dLonDeg * DEG * EARTH_MEAN_RADIUS_M * Math.cos(0.5 * (lat + eyeLat) * DEG);
    const northM = (lat - eyeLat) * DEG * EARTH_MEAN_RADIUS_M;
    const hemisphere = this.hemisphere;
    const offset = Math.sqrt(eastM * eastM + northM * northM);
    const tangentEast = offset > 0 ? (-hemisphere * northM) / offset : 0;
    const tangentNorth = offset > 0 ? (hemisphere * eastM) / offset : 0;
    const windEast = rotational * tangentEast + attenuation * this.translationEastMs;
    const windNorth = rotational * tangentNorth + attenuation * this.translationNorthMs;
    const speed = Math.sqrt(windEast * windEast + windNorth * windNorth);
    return Number.isNaN(speed) ? 0 : speed;
  }

  /**
   * At least speedAt(i) for every site i of the box (fieldBound.ts); Infinity for the
   * Emanuel & Rotunno (2011) profile. A Holland (1980) profile (H1980, H08) is bounded above
   * only (its least rotational speed taken as 0, which the translation terms allow).
   */
  boundOver(box: SiteBox): number {
    const { model, rmaxM, hollandB, maxWindMs, containsTranslation } = this.profile;
    if (model !== 'H10' && model !== 'H1980' && model !== 'H08') return Infinity;
    const [loM, hiM] = distanceRangeM(this.eyeLat, this.eyeLon, box);
    const shape = { rmaxM, maxWindMs, hollandB, slope: this.slope };
    return windSpeedBound(
      {
        loM,
        hiM,
        rotationalMin: this.holland2010 ? holland2010MinOver(shape, loM, hiM) : 0,
        rotationalMax: this.holland2010 ? holland2010MaxOver(shape, loM, hiM) : holland1980MaxOver(this.profile, loM, hiM),
        alignmentMax: tangentAlignmentMax(this.eyeLat, this.eyeLon, box, this.hemisphere, this.translationEastMs, this.translationNorthMs),
      },
      rmaxM,
      this.translationSpeedMs,
      containsTranslation,
      this.maxDistanceM,
    );
  }
}

/**
 * 1-min sustained 10 m (marine exposure) wind speed (m/s) at every site for one storm state,
 * rotational profile plus attenuated translation (see translation.ts), written into `out`
 * (which is returned). Distance: haversine on the mean sphere (see distance.ts). The direction
 * from the eye to a site comes from the local east/north offsets. Sites farther than
 * `maxDistanceM` or within 1 m of the eye get 0, as in CLIMADA. No allocation per site.
 */
export function windSpeedField(
  sites: SiteCoordinates,
  state: StormState,
  hemisphere: HemisphereSign,
  options: WindFieldOptions,
  out: Float64Array,
): Float64Array {
  const n = checkedSiteCount(sites, out);
  const field = new StormStateField(sites, state, hemisphere, options);
  for (let i = 0; i < n; i++) out[i] = field.speedAt(i);
  return out;
}

/**
 * Raises `into` (one value per site; NaN counts as lower than anything) to windSpeedField's
 * speed wherever that is higher: the same values as taking windSpeedField and keeping the
 * higher. A block of nearby sites (SiteBlocks) gets an upper bound of the speed over its box
 * first (fieldBound.ts), and a site already holding at least the bound is not evaluated: a
 * storm followed between its snapshots evaluates most sites only in the sub-steps that can
 * raise their maximum (docs/physics.md).
 */
export function raiseToWindSpeedField(
  sites: SiteCoordinates,
  blocks: SiteBlocks,
  state: StormState,
  hemisphere: HemisphereSign,
  options: WindFieldOptions,
  into: Float64Array,
): void {
  checkedSiteCount(sites, into);
  const field = new StormStateField(sites, state, hemisphere, options);
  const { cellStart, siteOrder } = blocks.grid;
  const box: SiteBox = { minLat: 0, maxLat: 0, minLon: 0, maxLon: 0 };
  for (let k = 0; k + 1 < cellStart.length; k++) {
    if (cellStart[k] === cellStart[k + 1]) continue;
    box.minLat = blocks.minLat[k];
    box.maxLat = blocks.maxLat[k];
    box.minLon = blocks.minLon[k];
    box.maxLon = blocks.maxLon[k];
    const bound = field.boundOver(box);
    for (let j = cellStart[k]; j < cellStart[k + 1]; j++) {
      const site = siteOrder[j];
      if (into[site] >= bound) continue;
      const speed = field.speedAt(site);
      if (!(into[site] >= speed)) into[site] = speed;
    }
  }
}

function checkedSiteCount(sites: SiteCoordinates, out: Float64Array): number {
  const n = sites.latitude.length;
  if (sites.longitude.length !== n || out.length < n)
    throw new Error(`windSpeedField: ${n} latitudes, ${sites.longitude.length} longitudes, output of ${out.length}`);
  return n;
}

/**
 * Wind field at one time of a track (undefined when the time is outside the track or the
 * parameters there are unknown). Build the timeline once with `buildTimeline` for repeated calls.
 */
export function windSpeedFieldAt(
  sites: SiteCoordinates,
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
  sites: SiteCoordinates,
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
