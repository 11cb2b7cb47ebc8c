import * as v from 'valibot';
import { distancesFromPointM, geodesicDistanceFastM } from '../../base/geodesy/batch.js';
import { HazsimError } from '../../base/errors.js';
import { Name, Point, plainNumber, quantity, Timestamp } from './_schema.js';
import {
  mergeMax,
  modelLabel,
  pointApproach,
  pointBox,
  type ComputeContext,
  type HazardDescriptor,
  type ModelMotion,
  type PreparedSites,
} from './descriptor.js';
import { interpolateWindHazard } from './windInterpolation.js';
import type { WindHazard } from './types.js';
import { DEFAULT_ENVIRONMENTAL_PRESSURE_PA, HPA_PA } from './wind/constants.js';
import { WIND_DEFAULT_CURVES } from './wind/defaultCurves.js';
import { centralPressureFromMaxWind } from './wind/pressureEstimate.js';
import { HOLLAND_MODEL, resolveWindProfile, WIND_PROFILES } from './wind/profiles.js';
import { fitRmwToWindRadii } from './wind/radiiFit.js';
import { MAX_WIND_SOURCES, resolveMaxWindSource, RMW_SOURCES } from './wind/stormSize.js';
import { WIND_RADII_THRESHOLDS_KT, type QuadrantRadii, type WindRadii } from './wind/tracks/types.js';
import { raiseToWindSpeedField } from './wind/windField.js';
import type { StormState, WindModelOptions } from './wind/windProfile.js';

/**
 * Hurricane wind (docs/input-hazard.md, docs/wind.md). A wind model names its wind-field model
 * (`wind_profile`): Holland (1980), Holland (2008) or Holland et al. (2010) with storm motion
 * (src/domain/hazards/wind/), or ERAD's profile below. Every profile gives the 1-min sustained
 * wind at 10 m over open water; the engine converts it to what each fragility curve expects.
 *
 * ERAD_V1: ERAD's Holland-type symmetric radial profile (as ERAD's fixed engine computes it)
 * with k = 1.14 and b = 10:
 *   r < R_vmax:           v = k·V·(1 − e^(−m·r)),     m = ln(k/(k−1)) / R_vmax
 *   R_vmax ≤ r < R_max:   v = V·e^(−a·(r − R_vmax)),  a = ln(b) / (R_max − R_vmax)
 *   r ≥ R_max:            v = 0
 * ERAD states r, R_vmax, R_max in nautical miles and V in knots. The profile only
 * involves r/R ratios and v/V, so it gives the same speeds in any consistent units; hazsim
 * evaluates it in metres and metres per second. No storm motion, pressure or direction.
 */

export const HOLLAND_K = 1.14;
export const HOLLAND_B = 10;
const LN_K_OVER_K_MINUS_1 = Math.log(HOLLAND_K / (HOLLAND_K - 1));
const LN_B = Math.log(HOLLAND_B);

/** The constants of one storm's profile, computed once per model. */
export interface HollandProfile {
  maxWindSpeed: number;
  radiusOfMaxWind: number;
  radiusOfClosestIsobar: number;
  /** m = ln(k/(k−1)) / R_vmax. */
  inner: number;
  /** a = ln(b) / (R_max − R_vmax). */
  outer: number;
}

export function hollandProfile(maxWindSpeed: number, radiusOfMaxWind: number, radiusOfClosestIsobar: number): HollandProfile {
  return {
    maxWindSpeed,
    radiusOfMaxWind,
    radiusOfClosestIsobar,
    inner: LN_K_OVER_K_MINUS_1 / radiusOfMaxWind,
    outer: LN_B / (radiusOfClosestIsobar - radiusOfMaxWind),
  };
}

