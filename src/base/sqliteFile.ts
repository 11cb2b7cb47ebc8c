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
