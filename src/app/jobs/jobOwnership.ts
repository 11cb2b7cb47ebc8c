/**
 * Who may touch a job (docs/hardening.md, "Job ownership"): the process that runs a job says
 * it is alive with a heartbeat in the record, and a job whose owner is gone can never finish.
 */
import fs from 'node:fs';
import { ownerGone, sameProcessSpace } from '../../base/processOwner.js';
import { FINISHED_STATES } from './jobSchemas.js';
import type { JobRecords, LiveJob, StoredJob } from './jobRecords.js';

export const INTERRUPTED_BY_RESTART = 'Interrupted by server restart: the process running this job stopped before it finished; submit it again';

/** How often a process renews the records of the jobs it runs. */
const HEARTBEAT_MS = 10_000;
/**
 * How long a job of a process that cannot be checked from here (another host, boot or PID
 * namespace) stays its own without a heartbeat: six missed beats.
 */
const JOB_LEASE_MS = 60_000;

/**
 * A job left unfinished by a process that is gone can never finish: it is marked failed.
 * Its owner is judged by pid only where the pid means the same process (same host, boot and
 * PID namespace); elsewhere by its heartbeat, which must be older than JOB_LEASE_MS. Only
 * the first case removes the job's partial files: a process never deletes files of a job
 * whose owner it cannot see.
 */
export function settleOrphan(records: JobRecords, live: Map<string, LiveJob>, now: () => string, stored: StoredJob): StoredJob {
  if (FINISHED_STATES.includes(stored.state) || live.has(stored.id)) return stored;
  const checkable = stored.owner === undefined || sameProcessSpace(stored.owner);
  if (
    checkable
      ? !ownerGone(stored.owner_pid, Date.parse(stored.created_at))
      : Date.now() - (stored.heartbeat_at ?? Date.parse(stored.created_at)) <= JOB_LEASE_MS
  )
    return stored;
  if (checkable) fs.rmSync(records.folderOf(stored.id), { recursive: true, force: true });
  const finishedAt = now();
  const failed: StoredJob = {
    ...stored,
    state: 'failed',
    finished_at: finishedAt,
    expires_at: records.expiryFor(finishedAt),
    error: { detail: INTERRUPTED_BY_RESTART, status_code: 500 },
  };
  records.persist(failed);
  return failed;
}

/**
 * Whether this process may delete a finished job's files: it is this process's own, or its
 * owner can be checked from here (same host, boot and PID namespace; records of older
 * versions by pid) and is gone. Jobs of live servers are theirs to expire, and jobs of
 * servers this one cannot see are left to them or to `hazsim cache prune`
 * (docs/hardening.md, "Job ownership").
 */
export function mayDelete(stored: StoredJob): boolean {
  if (stored.owner !== undefined && !sameProcessSpace(stored.owner)) return false;
  return stored.owner_pid === process.pid || ownerGone(stored.owner_pid, Date.parse(stored.created_at));
}

/**
 * The jobs this process runs say they are alive, so processes that cannot see it leave them
 * alone; records that could not be written are tried again at the same beat.
 */
export function startHeartbeat(records: JobRecords, live: Map<string, LiveJob>): void {
  setInterval(() => {
    for (const job of live.values()) {
      job.stored = { ...job.stored, heartbeat_at: Date.now() };
      if (records.persist(job.stored)) job.lastPersisted = Date.now();
    }
    for (const stored of [...records.unsaved.values()]) if (!live.has(stored.id)) records.persist(stored);
  }, HEARTBEAT_MS).unref();
}