/** Wind speed (unit of the profile's maximum) at `distance` from the centre (unit of its radii). */
export function hollandSpeedAt(profile: HollandProfile, distance: number): number {
  if (distance >= profile.radiusOfClosestIsobar) return 0;
  if (distance < profile.radiusOfMaxWind) return HOLLAND_K * profile.maxWindSpeed * (1 - Math.exp(-profile.inner * distance));
  return profile.maxWindSpeed * Math.exp(-profile.outer * (distance - profile.radiusOfMaxWind));
}

/** Wind speed (unit of `maxWindSpeed`) at `distance` from the centre (unit of the two radii). */
export function hollandWindSpeed(distance: number, maxWindSpeed: number, radiusOfMaxWind: number, radiusOfClosestIsobar: number): number {
  return hollandSpeedAt(hollandProfile(maxWindSpeed, radiusOfMaxWind, radiusOfClosestIsobar), distance);
}

/** Air density: kg/m³, or HOLLAND_2008 for the pressure- and latitude-dependent estimate of Holland et al. (2010) eq. 9. */
const AirDensity = v.union(
  [v.literal('HOLLAND_2008'), plainNumber('air_density (kg/m³)', { min: 0.5 })],
  'air_density must be a number of kg/m³ (e.g. 1.15) or "HOLLAND_2008"',
);

const Radius = quantity('length', { min: 0 });
/** One threshold's radii, NE, SE, SW, NW (0 where the wind does not reach it). */
const QuadrantRadiiSchema = v.tuple([Radius, Radius, Radius, Radius], 'wind radii are four lengths: NE, SE, SW, NW');
const WindRadiiSchema = v.strictObject(
  Object.fromEntries(WIND_RADII_THRESHOLDS_KT.map((knots) => [String(knots), v.optional(QuadrantRadiiSchema)])) as Record<
    '34' | '50' | '64',
    v.OptionalSchema<typeof QuadrantRadiiSchema, undefined>
  >,
  'wind_radii must be {"34"?, "50"?, "64"?}, each four lengths NE, SE, SW, NW',
);

