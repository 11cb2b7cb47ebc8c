import { wrapLongitudeDifference } from './wind/distance.js';
import type { WindHazard } from './types.js';
import { WIND_RADII_THRESHOLDS_KT, type QuadrantRadii, type WindRadii } from './wind/tracks/types.js';

const lerp = (a: number, b: number, w: number): number => a + (b - a) * w;
const lerpOptional = (a: number | undefined, b: number | undefined, w: number): number | undefined =>
  a === undefined || b === undefined ? (w < 0.5 ? a : b) : lerp(a, b, w);

/**
 * Wind radii between two snapshots that both give them: each quadrant linear, a threshold one
 * snapshot lacks read as not reached there (0); otherwise the nearer snapshot's.
 */
function interpolateWindRadii(a: WindRadii | undefined, b: WindRadii | undefined, w: number): WindRadii | undefined {
  if (!a || !b) return w < 0.5 ? a : b;
  const out: WindRadii = {};
  for (const knots of WIND_RADII_THRESHOLDS_KT) {
    const from = a[knots] ?? [0, 0, 0, 0];
    const to = b[knots] ?? [0, 0, 0, 0];
    const quadrants = from.map((radius, q) => lerp(radius, to[q], w)) as QuadrantRadii;
    if (quadrants.some((radius) => radius > 0)) out[knots] = quadrants;
  }
  return out;
}

/**
 * One storm between two of its snapshots, at `weight` ∈ [0, 1] from `a` to `b`: the centre moves
 * linearly in latitude and in longitude (the short way across ±180°), and every number (maximum
 * wind, radii, pressures, motion components) is linear in the weight, the way a best track is
 * interpolated between fixes (docs/wind.md §2). A field that only one snapshot gives, and the
 * choices (`wind_profile`, `air_density` when not both numbers, a modelled maximum wind, the
 * size and peak-wind sources), come from the nearer snapshot.
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
    pressureTendencyPaPerS: lerpOptional(a.pressureTendencyPaPerS, b.pressureTendencyPaPerS, w),
    windRadiiM: interpolateWindRadii(a.windRadiiM, b.windRadiiM, w),
    radiusOfMaxWindSource: nearer.radiusOfMaxWindSource,
    maxWindSource: nearer.maxWindSource,
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
