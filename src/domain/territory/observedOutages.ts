/**
 * Observed outages per county, in either of two layouts (docs/hindcast.md, "Observed tables"):
 *
 * - EAGLE-I's 15-minute records: `fips_code, customers_out, run_start_time` (UTC), one row per
 *   county and collection run while the county reports customers out;
 * - a per-county table of peak fraction out and hours out per customer, as hurricaneexposuredata
 *   publishes from EAGLE-I: `geoid, max_pct_out, avg_customer_hrs_out` (`NA`: no value).
 */
import { isoDateTimeMs } from '../../base/dateTime.js';
import { parseDecimal } from '../../base/decimal.js';
import { HazsimError } from '../../base/errors.js';
import { columnOf, countyFips, IssueList, readCsvTable, type CsvTable } from './tables.js';

/** Hours one EAGLE-I record stands for: its collection runs are 15 minutes apart (Brelsford et al. 2024, Sci Data 11:271). */
export const EAGLEI_RUN_HOURS = 0.25;

export type ObservedFormat = 'eaglei_records' | 'county_table';

/** One county's observed customers out over time (EAGLE-I records), sorted by time. */
export interface ObservedSeries {
  /** ISO 8601 UTC times of the runs. */
  times: string[];
  customersOut: number[];
}

export interface ObservedCounty {
  fips: string;
  /** The county table's peak fraction out; EAGLE-I records give counts, turned into fractions against the territory's customers. */
  peakFraction: number | null;
  /** The county table's hours out per customer. */
  hoursPerCustomer: number | null;
  series: ObservedSeries | null;
}

export interface ObservedOutages {
  format: ObservedFormat;
  counties: Map<string, ObservedCounty>;
}

/** An ISO 8601 cell ("2022-09-28 18:00:00", UTC unless zoned) as canonical UTC; null when it is not one or the date does not exist. */
function parseUtc(cell: string): string | null {
  const time = isoDateTimeMs(cell.trim());
  return 'ms' in time ? new Date(time.ms).toISOString().replace('.000Z', 'Z') : null;
}

function readRecords(table: CsvTable, what: string): ObservedOutages {
  const fipsColumn = columnOf(table, ['fips_code']);
  const countColumn = columnOf(table, ['customers_out', 'sum']);
  const timeColumn = columnOf(table, ['run_start_time']);
  const issues = new IssueList();
  const byCounty = new Map<string, Map<string, number>>();
  for (const { line, cells } of table.records) {
    const fips = countyFips(cells[fipsColumn] ?? '');
    const countCell = cells[countColumn] ?? '';
    const count = parseDecimal(countCell) ?? NaN;
    const time = parseUtc(cells[timeColumn] ?? '');
    if (fips === null) issues.add(line, 'fips_code', `"${cells[fipsColumn] ?? ''}" is not a county FIPS code (1 to 5 digits)`);
    if (countCell === '' || !Number.isFinite(count) || count < 0)
      issues.add(line, table.header[countColumn], `"${countCell}" is not a number of customers >= 0`);
    if (time === null) issues.add(line, 'run_start_time', `"${cells[timeColumn] ?? ''}" is not a date-time (YYYY-MM-DD HH:MM:SS, UTC)`);
    if (fips === null || time === null || !(count >= 0) || countCell === '') continue;
    const runs = byCounty.get(fips) ?? new Map<string, number>();
    byCounty.set(fips, runs);
    if (runs.has(time)) issues.add(line, 'run_start_time', `county ${fips} already has a record at ${time}`);
    runs.set(time, count);
  }
  issues.throwIfAny(what);
  const counties = new Map<string, ObservedCounty>();
  for (const [fips, runs] of byCounty) {
    const times = [...runs.keys()].sort();
    counties.set(fips, { fips, peakFraction: null, hoursPerCustomer: null, series: { times, customersOut: times.map((time) => runs.get(time)!) } });
  }
  return { format: 'eaglei_records', counties };
}

function readCountyTable(table: CsvTable, what: string): ObservedOutages {
  const fipsColumn = columnOf(table, ['geoid', 'fips_code', 'county_fips', 'fips']);
  const peakColumn = columnOf(table, ['max_pct_out']);
  const hoursColumn = columnOf(table, ['avg_customer_hrs_out']);
  const issues = new IssueList();
  const counties = new Map<string, ObservedCounty>();
  const number = (line: number, cells: string[], column: number, upper: number): number | null => {
    const cell = column < 0 ? '' : (cells[column] ?? '');
    if (cell === '' || cell.toUpperCase() === 'NA') return null;
    const value = parseDecimal(cell);
    if (value === undefined || value < 0 || value > upper) {
      issues.add(line, table.header[column], `"${cell}" is not a number from 0 to ${upper}`);
      return null;
    }
    return value;
  };
  for (const { line, cells } of table.records) {
    const fips = countyFips(cells[fipsColumn] ?? '');
    if (fips === null) {
      issues.add(line, table.header[fipsColumn], `"${cells[fipsColumn] ?? ''}" is not a county FIPS code (1 to 5 digits)`);
      continue;
    }
    if (counties.has(fips)) {
      issues.add(line, table.header[fipsColumn], `county ${fips} is given twice`);
      continue;
    }
    counties.set(fips, { fips, peakFraction: number(line, cells, peakColumn, 1), hoursPerCustomer: number(line, cells, hoursColumn, Infinity), series: null });
  }
  issues.throwIfAny(what);
  return { format: 'county_table', counties };
}

/** Reads an observed table, telling the two layouts apart by their columns. */
export function readObservedOutages(text: string, what = 'the observed table'): ObservedOutages {
  const table = readCsvTable(text, what);
  const has = (name: string) => table.header.includes(name);
  let observed: ObservedOutages;
  if (has('fips_code') && (has('customers_out') || has('sum')) && has('run_start_time')) observed = readRecords(table, what);
  else if ((has('geoid') || has('fips_code') || has('county_fips') || has('fips')) && has('max_pct_out')) observed = readCountyTable(table, what);
  else
    throw new HazsimError(
      'invalid_input',
      `${what} is neither EAGLE-I records (fips_code, customers_out, run_start_time) nor a county table (geoid, max_pct_out[, avg_customer_hrs_out])`,
      [{ path: 'header', message: `found columns: ${table.header.join(', ')}` }],
    );
  if (observed.counties.size === 0) throw new HazsimError('invalid_input', `${what} has no county rows`);
  return observed;
}
