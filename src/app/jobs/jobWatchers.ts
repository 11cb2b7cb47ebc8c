/**
 * Watching a job (docs/jobs.md): the event stream of a job this process runs hears of its
 * every change of state and, at most every NOTIFY_INTERVAL_MS (jobRun.ts), of its progress.
 */
import type { JobRecord } from './jobSchemas.js';
import type { JobRecords, LiveJob, StoredJob } from './jobRecords.js';

export type JobWatcher = (record: JobRecord) => void;

export function createJobWatchers(records: JobRecords, live: Map<string, LiveJob>, getJob: (id: string) => JobRecord) {
  const watchers = new Map<string, Set<JobWatcher>>();

  function notify(stored: StoredJob): void {
    const record = records.publicRecord(stored);
    for (const watcher of watchers.get(stored.id) ?? []) watcher(record);
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

  /** Drops the watchers of a job whose run is over: no change of it will come any more. */
  function forget(id: string): void {
    watchers.delete(id);
  }

  return { notify, watchJob, forget };
}

export type JobWatchers = ReturnType<typeof createJobWatchers>;
