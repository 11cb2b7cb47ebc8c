import { readCsvHeader, readCsvRecords } from '../../../base/csv.js';
import { isoDateTimeMs } from '../../../base/dateTime.js';
import { HazsimError, type Issue } from '../../../base/errors.js';
import { HPA_PA } from './constants.js';
import { centralPressureFromMaxWind } from './pressureEstimate.js';
import type { WindProfileName } from './profiles.js';
import type { TerrainClass } from './terrain.js';
import { meanWindRadii } from './radiiFit.js';
import type { RmwSource } from './stormSize.js';
import { interpolateTrack } from './trackInterpolation.js';
import { translationVelocity } from './translation.js';
import { parseAtcfBDeck } from './tracks/atcf.js';
import { estimateOuterRadiusM, estimateRmwM } from './tracks/estimates.js';
import { listHurdat2Storms, parseHurdat2 } from './tracks/hurdat2.js';
import { parseIbtracsCsv } from './tracks/ibtracs.js';
import { TrackFormatError, type NormalizedTrack, type TrackFix, type TrackImport } from './tracks/types.js';

/**
 * A best track turned into a hazsim hazard file (docs/input-hazard.md, "Real tracks"): the storm
 * chosen by id or name, the fixes in an optional time window, resampled every hour (plus every
 * original fix time) by linear interpolation, one wind model per time with the storm's motion
 * from the track. Everything assumed is stated in the warnings.
 */

export type TrackFormat = 'hurdat2' | 'ibtracs' | 'atcf';

export const TRACK_FORMAT_NAMES: Readonly<Record<TrackFormat, string>> = { hurdat2: 'HURDAT2', ibtracs: 'IBTrACS CSV', atcf: 'ATCF b-deck' };

export interface TrackUploadOptions {
  /** Storm id (HURDAT2 "AL152018", IBTrACS SID) or name; needed when the file holds several storms. */
  storm?: string;
  /** Keep fixes at or after / at or before these times (ISO 8601, UTC when no zone is given). */
  from?: string;
  to?: string;
  /** Written on every model; absent: resolved by the run's physics profile. */
  windProfile?: WindProfileName;
  /** The file's terrain class. */
  terrain?: TerrainClass;
}

export interface TrackSummary {
  format: TrackFormat;
  storm_id: string;
  storm_name: string;
  /** Fixes read from the file within the time window. */
  fix_count: number;
  first_fix: string;
  last_fix: string;
  /** Wind models written (one per output time with a known maximum wind). */
  model_count: number;
}

export interface TrackHazardFile {
  content: { name: string; description: string; notes?: string[]; terrain?: TerrainClass; models: object[] };
  track: NormalizedTrack;
  summary: TrackSummary;
  warnings: string[];
}

const OUTPUT_STEP_S = 3600;

/** CLIMADA's `_bs_holland_2008` treats a previous central pressure below this as corrupt and sets ∂p/∂t to 0. */
const LOWEST_CREDIBLE_PRESSURE_PA = 850 * HPA_PA;

/**
 * ∂p_c/∂t (hPa/h) at an output time, CLIMADA's convention (`_bs_holland_2008`): the backward
 * difference from the previous time, 0 at the first time (no previous pressure) and where the
 * previous pressure is below 850 hPa.
 */
function pressureTendencyHpaPerHour(previous: TrackFix | undefined, fix: TrackFix): number {
  if (!previous || previous.centralPressurePa === undefined || fix.centralPressurePa === undefined || previous.centralPressurePa < LOWEST_CREDIBLE_PRESSURE_PA)
    return 0;
  const hours = (Date.parse(fix.time) - Date.parse(previous.time)) / 3_600_000;
  return (fix.centralPressurePa - previous.centralPressurePa) / HPA_PA / hours;
}

/** Where a fix's Holland radius of maximum wind comes from: the track's RMW, else its wind radii, else the pressure fit. */
function rmwSourceOf(fix: TrackFix): RmwSource {
  if (!fix.rmaxEstimated) return 'best_track';
  return fix.windRadiiM && meanWindRadii(fix.windRadiiM).length > 0 ? 'wind_radii' : 'pressure';
}

const kilometres = (metres: number) => `${fixed(metres / 1000, 4)} kilometer`;

/**
 * What a track that gives wind radii adds to each wind model (docs/wind.md §3a): the pressure
 * tendency, where the profile's size comes from, and the radii it is fitted to. A track
 * without radii is written as before, field for field.
 */
function describedStorm(previous: TrackFix | undefined, fix: TrackFix): object {
  const source = rmwSourceOf(fix);
  const radii = fix.windRadiiM;
  return {
    pressure_tendency: `${fixed(pressureTendencyHpaPerHour(previous, fix), 4)} millibar / hour`,
    radius_of_max_wind_source: source,
    ...(source === 'wind_radii' && radii
      ? { wind_radii: Object.fromEntries(Object.entries(radii).map(([knots, quadrants]) => [knots, quadrants.map(kilometres)])) }
      : {}),
  };
}