export const WindModel = v.pipe(
  v.strictObject({
    type: v.literal('wind'),
    name: Name,
    timestamp: Timestamp,
    center: Point,
    max_wind_speed: quantity('speed', { min: 0 }),
    radius_of_max_wind: quantity('length', { min: 0, exclusive: true }),
    radius_of_closest_isobar: v.optional(quantity('length', { min: 0, exclusive: true })),
    air_pressure: v.optional(quantity('pressure', { min: 0, exclusive: true })),
    environmental_pressure: v.optional(quantity('pressure', { min: 0, exclusive: true })),
    air_density: v.optional(AirDensity),
    translation_speed: v.optional(quantity('speed', { min: 0 })),
    translation_direction: v.optional(quantity('angle')),
    wind_profile: v.optional(v.picklist(WIND_PROFILES, `wind_profile must be one of ${WIND_PROFILES.join(', ')}`)),
    pressure_tendency: v.optional(quantity('pressure_rate')),
    wind_radii: v.optional(WindRadiiSchema),
    radius_of_max_wind_source: v.optional(v.picklist(RMW_SOURCES, `radius_of_max_wind_source must be one of ${RMW_SOURCES.join(', ')}`)),
    max_wind_source: v.optional(v.picklist(MAX_WIND_SOURCES, `max_wind_source must be one of ${MAX_WIND_SOURCES.join(', ')}`)),
  }),
  v.forward(
    v.check(
      (entry) => entry.radius_of_max_wind_source !== 'wind_radii' || entry.wind_radii !== undefined,
      'radius_of_max_wind_source wind_radii needs the wind_radii it is fitted to',
    ),
    ['radius_of_max_wind_source'],
  ),
  v.forward(
    v.check(
      (entry) => entry.radius_of_closest_isobar === undefined || entry.radius_of_max_wind < entry.radius_of_closest_isobar,
      'radius_of_max_wind must be smaller than radius_of_closest_isobar (the wind falls to a tenth of its maximum between them)',
    ),
    ['radius_of_max_wind'],
  ),
  v.forward(
    v.check(
      (entry) => entry.wind_profile !== 'ERAD_V1' || entry.radius_of_closest_isobar !== undefined,
      'required with wind_profile ERAD_V1: its profile falls to zero at the closest isobar',
    ),
    ['radius_of_closest_isobar'],
  ),
  v.forward(
    v.check(
      (entry) => (entry.translation_speed === undefined) === (entry.translation_direction === undefined),
      'translation_speed and translation_direction go together (speed, and the direction the storm moves towards, clockwise from north)',
    ),
    ['translation_direction'],
  ),
  v.transform((entry): WindHazard => {
    const heading = ((entry.translation_direction ?? 0) * Math.PI) / 180;
    const speed = entry.translation_speed ?? 0;
    return {
      type: 'wind',
      declaredType: 'wind',
      name: entry.name,
      timestamp: entry.timestamp,
      center: entry.center,
      maxWindSpeedMs: entry.max_wind_speed,
      radiusOfMaxWindM: entry.radius_of_max_wind,
      ...(entry.radius_of_closest_isobar !== undefined ? { radiusOfClosestIsobarM: entry.radius_of_closest_isobar } : {}),
      ...(entry.air_pressure !== undefined ? { airPressurePa: entry.air_pressure } : {}),
      ...(entry.environmental_pressure !== undefined ? { environmentalPressurePa: entry.environmental_pressure } : {}),
      ...(entry.air_density !== undefined ? { airDensity: entry.air_density } : {}),
      ...(entry.translation_speed !== undefined ? { translationEastMs: speed * Math.sin(heading), translationNorthMs: speed * Math.cos(heading) } : {}),
      ...(entry.wind_profile !== undefined ? { windProfile: entry.wind_profile } : {}),
      ...(entry.pressure_tendency !== undefined ? { pressureTendencyPaPerS: entry.pressure_tendency } : {}),
      ...(entry.wind_radii !== undefined ? { windRadiiM: windRadiiOf(entry.wind_radii) } : {}),
      ...(entry.radius_of_max_wind_source !== undefined ? { radiusOfMaxWindSource: entry.radius_of_max_wind_source } : {}),
      ...(entry.max_wind_source !== undefined ? { maxWindSource: entry.max_wind_source } : {}),
    };
  }),
);

function windRadiiOf(radii: Partial<Record<'34' | '50' | '64', number[]>>): WindRadii {
  const out: WindRadii = {};
  for (const knots of WIND_RADII_THRESHOLDS_KT) {
    const quadrants = radii[String(knots) as '34' | '50' | '64'];
    if (quadrants) out[knots] = [...quadrants] as QuadrantRadii;
  }
  return out;
}

/** ERAD's profile over the sites (distances on the WGS-84 geodesic), merged into `speed`. */
function computeEradProfile(model: WindHazard, sites: PreparedSites, speed: Float64Array): void {
  if (model.radiusOfClosestIsobarM === undefined)
    throw new HazsimError(
      'invalid_input',
      `${modelLabel(model)}: wind_profile ERAD_V1 (the erad_v1 physics default) needs radius_of_closest_isobar; give it, or choose a Holland wind_profile`,
    );
  const distanceM = sites.scratch;
  distancesFromPointM(model.center.latitude, model.center.longitude, sites.points, distanceM);
  const profile = hollandProfile(model.maxWindSpeedMs, model.radiusOfMaxWindM, model.radiusOfClosestIsobarM);
  for (let i = 0; i < sites.sites.count; i++) mergeMax(speed, i, hollandSpeedAt(profile, distanceM[i]));
}

/**
 * The storm state a Holland profile needs. The central pressure is `air_pressure`; when it is
 * missing, or not below the environmental pressure (ERAD files may carry the ambient pressure
 * there), it is estimated from the maximum wind (pressureEstimate.ts) and the run is told.
 */
