/**
 * Jobs (docs/jobs.md): a simulation, scenario or impact run submitted now and fetched later.
 * A job runs the same service function as its synchronous endpoint, with its own AbortSignal
 * (so no client connection owns it) and the run's progress events. Its record is a small JSON
 * file in the cache's jobs folder, written atomically at every change of state, and its result
 * lives in a folder of its own there, removed whole when the job is cancelled or fails.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ERROR_KIND_TABLE, HazsimError, toHazsimError } from '../../base/errors.js';
import { isTemporaryName, writeFileAtomic } from '../../base/atomic.js';
import { currentIdentity, ownerGone, sameProcessSpace, type ProcessIdentity } from '../../base/processOwner.js';
import { Semaphore } from '../../base/semaphore.js';
import { openCacheFile, readCacheFile } from '../../base/cacheFile.js';
import { UUID_PATTERN, uuidV7 } from '../../base/uuidV7.js';
import { parseOrThrow } from '../../base/validation.js';
import type { ProgressEvent } from '../../base/workerTask.js';
import type { ModelStore } from '../cache/store.js';
import { FINISHED_STATES, jobRequestFor, type JobKind, type JobRecord, type JobRequest } from './jobSchemas.js';
import type { RunOutputOptions } from '../simulation/simulation.js';

/** Jobs running at once; the others wait, queued, in submission order. Each run also takes a worker slot (workerTask.ts). */
const JOBS_AT_ONCE = Math.max(1, os.availableParallelism());
/** Watchers hear of progress at most this often; changes of state reach them at once. */
const NOTIFY_INTERVAL_MS = 100;
/** A running job's record on disk is brought up to date with its progress at most this often. */
const PERSIST_INTERVAL_MS = 1000;

export const INTERRUPTED_BY_RESTART = 'Interrupted by server restart: the process running this job stopped before it finished; submit it again';

/** What a run hands back: its file and what it reports about it. */
interface RunOutcome {
  filePath: string;
  fileName: string;
  summary: object;
}

type Run = (request: unknown, options: RunOutputOptions) => Promise<RunOutcome>;

interface JobDependencies {
  /** The cache's jobs folder. */
  jobsDir: string;
  maxSamples: number;
  /** How long a job is kept once finished (docs/jobs.md, "Expiry"); null: until deleted. */
  jobTtlMs: number | null;
  clock: () => Date;
  stores: { distribution: ModelStore; hazard: ModelStore };
  /** Throws not_found for an unknown curve set. */
  resolveCurveSet(name: string): unknown;
  runs: Record<JobKind, Run>;
}

/**
 * The record as stored: the public one plus the process that runs it, so another process can
 * tell a dead job from a live one. `expires_at` is absent in records of older versions.
 */
interface StoredJob extends Omit<JobRecord, 'expires_at'> {
  expires_at?: string | null;
  owner_pid: number;
  /** The owner's full identity (docs/hardening.md, "Job ownership"); absent in records of older versions. */
  owner?: ProcessIdentity;
  /** When the owner last said it is alive (ms since the epoch): it does every HEARTBEAT_MS while the job runs. */
  heartbeat_at?: number;
}

/** How often a process renews the records of the jobs it runs. */
const HEARTBEAT_MS = 10_000;
/**
 * How long a job of a process that cannot be checked from here (another host, boot or PID
 * namespace) stays its own without a heartbeat: six missed beats.
 */
const JOB_LEASE_MS = 60_000;
/** The expiry sweep looks at the jobs a quarter of the TTL apart, at least every second and at most every minute. */
const SWEEP_BOUNDS_MS = { least: 1_000, most: 60_000 };

/** A job this process runs. */
interface LiveJob {
  stored: StoredJob;
  controller: AbortController;
  /** Settles when the run is over and the record final. */
  settled: Promise<void>;
  lastNotified: number;
  lastPersisted: number;
}

/** An abort that is not the user's cancel: the job ends failed with this message (the server shutting down). */
class Interruption {
  constructor(readonly detail: string) {}
}

/** Summary fields that are not worth keeping in a record: paths into the cache (the download is the way to the file) and per-sample lists. */
const LEFT_OUT_OF_SUMMARY = new Set(['file_path', 'output_path', 'records', 'truncated', 'failures_per_sample']);

