/**
 * Jobs (docs/jobs.md): a simulation, scenario or impact run submitted now and fetched later.
 * A job runs the same service function as its synchronous endpoint, with its own AbortSignal
 * (so no client connection owns it) and the run's progress events. Its record is a small JSON
 * file in the cache's jobs folder, written atomically at every change of state, and its result
 * lives in a folder of its own there, removed whole when the job is cancelled or fails.
 *
 * This module assembles the parts, one concept each: the records and their file
 * (jobRecords.ts), ownership and heartbeat (jobOwnership.ts), finding jobs (jobLookup.ts),
 * the expiry sweep (jobExpiry.ts), watchers (jobWatchers.ts), running a job (jobRun.ts),
 * submitting and cancelling (jobControl.ts) and the result download (jobResult.ts).
 */
import { createJobRecords, type LiveJob } from './jobRecords.js';
import { startHeartbeat } from './jobOwnership.js';
import { createJobLookup } from './jobLookup.js';
import { createExpirySweep } from './jobExpiry.js';
import { createJobWatchers } from './jobWatchers.js';
import { createJobRun, type JobRuns } from './jobRun.js';
import { createJobControl, type JobAdmission } from './jobControl.js';
import { openJobResult } from './jobResult.js';

interface JobDependencies extends JobAdmission {
  /** The cache's jobs folder. */
  jobsDir: string;
  /** How long a job is kept once finished (docs/jobs.md, "Expiry"); null: until deleted. */
  jobTtlMs: number | null;
  runs: JobRuns;
}

export function createJobOps(dependencies: JobDependencies) {
  const live = new Map<string, LiveJob>();
  const now = () => dependencies.clock().toISOString();
  const records = createJobRecords(dependencies.jobsDir, dependencies.jobTtlMs, dependencies.clock);
  const lookup = createJobLookup(records, live, now);
  const { current, getJob, listJobs } = lookup;
  const startExpirySweep = createExpirySweep(records, live);
  const watchers = createJobWatchers(records, live, getJob);
  const execute = createJobRun(dependencies.runs, records, live, watchers, now);
  const { submitJob, cancelJob, interruptJobs } = createJobControl(dependencies, records, live, lookup, execute);
  const jobResult = (id: string) => openJobResult(records, current, id);
  const watchJob = watchers.watchJob;

  startHeartbeat(records, live);
  // Jobs left unfinished by a process that is gone (a killed server) are marked failed now, not when someone looks.
  listJobs();

  return { submitJob, getJob, listJobs, cancelJob, jobResult, watchJob, interruptJobs, startExpirySweep };
}

export type JobOps = ReturnType<typeof createJobOps>;
