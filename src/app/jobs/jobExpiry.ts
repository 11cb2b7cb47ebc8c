/**
 * The expiry sweep (docs/jobs.md, "Expiry"): a finished job is removed with its result once it
 * expires, by the process that may delete it (jobOwnership.ts).
 */
import fs from 'node:fs';
import { UUID_PATTERN } from '../../base/uuidV7.js';
import type { JobRecords, LiveJob } from './jobRecords.js';
import { mayDelete } from './jobOwnership.js';

/** The expiry sweep looks at the jobs a quarter of the TTL apart, at least every second and at most every minute. */
const SWEEP_BOUNDS_MS = { least: 1_000, most: 60_000 };

export function createExpirySweep(records: JobRecords, live: Map<string, LiveJob>) {
  const { unsaved, readStored, expired, folderOf, recordPath } = records;

  /** Removes the expired jobs this process may delete: their result folders first, then their records. */
  function sweepExpired(): void {
    const names = records.folderNames();
    const ids = new Set([...names.filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -'.json'.length)), ...unsaved.keys()]);
    for (const id of ids) {
      if (!UUID_PATTERN.test(id) || live.has(id)) continue;
      const stored = unsaved.get(id) ?? readStored(id);
      if (!stored || !expired(stored) || !mayDelete(stored)) continue;
      try {
        fs.rmSync(folderOf(id), { recursive: true, force: true });
        fs.rmSync(recordPath(id), { force: true });
        unsaved.delete(id);
        records.rememberSwept(id, records.publicRecord(stored).expires_at ?? '');
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
    if (jobTtl !== undefined) records.setTtlMs(jobTtl);
    const ttlMs = records.ttlMs();
    const every = ttlMs === null ? SWEEP_BOUNDS_MS.most : Math.min(SWEEP_BOUNDS_MS.most, Math.max(SWEEP_BOUNDS_MS.least, ttlMs / 4));
    sweepExpired();
    setInterval(sweepExpired, every).unref();
  }

  return startExpirySweep;
}
