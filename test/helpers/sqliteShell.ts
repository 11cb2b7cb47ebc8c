import { spawnSync } from 'node:child_process';

/**
 * Runs the `sqlite3` shell on a file with one command (SQL or a dot-command such as
 * `.dump`), in its default list mode or JSON mode; fails with the shell's output on an
 * error or when the shell is not installed.
 */
export function sqlite3(file: string, command: string, mode: 'list' | 'json' = 'list'): string {
  const result = spawnSync('sqlite3', ['-bail', `-${mode}`, file, command], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.error) throw new Error(`the sqlite3 shell could not be run (is it installed?): ${result.error.message}`);
  if (result.status !== 0 || result.stderr) throw new Error(`sqlite3 ${file} "${command}" exited ${result.status}: ${result.stderr}`);
  return result.stdout;
}

/** The rows of one query, through the shell's JSON mode (REALs come out with 20 significant digits, so they read back exactly). */
export function sqliteRows<T = Record<string, any>>(file: string, sql: string): T[] {
  const output = sqlite3(file, sql, 'json');
  return output.trim() === '' ? [] : (JSON.parse(output) as T[]);
}

/** The value of a one-row, one-column query. */
export function sqliteValue<T = number>(file: string, sql: string): T {
  const rows = sqliteRows(file, sql);
  if (rows.length !== 1) throw new Error(`expected one row from ${sql}, got ${rows.length}`);
  return Object.values(rows[0])[0] as T;
}
