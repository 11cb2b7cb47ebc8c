/**
 * What a result file in the results folder says about its own run, for the TUI's "open": a
 * SQLite result's (or impact result's) run_info table, or a scenario ZIP's metadata (from its
 * tracked_changes.json, docs/scenarios-zip.md). Read, never changed.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { HazsimError } from '../../base/errors.js';
import { parseJsonBytes } from '../../base/json.js';
import { readZipEntry } from './report.js';

export interface ResultSummary {
  name: string;
  kind: 'scenarios' | 'simulation';
  /** Where the fields come from, as the file names it: `run_info` or `tracked_changes.json metadata`. */
  source: string;
  /** Its keys and values as text, in the file's order. */
  fields: [string, string][];
}

/** A value as one line: lists of more than a few numbers (failures per sample) are counted, not printed. */
function asText(value: unknown): string {
  if (Array.isArray(value) && value.length > 8) return `${value.length} values`;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export async function readResultSummary(resultsDir: string, name: string): Promise<ResultSummary> {
  const file = path.join(resultsDir, path.basename(name));
  if (!fs.existsSync(file)) throw new HazsimError('not_found', `result ${name} is not in ${resultsDir}`);
  if (file.endsWith('.zip')) {
    const content = parseJsonBytes(await readZipEntry(file, 'tracked_changes.json'), 'tracked_changes.json') as { metadata?: Record<string, unknown> };
    const fields = Object.entries(content.metadata ?? {}).map(([key, value]): [string, string] => [key, asText(value)]);
    return { name: path.basename(file), kind: 'scenarios', source: 'tracked_changes.json metadata', fields };
  }
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new HazsimError('invalid_input', `${file} is not a readable SQLite file: ${(error as Error).message}`);
  }
  try {
    const rows = db.prepare('SELECT key, value FROM run_info').all() as { key: string; value: string }[];
    return { name: path.basename(file), kind: 'simulation', source: 'run_info', fields: rows.map((row) => [row.key, String(row.value)]) };
  } catch (error) {
    throw new HazsimError('invalid_input', `${file} holds no run_info table (${(error as Error).message}); is it a hazsim result (docs/output-sqlite.md)?`);
  } finally {
    db.close();
  }
}
