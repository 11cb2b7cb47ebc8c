import { parseDecimal } from '../../../../base/decimal.js';
import { finishImport, type CompletionOption } from './finish.js';
import { requireIncreasingTimes, strictIsoUtc } from './fixTimes.js';
import { withinWindow } from './timeWindow.js';
import { hectopascalsToPa, knotsToMs, nauticalMilesToM } from './units.js';
import {
  QUADRANTS,
  TrackFormatError,
  WIND_RADII_THRESHOLDS_KT,
  type NormalizedTrack,
  type QuadrantRadii,
  type TrackFix,
  type TrackImport,
  type TrackSelection,
  type WindRadii,
} from './types.js';

/**
 * NHC HURDAT2 best tracks (Landsea & Franklin 2013, Mon. Wea. Rev. 141, 3576–3592; NHC
 * "hurdat2-format" description, revised 2022 with the radius-of-maximum-wind column).
 *
 * A file is a sequence of blocks: a header `AL152018, NADINE, 18,` followed by that many data
 * lines `YYYYMMDD, HHMM, id, status, lat, lon, wind kt, pressure mb, 12 wind radii n mi[, RMW n mi]`.
 * Fields are split on commas and trimmed; empty trailing items are ignored, so files with and
 * without the RMW column (and with or without a trailing comma) both parse. Sentinels: wind −99,
 * pressure/radii/RMW −999 → undefined with a warning.
 */

export interface Hurdat2Options extends TrackSelection, CompletionOption {
  /** Storm id (e.g. "AL152018", case-insensitive) or name (case-insensitive). */
  storm: string;
}

interface Block {
  id: string;
  name: string;
  headerLine: number;
  lines: { text: string; lineNumber: number }[];
}

const FORMAT = 'HURDAT2';
const HEADER = /^([A-Z]{2})(\d{2})(\d{4})$/;

function fields(text: string): string[] {
  const items = text.split(',').map((item) => item.trim());
  while (items.length > 0 && items[items.length - 1] === '') items.pop();
  return items;
}

function splitBlocks(text: string): Block[] {
  const lines = text.split(/\r?\n/);
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    if (lines[i].trim() === '') {
      i++;
      continue;
    }
    const lineNumber = i + 1;
    const header = fields(lines[i]);
    if (header.length !== 3 || !HEADER.test(header[0]))
      throw new TrackFormatError(FORMAT, lineNumber, 'header', `expected "BBNNYYYY, NAME, COUNT," but found "${lines[i].trim()}"`);
    const count = parseDecimal(header[2]) ?? NaN;
    if (!Number.isInteger(count) || count < 0) throw new TrackFormatError(FORMAT, lineNumber, 'entry count', `not a non-negative integer: "${header[2]}"`);
    const block: Block = { id: header[0], name: header[1], headerLine: lineNumber, lines: [] };
    for (let k = 1; k <= count; k++) {
      if (i + k >= lines.length || lines[i + k].trim() === '')
        throw new TrackFormatError(FORMAT, i + k + 1, 'data line', `${header[0]} announces ${count} data lines but only ${k - 1} follow`);
      block.lines.push({ text: lines[i + k], lineNumber: i + k + 1 });
    }
    blocks.push(block);
    i += count + 1;
  }
  return blocks;
}

function integerField(value: string, lineNumber: number, field: string): number {
  if (!/^-?\d+$/.test(value)) throw new TrackFormatError(FORMAT, lineNumber, field, `not an integer: "${value}"`);
  return Number(value);
}

function coordinate(value: string, lineNumber: number, field: 'latitude' | 'longitude'): number {
  const match = /^(\d{1,3}(?:\.\d+)?)([NSEW])$/.exec(value);
  const letters = field === 'latitude' ? 'NS' : 'EW';
  if (!match || !letters.includes(match[2]))
    throw new TrackFormatError(FORMAT, lineNumber, field, `expected degrees with ${letters[0]}/${letters[1]}, found "${value}"`);
  const degrees = Number(match[1]) * (match[2] === 'S' || match[2] === 'W' ? -1 : 1);
  const limit = field === 'latitude' ? 90 : 180;
  if (Math.abs(degrees) > limit) throw new TrackFormatError(FORMAT, lineNumber, field, `out of range: "${value}"`);
  return degrees;
}

