// Worker thread entry of a cache refresh's check of a large model file, so a refresh does not stall the REST server.
import '../startup/hazardModules.js';
import { serveWorkerTask } from '../../base/workerTask.js';
import { modelFileProblem } from '../cache/store.js';
import { MODEL_KINDS, type ModelKindId } from '../models/kinds.js';

/** A model file found by a refresh, and the kind of the store it was found in. */
export interface CheckModelFileTask {
  filePath: string;
  kind: ModelKindId;
}

serveWorkerTask<CheckModelFileTask, string | null>(({ filePath, kind }) => modelFileProblem(filePath, MODEL_KINDS[kind].label, MODEL_KINDS[kind].validate));
