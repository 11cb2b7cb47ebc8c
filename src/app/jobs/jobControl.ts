/**
 * Submitting, cancelling and interrupting jobs (docs/jobs.md): a job is validated as its
 * synchronous endpoint validates it, recorded as queued and started (jobRun.ts); it ends when
 * its run does, when the user cancels it, or when the server shuts down.
 */
import fs from 'node:fs';
import { HazsimError } from '../../base/errors.js';
import { currentIdentity } from '../../base/processOwner.js';
import { uuidV7 } from '../../base/uuidV7.js';
import { parseOrThrow } from '../../base/validation.js';
import type { ModelStore } from '../cache/store.js';
import { FINISHED_STATES, jobRequestFor, type JobRecord, type JobRequest } from './jobSchemas.js';
import type { JobRecords, LiveJob, StoredJob } from './jobRecords.js';
import type { JobLookup } from './jobLookup.js';
import { Interruption } from './jobRun.js';

/** What a submission is checked against. */
export interface JobAdmission {
  maxSamples: number;
  clock: () => Date;
  stores: { distribution: ModelStore; hazard: ModelStore };
  /** Throws not_found for an unknown curve set. */
  resolveCurveSet(name: string): unknown;
}

export function createJobControl(
  admission: JobAdmission,
  records: JobRecords,
  live: Map<string, LiveJob>,
  lookup: JobLookup,
  execute: (job: LiveJob) => Promise<void>,
) {
  const { persist, publicRecord, folderOf, recordPath, unsaved } = records;

  /** Model and curve-set names are looked up at submission, so a job on an unknown name is refused (404) rather than failing later. */
  function checkNames(request: JobRequest['request']): void {
    admission.stores.distribution.get(request.distribution_system_name);
    admission.stores.hazard.get(request.hazard_system_name);
    admission.resolveCurveSet(request.curve_set);
  }

  /** POST /jobs: validates the request as its synchronous endpoint does, records the job as queued and starts it; answers at once. */
  function submitJob(input: unknown): JobRecord {
    const { kind, request } = parseOrThrow(jobRequestFor(admission.maxSamples), input, 'job request');
    checkNames(request);
    const created = admission.clock();
    const stored: StoredJob = {
      id: uuidV7(created.getTime()),
      kind,
      state: 'queued',
      request,
      created_at: created.toISOString(),
      started_at: null,
      finished_at: null,
      progress: null,
      result: null,
      error: null,
      expires_at: null,
      owner_pid: process.pid,
      owner: currentIdentity(),
      heartbeat_at: Date.now(),
    };
    persist(stored);
    const job: LiveJob = { stored, controller: new AbortController(), settled: Promise.resolve(), lastNotified: 0, lastPersisted: Date.now() };
    live.set(stored.id, job);
    job.settled = execute(job);
    return publicRecord(stored);
  }

  /**
   * DELETE /jobs/{id}. A queued or running job is cancelled: its run stops, its partial files
   * are removed, and it stays listed as cancelled. A finished job is removed with its result.
   * Answers the record as it is after the call (for a removed job, as it was).
   */
  async function cancelJob(id: string): Promise<JobRecord> {
    const own = live.get(id);
    if (own) {
      own.controller.abort();
      await own.settled;
      return publicRecord(own.stored);
    }
    const stored = lookup.current(id);
    if (!FINISHED_STATES.includes(stored.state)) {
      throw new HazsimError('conflict', `Job '${id}' runs in another hazsim process (pid ${stored.owner_pid}) over this cache; cancel it through that server`);
    }
    fs.rmSync(folderOf(id), { recursive: true, force: true });
    fs.rmSync(recordPath(id), { force: true });
    unsaved.delete(id);
    return publicRecord(stored);
  }

  /** Ends every job this process runs as failed with `detail` (the server is shutting down), and waits until their files are gone. */
  async function interruptJobs(detail: string): Promise<void> {
    const running = [...live.values()];
    for (const job of running) job.controller.abort(new Interruption(detail));
    await Promise.all(running.map((job) => job.settled));
  }

  return { submitJob, cancelJob, interruptJobs };
}