function parseLine(text: string, lineNumber: number, missing: Map<string, number>): TrackFix {
  const f = fields(text);
  if (f.length !== 20 && f.length !== 21)
    throw new TrackFormatError(FORMAT, lineNumber, 'field count', `expected 20 (pre-2022) or 21 (with RMW) fields, found ${f.length}`);
  if (!/^\d{8}$/.test(f[0])) throw new TrackFormatError(FORMAT, lineNumber, 'date', `expected YYYYMMDD, found "${f[0]}"`);
  if (!/^\d{4}$/.test(f[1])) throw new TrackFormatError(FORMAT, lineNumber, 'time', `expected HHMM, found "${f[1]}"`);
  const time = strictIsoUtc(FORMAT, lineNumber, 'date/time', {
    year: Number(f[0].slice(0, 4)),
    month: Number(f[0].slice(4, 6)),
    day: Number(f[0].slice(6, 8)),
    hour: Number(f[1].slice(0, 2)),
    minute: Number(f[1].slice(2, 4)),
  });
  const note = (field: string) => missing.set(field, (missing.get(field) ?? 0) + 1);

  const wind = integerField(f[6], lineNumber, 'maximum wind');
  const pressure = integerField(f[7], lineNumber, 'central pressure');
  const fix: TrackFix = {
    time,
    latitude: coordinate(f[4], lineNumber, 'latitude'),
    longitude: coordinate(f[5], lineNumber, 'longitude'),
    status: f[3] || undefined,
  };
  if (f[2] !== '') fix.recordIdentifier = f[2];
  if (wind === -99) note('maximum wind (-99)');
  else fix.maxWindMs = knotsToMs(wind);
  if (pressure === -999) note('central pressure (-999)');
  else fix.centralPressurePa = hectopascalsToPa(pressure);
  if (f.length === 21) {
    const rmw = integerField(f[20], lineNumber, 'radius of maximum wind');
    if (rmw === -999) note('radius of maximum wind (-999)');
    else fix.rmaxM = nauticalMilesToM(rmw);
  }
  const radii = windRadii(f, lineNumber);
  if (radii) fix.windRadiiM = radii;
  return fix;
}

/**
 * Fields 9–20: the 34-, 50- and 64-kt wind radii (n mi), each NE, SE, SW, NW: the largest
 * distance from the centre of that wind in the quadrant, 0 where it is not reached, −999 where not
 * analysed (every storm before 2004). A threshold with all four −999 is absent.
 */
function windRadii(f: string[], lineNumber: number): WindRadii | undefined {
  const radii: WindRadii = {};
  WIND_RADII_THRESHOLDS_KT.forEach((knots, t) => {
    const quadrants = QUADRANTS.map((quadrant, q) => integerField(f[8 + 4 * t + q], lineNumber, `${knots}-kt wind radius ${quadrant}`));
    if (quadrants.every((value) => value === -999)) return;
    quadrants.forEach((value, q) => {
      if (value < 0)
        throw new TrackFormatError(FORMAT, lineNumber, `${knots}-kt wind radius ${QUADRANTS[q]}`, `negative radius ${value} beside analysed quadrants`);
    });
    radii[knots] = quadrants.map(nauticalMilesToM) as QuadrantRadii;
  });
  return Object.keys(radii).length > 0 ? radii : undefined;
}

/** List the storms of a HURDAT2 file (id, name, number of fixes). */
export function listHurdat2Storms(text: string): { id: string; name: string; fixes: number }[] {
  return splitBlocks(text).map((b) => ({ id: b.id, name: b.name, fixes: b.lines.length }));
}

/** Parse one storm of a HURDAT2 file, selected by id or (unique) name. */
export function parseHurdat2(text: string, options: Hurdat2Options): TrackImport {
  const blocks = splitBlocks(text);
  const wanted = options.storm.trim().toUpperCase();
  let chosen = blocks.filter((b) => b.id === wanted);
  if (chosen.length === 0) chosen = blocks.filter((b) => b.name.toUpperCase() === wanted);
  if (chosen.length === 0) throw new Error(`HURDAT2: no storm with id or name "${options.storm}" (file holds ${blocks.length} storms)`);
  if (chosen.length > 1)
    throw new Error(
      `HURDAT2: "${options.storm}" is ambiguous; candidates: ${chosen.map((b) => `${b.id} ${b.name} (line ${b.headerLine})`).join(', ')}. Select by id.`,
    );
  const block = chosen[0];

  const missing = new Map<string, number>();
  const allFixes = block.lines.map((line) => parseLine(line.text, line.lineNumber, missing));
  requireIncreasingTimes(
    FORMAT,
    allFixes.map((fix, i) => ({ time: fix.time, lineNumber: block.lines[i].lineNumber })),
    'date/time',
  );
  const fixes = withinWindow(allFixes, options);
  const warnings = [...missing].map(([field, count]) => `${block.id}: ${field} missing at ${count} fixes: left undefined`);
  if (fixes.length < allFixes.length) warnings.push(`${block.id}: time window kept ${fixes.length} of ${allFixes.length} fixes`);
  const track: NormalizedTrack = { id: block.id, name: block.name, basin: block.id.slice(0, 2), fixes };
  return finishImport(track, warnings, options);
}
