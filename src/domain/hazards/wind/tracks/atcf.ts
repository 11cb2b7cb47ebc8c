import { finishImport, type CompletionOption } from './finish.js';
import { parseDecimal } from '../../../../base/decimal.js';
import { requireIncreasingTimes, strictIsoUtc } from './fixTimes.js';
import { withinWindow } from './timeWindow.js';
import { hectopascalsToPa, knotsToMs, nauticalMilesToM } from './units.js';
import {
  TrackFormatError,
  WIND_RADII_THRESHOLDS_KT,
  type NormalizedTrack,
  type QuadrantRadii,
  type TrackFix,
  type TrackImport,
  type TrackSelection,
  type WindRadiiThreshold,
} from './types.js';

/**
 * ATCF b-deck (best track) lines, per the NRL "Best Track / Objective Aid / Wind Radii Format"
 * (science.nrlmry.navy.mil/atcf/docs/database/new/abrdeck.html). Comma-separated fields:
 *  1 BASIN, 2 CY, 3 YYYYMMDDHH, 4 minutes, 5 TECH (BEST), 6 TAU, 7 lat (tenths + N/S),
 *  8 lon (tenths + E/W), 9 VMAX kt, 10 MSLP mb, 11 TY, 12 RAD (34/50/64), 13 WINDCODE,
 *  14–17 radii n mi, 18 POUTER mb, 19 ROUTER n mi, 20 RMW n mi, 21 GUSTS kt, 22 EYE n mi,
 *  23 SUBREGION, 24 MAXSEAS, 25 INITIALS, 26 DIR, 27 SPEED, 28 STORMNAME, ….
 * A time with 34/50/64-kt radii appears on up to three lines repeating position and intensity;
 * they collapse to one fix. Zero or blank MSLP/POUTER/ROUTER/RMW mean "not given". POUTER (the
 * pressure of the last closed isobar) is taken as environmental pressure, as CLIMADA does with
 * IBTrACS POCI. Lines whose TECH is not BEST are skipped with a warning.
 */
export type AtcfOptions = TrackSelection & CompletionOption;

const FORMAT = 'ATCF b-deck';

function tenths(value: string, lineNumber: number, field: 'latitude' | 'longitude'): number {
  const match = /^(\d{1,4})([NSEW])$/.exec(value);
  const letters = field === 'latitude' ? 'NS' : 'EW';
  if (!match || !letters.includes(match[2]))
    throw new TrackFormatError(
      FORMAT,
      lineNumber,
      field,
      `expected tenths of a degree with ${letters[0]}/${letters[1]} (e.g. ${field === 'latitude' ? '231N' : '751W'}), found "${value}"`,
    );
  let degrees = (Number(match[1]) / 10) * (match[2] === 'S' || match[2] === 'W' ? -1 : 1);
  if (field === 'latitude' && Math.abs(degrees) > 90) throw new TrackFormatError(FORMAT, lineNumber, field, `out of range: "${value}"`);
  // Some decks write 1850W-style values beyond 180°: bring them into [−180, 180].
  if (field === 'longitude' && Math.abs(degrees) > 180) degrees -= Math.sign(degrees) * 360;
  return degrees;
}

function optionalPositive(fields: string[], index: number, lineNumber: number, name: string): number | undefined {
  const raw = fields[index] ?? '';
  if (raw === '') return undefined;
  if (!/^-?\d+$/.test(raw)) throw new TrackFormatError(FORMAT, lineNumber, name, `not an integer: "${raw}"`);
  const value = Number(raw);
  return value > 0 ? value : undefined;
}

