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
  /** Radius of the outermost closed isobar (m). */
  outerRadiusM?: number;
  /** Source status code (HURDAT2 TS/HU/EX…, ATCF TY…, IBTrACS NATURE). */
  status?: string;
  /** HURDAT2 record identifier (L landfall, I intensity peak, …), when present. */
  recordIdentifier?: string;
}

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
