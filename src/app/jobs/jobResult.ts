/**
 * Delivering a job's result (docs/jobs.md): the file in the job's folder that its record
 * names, opened only if it is a regular file inside the cache.
 */
import path from 'node:path';
import { HazsimError } from '../../base/errors.js';
import { openCacheFile } from '../../base/cacheFile.js';
import type { JobKind, JobRecord } from './jobSchemas.js';
import type { JobRecords, StoredJob } from './jobRecords.js';

/**
 * The result file of a succeeded job, opened (the caller closes `fd`); a job not (yet)
 * succeeded is a conflict naming its state. The record names the file; only a plain file
 * name in the job's folder is taken, and only a regular file inside the cache is opened
 * (docs/hardening.md, "Serving only the cache's own files").
 */
export function openJobResult(
  records: JobRecords,
  current: (id: string) => StoredJob,
  id: string,
): { kind: JobKind; request: JobRecord['request']; filePath: string; fileName: string; fd: number } {
  const stored = current(id);
  if (stored.state !== 'succeeded' || !stored.result) {
    throw new HazsimError('conflict', `Job '${id}' is ${stored.state}: its result can be downloaded once it has succeeded`);
  }
  const fileName = stored.result.file_name;
  if (typeof fileName !== 'string' || fileName !== path.basename(fileName) || fileName.startsWith('.')) {
    throw new HazsimError(
      'internal',
      `The record of job '${id}' names its result ${JSON.stringify(fileName)}, which is no file name in its folder; remove the job`,
    );
  }
  const filePath = path.join(records.folderOf(id), fileName);
  let fd: number;
  try {
    fd = openCacheFile(filePath, records.cacheRoot);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new HazsimError('not_found', `The result of job '${id}' is no longer in the cache`);
    throw error;
  }
  return { kind: stored.kind, request: stored.request, filePath, fileName, fd };
}
