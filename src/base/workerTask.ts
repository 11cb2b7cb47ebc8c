import os from 'node:os';
import { Worker, parentPort, workerData } from 'node:worker_threads';
import { HazsimError, toHazsimError, type HazsimErrorKind, type Issue } from './errors.js';

/** Progress of a long run, reported by the core to whoever shows it (CLI bar, TUI, logs). */
export interface ProgressEvent {
  phase: string;
  done: number;
  total: number;
}

/** Messages a task worker posts back. */
export type WorkerMessage<TResult> =
  | { type: 'progress'; event: ProgressEvent }
  | { type: 'result'; result: TResult }
  | { type: 'error'; kind: HazsimErrorKind; message: string; issues?: Issue[]; stack?: string };

/**
 * Starts the worker module `relativePath` (without extension, relative to `callerUrl`).
 * Compiled, the `.js` file sits next to the caller. Run from TypeScript (tests under
 * `node --import tsx`), a worker does not get tsx's loader from `--import`, so a small
 * bootstrap registers tsx in the worker before importing the `.ts` file. Workers get no node
 * flags: the parent's (`--input-type`, `-e`...) can make a worker refuse to start.
 */
export function startModuleWorker(callerUrl: string, relativePath: string, workerData: unknown): Worker {
  const options = { workerData, execArgv: [] };
  if (callerUrl.endsWith('.ts')) {
    const workerUrl = new URL(`${relativePath}.ts`, callerUrl).href;
    const tsxApi = import.meta.resolve('tsx/esm/api');
    const bootstrap = `import(${JSON.stringify(tsxApi)}).then((api) => { api.register(); return import(${JSON.stringify(workerUrl)}); });`;
    return new Worker(bootstrap, { ...options, eval: true });
  }
  return new Worker(new URL(`${relativePath}.js`, callerUrl), options);
}

/**
 * Inputs at least this large (uploads, model files a cache refresh finds) are parsed and
 * validated in a worker thread: below it the work takes about 50 ms on the caller's thread.
 */
export const WORKER_INPUT_BYTES = 2 * 1024 * 1024;

/** Tasks running at once; more wait their turn, so twenty concurrent requests do not thrash two cores. */
const MAX_RUNNING = Math.max(1, os.availableParallelism());
let running = 0;
const waiting: (() => void)[] = [];

async function acquireSlot(): Promise<void> {
  if (running < MAX_RUNNING) {
    running += 1;
    return;
  }
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function releaseSlot(): void {
  const next = waiting.shift();
  if (next) next();
  else running -= 1;
}

/**
 * Runs one task in a worker thread so the caller's event loop (the REST server's) stays free;
 * progress events are forwarded, and errors come back as the HazsimError they were.
 */
export async function runWorkerTask<TTask, TResult>(
  callerUrl: string,
  relativePath: string,
  task: TTask,
  onProgress?: (event: ProgressEvent) => void,
  signal?: AbortSignal,
): Promise<TResult> {
  await acquireSlot();
  try {
    signal?.throwIfAborted();
    return await runInWorker<TResult>(startModuleWorker(callerUrl, relativePath, task), onProgress, signal);
  } finally {
    releaseSlot();
  }
}

/**
 * Runs a worker to its answer. An abort of `signal` (its client went away, or cancelled)
 * terminates it and rejects with the signal's reason once the worker has stopped, so the
 * caller's clean-up cannot race its last writes.
 */
function runInWorker<TResult>(worker: Worker, onProgress?: (event: ProgressEvent) => void, signal?: AbortSignal): Promise<TResult> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const onAbort = () => {
      if (settled) return;
      settled = true;
      void worker.terminate().finally(() => reject(signal!.reason ?? new HazsimError('internal', 'the run was cancelled')));
    };
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      action();
      void worker.terminate();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (message: WorkerMessage<TResult>) => {
      if (message.type === 'progress') onProgress?.(message.event);
      else if (message.type === 'result') settle(() => resolve(message.result));
      else {
        const error = new HazsimError(message.kind, message.message, message.issues);
        if (message.stack) error.stack = message.stack;
        settle(() => reject(error));
      }
    });
    worker.on('error', (error) => settle(() => reject(new HazsimError('internal', `worker failed: ${error.message}`))));
    worker.on('exit', (code) => settle(() => reject(new HazsimError('internal', `worker stopped (exit code ${code}) before finishing`))));
  });
}

/**
 * The worker side: runs `work` on the task the parent sent, posting progress, then the
 * result or the error (as kind, message and issues, which survive the thread boundary).
 * Typed arrays in the result are transferred, not copied.
 */
export function serveWorkerTask<TTask, TResult>(work: (task: TTask, report: (event: ProgressEvent) => void) => Promise<TResult> | TResult): void {
  const port = parentPort;
  if (!port) throw new Error('serveWorkerTask must run inside a worker thread');
  const report = (event: ProgressEvent) => port.postMessage({ type: 'progress', event } satisfies WorkerMessage<TResult>);
  Promise.resolve()
    .then(() => work(workerData as TTask, report))
    .then((result) => port.postMessage({ type: 'result', result } satisfies WorkerMessage<TResult>, transferables(result)))
    .catch((error: unknown) => {
      const failure = toHazsimError(error);
      port.postMessage({
        type: 'error',
        kind: failure.kind,
        message: failure.message,
        issues: failure.issues,
        stack: failure.stack,
      } satisfies WorkerMessage<TResult>);
    });
}

/** The ArrayBuffers of typed arrays found one or two levels deep in a result. */
function transferables(value: unknown, depth = 0): ArrayBuffer[] {
  if (ArrayBuffer.isView(value) && value.buffer instanceof ArrayBuffer) return [value.buffer];
  if (depth >= 2 || typeof value !== 'object' || value === null) return [];
  return [...new Set(Object.values(value).flatMap((item) => transferables(item, depth + 1)))];
}
