/**
 * Where an OpenDSS feeder's files come from (the edge of domain/opendss, which does no I/O): a
 * folder on disk, for uploads from a path the user named (CLI, MCP), or the entries of an
 * uploaded ZIP. Both match names case-insensitively, as OpenDSS on Windows does (ieee8500's
 * run scripts say `master.dss` for `Master.dss`), and neither reaches outside its folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ScriptFiles } from '../domain/opendss/index.js';

/** Files of a folder on disk, by path relative to it; `..` beyond the folder is never followed. */
export function folderFiles(root: string): ScriptFiles {
  const listings = new Map<string, Map<string, string>>();
  const listing = (relativeDir: string): Map<string, string> => {
    let names = listings.get(relativeDir);
    if (!names) {
      names = new Map();
      try {
        for (const name of fs.readdirSync(path.join(root, relativeDir))) names.set(name.toLowerCase(), name);
      } catch {
        // A folder that cannot be listed holds nothing we can read.
      }
      listings.set(relativeDir, names);
    }
    return names;
  };
  return {
    read(relativePath) {
      const segments = relativePath.split('/').filter((segment) => segment !== '' && segment !== '.');
      if (segments.some((segment) => segment === '..')) return null;
      const actual: string[] = [];
      for (const segment of segments) {
        const name = listing(actual.join('/')).get(segment.toLowerCase());
        if (name === undefined) return null;
        actual.push(name);
      }
      const stored = actual.join('/');
      try {
        return { path: stored, text: fs.readFileSync(path.join(root, ...actual), 'latin1') };
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
