/**
 * Running a job (docs/jobs.md): the same service function as its synchronous endpoint, with
 * its own AbortSignal (so no client connection owns it) and the run's progress events, in one
 * of JOBS_AT_ONCE slots. Every change of state is written to the record and told to watchers.
 */
import fs from 'node:fs';
import os from 'node:os';
import { ERROR_KIND_TABLE, toHazsimError } from '../../base/errors.js';
import { Semaphore } from '../../base/semaphore.js';
import type { ProgressEvent } from '../../base/workerTask.js';
import { FINISHED_STATES, type JobKind } from './jobSchemas.js';
import type { JobRecords, LiveJob, StoredJob } from './jobRecords.js';
import type { JobWatchers } from './jobWatchers.js';
import type { RunOutputOptions } from '../simulation/simulation.js';

/** Jobs running at once; the others wait, queued, in submission order. Each run also takes a worker slot (workerTask.ts). */
const JOBS_AT_ONCE = Math.max(1, os.availableParallelism());
/** Watchers hear of progress at most this often; changes of state reach them at once. */
const NOTIFY_INTERVAL_MS = 100;
/** A running job's record on disk is brought up to date with its progress at most this often. */
const PERSIST_INTERVAL_MS = 1000;

/** What a run hands back: its file and what it reports about it. */
interface RunOutcome {
  filePath: string;
  fileName: string;
  summary: object;
}

type Run = (request: unknown, options: RunOutputOptions) => Promise<RunOutcome>;

export type JobRuns = Record<JobKind, Run>;

/** An abort that is not the user's cancel: the job ends failed with this message (the server shutting down). */
export class Interruption {
  constructor(readonly detail: string) {}
}

/** Summary fields that are not worth keeping in a record: paths into the cache (the download is the way to the file) and per-sample lists. */
const LEFT_OUT_OF_SUMMARY = new Set(['file_path', 'output_path', 'records', 'truncated', 'failures_per_sample']);

export function createJobRun(runs: JobRuns, records: JobRecords, live: Map<string, LiveJob>, watchers: JobWatchers, now: () => string) {
  const { persist, expiryFor, folderOf } = records;
  const { notify } = watchers;
  const slots = new Semaphore(JOBS_AT_ONCE);

  function update(job: LiveJob, change: Partial<StoredJob>): void {
    const finishing = change.state !== undefined && FINISHED_STATES.includes(change.state) && change.finished_at;
    job.stored = { ...job.stored, ...change, ...(finishing ? { expires_at: expiryFor(finishing) } : {}), heartbeat_at: Date.now() };
    persist(job.stored);
    job.lastPersisted = Date.now();
    notify(job.stored);
  }

  function reportProgress(job: LiveJob, event: ProgressEvent): void {
    job.stored = { ...job.stored, progress: { phase: event.phase, done: event.done, total: event.total } };
    const at = Date.now();
    if (at - job.lastPersisted >= PERSIST_INTERVAL_MS) {
      persist(job.stored);
      job.lastPersisted = at;
    }
    if (at - job.lastNotified >= NOTIFY_INTERVAL_MS) {
      job.lastNotified = at;
      notify(job.stored);
    }
  }

  async function execute(job: LiveJob): Promise<void> {
    const { id, kind, request } = job.stored;
    const signal = job.controller.signal;
    try {
      const outcome = await slots.run(async () => {
        signal.throwIfAborted();
        update(job, { state: 'running', started_at: now() });
        return runs[kind](request, { cacheFolder: folderOf(id), signal, onProgress: (event) => reportProgress(job, event) });
      });
      // A cancel that came as the run ended still wins: the user asked for nothing to be kept.
      signal.throwIfAborted();
      const summary = Object.fromEntries(Object.entries(outcome.summary).filter(([key]) => !LEFT_OUT_OF_SUMMARY.has(key)));
      update(job, {
        state: 'succeeded',
        finished_at: now(),
        result: { file_name: outcome.fileName, size_bytes: fs.statSync(outcome.filePath).size, summary },
      });
    } catch (error) {
      fs.rmSync(folderOf(id), { recursive: true, force: true });
      const reason: unknown = signal.aborted ? signal.reason : undefined;
      if (reason instanceof Interruption) update(job, { state: 'failed', finished_at: now(), error: { detail: reason.detail, status_code: 500 } });
      else if (signal.aborted) update(job, { state: 'cancelled', finished_at: now() });
      else {
        const failure = toHazsimError(error);
        const status = ERROR_KIND_TABLE[failure.kind].httpStatus;
        update(job, {
          state: 'failed',
          finished_at: now(),
          error: { detail: failure.message, status_code: status, ...(status === 422 && failure.issues ? { errors: failure.issues } : {}) },
        });
      }
    } finally {
      live.delete(id);
      watchers.forget(id);
    }
  }

  return execute;
}
