/**
 * The finished REST jobs kept in the cache's jobs folder (docs/jobs.md), as `hazsim cache info`
 * counts them and `hazsim cache prune` removes them: a job that succeeded, failed or was
 * cancelled is its record `<id>.json` plus its folder `<id>/` holding the result. Queued and
 * running jobs are never counted nor touched: a server may be working on them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isTemporaryName } from '../../base/atomic.js';
import { UUID_PATTERN } from '../../base/uuidV7.js';
import { FINISHED_STATES, type JobState } from './jobSchemas.js';

export interface FinishedJob {
  /** The job's record. */
  recordPath: string;
  /** The job's folder, holding its result (absent for a failed or cancelled job). */
  folderPath: string;
  finishedAtMs: number;
  /** When the job expires (its record's `expires_at`; docs/jobs.md, "Expiry"), null when it never does or the record predates expiry. */
  expiresAtMs: number | null;
}

/** The state and end time of a record, or null when it is unreadable (left alone: it is no finished job we can vouch for). */
function readEnd(recordPath: string): { state: JobState; finishedAtMs: number; expiresAtMs: number | null } | null {
  try {
    const record = JSON.parse(fs.readFileSync(recordPath, 'utf8')) as { state?: JobState; finished_at?: string | null; expires_at?: string | null };
    const finishedAtMs = Date.parse(record.finished_at ?? '');
    const expiresAtMs = typeof record.expires_at === 'string' ? Date.parse(record.expires_at) : NaN;
    return record.state && Number.isFinite(finishedAtMs)
      ? { state: record.state, finishedAtMs, expiresAtMs: Number.isFinite(expiresAtMs) ? expiresAtMs : null }
      : null;
  } catch {
    return null;
  }
}

/** Every finished job in `jobsDir`, in submission order (ids are UUIDv7). */
export function finishedJobs(jobsDir: string): FinishedJob[] {
  if (!fs.statSync(jobsDir, { throwIfNoEntry: false })?.isDirectory()) return [];
  const ids = fs
    .readdirSync(jobsDir)
    .filter((name) => name.endsWith('.json') && !isTemporaryName(name))
    .map((name) => name.slice(0, -'.json'.length))
    .filter((id) => UUID_PATTERN.test(id))
    .sort();
  return ids.flatMap((id) => {
    const recordPath = path.join(jobsDir, `${id}.json`);
    const end = readEnd(recordPath);
    if (!end || !FINISHED_STATES.includes(end.state)) return [];
    return [{ recordPath, folderPath: path.join(jobsDir, id), finishedAtMs: end.finishedAtMs, expiresAtMs: end.expiresAtMs }];
  });
}

/** Removes a finished job: its result folder first, then its record, as DELETE /jobs/{id} does. */
export function removeFinishedJob(job: FinishedJob): void {
  fs.rmSync(job.folderPath, { recursive: true, force: true });
  fs.rmSync(job.recordPath, { force: true });
}
