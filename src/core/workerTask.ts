import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { HazsimError, type HazsimErrorKind, type Issue } from './errors.js';

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
 * The file of a worker module next to `fromUrl`: `.ts` when running from source under tsx
 * (tests), `.js` when running compiled (the installed CLI and servers).
 */
export function siblingWorkerFile(fromUrl: string, baseName: string): string {
  const here = fileURLToPath(fromUrl);
  return here.replace(/[^/\\]+$/, `${baseName}${here.endsWith('.ts') ? '.ts' : '.js'}`);
}

/**
 * Runs one task in a worker thread so the caller's event loop (the REST server's) stays free;
 * progress events are forwarded, and errors come back as the HazsimError they were.
 */
export function runWorkerTask<TTask, TResult>(workerFile: string, task: TTask, onProgress?: (event: ProgressEvent) => void): Promise<TResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerFile, { workerData: task });
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      action();
      void worker.terminate();
    };
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
