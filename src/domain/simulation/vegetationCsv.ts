/**
 * The CSV form of a vegetation profile (docs/vegetation.md): a header naming the columns, one row
 * per overhead line. `line` (uuid or name; `*` for every overhead line not listed),
 * `trees_per_hectare`, `tree_height_min_m`, `tree_height_max_m` are required; `clearance_m` and
 * `conductor_height_m` may be left out or empty (the line type's default).
 */
import { HazsimError } from '../../base/errors.js';
import { readCsvRecords } from '../../base/csv.js';
import { parseDecimal } from '../../base/decimal.js';

export const VEGETATION_CSV_COLUMNS = ['line', 'trees_per_hectare', 'tree_height_min_m', 'tree_height_max_m', 'clearance_m', 'conductor_height_m'] as const;
const REQUIRED = VEGETATION_CSV_COLUMNS.slice(0, 4);
/** The `line` of the row that gives the stand of every overhead line not listed. */
export const OTHER_LINES_MARK = '*';

/**
 * The profile object of a CSV text, with each data row's file row number (the header is row 1;
 * blank lines are not counted) by its place in `lines`, for messages. Numbers are parsed; a cell
 * that is not a number is kept as text so the profile's schema names the field.
 */
export function vegetationFromCsv(text: string, label: string): { profile: Record<string, unknown>; rowOf: (lineIndex: number) => number; otherRow?: number } {
  const rows = readCsvRecords(text).map((record) => record.cells);
  if (rows.length === 0) throw new HazsimError('invalid_input', `${label}: empty; expected a header ${VEGETATION_CSV_COLUMNS.join(',')}`);
  const header = rows[0].map((cell) => cell.trim());
  const unknown = header.filter((name) => !(VEGETATION_CSV_COLUMNS as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new HazsimError(
      'invalid_input',
      `${label}, row 1: unknown column ${JSON.stringify(unknown[0])}; the columns are ${VEGETATION_CSV_COLUMNS.join(', ')}`,
    );
  const missing = REQUIRED.filter((name) => !header.includes(name));
  if (missing.length > 0) throw new HazsimError('invalid_input', `${label}, row 1: the header has no column ${missing.join(', ')}`);
  const lines: Record<string, unknown>[] = [];
  const rowNumbers: number[] = [];
  let other: Record<string, unknown> | undefined;
  let otherRow: number | undefined;
  rows.slice(1).forEach((cells, index) => {
    const row = index + 2;
    if (cells.length !== header.length)
      throw new HazsimError('invalid_input', `${label}, row ${row}: ${cells.length} fields where the header has ${header.length}`);
    const entry: Record<string, unknown> = {};
    header.forEach((name, column) => {
      const cell = cells[column].trim();
      if (name === 'line') entry.line = cell;
      else if (cell !== '') entry[name] = parseDecimal(cell) ?? cell;
    });
    if (entry.line === OTHER_LINES_MARK) {
      if (other) throw new HazsimError('invalid_input', `${label}, row ${row}: a second "${OTHER_LINES_MARK}" row (the first is row ${otherRow})`);
      const { line: _mark, ...stand } = entry;
      other = stand;
      otherRow = row;
    } else {
      const earlier = lines.findIndex((held) => held.line === entry.line);
      if (earlier >= 0)
        throw new HazsimError(
          'invalid_input',
          `${label}, row ${row}, field line: ${JSON.stringify(entry.line)} is listed twice (also row ${rowNumbers[earlier]})`,
        );
      lines.push(entry);
      rowNumbers.push(row);
    }
  });
  return {
    profile: { lines, ...(other ? { other_overhead_lines: other } : {}) },
    rowOf: (lineIndex) => rowNumbers[lineIndex],
    ...(otherRow ? { otherRow } : {}),
  };
}
