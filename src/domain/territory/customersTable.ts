/**
 * Customers per county: EAGLE-I's modelled customer counts (MCC.csv: County_FIPS, Customers)
 * or the user's own table with the same two columns (docs/hindcast.md, "Input tables").
 */
import { parseDecimal } from '../../base/decimal.js';
import { HazsimError } from '../../base/errors.js';
import { columnOf, countyFips, IssueList, readCsvTable } from './tables.js';

/** Accepted names of the county column (case-insensitive). */
export const FIPS_COLUMNS = ['county_fips', 'fips', 'fips_code', 'geoid'] as const;
/** Accepted names of the customers column (case-insensitive). */
export const CUSTOMERS_COLUMNS = ['customers', 'customer_count'] as const;

/**
 * Customers by five-digit county FIPS. A row whose county cell is "Grand Total" (MCC.csv's
 * last row) is skipped; any other county cell that is not 1 to 5 digits, a count that is not
 * a whole number >= 0, and a county given twice are errors naming their line.
 */
export function readCustomersTable(text: string, what = 'the customers table'): Map<string, number> {
  const table = readCsvTable(text, what);
  const fipsColumn = columnOf(table, FIPS_COLUMNS);
  const customersColumn = columnOf(table, CUSTOMERS_COLUMNS);
  if (fipsColumn < 0 || customersColumn < 0) {
    throw new HazsimError(
      'invalid_input',
      `${what} needs a county column (${FIPS_COLUMNS.join(', ')}) and a customers column (${CUSTOMERS_COLUMNS.join(', ')})`,
      [{ path: 'header', message: `found columns: ${table.header.join(', ')}` }],
    );
  }
  const issues = new IssueList();
  const customers = new Map<string, number>();
  const firstLine = new Map<string, number>();
  for (const { line, cells } of table.records) {
    const fipsCell = cells[fipsColumn] ?? '';
    if (/^grand total$/i.test(fipsCell)) continue;
    const fips = countyFips(fipsCell);
    const countCell = cells[customersColumn] ?? '';
    const count = parseDecimal(countCell) ?? NaN;
    if (fips === null) issues.add(line, table.header[fipsColumn], `"${fipsCell}" is not a county FIPS code (1 to 5 digits)`);
    if (countCell === '' || !Number.isInteger(count) || count < 0)
      issues.add(line, table.header[customersColumn], `"${countCell}" is not a whole number of customers >= 0`);
    if (fips === null || !Number.isInteger(count) || count < 0 || countCell === '') continue;
    const earlier = firstLine.get(fips);
    if (earlier !== undefined) {
      issues.add(line, table.header[fipsColumn], `county ${fips} is already given on line ${earlier}`);
      continue;
    }
    firstLine.set(fips, line);
    customers.set(fips, count);
  }
  issues.throwIfAny(what);
  if (customers.size === 0) throw new HazsimError('invalid_input', `${what} lists no county`);
  return customers;
}
