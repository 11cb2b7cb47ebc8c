/**
 * Where an OpenDSS feeder's files come from (the edge of domain/opendss, which does no I/O): a
 * folder on disk, for uploads from a path the user named (CLI, MCP), or the entries of an
 * uploaded ZIP. Both match names case-insensitively, as OpenDSS on Windows does (ieee8500's
 * run scripts say `master.dss` for `Master.dss`); a ZIP's files are only those inside it.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ScriptFiles } from '../../domain/opendss/index.js';

/**
 * Files of a folder on disk, by path relative to it; `..` goes up from it, as the scripts of a
 * feeder the user named on disk do (the IEEE feeders redirect to ../IEEELineCodes.DSS).
 */
export function folderFiles(root: string): ScriptFiles {
  const listings = new Map<string, Map<string, string>>();
  const listing = (dir: string): Map<string, string> => {
    let names = listings.get(dir);
    if (!names) {
      names = new Map();
      try {
        for (const name of fs.readdirSync(dir)) names.set(name.toLowerCase(), name);
      } catch {
        // A folder that cannot be listed holds nothing we can read.
      }
      listings.set(dir, names);
    }
    return names;
  };
  return {
    read(relativePath) {
      let current = path.resolve(root);
      for (const segment of relativePath.split('/')) {
        if (segment === '' || segment === '.') continue;
        if (segment === '..') {
          current = path.dirname(current);
          continue;
        }
        const name = listing(current).get(segment.toLowerCase());
        if (name === undefined) return null;
        current = path.join(current, name);
      }
      try {
        return { path: path.relative(root, current).split(path.sep).join('/'), text: fs.readFileSync(current, 'latin1') };
      } catch {
        return null;
      }
    },
  };
}

/** Files of an uploaded ZIP, by path inside it. */
export function zipFiles(entries: readonly { name: string; data: Buffer }[]): ScriptFiles {
  const byLowerName = new Map(entries.map((entry) => [entry.name.toLowerCase(), entry]));
  return {
    read(relativePath) {
      const entry = byLowerName.get(relativePath.toLowerCase());
      return entry ? { path: entry.name, text: entry.data.toString('latin1') } : null;
    },
  };
}
