/**
 * The CSV tables a territory reads: header row, then records; every problem is reported with
 * its line and column, all at once (docs/hindcast.md, "Input tables").
 */
import { HazsimError, type Issue } from '../../base/errors.js';
import { readCsvRecords, type CsvRecord } from '../../base/csv.js';

export interface CsvTable {
  /** Lower-cased, trimmed column names. */
  header: string[];
  records: CsvRecord[];
}

/** Reads a CSV text (a UTF-8 byte-order mark and blank lines are skipped). */
export function readCsvTable(text: string, what: string): CsvTable {
  const [first, ...records] = readCsvRecords(text, { trim: true });
  if (first === undefined) throw new HazsimError('invalid_input', `${what} is empty: it needs a header row and one row per county`);
  const header = first.cells.map((name) => name.toLowerCase());
  return { header, records };
}

/** The index of the first column named one of `names`, or -1. */
export function columnOf(table: CsvTable, names: readonly string[]): number {
  return table.header.findIndex((name) => names.includes(name));
}

/** A county FIPS cell as five digits ("1001" -> "01001"), or null when it is not 1 to 5 digits. */
export function countyFips(cell: string): string | null {
  return /^\d{1,5}$/.test(cell) ? cell.padStart(5, '0') : null;
}

/** Issues beyond this many are summarized in one line: a file with a wrong column fails on every row. */
const MAX_ISSUES = 20;

export class IssueList {
  readonly issues: Issue[] = [];
  private dropped = 0;

  add(line: number, column: string, message: string): void {
    if (this.issues.length < MAX_ISSUES) this.issues.push({ path: `line ${line}.${column}`, message });
    else this.dropped += 1;
  }

  throwIfAny(what: string): void {
    if (this.issues.length === 0) return;
    const more = this.dropped > 0 ? [{ path: '', message: `and ${this.dropped} more` }] : [];
    throw new HazsimError('invalid_input', `${what} has ${this.issues.length + this.dropped} problem(s)`, [...this.issues, ...more]);
  }
}
