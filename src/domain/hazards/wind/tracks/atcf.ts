import { finishImport, type CompletionOption } from './finish.js';
import { isoUtc, withinWindow } from './timeWindow.js';
import { hectopascalsToPa, knotsToMs, nauticalMilesToM } from './units.js';
import { TrackFormatError, type NormalizedTrack, type TrackFix, type TrackImport, type TrackSelection } from './types.js';

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
  const byTime = new Map<string, { fix: TrackFix; lineNumber: number; vmax: number; mslp?: number }>();
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
    const minutes = f[3] === '' ? 0 : Number(f[3]);
    if (!Number.isInteger(minutes) || minutes < 0 || minutes > 59) throw new TrackFormatError(FORMAT, lineNumber, 'minutes', `expected 0–59, found "${f[3]}"`);
    const d = f[2];
    const time = isoUtc(Number(d.slice(0, 4)), Number(d.slice(4, 6)), Number(d.slice(6, 8)), Number(d.slice(8, 10)), minutes);
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
    if (existing) {
      if (existing.fix.latitude !== latitude || existing.fix.longitude !== longitude || existing.vmax !== vmax || existing.mslp !== mslp)
        warnings.push(`${FORMAT} line ${lineNumber}: position or intensity differs from line ${existing.lineNumber} at ${time}; the first line is kept`);
      fillFromRadiiLine(existing.fix, f, lineNumber);
      return;
    }
    const fix: TrackFix = { time, latitude, longitude, status: f[10] || undefined };
    if (vmax > 0) fix.maxWindMs = knotsToMs(vmax);
    if (mslp !== undefined) fix.centralPressurePa = hectopascalsToPa(mslp);
    fillFromRadiiLine(fix, f, lineNumber);
    byTime.set(time, { fix, lineNumber, vmax, mslp });
  });
  if (skipped > 0) warnings.push(`${FORMAT}: ${skipped} lines with TECH other than BEST skipped`);
  const all = [...byTime.values()].map((entry) => entry.fix).sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  const id = `${basin}${number}${year}`;
  const missingWind = all.filter((fix) => fix.maxWindMs === undefined).length;
  if (missingWind > 0) warnings.push(`${id}: VMAX 0 or missing at ${missingWind} fixes: left undefined`);
  const fixes = withinWindow(all, options);
  if (fixes.length < all.length) warnings.push(`${id}: time window kept ${fixes.length} of ${all.length} fixes`);
  const track: NormalizedTrack = { id, name: name || id, basin: basin || undefined, fixes };
  return finishImport(track, warnings, options);
}

/** POUTER, ROUTER and RMW may be given on any of a time's radii lines; keep the first positive one. */
function fillFromRadiiLine(fix: TrackFix, f: string[], lineNumber: number): void {
  const pouter = optionalPositive(f, 17, lineNumber, 'POUTER');
  const router = optionalPositive(f, 18, lineNumber, 'ROUTER');
  const rmw = optionalPositive(f, 19, lineNumber, 'RMW');
  if (fix.environmentalPressurePa === undefined && pouter !== undefined) fix.environmentalPressurePa = hectopascalsToPa(pouter);
  if (fix.outerRadiusM === undefined && router !== undefined) fix.outerRadiusM = nauticalMilesToM(router);
  if (fix.rmaxM === undefined && rmw !== undefined) fix.rmaxM = nauticalMilesToM(rmw);
}