/** The best-track format of a text, from its first lines, or null when it is none of them. */
export function detectTrackFormat(text: string): TrackFormat | null {
  const first = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/, 1)[0]
    .trim();
  if (/^[A-Z]{2}\d{6}\s*,/.test(first)) return 'hurdat2';
  if (/^[A-Z]{2}\s*,\s*\d{1,2}\s*,\s*\d{10}\s*,/.test(first)) return 'atcf';
  const header = readCsvHeader(first).map((name) => name.toUpperCase());
  if (header.includes('SID') && header.includes('ISO_TIME')) return 'ibtracs';
  return null;
}

function selectStorm(format: TrackFormat, text: string, storm: string | undefined): string {
  if (storm !== undefined && storm.trim() !== '') return storm;
  if (format === 'hurdat2') {
    const storms = listHurdat2Storms(text);
    if (storms.length === 1) return storms[0].id;
    throw usage(`the HURDAT2 file holds ${storms.length} storms; name one by id or name (storm): ${storms.map((s) => `${s.id} ${s.name}`).join(', ')}`);
  }
  // The first record is the header, the second IBTrACS's units row.
  const [header, , ...rows] = readCsvRecords(text, { trim: true }).map((record) => record.cells);
  const columns = (header ?? []).map((name) => name.toUpperCase());
  const sid = columns.indexOf('SID');
  const name = columns.indexOf('NAME');
  const storms = new Map<string, string>();
  for (const values of rows) storms.set(values[sid], values[name] ?? '');
  if (storms.size === 1) return [...storms.keys()][0];
  throw usage(`the IBTrACS file holds ${storms.size} storms; name one by SID or name (storm): ${[...storms].map(([id, n]) => `${id} ${n}`).join(', ')}`);
}

const usage = (message: string) => new HazsimError('invalid_input', message, [{ path: 'storm', message }]);

/** ISO 8601 bound → canonical UTC with Z (the parsers compare instants); a date that does not exist is refused, not rolled over. */
function windowBound(value: string | undefined, field: 'from' | 'to'): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const time = isoDateTimeMs(value.trim());
  if ('message' in time)
    throw new HazsimError('invalid_input', `${field}: ${time.message}`, [
      { path: field, message: 'expected an ISO 8601 date-time that exists, such as 2018-10-10T00:00:00Z' },
    ]);
  return new Date(time.ms).toISOString();
}

function parse(format: TrackFormat, text: string, options: TrackUploadOptions): TrackImport {
  const window = { from: windowBound(options.from, 'from'), to: windowBound(options.to, 'to') };
  const selection = { ...(window.from ? { from: window.from } : {}), ...(window.to ? { to: window.to } : {}) };
  try {
    if (format === 'atcf') return parseAtcfBDeck(text, selection);
    const storm = selectStorm(format, text, options.storm);
    return format === 'hurdat2' ? parseHurdat2(text, { ...selection, storm }) : parseIbtracsCsv(text, { ...selection, storm });
  } catch (error) {
    if (error instanceof HazsimError) throw error;
    const issue: Issue =
      error instanceof TrackFormatError
        ? { path: `line ${error.lineNumber}.${error.field}`, message: error.message }
        : { path: options.storm === undefined ? 'file' : 'storm', message: (error as Error).message };
    throw new HazsimError('invalid_input', `Invalid ${TRACK_FORMAT_NAMES[format]} track: ${issue.message}`, [issue]);
  }
}

/**
 * What a wind model needs and the track may lack, with published fallbacks: the central
 * pressure from the maximum wind (Atkinson & Holliday 1977) where the track has none to
 * interpolate from, then the radius of maximum wind and of the outermost closed isobar from the
 * central pressure (CLIMADA's estimate_rmw and estimate_roci fits to IBTrACS).
 */
function completeFixes(track: NormalizedTrack, warnings: string[]): NormalizedTrack {
  let pressure = 0;
  let rmw = 0;
  let roci = 0;
  const fixes = track.fixes.map((original): TrackFix => {
    const fix = { ...original };
    if (fix.maxWindMs === undefined) return fix;
    if (fix.centralPressurePa === undefined) {
      fix.centralPressurePa = centralPressureFromMaxWind(fix.maxWindMs, fix.environmentalPressurePa!);
      pressure++;
    }
    if (fix.rmaxM === undefined || fix.rmaxM <= 0) {
      fix.rmaxM = estimateRmwM(fix.centralPressurePa);
      fix.rmaxEstimated = true;
      rmw++;
    }
    if (fix.outerRadiusM === undefined || !(fix.outerRadiusM > fix.rmaxM)) {
      fix.outerRadiusM = Math.max(estimateOuterRadiusM(fix.centralPressurePa), 2 * fix.rmaxM);
      roci++;
    }
    return fix;
  });
  if (pressure > 0) {
    // The parser's note that these fixes get no pressure-based wind no longer holds.
    const stale = warnings.findIndex((warning) => warning.includes('no pressure-based wind there'));
    if (stale >= 0) warnings.splice(stale, 1);
    warnings.push(
      `${track.id}: central pressure unknown at ${pressure} fixes: estimated from the maximum wind with the wind–pressure relation of Atkinson & Holliday (1977)`,
    );
  }
  if (rmw > 0)
    warnings.push(
      `${track.id}: radius of maximum wind unknown at ${rmw} more fixes: estimated from the (estimated) central pressure with CLIMADA's estimate_rmw`,
    );
  if (roci > 0)
    warnings.push(
      `${track.id}: radius of the outermost closed isobar unknown at ${roci} fixes: estimated from central pressure with CLIMADA's estimate_roci (used only by wind_profile ERAD_V1)`,
    );
  return { ...track, fixes };
}

