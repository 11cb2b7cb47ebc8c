import { readCsvRecords } from '../../../../base/csv.js';
import { NOT_A_DECIMAL, parseDecimal } from '../../../../base/decimal.js';
import { finishImport, type CompletionOption } from './finish.js';
import { withinWindow } from './timeWindow.js';
import { hectopascalsToPa, knotsToMs, nauticalMilesToM } from './units.js';
import { requireIncreasingTimes, strictIsoUtc } from './fixTimes.js';
import {
  QUADRANTS,
  TrackFormatError,
  WIND_RADII_THRESHOLDS_KT,
  type NormalizedTrack,
  type QuadrantRadii,
  type TrackFix,
  type TrackSelection,
  type WindRadii,
} from './types.js';
import { wrapLongitudeDifference } from '../distance.js';

/**
 * IBTrACS v04 CSV (Knapp et al. 2010, Bull. Amer. Meteor. Soc. 91, 363–376; NCEI column
 * documentation). Row 1 names the columns, row 2 gives units and is skipped; columns are always
 * addressed by name. Missing values are blank. `BASIN` "NA" (North Atlantic) is a code, not a gap.
 *
 * Agency choice (per fix):
 *  - position: LAT/LON (IBTrACS' combined best position);
 *  - wind: USA_WIND (NHC/CPHC/JTWC 1-min sustained) first; else WMO_WIND converted to a 1-min
 *    equivalent with the WMO_AGENCY factor CLIMADA takes from Knapp & Kruk (2010, Mon. Wea.
 *    Rev. 138, 1459–1473): tokyo 0.60·v + 23.3 kt; reunion, bom, nadi, wellington 0.88;
 *    cma 0.871; hko 0.9; US agencies and newdelhi 1.0;
 *  - pressure: USA_PRES, else WMO_PRES;
 *  - RMW: USA_RMW; outer radius: USA_ROCI; environmental pressure: USA_POCI (all USA only).
 * Units: knots → m/s, n mi → m, mb → Pa.
 */

export interface IbtracsOptions extends TrackSelection, CompletionOption {
  /** SID (e.g. "2018280N10333") or NAME (case-insensitive; add `season` to disambiguate). */
  storm: string;
  season?: number;
}

const FORMAT = 'IBTrACS';
const REQUIRED = ['SID', 'SEASON', 'BASIN', 'NAME', 'ISO_TIME', 'LAT', 'LON'];

/** 1-min equivalent of an agency's WMO wind (kt), Knapp & Kruk (2010) as used by CLIMADA. */
export function oneMinuteWindKnots(agency: string, windKnots: number): { knots: number; rule: string } {
  const a = agency.toLowerCase();
  if (a.includes('tokyo')) return { knots: 0.6 * windKnots + 23.3, rule: 'tokyo: 0.60·v + 23.3 kt' };
  if (['reunion', 'bom', 'nadi', 'wellington'].some((name) => a.includes(name))) return { knots: windKnots * 0.88, rule: `${a}: ×0.88` };
  if (a.includes('cma')) return { knots: windKnots * 0.871, rule: 'cma: ×0.871' };
  if (a.includes('hko')) return { knots: windKnots * 0.9, rule: 'hko: ×0.9' };
  return { knots: windKnots, rule: `${a || 'unknown agency'}: ×1.0` };
}

/**
 * USA_R34_NE … USA_R64_NW: the US agencies' 34/50/64-kt wind radii (n mi) per quadrant; a
 * threshold counts where any of its quadrants is given (blank quadrants then read as 0).
 */
function windRadii(value: (column: string) => number | undefined): WindRadii | undefined {
  const radii: WindRadii = {};
  for (const knots of WIND_RADII_THRESHOLDS_KT) {
    const quadrants = QUADRANTS.map((quadrant) => value(`USA_R${knots}_${quadrant}`));
    if (quadrants.every((radius) => radius === undefined)) continue;
    radii[knots] = quadrants.map((radius) => nauticalMilesToM(Math.max(0, radius ?? 0))) as QuadrantRadii;
  }
  return Object.keys(radii).length > 0 ? radii : undefined;
}

