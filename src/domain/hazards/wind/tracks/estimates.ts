import { DEFAULT_ENVIRONMENTAL_PRESSURE_PA, HPA_PA, NAUTICAL_MILE_M } from '../constants.js';
import type { NormalizedTrack, TrackFix } from './types.js';

/**
 * Published fallbacks for missing track parameters, as CLIMADA applies them (`tc_tracks.py`).
 *
 * Radius of maximum wind: CLIMADA's `estimate_rmw`, a piecewise-linear least-squares fit of
 * IBTrACS RMW (n mi) to central pressure (hPa) over 1980–2019 (r² = 0.79), through the nodes
 * (872, 14.907318), (940, 15.726927), (980, 25.742142), (1021, 56.856522) and flat outside.
 * Outer radius: `estimate_roci`, same construction (r² = 0.91).
 * Environmental pressure: 1010 hPa (CLIMADA DEF_ENV_PRESSURE; its IBTrACS reader uses 1010 for
 * EP/NA/SA, 1005 for NI/SI/WP and 1004 for SP/AU when POCI is missing).
 */
const RMW_PRESSURE_NODES_HPA = [872, 940, 980, 1021];
const RMW_VALUES_NM = [14.907318, 15.726927, 25.742142, 56.856522];
const ROCI_PRESSURE_NODES_HPA = [872, 950, 985, 1005, 1021];
const ROCI_VALUES_NM = [210.711487, 215.89711, 198.26152, 159.589508, 90.900116];

function piecewiseLinearFlat(x: number, nodes: number[], values: number[]): number {
  if (x <= nodes[0]) return values[0];
  for (let i = 1; i < nodes.length; i++) {
    if (x <= nodes[i]) return values[i - 1] + ((values[i] - values[i - 1]) * (x - nodes[i - 1])) / (nodes[i] - nodes[i - 1]);
  }
  return values[values.length - 1];
}

/** CLIMADA `estimate_rmw`: RMW (m) from central pressure (Pa). */
export function estimateRmwM(centralPressurePa: number): number {
  return piecewiseLinearFlat(centralPressurePa / HPA_PA, RMW_PRESSURE_NODES_HPA, RMW_VALUES_NM) * NAUTICAL_MILE_M;
}

/** CLIMADA `estimate_roci`: radius of the outermost closed isobar (m) from central pressure (Pa). */
export function estimateOuterRadiusM(centralPressurePa: number): number {
  return piecewiseLinearFlat(centralPressurePa / HPA_PA, ROCI_PRESSURE_NODES_HPA, ROCI_VALUES_NM) * NAUTICAL_MILE_M;
}

/** Basin default environmental pressure (Pa), CLIMADA's IBTrACS reader. */
export function basinEnvironmentalPressurePa(basin: string | undefined): number {
  switch (basin) {
    case 'NI':
    case 'SI':
    case 'WP':
      return 1005 * HPA_PA;
    case 'SP':
    case 'AU':
      return 1004 * HPA_PA;
    default:
      return DEFAULT_ENVIRONMENTAL_PRESSURE_PA;
  }
}

/**
 * Fill what a wind model needs and the track lacks, and say so:
 *  1. central pressure gaps between two known values: linear in time (CLIMADA interpolates
 *     IBTrACS gaps the same way); gaps before the first or after the last known value stay empty;
 *  2. environmental pressure: the basin default (1010 hPa unless NI/SI/WP/SP/AU);
 *  3. RMW: `estimateRmwM` of the central pressure.
 * Central pressure is never raised above the environmental pressure here; the wind model clips it.
 */
export function fillMissingParameters(track: NormalizedTrack): { track: NormalizedTrack; warnings: string[] } {
  const warnings: string[] = [];
  const fixes: TrackFix[] = track.fixes.map((fix) => ({ ...fix }));
  const times = fixes.map((fix) => Date.parse(fix.time));

  let interpolated = 0;
  const known = fixes.flatMap((fix, i) => (fix.centralPressurePa === undefined ? [] : [i]));
  for (let k = 1; k < known.length; k++) {
    const a = known[k - 1];
    const b = known[k];
    for (let i = a + 1; i < b; i++) {
      const w = (times[i] - times[a]) / (times[b] - times[a]);
      fixes[i].centralPressurePa = fixes[a].centralPressurePa! + w * (fixes[b].centralPressurePa! - fixes[a].centralPressurePa!);
      interpolated++;
    }
  }
  if (interpolated > 0) warnings.push(`${track.id}: central pressure missing at ${interpolated} fixes between known values: interpolated linearly in time`);
  const stillMissing = fixes.filter((fix) => fix.centralPressurePa === undefined).length;
  if (stillMissing > 0)
    warnings.push(
      `${track.id}: central pressure unknown at ${stillMissing} of ${fixes.length} fixes (before the first or after the last reported value): no pressure-based wind there`,
    );

  const defaultEnv = basinEnvironmentalPressurePa(track.basin);
  let envFilled = 0;
  let rmwFilled = 0;
  for (const fix of fixes) {
    if (fix.environmentalPressurePa === undefined) {
      fix.environmentalPressurePa = defaultEnv;
      envFilled++;
    }
    if ((fix.rmaxM === undefined || fix.rmaxM <= 0) && fix.centralPressurePa !== undefined) {
      fix.rmaxM = estimateRmwM(fix.centralPressurePa);
      fix.rmaxEstimated = true;
      rmwFilled++;
    }
  }
  if (envFilled > 0)
    warnings.push(`${track.id}: environmental pressure missing at ${envFilled} fixes: default ${defaultEnv / HPA_PA} hPa used (CLIMADA default)`);
  if (rmwFilled > 0)
    warnings.push(
      `${track.id}: radius of maximum wind missing at ${rmwFilled} fixes: estimated from central pressure with CLIMADA's estimate_rmw piecewise-linear fit to IBTrACS (1980–2019)`,
    );
  return { track: { ...track, fixes }, warnings };
}
