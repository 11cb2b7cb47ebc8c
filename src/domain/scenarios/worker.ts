// Worker thread entry: samples the chunks the main thread sends, keeping its own failure
// counts until asked for them once at the end.
import { parentPort, workerData } from 'node:worker_threads';
import { loadSamplingContext, sampleChunk, type SamplingInit } from './chunk.js';
import type { WorkerReply, WorkerRequest } from './pool.js';

const port = parentPort!;
// Messages sent meanwhile wait in the port's queue until the listener below is attached.
const context = await loadSamplingContext(workerData as SamplingInit);

port.on('message', (request: WorkerRequest) => {
  if (request.type === 'chunk') {
    const result = sampleChunk(context, request.task);
    const reply: WorkerReply = { type: 'chunk', result };
    port.postMessage(reply, [
      result.json.buffer,
      result.failuresPerSample.buffer,
      result.failures.buffer,
      result.damageCsv.buffer,
      result.failureDamage.buffer,
    ]);
  } else {
    const reply: WorkerReply = { type: 'counts', counts: context.failureCounts };
    port.postMessage(reply, [context.failureCounts.buffer]);
  }
});
