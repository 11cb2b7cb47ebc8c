/**
 * A job's record (docs/jobs.md): a small JSON file `<id>.json` in the cache's jobs folder,
 * written atomically at every change of state, beside the folder `<id>/` that holds its result.
 * Here: the record as stored and as shown, reading and writing it, and when it expires.
 */
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../../base/atomic.js';
import type { ProcessIdentity } from '../../base/processOwner.js';
import { readCacheFile } from '../../base/cacheFile.js';
import { FINISHED_STATES, type JobRecord } from './jobSchemas.js';

/**
 * The record as stored: the public one plus the process that runs it, so another process can
 * tell a dead job from a live one. `expires_at` is absent in records of older versions.
 */
export interface StoredJob extends Omit<JobRecord, 'expires_at'> {
  expires_at?: string | null;
  owner_pid: number;
  /** The owner's full identity (docs/hardening.md, "Job ownership"); absent in records of older versions. */
  owner?: ProcessIdentity;
  /** When the owner last said it is alive (ms since the epoch): it does every HEARTBEAT_MS (jobOwnership.ts) while the job runs. */
  heartbeat_at?: number;
}

/** A job this process runs. */
export interface LiveJob {
  stored: StoredJob;
  controller: AbortController;
  /** Settles when the run is over and the record final. */
  settled: Promise<void>;
  lastNotified: number;
  lastPersisted: number;
}

/** How many swept jobs' expiry times a process remembers (a few hundred kilobytes at most). */
const SWEPT_REMEMBERED = 10_000;

export function createJobRecords(jobsDir: string, jobTtlMs: number | null, clock: () => Date) {
  /** Records of this process's jobs that could not be written (a full disk): served from here, written again at every heartbeat. */
  const unsaved = new Map<string, StoredJob>();
  /** The cache the jobs folder is in: a job's files are served only from inside it. */
  const cacheRoot = path.dirname(jobsDir);
  const recordPath = (id: string) => path.join(jobsDir, `${id}.json`);
  const folderOf = (id: string) => path.join(jobsDir, id);

  /** This process's TTL: from the settings, or `hazsim serve --job-ttl` (startExpirySweep). */
  let ttlMs = jobTtlMs;

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
    return expiresAt !== null && expiresAt <= clock().getTime();
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
   * When the jobs this process's sweep removed had expired, by id: a GET just after the sweep
   * still says the job expired rather than that it never was. Bounded, oldest forgotten first.
   */
  const swept = new Map<string, string>();
  function rememberSwept(id: string, expiresAt: string): void {
    swept.set(id, expiresAt);
    if (swept.size > SWEPT_REMEMBERED) swept.delete(swept.keys().next().value!);
  }

  /** The names in the jobs folder (none when it does not exist yet). */
  function folderNames(): string[] {
    try {
      return fs.readdirSync(jobsDir);
    } catch {
      return [];
    }
  }

  return {
    jobsDir,
    cacheRoot,
    unsaved,
    recordPath,
    folderOf,
    ttlMs: () => ttlMs,
    setTtlMs: (ms: number | null) => {
      ttlMs = ms;
    },
    publicRecord,
    expiryFor,
    expired,
    persist,
    readStored,
    folderNames,
    rememberSwept,
    sweptExpiry: (id: string) => swept.get(id),
  };
}

export type JobRecords = ReturnType<typeof createJobRecords>;
