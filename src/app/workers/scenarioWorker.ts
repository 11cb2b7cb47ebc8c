// Worker thread entry of the scenario sampler's pool (scenarioPool.ts): samples the chunks the
// main thread sends, keeping its own failure counts until asked for them once at the end.
import { parentPort, workerData } from 'node:worker_threads';
import { sampleChunk, type SamplingInit } from '../../domain/scenarios/chunk.js';
import { jobContext } from '../../domain/scenarios/runner.js';
import { createSampleSurvival, type ShakingSurvivalData } from '../../domain/simulation/shakingSurvival.js';
import type { WorkerReply, WorkerRequest } from './scenarioPool.js';

const port = parentPort!;
const context = jobContext({ init: workerData as SamplingInit, createSampleSurvival: (data) => createSampleSurvival(data as ShakingSurvivalData) });

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
