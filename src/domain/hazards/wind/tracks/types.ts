/** One best-track fix, normalized to SI units and ISO-8601 UTC time. */
export interface TrackFix {
  /** ISO 8601 UTC, e.g. "2018-10-10T00:00:00Z". */
  time: string;
  /** Degrees north (negative south). */
  latitude: number;
  /** Degrees east in [−180, 180] (negative west). */
  longitude: number;
  /** Maximum 1-min sustained 10 m wind (m/s); undefined when the source marks it missing. */
  maxWindMs?: number;
  centralPressurePa?: number;
  environmentalPressurePa?: number;
  /** Radius of maximum wind (m). */
  rmaxM?: number;
  /** True where rmaxM is not the track's own but estimated from the central pressure (estimates.ts). */
  rmaxEstimated?: true;
  /** Radius of the outermost closed isobar (m). */
  outerRadiusM?: number;
  /** The track's 34/50/64-kt wind radii (m), where it gives them. */
  windRadiiM?: WindRadii;
  /** Source status code (HURDAT2 TS/HU/EX…, ATCF TY…, IBTrACS NATURE). */
  status?: string;
  /** HURDAT2 record identifier (L landfall, I intensity peak, …), when present. */
  recordIdentifier?: string;
}

/** The quadrants of best-track wind radii, in the order every format lists them. */
export const QUADRANTS = ['NE', 'SE', 'SW', 'NW'] as const;
/** Radii (m) of one wind threshold per quadrant, NE, SE, SW, NW; 0 where the wind does not reach it. */
export type QuadrantRadii = [number, number, number, number];
/** The wind thresholds (kt, 1-min sustained) best tracks give radii for. */
export const WIND_RADII_THRESHOLDS_KT = [34, 50, 64] as const;
export type WindRadiiThreshold = (typeof WIND_RADII_THRESHOLDS_KT)[number];
/** Per threshold (kt) the largest extent of that wind in each quadrant (m), as NHC analyses it. */
export type WindRadii = Partial<Record<WindRadiiThreshold, QuadrantRadii>>;

export interface NormalizedTrack {
  id: string;
  name: string;
  basin?: string;
  fixes: TrackFix[];
}

/** What every parser returns: the track and human-readable notes about what was assumed. */
export interface TrackImport {
  track: NormalizedTrack;
  warnings: string[];
}

/** Shared parser options. */
export interface TrackSelection {
  /** Keep fixes at or after this time (ISO 8601). */
  from?: string;
  /** Keep fixes at or before this time (ISO 8601). */
  to?: string;
}

/** A malformed line, naming where and what. */
export class TrackFormatError extends Error {
  constructor(
    readonly format: string,
    readonly lineNumber: number,
    readonly field: string,
    detail: string,
  ) {
    super(`${format} line ${lineNumber}, field ${field}: ${detail}`);
    this.name = 'TrackFormatError';
  }
}
