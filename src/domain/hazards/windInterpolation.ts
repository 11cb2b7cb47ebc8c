import { wrapLongitudeDifference } from './wind/distance.js';
import type { WindHazard } from './types.js';

const lerp = (a: number, b: number, w: number): number => a + (b - a) * w;
const lerpOptional = (a: number | undefined, b: number | undefined, w: number): number | undefined =>
  a === undefined || b === undefined ? (w < 0.5 ? a : b) : lerp(a, b, w);

/**
 * One storm between two of its snapshots, at `weight` ∈ [0, 1] from `a` to `b`: the centre moves
 * linearly in latitude and in longitude (the short way across ±180°), and every number (maximum
 * wind, radii, pressures, motion components) is linear in the weight, the way a best track is
 * interpolated between fixes (docs/wind.md §2). A field that only one snapshot gives, and the
 * choices (`wind_profile`, `air_density` when not both numbers, a modelled maximum wind), come from the nearer snapshot.
 */
export function interpolateWindHazard(a: WindHazard, b: WindHazard, weight: number, timestamp: string): WindHazard {
  const w = Math.min(1, Math.max(0, weight));
  const nearer = w < 0.5 ? a : b;
  const longitude = wrapLongitudeDifference(a.center.longitude + wrapLongitudeDifference(b.center.longitude - a.center.longitude) * w);
  const optional = {
    radiusOfClosestIsobarM: lerpOptional(a.radiusOfClosestIsobarM, b.radiusOfClosestIsobarM, w),
    airPressurePa: lerpOptional(a.airPressurePa, b.airPressurePa, w),
    environmentalPressurePa: lerpOptional(a.environmentalPressurePa, b.environmentalPressurePa, w),
    airDensity: typeof a.airDensity === 'number' && typeof b.airDensity === 'number' ? lerp(a.airDensity, b.airDensity, w) : nearer.airDensity,
    translationEastMs: lerpOptional(a.translationEastMs, b.translationEastMs, w),
    translationNorthMs: lerpOptional(a.translationNorthMs, b.translationNorthMs, w),
    windProfile: nearer.windProfile,
    maxWindModelled: nearer.maxWindModelled,
  };
  const result: WindHazard = {
    type: 'wind',
    declaredType: 'wind',
    name: a.name,
    timestamp,
    center: { longitude, latitude: lerp(a.center.latitude, b.center.latitude, w) },
    maxWindSpeedMs: lerp(a.maxWindSpeedMs, b.maxWindSpeedMs, w),
    radiusOfMaxWindM: lerp(a.radiusOfMaxWindM, b.radiusOfMaxWindM, w),
  };
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) (result as unknown as Record<string, unknown>)[key] = value;
  return result;
}
