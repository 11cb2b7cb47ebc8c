import path from 'node:path';
import { ModelStore } from '../cache/store.js';
import type { CheckModelFileTask } from '../workers/checkModelFileWorker.js';
import { runWorkerTask } from '../../base/workerTask.js';
import { MODEL_KINDS, type ModelKind, type ModelKindId } from './kinds.js';

/** The model stores under a cache root, one per kind (docs/cache.md). */
export function createModelStores(cacheRoot: string): Record<ModelKindId, ModelStore> {
  const stores: Record<ModelKindId, ModelStore> = {
    distribution: makeStore(MODEL_KINDS.distribution),
    hazard: makeStore(MODEL_KINDS.hazard),
  };
  return stores;

  function makeStore(kind: ModelKind): ModelStore {
    return new ModelStore(path.join(cacheRoot, kind.dirName), kind.label, kind.validate, {
      // A name of the other kind is most often two arguments given the wrong way round.
      elsewhere: (name) => {
        const other = MODEL_KINDS[kind.id === 'distribution' ? 'hazard' : 'distribution'];
        return stores[other.id].has(name)
          ? `'${name}' is a ${other.label.toLowerCase()}, not a ${kind.label.toLowerCase()}: did you swap the arguments (or give the wrong kind)?`
          : undefined;
      },
      checkLargeFile: (filePath) =>
        runWorkerTask<CheckModelFileTask, string | null>(import.meta.url, '../workers/checkModelFileWorker', { filePath, kind: kind.id }),
    });
  }
}
