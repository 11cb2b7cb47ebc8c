/**
 * The one CSV reader of hazsim's inputs (SimCenter fragility tables, vegetation profiles,
 * IBTrACS tracks, territory tables): RFC 4180 records. A field in double quotes may hold commas,
 * line breaks and doubled quotes (`""`); records end at CRLF, LF or a lone CR; a leading UTF-8
 * byte-order mark (Excel's "CSV UTF-8" writes one) is not part of the first field.
 */

/** One record of a CSV text and the 1-based line on which it starts. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

const QUOTE = 34;
const COMMA = 44;
const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;

/**
 * The records of `text`, blank ones (every cell empty or white space) left out. Cells are as
 * written unless `trim` is set, which trims each cell (the track and territory formats pad
 * their cells with spaces).
 */
export function readCsvRecords(text: string, options: { trim?: boolean } = {}): CsvRecord[] {
  const records: CsvRecord[] = [];
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const endField = () => {
    cells.push(options.trim ? field.trim() : field);
    field = '';
  };
  const endRecord = () => {
    endField();
    if (cells.some((cell) => cell.trim() !== '')) records.push({ line: recordLine, cells });
    cells = [];
  };
  for (let i = start; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (quoted) {
      if (c === QUOTE) {
        if (text.charCodeAt(i + 1) === QUOTE) {
          field += '"';
          i += 1;
        } else quoted = false;
      } else {
        if (c === LINE_FEED || (c === CARRIAGE_RETURN && text.charCodeAt(i + 1) !== LINE_FEED)) line += 1;
        field += text[i];
      }
    } else if (c === QUOTE) quoted = true;
    else if (c === COMMA) endField();
    else if (c === LINE_FEED || c === CARRIAGE_RETURN) {
      if (c === CARRIAGE_RETURN && text.charCodeAt(i + 1) === LINE_FEED) i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else field += text[i];
  }
  if (field !== '' || cells.length > 0 || quoted) endRecord();
  return records;
}

/** The cells of the first record of `text` (a header line), trimmed; empty when there is none. */
export function readCsvHeader(text: string): string[] {
  const newline = text.search(/[\r\n]/);
  return readCsvRecords(newline === -1 ? text : text.slice(0, newline), { trim: true })[0]?.cells ?? [];
}
