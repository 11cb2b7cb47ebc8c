import os from 'node:os';
import { runWorkerTask } from '../../base/workerTask.js';
import { parseJsonBytes } from '../../base/json.js';
import type { AssetTable } from '../../domain/assets/index.js';
import { compileCurveSet, type CompiledCurveSet, type CurveSet } from '../../domain/fragility/index.js';
import { readHazardModel, type HazardModel } from '../../domain/hazards/index.js';
import { assetRanges, joinParts, sliceAssets } from '../../domain/simulation/parts.js';
import { assertCurvesCoverElements, computeSurvival, type PhysicsOptions, type SurvivalComputation } from '../../domain/simulation/survival.js';

/**
 * The engine of a run on the machine's cores (docs/performance.md, "Threads"): the default
 * physics judges the assets in parts of about 65,536 elements (src/domain/simulation/parts.ts),
 * this thread takes every n-th part and n − 1 helper threads the others, and the parts are
 * joined in order. The parts depend only on the assets, so the result does not depend on the
 * number of cores. `erad_v1` (a point per asset, a small share of a run) and runs of one part
 * stay on this thread.
 */

/** What a helper thread needs: its parts' assets and the run's inputs as plain data (a parsed hazard model holds class instances). */
export interface SurvivalPartsTask {
  parts: AssetTable[];
  hazard: { name: string; bytes: Uint8Array };
  curveSet: { name: string; set: CurveSet };
  options: PhysicsOptions;
}

/** A helper thread's work: each of its parts judged on its own. */
export function computeSurvivalParts(task: SurvivalPartsTask): SurvivalComputation[] {
  const bytes = Buffer.from(task.hazard.bytes.buffer, task.hazard.bytes.byteOffset, task.hazard.bytes.byteLength);
  const hazard = readHazardModel(parseJsonBytes(bytes, `${task.hazard.name}.json`));
  const compiled = compileCurveSet(task.curveSet.set, task.curveSet.name);
  return task.parts.map((assets) => computeSurvival(assets, hazard, compiled, task.options));
}

/** The run's inputs as this thread holds them, and as helper threads get them. */
export interface SurvivalInputs {
  hazard: HazardModel;
  hazardFile: SurvivalPartsTask['hazard'];
  compiled: CompiledCurveSet;
  curveSet: SurvivalPartsTask['curveSet'];
}

/** computeSurvival of a run, its parts shared among the machine's cores as the head of this file says; the same values. */
export async function computeSurvivalOnCores(assets: AssetTable, inputs: SurvivalInputs, options: PhysicsOptions): Promise<SurvivalComputation> {
  const ranges = (options.physics ?? 'default') === 'default' ? assetRanges(assets) : [];
  if (ranges.length <= 1) return computeSurvival(assets, inputs.hazard, inputs.compiled, options);
  // A curve set that misses some element type fails here, naming every gap of the run, not one part's.
  assertCurvesCoverElements(assets, inputs.hazard, inputs.compiled);
  const threads = Math.min(ranges.length, os.availableParallelism());
  const shareOf = (thread: number) => ranges.flatMap((range, index) => (index % threads === thread ? [{ range, index }] : []));
  const stop = new AbortController();
  // The helpers start at once and work while this thread computes its own share.
  const helpers = Array.from({ length: threads - 1 }, (_, helper) => {
    const share = shareOf(helper + 1);
    const task: SurvivalPartsTask = {
      parts: share.map(({ range }) => sliceAssets(assets, range)),
      hazard: inputs.hazardFile,
      curveSet: inputs.curveSet,
      options,
    };
    return runWorkerTask<SurvivalPartsTask, SurvivalComputation[]>(import.meta.url, '../workers/survivalPartsWorker', task, undefined, stop.signal).then(
      (parts) => parts.map((part, k) => ({ index: share[k].index, part })),
    );
  });
  const joined: SurvivalComputation[] = new Array(ranges.length);
  // runWorkerTask starts its thread a few promise steps on; this thread's share is synchronous, so let them run first.
  await new Promise((resolve) => setImmediate(resolve));
  try {
    for (const { range, index } of shareOf(0)) joined[index] = computeSurvival(sliceAssets(assets, range), inputs.hazard, inputs.compiled, options);
  } catch (error) {
    stop.abort();
    await Promise.allSettled(helpers);
    throw error;
  }
  const settled = await Promise.allSettled(helpers);
  for (const outcome of settled) {
    if (outcome.status === 'rejected') throw outcome.reason;
    for (const { index, part } of outcome.value) joined[index] = part;
  }
  return joinParts(assets, joined);
}
