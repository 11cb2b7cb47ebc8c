/**
 * The result files that runs from the TUI and the MCP server keep in the cache's results
 * folder (RunOutputOptions.inResultsDir): listed for the TUI's results tab and removed one by
 * one from it, through the service, so no face reads the cache's folders itself.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface ResultFile {
  /** The file name in the results folder. */
  name: string;
  path: string;
  kind: 'scenarios' | 'simulation';
  bytes: number;
  modified: Date;
}

/** The results folder's SQLite and ZIP files, newest first (then by name). */
export function listResultFiles(resultsDir: string): ResultFile[] {
  if (!fs.existsSync(resultsDir)) return [];
  return fs
    .readdirSync(resultsDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(sqlite|zip)$/.test(entry.name))
    .map((entry) => {
      const full = path.join(resultsDir, entry.name);
      const stat = fs.statSync(full);
      return {
        name: entry.name,
        path: full,
        kind: entry.name.endsWith('.zip') ? ('scenarios' as const) : ('simulation' as const),
        bytes: stat.size,
        modified: stat.mtime,
      };
    })
    .sort((a, b) => b.modified.getTime() - a.modified.getTime() || a.name.localeCompare(b.name));
}

/** Removes one result file by name; only its base name counts, so a name cannot leave the folder. */
export function deleteResultFile(resultsDir: string, name: string): void {
  fs.rmSync(path.join(resultsDir, path.basename(name)), { force: true });
}
