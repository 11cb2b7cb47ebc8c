import Database from 'better-sqlite3';
import fs from 'node:fs';
import { temporaryPath } from './atomic.js';

/**
 * Builds a new SQLite result file: `schemaSql`, then `fill` in one transaction, under a
 * temporary name renamed into place, so a reader never sees a half-written file. Journal and
 * fsync are off while building: the file is new and is discarded whole if anything fails.
 * The temporary name is the writer's own, so runs in worker threads of one process may
 * write the same output path at once.
 */
export function writeSqliteFile(outputPath: string, schemaSql: string, fill: (db: Database.Database) => void): void {
  const buildingPath = temporaryPath(outputPath);
  const db = new Database(buildingPath);
  try {
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.exec(schemaSql);
    db.transaction(() => fill(db))();
    db.close();
    fs.renameSync(buildingPath, outputPath);
  } catch (error) {
    if (db.open) db.close();
    fs.rmSync(buildingPath, { force: true });
    throw error;
  }
}

/** Rows per INSERT statement: multi-row statements cut the per-call cost that dominates bulk writes. */
const ROWS_PER_STATEMENT = 64;

/** Rows written ROWS_PER_STATEMENT at a time by batchedInsert; a row's values go into `parameters` from `offset` on. */
export interface BatchedInsert {
  readonly parameters: (string | number | null)[];
  /** Where the next row's values start in `parameters`. */
  readonly offset: number;
  /** The row at `offset` is complete; runs the statement when it holds ROWS_PER_STATEMENT rows (returns true then). */
  added(): boolean;
  /** Writes the rows not yet written. */
  finish(): void;
}

/** A multi-row INSERT into `table` of `columnCount` columns, filled in place (no array per row on a hot path). */
export function batchedInsert(db: Database.Database, table: string, columnCount: number): BatchedInsert {
  const row = `(${new Array(columnCount).fill('?').join(',')})`;
  const insertSql = (rows: number) => `INSERT INTO ${table} VALUES ${new Array(rows).fill(row).join(',')}`;
  const full = db.prepare(insertSql(ROWS_PER_STATEMENT));
  const parameters: (string | number | null)[] = new Array(ROWS_PER_STATEMENT * columnCount);
  let filled = 0;
  return {
    parameters,
    get offset() {
      return filled * columnCount;
    },
    added() {
      filled += 1;
      if (filled < ROWS_PER_STATEMENT) return false;
      full.run(parameters);
      filled = 0;
      return true;
    },
    finish() {
      if (filled > 0) db.prepare(insertSql(filled)).run(parameters.slice(0, filled * columnCount));
      filled = 0;
    },
  };
}
