import * as v from 'valibot';
import { distancesFromPointM, geodesicDistanceFastM } from '../../base/geodesy/batch.js';
import { Name, Point, quantity, Timestamp } from './_schema.js';
import { mergeMax, pointBox, type HazardDescriptor, type ModelMotion } from './descriptor.js';
import type { WindHazard } from './types.js';

/**
 * Hurricane wind speed by a Holland-type symmetric radial profile (docs/input-hazard.md, as ERAD's
 * fixed engine computes it) with k = 1.14 and b = 10:
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

export const WindModel = v.pipe(
  v.strictObject({
    type: v.literal('wind'),
    name: Name,
    timestamp: Timestamp,
    center: Point,
    max_wind_speed: quantity('speed', { min: 0 }),
    radius_of_max_wind: quantity('length', { min: 0, exclusive: true }),
    radius_of_closest_isobar: quantity('length', { min: 0, exclusive: true }),
    air_pressure: v.optional(quantity('pressure', { min: 0, exclusive: true })),
  }),
  v.forward(
    v.check(
      (entry) => entry.radius_of_max_wind < entry.radius_of_closest_isobar,
      'radius_of_max_wind must be smaller than radius_of_closest_isobar (the wind falls to a tenth of its maximum between them)',
    ),
    ['radius_of_max_wind'],
  ),
  v.transform((entry): WindHazard => ({
    type: 'wind',
    declaredType: 'wind',
    name: entry.name,
    timestamp: entry.timestamp,
    center: entry.center,
    maxWindSpeedMs: entry.max_wind_speed,
    radiusOfMaxWindM: entry.radius_of_max_wind,
    radiusOfClosestIsobarM: entry.radius_of_closest_isobar,
    ...(entry.air_pressure !== undefined ? { airPressurePa: entry.air_pressure } : {}),
  })),
);

/**
 * Sub-step resolution between snapshots (docs/physics.md): the centre moves and the radii
 * change by at most this fraction of the radius of maximum wind per step, and the maximum
 * wind by at most MAX_WIND_STEP of itself. At 1/20 of R_vmax a site misses the eyewall by at
 * most R_vmax/40: under 1 % of the speed on either flank of this profile while the closest
 * isobar lies at least 7 R_vmax out (inner slope ln(k/(k−1))(k−1)/R_vmax, outer ln b/(R_max − R_vmax)).
 */
export const RADIUS_STEP_FRACTION = 1 / 20;
export const MAX_WIND_STEP = 0.005;

function lerp(from: number, to: number, fraction: number): number {
  return from + (to - from) * fraction;
}

/** A storm's snapshots, followed in time: every parameter linear between them, the centre along the shorter way in longitude. */
export const windMotion: ModelMotion<WindHazard> = {
  between(from, to, fraction) {
    const lonStep = ((((to.center.longitude - from.center.longitude) % 360) + 540) % 360) - 180;
    const longitude = from.center.longitude + lonStep * fraction;
    return {
      ...from,
      center: {
        longitude: longitude > 180 ? longitude - 360 : longitude < -180 ? longitude + 360 : longitude,
        latitude: lerp(from.center.latitude, to.center.latitude, fraction),
      },
      maxWindSpeedMs: lerp(from.maxWindSpeedMs, to.maxWindSpeedMs, fraction),
      radiusOfMaxWindM: lerp(from.radiusOfMaxWindM, to.radiusOfMaxWindM, fraction),
      radiusOfClosestIsobarM: lerp(from.radiusOfClosestIsobarM, to.radiusOfClosestIsobarM, fraction),
      ...(from.airPressurePa !== undefined && to.airPressurePa !== undefined ? { airPressurePa: lerp(from.airPressurePa, to.airPressurePa, fraction) } : {}),
    };
  },
  steps(from, to) {
    const lengthStepM = Math.min(from.radiusOfMaxWindM, to.radiusOfMaxWindM) * RADIUS_STEP_FRACTION;
    const moved = geodesicDistanceFastM(from.center.latitude, from.center.longitude, to.center.latitude, to.center.longitude);
    const windChange = Math.abs(to.maxWindSpeedMs - from.maxWindSpeedMs) / (MAX_WIND_STEP * Math.max(from.maxWindSpeedMs, to.maxWindSpeedMs, Number.MIN_VALUE));
    const radiusChange =
      Math.max(Math.abs(to.radiusOfMaxWindM - from.radiusOfMaxWindM), Math.abs(to.radiusOfClosestIsobarM - from.radiusOfClosestIsobarM)) / lengthStepM;
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
  footprint: (model) => ({ counts: { wind: 1 }, boxes: [pointBox(model.center)] }),
  motion: windMotion,
  compute(model, sites, out) {
    const speed = out.wind_speed!;
    const distanceM = sites.scratch;
    distancesFromPointM(model.center.latitude, model.center.longitude, sites.points, distanceM);
    const profile = hollandProfile(model.maxWindSpeedMs, model.radiusOfMaxWindM, model.radiusOfClosestIsobarM);
    for (let i = 0; i < sites.sites.count; i++) mergeMax(speed, i, hollandSpeedAt(profile, distanceM[i]));
  },
};
