/**
 * Where a run's chunks are sampled: the port between the scenario writers and whoever runs
 * the chunks. The writers ask a ChunkRunnerFactory for a runner; by default the chunks run
 * on the calling thread (onThisThread). Threads belong to the application, which passes its
 * pool (src/app/workers/scenarioPool.ts) as ScenarioOptions.chunkRunners. Chunk boundaries
 * depend on the input alone, so the runner never changes the bytes written.
 */
import { createSamplingContext, sampleChunk, type ChunkResult, type ChunkTask, type SamplingContext, type SamplingInit } from './chunk.js';
import type { SampleSurvival } from './types.js';

/** Runs chunks of one run and gives back their results; results may settle in any order, the caller restores sample order. */
export interface ChunkRunner {
  run(task: ChunkTask): Promise<ChunkResult>;
  /** The failure counts of every thread summed; call once, after every run has settled. */
  failureCounts(): Promise<Uint32Array>;
  /** Stops the runner's threads, if any; safe to call more than once and after a failure. */
  close(): Promise<void>;
}

/** What a runner samples: the plain-data init (it crosses to a worker thread) and how to build the per-sample survival from its data. */
export interface SamplingJob {
  init: SamplingInit;
  /** ScenarioInput.sampleSurvival.create, when init.sampleSurvival holds data. */
  createSampleSurvival?: (data: unknown) => SampleSurvival;
}

/** A runner for `job` running up to `parallel` chunks at once (a writer asks once per file). */
export type ChunkRunnerFactory = (job: SamplingJob, parallel: number) => ChunkRunner;

/** The sampling state of this thread for `job`, its per-sample survival built first. */
export function jobContext(job: SamplingJob): SamplingContext {
  const { init, createSampleSurvival } = job;
  if (init.sampleSurvival === undefined) return createSamplingContext(init);
  if (!createSampleSurvival) throw new TypeError('the sampling job has sample-survival data but no createSampleSurvival');
  return createSamplingContext(init, createSampleSurvival(init.sampleSurvival));
}

/** Runs chunks synchronously on this thread with a prepared context (sampling or replay). */
export function contextRunner(context: SamplingContext): ChunkRunner {
  return {
    run: async (task) => sampleChunk(context, task),
    failureCounts: async () => context.failureCounts,
    close: async () => undefined,
  };
}

/** Every chunk on the calling thread, one after the other (the domain's default; the output is the same as on threads). */
export const onThisThread: ChunkRunnerFactory = (job) => contextRunner(jobContext(job));
