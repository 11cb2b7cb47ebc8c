/**
 * `hazsim cache prune` (docs/cache.md, "Pruning"): what the cache holds that nothing uses any
 * more, namely folders of models that are gone and result files and finished REST jobs older
 * than a given age, listed and, when asked, removed.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ModelStore, OrphanedFolder } from './store.js';
import { leftoverWrites } from '../results/writesInProgress.js';
import { finishedJobs, removeFinishedJob, type FinishedJob } from '../jobs/finishedJobs.js';

export interface PruneEntry {
  path: string;
  /** partial_file: what a killed run left while writing a result, wherever it was writing (writesInProgress.ts). */
  /** old_job: a finished REST job (path: its record; size: record and result folder); expired_job: one past its `expires_at`, whatever its age. */
  kind: OrphanedFolder['kind'] | 'old_result' | 'old_job' | 'expired_job' | 'partial_file';
  size_bytes: number;
}

export interface PruneResult {
  status: 'success';
  /** True when nothing was removed (only listed). */
  dry_run: boolean;
  older_than_days: number;
  entries: PruneEntry[];
  total_size_bytes: number;
}

/** Bytes of the regular files in a file or folder (symbolic links are not followed). */
export function sizeOnDisk(target: string): number {
  const stat = fs.lstatSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (stat.isFile()) return stat.size;
  if (!stat.isDirectory()) return 0;
  return fs.readdirSync(target).reduce((sum, name) => sum + sizeOnDisk(path.join(target, name)), 0);
}

/**
 * The result files (regular, not hidden: a hidden file is one being written) directly in
 * `resultsDir` last modified more than `olderThanDays` days before `now`.
 */
function oldResults(resultsDir: string, olderThanDays: number, now: Date): PruneEntry[] {
  if (!fs.statSync(resultsDir, { throwIfNoEntry: false })?.isDirectory()) return [];
  const cutoff = now.getTime() - olderThanDays * 86_400_000;
  const entries: PruneEntry[] = [];
  for (const name of fs.readdirSync(resultsDir).sort()) {
    if (name.startsWith('.')) continue;
    const full = path.join(resultsDir, name);
    const stat = fs.lstatSync(full);
    if (stat.isFile() && stat.mtimeMs < cutoff) entries.push({ path: full, kind: 'old_result', size_bytes: stat.size });
  }
  return entries;
}

/**
 * Finished jobs in `jobsDir` that expired (docs/jobs.md, "Expiry") or ended more than
 * `olderThanDays` days before `now`, removed when `remove`.
 */
function oldJobs(jobsDir: string, olderThanDays: number, now: Date, remove: boolean): PruneEntry[] {
  const cutoff = now.getTime() - olderThanDays * 86_400_000;
  const hasExpired = (job: FinishedJob) => job.expiresAtMs !== null && job.expiresAtMs <= now.getTime();
  return finishedJobs(jobsDir)
    .filter((job) => hasExpired(job) || job.finishedAtMs < cutoff)
    .map((job) => {
      const entry: PruneEntry = {
        path: job.recordPath,
        kind: hasExpired(job) ? 'expired_job' : 'old_job',
        size_bytes: sizeOnDisk(job.recordPath) + sizeOnDisk(job.folderPath),
      };
      if (remove) removeFinishedJob(job);
      return entry;
    });
}

export async function pruneCache(
  stores: ModelStore[],
  folders: { resultsDir: string; jobsDir: string; cacheRoot: string },
  options: { olderThanDays: number; remove: boolean; now: Date },
): Promise<PruneResult> {
  const { resultsDir, jobsDir, cacheRoot } = folders;
  const entries: PruneEntry[] = [];
  for (const store of stores) {
    // Sizes are taken before removal; the store removes its orphans under its own lock.
    const listed = await store.orphanedFolders(false);
    const sizes = new Map(listed.map((orphan) => [orphan.path, sizeOnDisk(orphan.path)]));
    const orphans = options.remove ? await store.orphanedFolders(true) : listed;
    for (const orphan of orphans) entries.push({ ...orphan, size_bytes: sizes.get(orphan.path) ?? sizeOnDisk(orphan.path) });
  }
  const results = oldResults(resultsDir, options.olderThanDays, options.now);
  if (options.remove) for (const result of results) fs.rmSync(result.path, { force: true });
  entries.push(...results);
  entries.push(...oldJobs(jobsDir, options.olderThanDays, options.now, options.remove));
  for (const leftover of leftoverWrites(cacheRoot, options.remove)) entries.push({ ...leftover, kind: 'partial_file' });
  return {
    status: 'success',
    dry_run: !options.remove,
    older_than_days: options.olderThanDays,
    entries,
    total_size_bytes: entries.reduce((sum, entry) => sum + entry.size_bytes, 0),
  };
}