export type JobWatcher = (record: JobRecord) => void;

export function createJobOps(dependencies: JobDependencies) {
  const { jobsDir } = dependencies;
  const live = new Map<string, LiveJob>();
  /** Records of this process's jobs that could not be written (a full disk): served from here, written again at every heartbeat. */
  const unsaved = new Map<string, StoredJob>();
  const watchers = new Map<string, Set<JobWatcher>>();
  const slots = new Semaphore(JOBS_AT_ONCE);
  const now = () => dependencies.clock().toISOString();
  /** The cache the jobs folder is in: a job's files are served only from inside it. */
  const cacheRoot = path.dirname(jobsDir);
  const recordPath = (id: string) => path.join(jobsDir, `${id}.json`);
  const folderOf = (id: string) => path.join(jobsDir, id);

  /** This process's TTL: from the settings, or `hazsim serve --job-ttl` (startExpirySweep). */
  let ttlMs = dependencies.jobTtlMs;

  function publicRecord(stored: StoredJob): JobRecord {
    const { owner_pid: _owner, owner: _identity, heartbeat_at: _heartbeat, ...record } = stored;
    const expiresAt = expiresAtMs(stored);
    return { ...record, expires_at: expiresAt === null ? null : new Date(expiresAt).toISOString() };
  }

  /** When a job ending at `finishedAt` expires under this process's TTL (null: never). */
  function expiryFor(finishedAt: string): string | null {
    return ttlMs === null ? null : new Date(Date.parse(finishedAt) + ttlMs).toISOString();
  }

  /**
   * When a finished job expires (ms since the epoch), as its record says; a record of an older
   * version (no `expires_at`) by its end and this process's TTL. Null for a job that runs or
   * is kept until deleted.
   */
  function expiresAtMs(stored: StoredJob): number | null {
    if (!FINISHED_STATES.includes(stored.state)) return null;
    const stamp = stored.expires_at === undefined && stored.finished_at ? expiryFor(stored.finished_at) : stored.expires_at;
    if (typeof stamp !== 'string') return null;
    const ms = Date.parse(stamp);
    return Number.isFinite(ms) ? ms : null;
  }

  function expired(stored: StoredJob): boolean {
    const expiresAt = expiresAtMs(stored);
    return expiresAt !== null && expiresAt <= dependencies.clock().getTime();
  }

  /**
   * Writes a record. A record that cannot be written (a full disk) leaves the job as it was
   * in memory and is reported false: the server keeps serving, and the next write retries.
   */
  function persist(stored: StoredJob): boolean {
    try {
      fs.mkdirSync(jobsDir, { recursive: true });
      writeFileAtomic(recordPath(stored.id), `${JSON.stringify(stored, null, 2)}\n`);
      unsaved.delete(stored.id);
      return true;
    } catch {
      unsaved.set(stored.id, stored);
      return false;
    }
  }

  function notify(stored: StoredJob): void {
    const record = publicRecord(stored);
    for (const watcher of watchers.get(stored.id) ?? []) watcher(record);
  }

  /** The stored record of `id`, or null when there is none (or it is unreadable). */
  function readStored(id: string): StoredJob | null {
    let text: string;
    try {
      // Only a regular file of the cache: a record planted as a link would show another file's content.
      text = readCacheFile(recordPath(id), cacheRoot).toString('utf8');
    } catch {
      return null;
    }
    try {
      return JSON.parse(text) as StoredJob;
    } catch {
      return null;
    }
  }

  /**
   * A job left unfinished by a process that is gone can never finish: it is marked failed.
   * Its owner is judged by pid only where the pid means the same process (same host, boot and
   * PID namespace); elsewhere by its heartbeat, which must be older than JOB_LEASE_MS. Only
   * the first case removes the job's partial files: a process never deletes files of a job
   * whose owner it cannot see.
   */
  function settleOrphan(stored: StoredJob): StoredJob {
    if (FINISHED_STATES.includes(stored.state) || live.has(stored.id)) return stored;
    const checkable = stored.owner === undefined || sameProcessSpace(stored.owner);
    if (
      checkable
        ? !ownerGone(stored.owner_pid, Date.parse(stored.created_at))
        : Date.now() - (stored.heartbeat_at ?? Date.parse(stored.created_at)) <= JOB_LEASE_MS
    )
      return stored;
    if (checkable) fs.rmSync(folderOf(stored.id), { recursive: true, force: true });
    const finishedAt = now();
    const failed: StoredJob = {
      ...stored,
      state: 'failed',
      finished_at: finishedAt,
      expires_at: expiryFor(finishedAt),
      error: { detail: INTERRUPTED_BY_RESTART, status_code: 500 },
    };
    persist(failed);
    return failed;
  }

  /**
   * The current record of `id`: this process's own for a job it runs, else the stored one.
   * An expired job is gone (404) from the moment it expires, whether or not a sweep has
   * removed its files yet, as a deleted one is.
   */
  function current(id: string): StoredJob {
    const own = live.get(id);
    if (own) return own.stored;
    const stored = unsaved.get(id) ?? (UUID_PATTERN.test(id) ? readStored(id) : null);
    if (!stored) throw new HazsimError('not_found', `Job '${id}' not found`);
    const settled = settleOrphan(stored);
    if (expired(settled)) {
      throw new HazsimError(
        'not_found',
        `Job '${id}' expired at ${publicRecord(settled).expires_at}: a finished job and its result are removed once they expire (hazsim serve --job-ttl, HAZSIM_JOB_TTL); submit it again`,
      );
    }
    return settled;
  }

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

  /** Model and curve-set names are looked up at submission, so a job on an unknown name is refused (404) rather than failing later. */
  function checkNames(request: JobRequest['request']): void {
    dependencies.stores.distribution.get(request.distribution_system_name);
    dependencies.stores.hazard.get(request.hazard_system_name);
    dependencies.resolveCurveSet(request.curve_set);
  }

  async function execute(job: LiveJob): Promise<void> {
    const { id, kind, request } = job.stored;
    const signal = job.controller.signal;
    try {
      const outcome = await slots.run(async () => {
        signal.throwIfAborted();
        update(job, { state: 'running', started_at: now() });
        return dependencies.runs[kind](request, { cacheFolder: folderOf(id), signal, onProgress: (event) => reportProgress(job, event) });
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
      watchers.delete(id);
    }
  }

  /** POST /jobs: validates the request as its synchronous endpoint does, records the job as queued and starts it; answers at once. */
  function submitJob(input: unknown): JobRecord {
    const { kind, request } = parseOrThrow(jobRequestFor(dependencies.maxSamples), input, 'job request');
    checkNames(request);
    const created = dependencies.clock();
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

  function getJob(id: string): JobRecord {
    return publicRecord(current(id));
  }

  /** Every job of the cache, in submission order. */
  function listJobs(): JobRecord[] {
    let names: string[];
    try {
      names = fs.readdirSync(jobsDir);
    } catch {
      names = [];
    }
    const onDisk = names.filter((name) => name.endsWith('.json') && !isTemporaryName(name)).map((name) => name.slice(0, -'.json'.length));
    const ids = new Set([...onDisk.filter((id) => UUID_PATTERN.test(id)), ...unsaved.keys()]);
    return [...ids].sort().flatMap((id) => {
      const own = live.get(id);
      const stored = own ? own.stored : (unsaved.get(id) ?? readStored(id));
      if (!stored) return [];
      const settled = settleOrphan(stored);
      return expired(settled) ? [] : [publicRecord(settled)];
    });
  }

  /**
   * Whether this process may delete a finished job's files: it is this process's own, or its
   * owner can be checked from here (same host, boot and PID namespace; records of older
   * versions by pid) and is gone. Jobs of live servers are theirs to expire, and jobs of
   * servers this one cannot see are left to them or to `hazsim cache prune`
   * (docs/hardening.md, "Job ownership").
   */
  function mayDelete(stored: StoredJob): boolean {
    if (stored.owner !== undefined && !sameProcessSpace(stored.owner)) return false;
    return stored.owner_pid === process.pid || ownerGone(stored.owner_pid, Date.parse(stored.created_at));
  }

  /** Removes the expired jobs this process may delete: their result folders first, then their records. */
  function sweepExpired(): void {
    let names: string[];
    try {
      names = fs.readdirSync(jobsDir);
    } catch {
      names = [];
    }
    const ids = new Set([...names.filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -'.json'.length)), ...unsaved.keys()]);
    for (const id of ids) {
      if (!UUID_PATTERN.test(id) || live.has(id)) continue;
      const stored = unsaved.get(id) ?? readStored(id);
      if (!stored || !expired(stored) || !mayDelete(stored)) continue;
      try {
        fs.rmSync(folderOf(id), { recursive: true, force: true });
        fs.rmSync(recordPath(id), { force: true });
        unsaved.delete(id);
      } catch {
        // A file that cannot be removed now (a folder made read-only) is tried again at the next sweep.
      }
    }
  }

  /**
   * Starts removing expired jobs, now and then periodically (`hazsim serve` does; other
   * commands leave it to the server and to `cache prune`). `jobTtl` (milliseconds; null for
   * never) replaces the settings' TTL for the jobs this process finishes from now on.
   */
  function startExpirySweep(jobTtl?: number | null): void {
    if (jobTtl !== undefined) ttlMs = jobTtl;
    const every = ttlMs === null ? SWEEP_BOUNDS_MS.most : Math.min(SWEEP_BOUNDS_MS.most, Math.max(SWEEP_BOUNDS_MS.least, ttlMs / 4));
    sweepExpired();
    setInterval(sweepExpired, every).unref();
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
    const stored = current(id);
    if (!FINISHED_STATES.includes(stored.state)) {
      throw new HazsimError('conflict', `Job '${id}' runs in another hazsim process (pid ${stored.owner_pid}) over this cache; cancel it through that server`);
    }
    fs.rmSync(folderOf(id), { recursive: true, force: true });
    fs.rmSync(recordPath(id), { force: true });
    unsaved.delete(id);
    return publicRecord(stored);
  }

  /**
   * The result file of a succeeded job, opened (the caller closes `fd`); a job not (yet)
   * succeeded is a conflict naming its state. The record names the file; only a plain file
   * name in the job's folder is taken, and only a regular file inside the cache is opened
   * (docs/hardening.md, "Serving only the cache's own files").
   */
  function jobResult(id: string): { kind: JobKind; request: JobRecord['request']; filePath: string; fileName: string; fd: number } {
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
    const filePath = path.join(folderOf(id), fileName);
    let fd: number;
    try {
      fd = openCacheFile(filePath, cacheRoot);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new HazsimError('not_found', `The result of job '${id}' is no longer in the cache`);
      throw error;
    }
    return { kind: stored.kind, request: stored.request, filePath, fileName, fd };
  }

  /**
   * Calls `watcher` with the record at every change of a job this process runs (progress at
   * most every NOTIFY_INTERVAL_MS), the last time with its final state. Returns the record as
   * it is now and a function that stops watching; `live` is false when no change will come
   * from this process (the job is finished, or another process runs it).
   */
  function watchJob(id: string, watcher: JobWatcher): { record: JobRecord; live: boolean; stop: () => void } {
    const record = getJob(id);
    if (!live.has(id)) return { record, live: false, stop: () => undefined };
    const set = watchers.get(id) ?? new Set<JobWatcher>();
    set.add(watcher);
    watchers.set(id, set);
    return { record, live: true, stop: () => watchers.get(id)?.delete(watcher) };
  }

  /** Ends every job this process runs as failed with `detail` (the server is shutting down), and waits until their files are gone. */
  async function interruptJobs(detail: string): Promise<void> {
    const running = [...live.values()];
    for (const job of running) job.controller.abort(new Interruption(detail));
    await Promise.all(running.map((job) => job.settled));
  }

  // The jobs this process runs say they are alive, so processes that cannot see it leave them alone.
  setInterval(() => {
    for (const job of live.values()) {
      job.stored = { ...job.stored, heartbeat_at: Date.now() };
      if (persist(job.stored)) job.lastPersisted = Date.now();
    }
    for (const stored of [...unsaved.values()]) if (!live.has(stored.id)) persist(stored);
  }, HEARTBEAT_MS).unref();

  // Jobs left unfinished by a process that is gone (a killed server) are marked failed now, not when someone looks.
  listJobs();

  return { submitJob, getJob, listJobs, cancelJob, jobResult, watchJob, interruptJobs, startExpirySweep };
}

export type JobOps = ReturnType<typeof createJobOps>;
