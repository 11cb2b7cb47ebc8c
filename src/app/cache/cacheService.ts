import fs from 'node:fs';
import path from 'node:path';
import { METADATA_FILE, type ModelStore, type RefreshReport } from './store.js';
import { pruneCache as pruneModelCache, sizeOnDisk, type PruneResult } from './prune.js';
import { cacheRootProblem } from './health.js';
import { finishedJobs } from '../jobs/finishedJobs.js';
import type { ModelKindId } from '../models/kinds.js';
import type { CacheService } from '../serviceInterface.js';

/** The `cache` group of the service: sizes, refresh, prune and health of the cache root (docs/cache.md). */

export interface StoreSize {
  cache_directory: string;
  total_models: number;
  total_files: number;
  total_size_bytes: number;
  total_size_mb: number;
}

/** The result files kept in the cache (runs from the MCP server and the TUI). */
export interface ResultsSize {
  directory: string;
  total_files: number;
  total_size_bytes: number;
  total_size_mb: number;
}

/** The finished REST jobs kept in the cache (queued and running ones are not counted). */
export interface JobsSize {
  directory: string;
  finished_jobs: number;
  total_size_bytes: number;
  total_size_mb: number;
}

/** docs/specification.md §4.1 /cache-info (totals over the models), with a breakdown per store, the results folder and the finished jobs (allowed extras). */
export interface CacheInfo extends StoreSize {
  metadata_file: string;
  distribution_models: StoreSize;
  hazard_models: StoreSize;
  results: ResultsSize;
  jobs: JobsSize;
}

/** docs/specification.md §4.1 /refresh-cache, with what changed in each store. */
export interface CacheRefreshResult {
  status: 'success';
  message: string;
  total_models: number;
  models: string[];
  distribution_models: RefreshReport & { models: string[] };
  hazard_models: RefreshReport & { models: string[] };
}

/** Where the cache keeps what, as createService lays it out. */
export interface CacheLayout {
  cacheRoot: string;
  stores: Record<ModelKindId, ModelStore>;
  /** Result files of runs from the TUI and the MCP server. */
  resultsDir: string;
  /** REST jobs' records and results. */
  jobsDir: string;
}

/** The cache use cases over its layout; `clock` says how old things are. */
export function createCacheService({ cacheRoot, stores, resultsDir, jobsDir }: CacheLayout, clock: () => Date): CacheService {
  function storeSize(store: ModelStore): StoreSize {
    let files = 0;
    let bytes = 0;
    const walk = (dir: string) => {
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        // Hidden entries are hazsim's own: derived data and files being written, not stored models.
        if (entry.name.startsWith('.')) continue;
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.isFile()) {
          files += 1;
          bytes += fs.statSync(full).size;
        }
      }
    };
    walk(store.dir);
    return { cache_directory: store.dir, total_models: store.list().length, total_files: files, total_size_bytes: bytes, total_size_mb: toMegabytes(bytes) };
  }

  function resultsSize(): ResultsSize {
    // No results folder yet (or something else in its place): nothing is kept there.
    const names = fs.statSync(resultsDir, { throwIfNoEntry: false })?.isDirectory() ? fs.readdirSync(resultsDir).filter((name) => !name.startsWith('.')) : [];
    const files = names.map((name) => fs.lstatSync(path.join(resultsDir, name))).filter((stat) => stat.isFile());
    const bytes = files.reduce((sum, stat) => sum + stat.size, 0);
    return { directory: resultsDir, total_files: files.length, total_size_bytes: bytes, total_size_mb: toMegabytes(bytes) };
  }

  function jobsSize(): JobsSize {
    const finished = finishedJobs(jobsDir);
    const bytes = finished.reduce((sum, job) => sum + sizeOnDisk(job.recordPath) + sizeOnDisk(job.folderPath), 0);
    return { directory: jobsDir, finished_jobs: finished.length, total_size_bytes: bytes, total_size_mb: toMegabytes(bytes) };
  }

  function cacheInfo(): CacheInfo {
    const distribution = storeSize(stores.distribution);
    const hazard = storeSize(stores.hazard);
    const totalBytes = distribution.total_size_bytes + hazard.total_size_bytes;
    return {
      cache_directory: cacheRoot,
      metadata_file: path.join(stores.distribution.dir, METADATA_FILE),
      total_models: distribution.total_models + hazard.total_models,
      total_files: distribution.total_files + hazard.total_files,
      total_size_bytes: totalBytes,
      total_size_mb: toMegabytes(totalBytes),
      distribution_models: distribution,
      hazard_models: hazard,
      results: resultsSize(),
      jobs: jobsSize(),
    };
  }

  /** `hazsim cache prune`: folders of models that are gone, results and finished jobs older than `olderThanDays`, listed, and removed with `remove`. */
  function pruneCache(options: { olderThanDays: number; remove: boolean }): Promise<PruneResult> {
    return pruneModelCache([stores.distribution, stores.hazard], { resultsDir, jobsDir, cacheRoot }, { ...options, now: clock() });
  }

  async function refreshCache(): Promise<CacheRefreshResult> {
    const distribution = await stores.distribution.refresh();
    const hazard = await stores.hazard.refresh();
    const distributionNames = stores.distribution.list().map((record) => record.name);
    const hazardNames = stores.hazard.list().map((record) => record.name);
    return {
      status: 'success',
      message: 'Cache refreshed successfully',
      total_models: distributionNames.length + hazardNames.length,
      models: [...distributionNames, ...hazardNames],
      distribution_models: { ...distribution, models: distributionNames },
      hazard_models: { ...hazard, models: hazardNames },
    };
  }

  return { root: cacheRoot, info: cacheInfo, refresh: refreshCache, prune: pruneCache, problem: () => cacheRootProblem(cacheRoot) };
}

function toMegabytes(bytes: number): number {
  return Math.round((bytes / (1024 * 1024)) * 100) / 100;
}
