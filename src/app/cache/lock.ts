import fs from 'node:fs';
import os from 'node:os';
import { HazsimError } from '../../base/errors.js';
import { bootId, ownerGone, pidNamespace, processStartMs } from '../../base/processOwner.js';

/** How long a waiter keeps trying before it reports the cache as busy. */
const LOCK_WAIT_MS = 60_000;
/** A lock older than this whose owner cannot be checked (another host) is taken as abandoned. */
const STALE_LOCK_MS = 120_000;

/**
 * Who holds a lock. A pid alone is not enough: after a container restart or on a busy host
 * the same pid belongs to another process. The boot id and the process's start time tell
 * the owner apart from a later process that was given its pid.
 */
interface LockOwner {
  pid: number;
  host: string;
  time: number;
  boot_id?: string | null;
  started_at?: number | null;
  /** The owner's PID namespace: from another one (a container sharing the volume), its pid cannot be checked here. */
  pid_namespace?: string | null;
}

function readOwner(lockPath: string): LockOwner | null {
  try {
    return JSON.parse(fs.readFileSync(lockPath, 'utf8')) as LockOwner;
  } catch {
    return null;
  }
}

function isStale(lockPath: string): boolean {
  const owner = readOwner(lockPath);
  let ageMs: number;
  try {
    ageMs = Date.now() - fs.statSync(lockPath).mtimeMs;
  } catch {
    return false; // gone already: not ours to remove
  }
  // A lock file that is empty or half-written is only stale once its writer had time to finish.
  if (!owner) return ageMs > 5_000;
  if (owner.host !== os.hostname()) return ageMs > STALE_LOCK_MS;
  if (owner.pid_namespace && owner.pid_namespace !== pidNamespace()) return ageMs > STALE_LOCK_MS;
  const currentBoot = bootId();
  if (owner.boot_id && currentBoot && owner.boot_id !== currentBoot) return true;
  if (typeof owner.started_at === 'number') {
    const started = processStartMs(owner.pid);
    // Same pid, another start time: the pid was reused. No start time: the process is gone (or the system cannot say).
    if (started === null) return ownerGone(owner.pid, owner.time);
    return Math.abs(started - owner.started_at) > 1_000;
  }
  return ownerGone(owner.pid, Math.min(owner.time, Date.now() - ageMs));
}

function tryAcquire(lockPath: string): boolean {
  try {
    const fd = fs.openSync(lockPath, 'wx', 0o644);
    try {
      const owner: LockOwner = {
        pid: process.pid,
        host: os.hostname(),
        time: Date.now(),
        boot_id: bootId(),
        started_at: processStartMs(process.pid),
        pid_namespace: pidNamespace(),
      };
      fs.writeFileSync(fd, JSON.stringify(owner));
    } catch (error) {
      // A lock we could not describe (disk full) must not outlive this attempt.
      fs.closeSync(fd);
      fs.rmSync(lockPath, { force: true });
      throw error;
    }
    fs.closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `action` while holding an exclusive lock file, so that processes sharing a cache
 * (REST server, MCP server, CLI) serialize their metadata read-modify-write cycles. A lock
 * left by a killed process is detected by its pid and broken.
 */
export async function withFileLock<T>(lockPath: string, action: () => T | Promise<T>, options: { waitMs?: number } = {}): Promise<T> {
  const waitMs = options.waitMs ?? LOCK_WAIT_MS;
  const deadline = Date.now() + waitMs;
  let delayMs = 2;
  while (!tryAcquire(lockPath)) {
    if (isStale(lockPath)) {
      fs.rmSync(lockPath, { force: true });
      continue;
    }
    if (Date.now() > deadline) {
      const owner = readOwner(lockPath);
      throw new HazsimError(
        'internal',
        `The cache is busy: ${lockPath} is held by process ${owner?.pid ?? 'unknown'}${owner?.host ? ` on ${owner.host}` : ''} for more than ${waitMs / 1000} s. If no hazsim process is using this cache, remove ${lockPath}`,
      );
    }
    await sleep(delayMs + Math.random() * delayMs);
    delayMs = Math.min(delayMs * 2, 50);
  }
  try {
    return await action();
  } finally {
    fs.rmSync(lockPath, { force: true });
  }
}
