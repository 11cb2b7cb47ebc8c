/**
 * Runs sampling chunks either on the calling thread or on worker_threads. Each worker
 * keeps one chunk in flight; results come back per task, in any order, and the caller
 * restores sample order.
 */
import { Worker } from 'node:worker_threads';
import { HazsimError } from '../../base/errors.js';
import { startModuleWorker } from '../../base/workerTask.js';
import { createSamplingContext, loadSamplingContext, sampleChunk, type ChunkResult, type ChunkTask, type SamplingContext, type SamplingInit } from './chunk.js';
import { addCounts } from './timeSeries.js';

export type WorkerRequest = { type: 'chunk'; task: ChunkTask } | { type: 'counts' };
export type WorkerReply = { type: 'chunk'; result: ChunkResult } | { type: 'counts'; counts: Uint32Array };

/** Where chunks run. */
export interface ChunkRunner {
  run(task: ChunkTask): Promise<ChunkResult>;
  /** The failure counts of every thread summed; call once, after every run has settled. */
  failureCounts(): Promise<Uint32Array>;
  /** Stops the threads; safe to call more than once and after a failure. */
  close(): Promise<void>;
}

/** Runs chunks synchronously on this thread (one worker, or too little work to share). */
export function inlineRunner(init: SamplingInit): ChunkRunner {
  if (!init.sampleSurvival) return contextRunner(createSamplingContext(init));
  // A sample-survival plug-in loads asynchronously; a failed load surfaces from run().
  const runner = loadSamplingContext(init).then(contextRunner);
  runner.catch(() => undefined);
  return {
    run: async (task) => (await runner).run(task),
    failureCounts: async () => (await runner).failureCounts(),
    close: async () => undefined,
  };
}

/** Runs chunks synchronously on this thread with a prepared context (sampling or replay). */
export function contextRunner(context: SamplingContext): ChunkRunner {
  return {
    run: async (task) => sampleChunk(context, task),
    failureCounts: async () => context.failureCounts,
    close: async () => undefined,
  };
}

function startWorker(init: SamplingInit): Worker {
  return startModuleWorker(import.meta.url, './worker', init);
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
export function workerRunner(init: SamplingInit, size: number): ChunkRunner {
  const queue: { request: WorkerRequest; resolve: (reply: WorkerReply) => void; reject: (error: Error) => void }[] = [];
  let broken: Error | null = null;
  const slots: Slot[] = Array.from({ length: size }, () => {
    const slot: Slot = { worker: startWorker(init), settle: null, fail: null };
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