export function stormStateOf(model: WindHazard, warn: (message: string) => void): { state: StormState; pressureEstimated: boolean } {
  const environmentalPressurePa = model.environmentalPressurePa ?? DEFAULT_ENVIRONMENTAL_PRESSURE_PA;
  const given = model.maxWindModelled ? undefined : model.airPressurePa;
  const pressureEstimated = given === undefined || !(given < environmentalPressurePa);
  const centralPressurePa = pressureEstimated ? centralPressureFromMaxWind(model.maxWindSpeedMs, environmentalPressurePa) : given;
  if (pressureEstimated && !model.maxWindModelled) {
    const why =
      given === undefined
        ? 'has no air_pressure'
        : `has air_pressure ${given / HPA_PA} hPa, not below the environmental ${environmentalPressurePa / HPA_PA} hPa`;
    warn(
      `${modelLabel(model)} ${why}: central pressure ${(centralPressurePa / HPA_PA).toFixed(1)} hPa estimated from max_wind_speed (Atkinson & Holliday 1977)`,
    );
  }
  return {
    pressureEstimated,
    state: {
      latitudeDeg: model.center.latitude,
      longitudeDeg: model.center.longitude,
      maxWindMs: model.maxWindSpeedMs,
      centralPressurePa,
      environmentalPressurePa,
      rmaxM: model.radiusOfMaxWindM,
      translationEastMs: model.translationEastMs ?? 0,
      translationNorthMs: model.translationNorthMs ?? 0,
      // Holland (2008)'s ∂p_c/∂t: the model's pressure_tendency (written from a track's pressure
      // history, CLIMADA's backward difference); a snapshot without one has no history: 0.
      pressureTendencyPaPerS: model.pressureTendencyPaPerS ?? 0,
    },
  };
}

/**
 * A Holland profile's state and options for one model: its peak wind from the track or from
 * pressure (max_wind_source), and its radius of maximum wind fitted to the track's wind radii
 * where the model says its size comes from them (radiiFit.ts); where no threshold can be fitted
 * the model's radius_of_max_wind (the pressure fit) stays, and the run is told.
 */
export function hollandStormOf(
  model: WindHazard,
  profile: keyof typeof HOLLAND_MODEL,
  warn: (message: string) => void,
): { state: StormState; options: WindModelOptions } {
  const { state, pressureEstimated } = stormStateOf(model, warn);
  const options: WindModelOptions = {
    model: HOLLAND_MODEL[profile],
    ...(model.airDensity !== undefined ? { airDensity: model.airDensity === 'HOLLAND_2008' ? 'holland2008' : model.airDensity } : {}),
    // With an estimated pressure, Holland (2010) keeps the model's maximum wind rather than re-deriving it from that estimate
    // (Holland 2008 keeps its pressure-based shape, as before max_wind_source existed).
    maxWindFromPressure: resolveMaxWindSource(model) === 'pressure' && !(pressureEstimated && profile === 'HOLLAND_2010'),
  };
  if (model.radiusOfMaxWindSource === 'wind_radii' && model.windRadiiM) {
    const fit = fitRmwToWindRadii(state, model.windRadiiM, options);
    if (fit) state.rmaxM = fit.rmaxM;
    else warn(`${modelLabel(model)}: no wind radius its profile's peak wind reaches; radius_of_max_wind ${(model.radiusOfMaxWindM / 1000).toFixed(1)} km kept`);
  }
  return { state, options };
}

function computeHolland(
  model: WindHazard,
  profile: keyof typeof HOLLAND_MODEL,
  sites: PreparedSites,
  speed: Float64Array,
  warn: (message: string) => void,
): void {
  const { state, options } = hollandStormOf(model, profile, warn);
  raiseToWindSpeedField(sites.sites, sites.blocks, state, model.center.latitude < 0 ? -1 : 1, options, speed);
}

/**
 * Sub-step resolution between snapshots (docs/physics.md): the centre moves and the radii
 * change by at most this fraction of the radius of maximum wind per step, and the maximum
 * wind by at most MAX_WIND_STEP of itself. At 1/20 of R_vmax a site misses the eyewall by at
 * most R_vmax/40: under 1 % of the speed on either flank of this profile while the closest
 * isobar lies at least 7 R_vmax out (inner slope ln(k/(k−1))(k−1)/R_vmax, outer ln b/(R_max − R_vmax)).
 */
