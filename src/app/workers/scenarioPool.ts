/**
 * The scenario sampler's thread pool (docs/performance.md, "Threads"): the domain's writers
 * ask a ChunkRunnerFactory (src/domain/scenarios/runner.ts) for where to run a file's chunks,
 * and the application answers with `scenarioThreads`: worker threads when more than one chunk
 * may run at once, else the calling thread. Each worker keeps one chunk in flight; results
 * come back per task, in any order, and the writer restores sample order.
 */
import os from 'node:os';
import type { Worker } from 'node:worker_threads';
import { HazsimError } from '../../base/errors.js';
import { startModuleWorker } from '../../base/workerTask.js';
import type { ChunkResult, ChunkTask } from '../../domain/scenarios/chunk.js';
import { MAX_WORKERS } from '../../domain/scenarios/options.js';
import { onThisThread, type ChunkRunner, type ChunkRunnerFactory, type SamplingJob } from '../../domain/scenarios/runner.js';
import { addCounts } from '../../domain/scenarios/timeSeries.js';
import { createSampleSurvival } from '../../domain/simulation/shakingSurvival.js';

export type WorkerRequest = { type: 'chunk'; task: ChunkTask } | { type: 'counts' };
export type WorkerReply = { type: 'chunk'; result: ChunkResult } | { type: 'counts'; counts: Uint32Array };

/** The scenario workers of a run unless the caller says otherwise: the machine's cores, up to MAX_WORKERS. */
export function defaultScenarioWorkers(): number {
  return Math.min(os.availableParallelism(), MAX_WORKERS);
}

/** Threads when more than one chunk may run at once, else this thread; the output is the same either way. */
export const scenarioThreads: ChunkRunnerFactory = (job, parallel) => (parallel > 1 ? workerRunner(job, parallel) : onThisThread(job, 1));

/** The pool as the service hands it to the scenario runs (src/app/simulation/simulation.ts, SimulationDependencies). */
export const scenarioPool = { chunkRunners: scenarioThreads, defaultWorkers: defaultScenarioWorkers };

function startWorker(job: SamplingJob): Worker {
  // A thread rebuilds the per-sample survival from the data alone, so it must know the builder: the shaking one (scenarioWorker.ts).
  if (job.createSampleSurvival && job.createSampleSurvival !== createSampleSurvival)
    throw new HazsimError('internal', 'scenario worker threads build only the correlated-shaking sample survival');
  return startModuleWorker(import.meta.url, './scenarioWorker', job.init);
}

/** Narrows a worker's reply to the kind asked for; anything else is a bug in this module. */
function replyOf<K extends WorkerReply['type']>(reply: WorkerReply, type: K): Extract<WorkerReply, { type: K }> {
  if (reply.type !== type) throw new HazsimError('internal', `scenario worker answered ${type} with ${reply.type}`);
  return reply as Extract<WorkerReply, { type: K }>;
}

interface Slot {
  worker: Worker;
  settle: ((reply: WorkerReply) => void) | null;
  fail: ((error: Error) => void) | null;
}

/** Runs chunks on `size` worker threads, each fed the next queued task when it finishes one. */
export function workerRunner(job: SamplingJob, size: number): ChunkRunner {
  const queue: { request: WorkerRequest; resolve: (reply: WorkerReply) => void; reject: (error: Error) => void }[] = [];
  let broken: Error | null = null;
  const slots: Slot[] = Array.from({ length: size }, () => {
    const slot: Slot = { worker: startWorker(job), settle: null, fail: null };
    slot.worker.on('message', (reply: WorkerReply) => {
      const settle = slot.settle;
      slot.settle = null;
      slot.fail = null;
      settle?.(reply);
      feed(slot);
    });
    const onFailure = (error: Error) => {
      broken ??= new HazsimError('internal', `scenario worker failed: ${error.message}`);
      slot.fail?.(broken);
      slot.settle = null;
      slot.fail = null;
      for (const waiting of queue.splice(0)) waiting.reject(broken);
    };
    slot.worker.on('error', onFailure);
    slot.worker.on('exit', (code) => onFailure(new Error(`exited with code ${code}`)));
    return slot;
  });

  function feed(slot: Slot): void {
    if (slot.settle || queue.length === 0) return;
    const next = queue.shift()!;
    slot.settle = next.resolve;
    slot.fail = next.reject;
    slot.worker.postMessage(next.request);
  }

  function request(message: WorkerRequest, slot?: Slot): Promise<WorkerReply> {
    return new Promise((resolve, reject) => {
      if (broken) return reject(broken);
      if (slot) {
        slot.settle = resolve;
        slot.fail = reject;
        slot.worker.postMessage(message);
        return;
      }
      queue.push({ request: message, resolve, reject });
      const idle = slots.find((candidate) => !candidate.settle);
      if (idle) feed(idle);
    });
  }

  let closed = false;
  return {
    run: async (task) => replyOf(await request({ type: 'chunk', task }), 'chunk').result,
    failureCounts: async () => {
      const [first, ...rest] = await Promise.all(slots.map(async (slot) => replyOf(await request({ type: 'counts' }, slot), 'counts').counts));
      for (const counts of rest) addCounts(first, counts);
      return first;
    },
    close: async () => {
      if (closed) return;
      closed = true;
      broken ??= new HazsimError('internal', 'scenario workers were stopped');
      await Promise.all(slots.map((slot) => slot.worker.terminate()));
    },
  };
}