export function parseIbtracsCsv(text: string, options: IbtracsOptions): { track: NormalizedTrack; warnings: string[] } {
  const records = readCsvRecords(text, { trim: true });
  const header = records[0]?.cells ?? [];
  const column = new Map(header.map((name, i) => [name.toUpperCase(), i]));
  for (const name of REQUIRED) if (!column.has(name)) throw new TrackFormatError(FORMAT, 1, name, 'required column missing from the header');

  const wanted = options.storm.trim().toUpperCase();
  const rows: { values: string[]; lineNumber: number }[] = [];
  // The second record is the units row.
  for (const { line, cells } of records.slice(2)) {
    if (cells.length !== header.length) throw new TrackFormatError(FORMAT, line, 'row', `has ${cells.length} fields, header has ${header.length}`);
    rows.push({ values: cells, lineNumber: line });
  }
  const get = (row: string[], name: string) => {
    const i = column.get(name);
    return i === undefined ? '' : row[i];
  };

  const bySid = rows.filter((r) => get(r.values, 'SID').toUpperCase() === wanted);
  const byName = rows.filter(
    (r) => get(r.values, 'NAME').toUpperCase() === wanted && (options.season === undefined || parseDecimal(get(r.values, 'SEASON')) === options.season),
  );
  const selected = bySid.length > 0 ? bySid : byName;
  if (selected.length === 0)
    throw new Error(`IBTrACS: no storm with SID or NAME "${options.storm}"${options.season === undefined ? '' : ` in season ${options.season}`}`);
  const sids = [...new Set(selected.map((r) => get(r.values, 'SID')))];
  if (sids.length > 1) {
    const candidates = sids.map((sid) => {
      const row = selected.find((r) => get(r.values, 'SID') === sid)!.values;
      return `${sid} ${get(row, 'NAME')} ${get(row, 'SEASON')}`;
    });
    throw new Error(`IBTrACS: "${options.storm}" is ambiguous; candidates: ${candidates.join(', ')}. Select by SID or add a season.`);
  }

  const warnings: string[] = [];
  const conversions = new Set<string>();
  let windMissing = 0;
  const number = (row: { values: string[]; lineNumber: number }, name: string): number | undefined => {
    const raw = get(row.values, name);
    if (raw === '') return undefined;
    const value = parseDecimal(raw);
    if (value === undefined) throw new TrackFormatError(FORMAT, row.lineNumber, name, `"${raw}" ${NOT_A_DECIMAL}`);
    return value;
  };

  const fixes: TrackFix[] = selected.map((row) => {
    const isoTime = get(row.values, 'ISO_TIME');
    const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(isoTime);
    if (!match) throw new TrackFormatError(FORMAT, row.lineNumber, 'ISO_TIME', `expected "YYYY-MM-DD HH:MM:SS", found "${isoTime}"`);
    const latitude = number(row, 'LAT');
    const longitude = number(row, 'LON');
    if (latitude === undefined || Math.abs(latitude) > 90)
      throw new TrackFormatError(FORMAT, row.lineNumber, 'LAT', `missing or out of range: "${get(row.values, 'LAT')}"`);
    if (longitude === undefined) throw new TrackFormatError(FORMAT, row.lineNumber, 'LON', 'missing');
    const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
    const fix: TrackFix = {
      time: strictIsoUtc(FORMAT, row.lineNumber, 'ISO_TIME', { year, month, day, hour, minute, second }),
      latitude,
      longitude: wrapLongitudeDifference(longitude),
    };
    const nature = get(row.values, 'NATURE');
    if (nature !== '') fix.status = nature;

    const usaWind = number(row, 'USA_WIND');
    const wmoWind = number(row, 'WMO_WIND');
    if (usaWind !== undefined) fix.maxWindMs = knotsToMs(usaWind);
    else if (wmoWind !== undefined) {
      const converted = oneMinuteWindKnots(get(row.values, 'WMO_AGENCY'), wmoWind);
      conversions.add(converted.rule);
      fix.maxWindMs = knotsToMs(converted.knots);
    } else windMissing++;
    const pressure = number(row, 'USA_PRES') ?? number(row, 'WMO_PRES');
    if (pressure !== undefined) fix.centralPressurePa = hectopascalsToPa(pressure);
    const rmw = number(row, 'USA_RMW');
    if (rmw !== undefined && rmw > 0) fix.rmaxM = nauticalMilesToM(rmw);
    const roci = number(row, 'USA_ROCI');
    if (roci !== undefined && roci > 0) fix.outerRadiusM = nauticalMilesToM(roci);
    const poci = number(row, 'USA_POCI');
    if (poci !== undefined && poci > 0) fix.environmentalPressurePa = hectopascalsToPa(poci);
    const record = get(row.values, 'USA_RECORD');
    if (record !== '') fix.recordIdentifier = record;
    const radii = windRadii((name) => number(row, name));
    if (radii) fix.windRadiiM = radii;
    return fix;
  });
  requireIncreasingTimes(
    FORMAT,
    fixes.map((fix, i) => ({ time: fix.time, lineNumber: selected[i].lineNumber })),
    'ISO_TIME',
  );

  const first = selected[0].values;
  const id = get(first, 'SID');
  if (conversions.size > 0)
    warnings.push(`${id}: USA_WIND missing at some fixes; WMO_WIND converted to 1-min (Knapp & Kruk 2010): ${[...conversions].join('; ')}`);
  if (windMissing > 0) warnings.push(`${id}: no wind at ${windMissing} fixes: left undefined`);
  const inWindow = withinWindow(fixes, options);
  if (inWindow.length < fixes.length) warnings.push(`${id}: time window kept ${inWindow.length} of ${fixes.length} fixes`);
  const track: NormalizedTrack = { id, name: get(first, 'NAME'), basin: get(first, 'BASIN') || undefined, fixes: inWindow };
  return finishImport(track, warnings, options);
}