export const RADIUS_STEP_FRACTION = 1 / 20;
export const MAX_WIND_STEP = 0.005;

/** The radius of maximum wind the default physics' profile uses (motion is followed only under it). */
const fittedRadii = new WeakMap<WindHazard, number>();

/**
 * The radius of maximum wind the model's Holland profile uses under the default physics (the only
 * one that follows motion): the model's own, or the one fitted to its wind radii, fitted once per snapshot.
 */
function profileRadiusM(model: WindHazard): number {
  if (model.radiusOfMaxWindSource !== 'wind_radii' || !model.windRadiiM) return model.radiusOfMaxWindM;
  const profile = resolveWindProfile(model, 'default');
  if (profile === 'ERAD_V1') return model.radiusOfMaxWindM;
  let radius = fittedRadii.get(model);
  if (radius === undefined) {
    radius = hollandStormOf(model, profile, () => {}).state.rmaxM;
    fittedRadii.set(model, radius);
  }
  return radius;
}

/**
 * A storm's snapshots, followed in time: every parameter linear between them, the centre along
 * the shorter way in longitude (windInterpolation.ts). Where a snapshot's size comes from its wind
 * radii, the fitted radius of maximum wind is what changes linearly (with the peak-wind source
 * the snapshots resolve to), rather than the radii being refitted at every step.
 */
export const windMotion: ModelMotion<WindHazard> = {
  between(from, to, fraction) {
    const model = interpolateWindHazard(from, to, fraction, from.timestamp);
    if (!model.windRadiiM) return model;
    const weight = Math.min(1, Math.max(0, fraction));
    const { windRadiiM: _fitted, ...rest } = model;
    return {
      ...rest,
      radiusOfMaxWindM: profileRadiusM(from) + (profileRadiusM(to) - profileRadiusM(from)) * weight,
      maxWindSource: resolveMaxWindSource(model),
    };
  },
  steps(from, to) {
    const lengthStepM = Math.min(profileRadiusM(from), profileRadiusM(to)) * RADIUS_STEP_FRACTION;
    const moved = geodesicDistanceFastM(from.center.latitude, from.center.longitude, to.center.latitude, to.center.longitude);
    const windChange = Math.abs(to.maxWindSpeedMs - from.maxWindSpeedMs) / (MAX_WIND_STEP * Math.max(from.maxWindSpeedMs, to.maxWindSpeedMs, Number.MIN_VALUE));
    const radiusChange =
      Math.max(Math.abs(profileRadiusM(to) - profileRadiusM(from)), Math.abs((to.radiusOfClosestIsobarM ?? 0) - (from.radiusOfClosestIsobarM ?? 0))) /
      lengthStepM;
    return Math.max(1, moved / lengthStepM, windChange, radiusChange);
  },
};

export const wind: HazardDescriptor<WindHazard> = {
  type: 'wind',
  entries: [
    {
      type: 'wind',
      title: 'Wind Model',
      schema: WindModel,
      erad: { className: 'WindModel', fields: ['max_wind_speed', 'radius_of_max_wind', 'radius_of_closest_isobar', 'air_pressure'], points: ['center'] },
    },
  ],
  requires: [],
  defaultCurves: WIND_DEFAULT_CURVES,
  footprint: (model) => ({ counts: { wind: 1 }, boxes: [pointBox(model.center)] }),
  approach: (model, sites) => pointApproach(model.center, sites, 'the storm centre'),
  motion: windMotion,
  compute(model, sites, out, warn, context: ComputeContext) {
    const speed = out.wind_speed!;
    const profile = resolveWindProfile(model, context.physics);
    if (profile === 'ERAD_V1') computeEradProfile(model, sites, speed);
    else computeHolland(model, profile, sites, speed, warn);
  },
};
