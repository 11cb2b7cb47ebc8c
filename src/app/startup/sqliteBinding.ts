/**
 * The start-up check of the native SQLite binding. better-sqlite3 is compiled for one Node
 * ABI; under another Node major it fails only when a database is first opened, which for a
 * server means every simulation fails long after it said it was ready. The servers run this
 * before they listen, so the problem and its fix show at once.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import Database from 'better-sqlite3';
import { HazsimError } from '../../base/errors.js';

/** Opens an in-memory database through the binding (`nativeBinding`: another .node file, as better-sqlite3 accepts); throws a HazsimError saying how to fix a failure. */
export function checkSqliteBinding(nativeBinding?: string): void {
  try {
    new Database(':memory:', nativeBinding ? { nativeBinding } : {}).close();
  } catch (error) {
    const packageDir = path.dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json'));
    throw new HazsimError(
      'internal',
      `The native SQLite binding (better-sqlite3) does not load under Node ${process.version} (module ABI ${process.versions.modules}): ${(error as Error).message.split('\n')[0]}\n` +
        `Fix: rebuild it for this Node with \`npm rebuild better-sqlite3\` (run in ${path.dirname(path.dirname(packageDir))}), or reinstall hazsim with this Node, or run hazsim with the Node it was installed with.`,
    );
  }
}
