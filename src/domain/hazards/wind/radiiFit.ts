import { KNOT_MS } from './constants.js';
import { WIND_RADII_THRESHOLDS_KT, type WindRadii } from './tracks/types.js';
import { prepareProfile, profileSpeed, type StormState, type WindModelOptions } from './windProfile.js';

/**
 * The radius of maximum wind that makes a symmetric profile reproduce a best track's wind radii
 * (docs/wind.md §3a).
 *
 * NHC's radii give, per quadrant, the largest distance from the centre at which the 1-min
 * sustained 10 m wind reaches 34, 50 and 64 kt, 0 where it does not reach it (NHC "Tropical
 * Cyclone Wind Radii" definitions; HURDAT2 format description, Landsea & Franklin 2013). The
 * symmetric profile is fitted to the mean over the quadrants that reach the threshold: the
 * azimuthal mean a symmetric profile can match, the quadrants without that wind being the
 * weak side of the storm's asymmetry rather than a radius of 0. The RMW is then the one whose
 * profile (the run's own: Holland 1980, 2008 or 2010 with its peak wind and shape) passes
 * closest, in least squares of wind speed, through (mean R_k, k kt) for every threshold the
 * profile's peak exceeds, as Holland et al. (2010, eq. 10) fit their profile's peripheral exponent to
 * an outer wind observation. The search runs over [RMW_MIN_M, smallest mean radius used], where the
 * maximum must lie, on a logarithmic grid refined by golden-section search.
 */

/** Smallest RMW the fit may return (m): a floor chosen below the smallest RMW of the 2017–2022 HURDAT2 file (5 n mi = 9.3 km). */
export const RMW_MIN_M = 5_000;
const GRID_POINTS = 48;
const GOLDEN_STEPS = 40;

export interface RadiusObservation {
  /** Wind threshold (m/s). */
  windMs: number;
  /** Mean radius over the quadrants reaching it (m). */
  radiusM: number;
}

/** Per threshold, the mean radius over the quadrants that reach it; thresholds reached nowhere are left out. */
export function meanWindRadii(radii: WindRadii): RadiusObservation[] {
  const observations: RadiusObservation[] = [];
  for (const knots of WIND_RADII_THRESHOLDS_KT) {
    const reached = (radii[knots] ?? []).filter((radius) => radius > 0);
    if (reached.length === 0) continue;
    observations.push({ windMs: knots * KNOT_MS, radiusM: reached.reduce((sum, radius) => sum + radius, 0) / reached.length });
  }
  return observations;
}

export interface RadiiFit {
  rmaxM: number;
  /** The thresholds (kt) the fit used. */
  thresholdsKt: number[];
}

/**
 * The fitted RMW, or undefined when no threshold is usable (none reached, or the profile's peak
 * wind stays below every threshold reached). `state.rmaxM` is ignored.
 */
export function fitRmwToWindRadii(state: StormState, radii: WindRadii, options: WindModelOptions): RadiiFit | undefined {
  const speedAt = (rmaxM: number, distanceM: number) => profileSpeed(prepareProfile({ ...state, rmaxM }, options), distanceM);
  const observations = meanWindRadii(radii);
  if (observations.length === 0) return undefined;
  const upper = Math.min(...observations.map((observation) => observation.radiusM));
  if (!(upper > RMW_MIN_M)) return undefined;
  // The peak wind does not depend on the RMW for these profiles: judged once, at the upper bound.
  const peak = speedAt(upper, upper);
  const used = observations.filter((observation) => observation.windMs < peak);
  if (used.length === 0) return undefined;
  const misfit = (rmaxM: number) => used.reduce((sum, observation) => sum + (speedAt(rmaxM, observation.radiusM) - observation.windMs) ** 2, 0);

  const logLow = Math.log(RMW_MIN_M);
  const logHigh = Math.log(upper);
  const at = (i: number) => logLow + ((logHigh - logLow) * i) / (GRID_POINTS - 1);
  let best = 0;
  let bestMisfit = Infinity;
  for (let i = 0; i < GRID_POINTS; i++) {
    const value = misfit(Math.exp(at(i)));
    if (value < bestMisfit) [best, bestMisfit] = [i, value];
  }
  let a = at(Math.max(0, best - 1));
  let b = at(Math.min(GRID_POINTS - 1, best + 1));
  const ratio = (Math.sqrt(5) - 1) / 2;
  let c = b - ratio * (b - a);
  let d = a + ratio * (b - a);
  let fc = misfit(Math.exp(c));
  let fd = misfit(Math.exp(d));
  for (let step = 0; step < GOLDEN_STEPS; step++) {
    if (fc <= fd) {
      [b, d, fd] = [d, c, fc];
      c = b - ratio * (b - a);
      fc = misfit(Math.exp(c));
    } else {
      [a, c, fc] = [c, d, fd];
      d = a + ratio * (b - a);
      fd = misfit(Math.exp(d));
    }
  }
  const candidates = [
    { logR: at(best), value: bestMisfit },
    { logR: c, value: fc },
    { logR: d, value: fd },
  ];
  const chosen = candidates.reduce((x, y) => (y.value < x.value ? y : x));
  return { rmaxM: Math.exp(chosen.logR), thresholdsKt: used.map((observation) => Math.round(observation.windMs / KNOT_MS)) };
}