const fixed = (value: number, digits: number) => Number(value.toFixed(digits));

/** Reads a best track (HURDAT2, IBTrACS CSV, ATCF b-deck) into a hazsim hazard file of hourly wind models. */
export function trackToHazardFile(text: string, options: TrackUploadOptions = {}): TrackHazardFile {
  const format = detectTrackFormat(text);
  if (!format) throw new HazsimError('invalid_input', 'not a best track: expected HURDAT2, an IBTrACS CSV (header with SID and ISO_TIME) or an ATCF b-deck');
  const imported = parse(format, text, options);
  const warnings = [...imported.warnings];
  const track = completeFixes(imported.track, warnings);
  if (track.fixes.length < 2)
    throw new HazsimError(
      'invalid_input',
      `${track.id}: ${track.fixes.length} fix${track.fixes.length === 1 ? '' : 'es'} in the time window; a track needs at least 2`,
    );
  const hourly = interpolateTrack(track, OUTPUT_STEP_S).fixes;
  const givesRadii = track.fixes.some((fix) => fix.windRadiiM !== undefined);
  const models: object[] = [];
  const rmwSources: Record<RmwSource, number> = { best_track: 0, wind_radii: 0, pressure: 0 };
  let withoutWind = 0;
  hourly.forEach((fix, i) => {
    if (fix.maxWindMs === undefined || fix.centralPressurePa === undefined || fix.rmaxM === undefined) {
      withoutWind++;
      return;
    }
    // Backward difference (forward at the first time), as the track's motion (docs/wind.md §4).
    const [a, b] = i === 0 ? [hourly[0], hourly[1]] : [hourly[i - 1], fix];
    const motion = translationVelocity(
      { latitudeDeg: a.latitude, longitudeDeg: a.longitude, timeMs: Date.parse(a.time) },
      { latitudeDeg: b.latitude, longitudeDeg: b.longitude, timeMs: Date.parse(b.time) },
    );
    models.push({
      type: 'wind',
      name: `${track.id}-${fix.time.slice(0, 16)}`,
      timestamp: fix.time.replace(/Z$/, ''),
      center: { longitude: fixed(fix.longitude, 5), latitude: fixed(fix.latitude, 5) },
      max_wind_speed: `${fixed(fix.maxWindMs, 4)} meter / second`,
      radius_of_max_wind: `${fixed(fix.rmaxM / 1000, 4)} kilometer`,
      radius_of_closest_isobar: `${fixed(fix.outerRadiusM! / 1000, 4)} kilometer`,
      air_pressure: `${fixed(fix.centralPressurePa / HPA_PA, 3)} millibar`,
      environmental_pressure: `${fixed(fix.environmentalPressurePa! / HPA_PA, 3)} millibar`,
      translation_speed: `${fixed(motion.speedMs, 4)} meter / second`,
      translation_direction: `${fixed(motion.headingDeg, 3)} degree`,
      ...(options.windProfile ? { wind_profile: options.windProfile } : {}),
      ...(givesRadii ? describedStorm(hourly[i - 1], fix) : {}),
    });
    if (givesRadii) rmwSources[rmwSourceOf(fix)]++;
  });
  if (givesRadii)
    warnings.push(
      `${track.id}: radius of maximum wind of the Holland profiles per wind model (radius_of_max_wind_source): the track's own at ${rmwSources.best_track}, fitted to its 34/50/64-kt wind radii at ${rmwSources.wind_radii}, CLIMADA's pressure fit at ${rmwSources.pressure}`,
    );
  if (withoutWind > 0) warnings.push(`${track.id}: no maximum wind at ${withoutWind} output times: no wind model there`);
  if (models.length === 0) throw new HazsimError('invalid_input', `${track.id}: no fix with a maximum wind in the time window`);
  const first = track.fixes[0].time;
  const last = track.fixes[track.fixes.length - 1].time;
  const label = `${track.name || 'UNNAMED'} (${track.id})`;
  return {
    content: {
      name: `${track.name || 'UNNAMED'} ${track.id}`,
      description: `${label}, ${TRACK_FORMAT_NAMES[format]} best track ${first} to ${last}: ${track.fixes.length} fixes, ${models.length} wind models hourly and at every fix`,
      // What was estimated or assumed travels with the file, so every run (and its report) says it again.
      ...(warnings.length > 0 ? { notes: [...warnings] } : {}),
      ...(options.terrain ? { terrain: options.terrain } : {}),
      models,
    },
    track,
    summary: {
      format,
      storm_id: track.id,
      storm_name: track.name,
      fix_count: track.fixes.length,
      first_fix: first,
      last_fix: last,
      model_count: models.length,
    },
    warnings,
  };
}
