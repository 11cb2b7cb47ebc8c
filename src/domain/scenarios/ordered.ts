/**
 * Runs the chunks of a range of samples a few ahead of the writer, so workers stay busy,
 * and hands their results to the writer in sample order. Every writer (ZIP, Parquet, shard
 * file, merge) goes through it.
 */
import { chunkSamples, type ChunkResult, type SamplingContext } from './chunk.js';
import { contextRunner, type ChunkRunner, type ChunkRunnerFactory, type SamplingJob } from './runner.js';

/** Chunks in flight per worker: one being sampled, one waiting to be written. */
const CHUNKS_IN_FLIGHT_PER_WORKER = 2;

/** Samples [start, end) of a run, cut into chunks that depend on the input alone. */
export interface SampleRange {
  start: number;
  end: number;
  samplesPerChunk: number;
  /** Return failures as numbers (ChunkTask.failures) rather than records. */
  failures: boolean;
}

export function sampleRange(start: number, end: number, assetCount: number, failures: boolean): SampleRange {
  return { start, end, samplesPerChunk: chunkSamples(assetCount), failures };
}

export function chunkCount(range: SampleRange): number {
  return Math.ceil((range.end - range.start) / range.samplesPerChunk);
}

/** A runner from `chunkRunners` for `job`, asked for no more parallel chunks than `range` has. */
export function samplingRunner(job: SamplingJob, range: SampleRange, workers: number, chunkRunners: ChunkRunnerFactory): ChunkRunner {
  return chunkRunners(job, Math.max(1, Math.min(workers, chunkCount(range))));
}

/** Replays stored samples on this thread. */
export function replayRunner(context: SamplingContext): ChunkRunner {
  return contextRunner(context);
}

/**
 * Runs every chunk of `range` on `runner` (up to `parallel` × 2 in flight) and awaits
 * `handle(result, firstSample)` for each, in sample order. `keep()` is asked when a chunk
 * is dispatched: how many records it should return as objects.
 */
export async function forEachChunkInOrder(
  runner: ChunkRunner,
  range: SampleRange,
  parallel: number,
  keep: () => number,
  handle: (result: ChunkResult, firstSample: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const count = chunkCount(range);
  const inFlight: Promise<ChunkResult>[] = [];
  let dispatched = 0;
  for (let chunk = 0; chunk < count; chunk += 1) {
    while (dispatched < count && inFlight.length < Math.max(1, parallel) * CHUNKS_IN_FLIGHT_PER_WORKER) {
      const start = range.start + dispatched * range.samplesPerChunk;
      const task = runner.run({ start, end: Math.min(range.end, start + range.samplesPerChunk), keep: keep(), failures: range.failures });
      task.catch(() => undefined); // awaited in order below; a later chunk's failure must not go unhandled meanwhile
      inFlight.push(task);
      dispatched += 1;
    }
    // A cancel does not wait for the chunk in flight: the caller closes the runner, which stops its threads.
    const result = await untilAborted(inFlight.shift()!, signal);
    await handle(result, range.start + chunk * range.samplesPerChunk);
  }
}

/** `task`, or the abort of `signal` (rejecting with its reason) if that comes first. */
function untilAborted<T>(task: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return task;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    task.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
