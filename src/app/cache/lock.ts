import fs from 'node:fs';
import os from 'node:os';
import { HazsimError } from '../../base/errors.js';
import { processAlive } from '../../base/atomic.js';

/** How long a waiter keeps trying before it reports the cache as busy. */
const LOCK_WAIT_MS = 60_000;
/** A lock older than this whose owner cannot be checked (another host) is taken as abandoned. */
const STALE_LOCK_MS = 120_000;

interface LockOwner {
  pid: number;
  host: string;
  time: number;
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
  if (owner.host === os.hostname()) return !processAlive(owner.pid);
  return ageMs > STALE_LOCK_MS;
}

function tryAcquire(lockPath: string): boolean {
  try {
    const fd = fs.openSync(lockPath, 'wx', 0o644);
    try {
      fs.writeFileSync(fd, JSON.stringify({ pid: process.pid, host: os.hostname(), time: Date.now() }));
    } finally {
      fs.closeSync(fd);
    }
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
export async function withFileLock<T>(lockPath: string, action: () => T | Promise<T>): Promise<T> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  let delayMs = 2;
  while (!tryAcquire(lockPath)) {
    if (isStale(lockPath)) {
      fs.rmSync(lockPath, { force: true });
      continue;
    }
    if (Date.now() > deadline) {
      const owner = readOwner(lockPath);
      throw new HazsimError('internal', `The cache is busy: ${lockPath} is held by process ${owner?.pid ?? 'unknown'} for more than ${LOCK_WAIT_MS / 1000} s`);
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
