/**
 * Where a wind model's storm size (radius of maximum wind) and peak wind come from
 * (docs/wind.md §3a). Both are recorded per model in hazard files made from best tracks.
 */

/**
 * The radius of maximum wind, in order of preference: the track's own RMW (HURDAT2 since 2021,
 * IBTrACS USA_RMW, ATCF RMW); else one fitted to the track's 34/50/64-kt wind radii
 * (radiiFit.ts); else CLIMADA's estimate_rmw fit to the central pressure.
 */
export const RMW_SOURCES = ['best_track', 'wind_radii', 'pressure'] as const;
export type RmwSource = (typeof RMW_SOURCES)[number];

/**
 * The peak wind of the Holland (2008) and Holland et al. (2010) profiles: the track's maximum
 * 1-min wind (`best_track`), or Holland (2008)'s pressure–wind relation v_m = √(b_s Δp/(ρe))
 * (`pressure`, CLIMADA's convention).
 */
export const MAX_WIND_SOURCES = ['best_track', 'pressure'] as const;
export type MaxWindSource = (typeof MAX_WIND_SOURCES)[number];

/**
 * The default where a hazard file names no `max_wind_source` (docs/wind.md §3a, §11): the
 * track's maximum wind for models whose size the track gives (its own RMW or its wind radii),
 * whose peak wind was analysed from the same observations (the issue's Katrina fix: 70 kt in the
 * track, 62.5 kt from pressure; on Florence's census tracts it brings H10 closer to the published
 * Willoughby-type model near the storm); the pressure relation for the rest, whose size is
 * CLIMADA's pressure fit: that fit and Holland (2008)'s b_s were both calibrated on best-track
 * pressures, and those models keep the intensities hazsim gave them before.
 */
export function defaultMaxWindSource(model: { radiusOfMaxWindSource?: RmwSource }): MaxWindSource {
  return model.radiusOfMaxWindSource === 'best_track' || model.radiusOfMaxWindSource === 'wind_radii' ? 'best_track' : 'pressure';
}

/** The model's peak-wind source: its own (from the hazard file), else the default. */
export function resolveMaxWindSource(model: { maxWindSource?: MaxWindSource; radiusOfMaxWindSource?: RmwSource }): MaxWindSource {
  return model.maxWindSource ?? defaultMaxWindSource(model);
}