export function parseAtcfBDeck(text: string, options: AtcfOptions = {}): TrackImport {
  const warnings: string[] = [];
  const byTime = new Map<string, TimeEntry>();
  const order: { time: string; lineNumber: number }[] = [];
  let lastEntry: TimeEntry | undefined;
  let basin = '';
  let number = '';
  let year = '';
  let name = '';
  let skipped = 0;
  const lines = text.split(/\r?\n/);
  lines.forEach((line, index) => {
    const lineNumber = index + 1;
    if (line.trim() === '') return;
    const f = line.split(',').map((item) => item.trim());
    if (f.length < 11) throw new TrackFormatError(FORMAT, lineNumber, 'field count', `expected at least 11 fields, found ${f.length}`);
    if (f[4] !== 'BEST') {
      skipped++;
      return;
    }
    if (!/^\d{10}$/.test(f[2])) throw new TrackFormatError(FORMAT, lineNumber, 'YYYYMMDDHH', `expected 10 digits, found "${f[2]}"`);
    const minutes = f[3] === '' ? 0 : (parseDecimal(f[3]) ?? NaN);
    if (!Number.isInteger(minutes) || minutes < 0 || minutes > 59) throw new TrackFormatError(FORMAT, lineNumber, 'minutes', `expected 0–59, found "${f[3]}"`);
    const d = f[2];
    const time = strictIsoUtc(FORMAT, lineNumber, 'YYYYMMDDHH', {
      year: Number(d.slice(0, 4)),
      month: Number(d.slice(4, 6)),
      day: Number(d.slice(6, 8)),
      hour: Number(d.slice(8, 10)),
      minute: minutes,
    });
    if (!/^-?\d+$/.test(f[8])) throw new TrackFormatError(FORMAT, lineNumber, 'VMAX', `not an integer: "${f[8]}"`);
    const vmax = Number(f[8]);
    const mslp = optionalPositive(f, 9, lineNumber, 'MSLP');
    const latitude = tenths(f[6], lineNumber, 'latitude');
    const longitude = tenths(f[7], lineNumber, 'longitude');
    basin ||= f[0];
    number ||= f[1].padStart(2, '0');
    year ||= d.slice(0, 4);
    if (f[27] !== undefined && f[27] !== '') name = f[27];

    const existing = byTime.get(time);
    // The radii lines of one time follow each other; a time seen before another one is a duplicate.
    if (existing && existing !== lastEntry)
      throw new TrackFormatError(
        FORMAT,
        lineNumber,
        'YYYYMMDDHH',
        `duplicate fix time ${time}: line ${existing.lineNumber} has the same time, with other times between`,
      );
    if (existing) {
      if (existing.fix.latitude !== latitude || existing.fix.longitude !== longitude || existing.vmax !== vmax || existing.mslp !== mslp)
        warnings.push(`${FORMAT} line ${lineNumber}: position or intensity differs from line ${existing.lineNumber} at ${time}; the first line is kept`);
      fillFromRadiiLine(existing, f, lineNumber);
      return;
    }
    const fix: TrackFix = { time, latitude, longitude, status: f[10] || undefined };
    if (vmax > 0) fix.maxWindMs = knotsToMs(vmax);
    if (mslp !== undefined) fix.centralPressurePa = hectopascalsToPa(mslp);
    const entry: TimeEntry = { fix, lineNumber, vmax, mslp, thresholds: new Set() };
    fillFromRadiiLine(entry, f, lineNumber);
    byTime.set(time, entry);
    order.push({ time, lineNumber });
    requireIncreasingTimes(FORMAT, order.slice(-2), 'YYYYMMDDHH');
    lastEntry = entry;
  });
  if (skipped > 0) warnings.push(`${FORMAT}: ${skipped} lines with TECH other than BEST skipped`);
  const all = [...byTime.values()].map((entry) => entry.fix);
  const id = `${basin}${number}${year}`;
  const missingWind = all.filter((fix) => fix.maxWindMs === undefined).length;
  if (missingWind > 0) warnings.push(`${id}: VMAX 0 or missing at ${missingWind} fixes: left undefined`);
  const fixes = withinWindow(all, options);
  if (fixes.length < all.length) warnings.push(`${id}: time window kept ${fixes.length} of ${all.length} fixes`);
  const track: NormalizedTrack = { id, name: name || id, basin: basin || undefined, fixes };
  return finishImport(track, warnings, options);
}

interface TimeEntry {
  fix: TrackFix;
  lineNumber: number;
  vmax: number;
  mslp?: number;
  /** The wind thresholds (RAD) whose line this time has had. */
  thresholds: Set<number>;
}

/**
 * RAD (12) names the line's wind threshold (34, 50, 64 kt; 0 or blank: no radii), WINDCODE (13)
 * how its radii (14–17) are given: NEQ per quadrant NE, SE, SW, NW; AAA one radius all round.
 * A threshold repeated at one time is a duplicate line.
 */
function windRadiiOfLine(entry: TimeEntry, f: string[], lineNumber: number): void {
  const rad = f[11] ?? '';
  const knots = parseDecimal(rad);
  if (rad === '' || knots === 0) return;
  if (knots === undefined || !(WIND_RADII_THRESHOLDS_KT as readonly number[]).includes(knots))
    throw new TrackFormatError(FORMAT, lineNumber, 'RAD', `expected 34, 50 or 64 (kt), found "${rad}"`);
  if (entry.thresholds.has(knots))
    throw new TrackFormatError(FORMAT, lineNumber, 'RAD', `duplicate ${knots}-kt line for ${entry.fix.time} (line ${entry.lineNumber} starts that time)`);
  entry.thresholds.add(knots);
  const code = (f[12] ?? '').toUpperCase();
  const radius = (index: number) => optionalPositive(f, index, lineNumber, `radius ${index - 12}`) ?? 0;
  let quadrants: number[];
  if (code === 'NEQ') quadrants = [13, 14, 15, 16].map(radius);
  else if (code === 'AAA') quadrants = [radius(13), radius(13), radius(13), radius(13)];
  else throw new TrackFormatError(FORMAT, lineNumber, 'WINDCODE', `expected NEQ (per quadrant) or AAA (full circle), found "${f[12] ?? ''}"`);
  entry.fix.windRadiiM = { ...entry.fix.windRadiiM, [knots as WindRadiiThreshold]: quadrants.map(nauticalMilesToM) as QuadrantRadii };
}

/** POUTER, ROUTER and RMW may be given on any of a time's radii lines; keep the first positive one. */
function fillFromRadiiLine(entry: TimeEntry, f: string[], lineNumber: number): void {
  const fix = entry.fix;
  windRadiiOfLine(entry, f, lineNumber);
  const pouter = optionalPositive(f, 17, lineNumber, 'POUTER');
  const router = optionalPositive(f, 18, lineNumber, 'ROUTER');
  const rmw = optionalPositive(f, 19, lineNumber, 'RMW');
  if (fix.environmentalPressurePa === undefined && pouter !== undefined) fix.environmentalPressurePa = hectopascalsToPa(pouter);
  if (fix.outerRadiusM === undefined && router !== undefined) fix.outerRadiusM = nauticalMilesToM(router);
  if (fix.rmaxM === undefined && rmw !== undefined) fix.rmaxM = nauticalMilesToM(rmw);
}
