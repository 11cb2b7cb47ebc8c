/**
 * Reader of the `<grid_data>` block: one row per line, whitespace-separated numbers in the
 * declared column order. Values are scaled to SI while they are read, straight into one
 * Float64Array per column, without splitting the text into lines or tokens.
 */
import { parseDecimalToken } from './decimalToken.js';
import { ShakeMapGridError } from './errors.js';

export interface GridDataColumns {
  /** One array per field, `rowCount` long. */
  readonly columns: Float64Array[];
  readonly rowCount: number;
}

const SPACE = 32;
const TAB = 9;
const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;

function isSeparator(c: number): boolean {
  return c === SPACE || c === TAB || c === CARRIAGE_RETURN;
}

/**
 * Reads text[start, end) (the content of `<grid_data>`, whose first character is on file line
 * `firstLine`) into columns named `names`, multiplying column j by `factors[j]`. Accepts at most
 * `maxRows` rows (nlon·nlat); truncated grids with fewer rows are allowed.
 */
export function readGridData(
  text: string,
  start: number,
  end: number,
  names: readonly string[],
  factors: readonly number[],
  maxRows: number,
  firstLine: number,
): GridDataColumns {
  const fieldCount = names.length;
  // A row takes at least two characters per value (digit and separator), so the text bounds the
  // rows it can hold: a grid_specification declaring 10^10 nodes over four rows allocates four.
  const capacity = Math.min(maxRows, Math.floor((end - start + 1) / (2 * fieldCount)));
  const full = names.map(() => new Float64Array(capacity));
  let row = 0;
  let line = firstLine;
  let i = start;
  while (i < end) {
    let count = 0;
    while (i < end) {
      const c = text.charCodeAt(i);
      if (c === LINE_FEED) break;
      if (isSeparator(c)) {
        i++;
        continue;
      }
      const tokenStart = i;
      while (i < end) {
        const d = text.charCodeAt(i);
        if (d === LINE_FEED || isSeparator(d)) break;
        i++;
      }
      if (count < fieldCount) {
        if (row >= maxRows) throw new ShakeMapGridError(`data row on line ${line} is beyond the nlon × nlat = ${maxRows} rows of grid_specification`);
        const value = parseDecimalToken(text, tokenStart, i);
        if (Number.isNaN(value) && !/^[+-]?nan$/i.test(text.slice(tokenStart, i))) {
          throw new ShakeMapGridError(`data row on line ${line}: value ${count + 1} (${names[count]}) "${text.slice(tokenStart, i)}" is not a number`);
        }
        full[count][row] = value * factors[count];
      }
      count++;
    }
    if (count !== 0) {
      if (count !== fieldCount) {
        throw new ShakeMapGridError(`field count mismatch: data row on line ${line} has ${count} values but ${fieldCount} grid_field elements are declared`);
      }
      row++;
    }
    i++;
    line++;
  }
  const columns = row === capacity ? full : full.map((column) => column.slice(0, row));
  return { columns, rowCount: row };
}
