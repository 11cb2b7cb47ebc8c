/**
 * Finding jobs: this process's own from memory, the others from their records, each settled
 * (an orphan marked failed) and an expired one gone (docs/jobs.md, "Expiry").
 */
import { HazsimError } from '../../base/errors.js';
import { isTemporaryName } from '../../base/atomic.js';
import { UUID_PATTERN } from '../../base/uuidV7.js';
import type { JobRecord } from './jobSchemas.js';
import type { JobRecords, LiveJob, StoredJob } from './jobRecords.js';
import { settleOrphan } from './jobOwnership.js';

function expiredError(id: string, expiresAt: string): HazsimError {
  return new HazsimError(
    'not_found',
    `Job '${id}' expired at ${expiresAt}: a finished job and its result are removed once they expire (hazsim serve --job-ttl, HAZSIM_JOB_TTL); submit it again`,
  );
}

export function createJobLookup(records: JobRecords, live: Map<string, LiveJob>, now: () => string) {
  const { unsaved, publicRecord, readStored, expired } = records;

  /**
   * The current record of `id`: this process's own for a job it runs, else the stored one.
   * An expired job is gone (404) from the moment it expires, whether or not a sweep has
   * removed its files yet, as a deleted one is.
   */
  function current(id: string): StoredJob {
    const own = live.get(id);
    if (own) return own.stored;
    const stored = unsaved.get(id) ?? (UUID_PATTERN.test(id) ? readStored(id) : null);
    if (!stored) {
      const sweptExpiry = records.sweptExpiry(id);
      throw sweptExpiry === undefined ? new HazsimError('not_found', `Job '${id}' not found`) : expiredError(id, sweptExpiry);
    }
    const settled = settleOrphan(records, live, now, stored);
    if (expired(settled)) throw expiredError(id, publicRecord(settled).expires_at ?? '');
    return settled;
  }

  function getJob(id: string): JobRecord {
    return publicRecord(current(id));
  }

  /** Every job of the cache, in submission order. */
  function listJobs(): JobRecord[] {
    const names = records.folderNames();
    const onDisk = names.filter((name) => name.endsWith('.json') && !isTemporaryName(name)).map((name) => name.slice(0, -'.json'.length));
    const ids = new Set([...onDisk.filter((id) => UUID_PATTERN.test(id)), ...unsaved.keys()]);
    return [...ids].sort().flatMap((id) => {
      const own = live.get(id);
      const stored = own ? own.stored : (unsaved.get(id) ?? readStored(id));
      if (!stored) return [];
      const settled = settleOrphan(records, live, now, stored);
      return expired(settled) ? [] : [publicRecord(settled)];
    });
  }

  return { current, getJob, listJobs };
}

export type JobLookup = ReturnType<typeof createJobLookup>;
