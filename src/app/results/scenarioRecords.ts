/**
 * Pages of the scenario records of a ZIP kept in the cache's results folder (MCP
 * generate_scenarios and get_scenario_records): an agent gets a summary first and the records
 * page by page, never the whole tracked_changes.json in one answer (docs/mcp.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import yauzl from 'yauzl';
import { HazsimError } from '../../base/errors.js';
import { openCacheFile } from '../../base/cacheFile.js';
import { decodeCursor, encodeCursor } from '../contract/paging.js';
import type { ScenarioRecord } from '../contract/schemas.js';
import type * as v from 'valibot';

const LIST = 'scenario-records';

/** The cursor of the records from `offset` on in the results ZIP `fileName`. */
export function scenarioRecordsCursor(fileName: string, offset: number): string {
  return encodeCursor(LIST, `${offset}:${fileName}`);
}

/**
 * The ZIP and offset a cursor names, the ZIP opened (the caller closes `fd`); the ZIP must be
 * a regular file of the results folder, not a link planted there (docs/hardening.md).
 */
function openCursor(cursor: string, resultsDir: string): { filePath: string; fd: number; offset: number } {
  const [, offset, fileName] = /^(\d+):(.+)$/.exec(decodeCursor(cursor, LIST)) ?? [];
  if (offset === undefined || fileName !== path.basename(fileName) || !fileName.endsWith('.zip')) {
    throw new HazsimError('invalid_input', 'Invalid cursor: pass the cursor a previous answer returned, unchanged', [
      { path: 'cursor', message: 'not a cursor of this list' },
    ]);
  }
  const filePath = path.join(resultsDir, fileName);
  try {
    return { filePath, fd: openCacheFile(filePath, path.dirname(resultsDir)), offset: Number(offset) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new HazsimError('not_found', `The scenario file ${fileName} is no longer in the results folder; generate the scenarios again`);
    throw error;
  }
}

/** One entry of the ZIP open as `fd`, which is closed once read. */
function readEntry(fd: number, zipPath: string, entryName: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    yauzl.fromFd(fd, { lazyEntries: true, autoClose: true }, (openError, zip) => {
      if (openError || !zip) {
        // Not a ZIP yauzl could open: it closes a handle only of a ZIP it opened.
        fs.close(fd, () => {});
        return reject(openError);
      }
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== entryName) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            zip.close();
            resolve(Buffer.concat(chunks));
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => reject(new HazsimError('internal', `${zipPath} has no ${entryName}`)));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

export interface ScenarioRecordPage {
  scenarios: v.InferOutput<typeof ScenarioRecord>[];
  total_scenarios: number;
  file_path: string;
  next_cursor?: string;
}

/** Up to `limit` records from the cursor's position, with the cursor of the rest. */
export async function readScenarioRecords(resultsDir: string, cursor: string, limit: number): Promise<ScenarioRecordPage> {
  const { filePath, fd, offset } = openCursor(cursor, resultsDir);
  const document = JSON.parse((await readEntry(fd, filePath, 'tracked_changes.json')).toString('utf8')) as {
    tracked_changes: v.InferOutput<typeof ScenarioRecord>[];
  };
  const records = document.tracked_changes;
  const end = Math.min(records.length, offset + limit);
  return {
    scenarios: records.slice(offset, end),
    total_scenarios: records.length,
    file_path: filePath,
    ...(end < records.length ? { next_cursor: scenarioRecordsCursor(path.basename(filePath), end) } : {}),
  };
}
