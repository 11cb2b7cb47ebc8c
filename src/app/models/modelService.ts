import fs from 'node:fs';
import path from 'node:path';
import type { ModelStore, ModelRecord } from '../cache/store.js';
import { GDM_READING, type CoordinateReading } from '../../domain/assets/index.js';
import { temporaryPath } from '../../base/atomic.js';
import { HazsimError } from '../../base/errors.js';
import { MODEL_KINDS, MODEL_KIND_IDS, type ModelKindId } from './kinds.js';
import { assertModelName, nameFromFileName } from '../../base/names.js';
import { readUpload } from './uploadInput.js';
import { isObject, parseJsonText } from '../../base/json.js';
import { supportedHazardTypes, type TrackSummary, type TrackUploadOptions } from '../../domain/hazards/index.js';
import type { DistributionModelSummary, HazardModelSummary, UploadCoordinates, UploadResponse } from '../contract/schemas.js';
import {
  assertCoordinatesApply,
  assertProjectionApplies,
  detectKind,
  prepareUpload,
  type PrepareUploadTask,
  type PreparedUpload,
  type StagingPaths,
} from './prepareUpload.js';
import { runWorkerTask, WORKER_INPUT_BYTES } from '../../base/workerTask.js';
import { mayBeOpenDss } from './openDssUpload.js';
import { writeDerivedFile } from './assetCache.js';
import { inputFileSize, readInputFile } from './inputFile.js';
import { Semaphore } from '../../base/semaphore.js';
import type { ModelService } from '../serviceInterface.js';

/**
 * The `models` group of the service: uploads (parsed in a worker thread when large), reading,
 * summarizing and deleting cached distribution and hazard models.
 */

/**
 * Uploads parsed at once per process, whatever their size: a small ZIP may expand to the
 * inflation limit (docs/hardening.md, "Uploads"), so memory is bounded by this times that limit.
 */
const MAX_PARALLEL_UPLOAD_PARSES = 2;
const uploadParses = new Semaphore(MAX_PARALLEL_UPLOAD_PARSES);

export interface UploadRequest {
  /** File name as uploaded; its stem is the default model name. */
  fileName: string;
  bytes: Buffer;
  kind?: ModelKindId;
  name?: string;
  description?: string;
  overwrite?: boolean;
  /** Storm, time window, wind profile and terrain when the file is a best track (docs/input-hazard.md). */
  track?: TrackUploadOptions;
  /** How a distribution model's Location x and y are read (docs/input-distribution.md); kept with the model. GDM's reading when absent. */
  coordinates?: UploadCoordinates;
}

export interface UploadResult {
  kind: ModelKindId;
  record: ModelRecord;
  /** docs/specification.md §4.1: `Distribution system <name> uploaded successfully` (or `Hazard model ...`). */
  message: string;
  /** Folder of the stored time series, when the upload carried one. */
  time_series_path?: string;
  /** A best-track upload: the storm and fixes read, and every assumption made. */
  track?: TrackSummary;
  warnings?: string[];
}

/**
 * The answer to an upload, as REST and MCP give it: `shownPath` turns the stored paths into
 * what the client may see (REST: relative to the cache). Warnings come whenever the upload
 * made any (best tracks always: their assumptions).
 */
export function uploadResponse(result: UploadResult, shownPath: (filePath: string) => string = (filePath) => filePath): UploadResponse {
  return {
    status: 'success',
    message: result.message,
    name: result.record.name,
    file_path: shownPath(result.record.file_path),
    ...(result.time_series_path ? { time_series_path: shownPath(result.time_series_path) } : {}),
    ...(result.track ? { track: result.track } : {}),
    ...(result.track || result.warnings ? { warnings: result.warnings ?? [] } : {}),
  };
}

export interface ModelWithContent extends ModelRecord {
  content: unknown;
}

/** The summary type of each kind of model. */
export interface ModelSummaryOf {
  distribution: DistributionModelSummary;
  hazard: HazardModelSummary;
}

/** The model use cases over the stores; `clock` dates the records. */
export function createModelService(stores: Record<ModelKindId, ModelStore>, clock: () => Date): ModelService {
  /**
   * Checks and stages an upload, in a worker thread when it is large (parsing and
   * validating a big model takes seconds), then commits it to its store under the lock.
   */
  async function storeUpload(
    name: string,
    fileName: string,
    source: PrepareUploadTask['source'],
    sizeBytes: number,
    request: Omit<UploadRequest, 'fileName' | 'bytes'>,
  ): Promise<UploadResult> {
    const staging: StagingPaths = {
      jsonPath: { distribution: stores.distribution.stagingPath(name), hazard: stores.hazard.stagingPath(name) },
      timeSeriesDir: { distribution: temporaryPath(stores.distribution.timeSeriesDirFor(name)), hazard: temporaryPath(stores.hazard.timeSeriesDirFor(name)) },
    };
    const task: PrepareUploadTask = {
      fileName,
      source,
      kind: request.kind,
      staging,
      ...(request.track ? { track: request.track } : {}),
      ...(request.coordinates ? { coordinates: request.coordinates } : {}),
    };
    let prepared: PreparedUpload;
    try {
      prepared = await uploadParses.run(() =>
        sizeBytes >= WORKER_INPUT_BYTES || mayBeOpenDss(source)
          ? runWorkerTask<PrepareUploadTask, PreparedUpload>(import.meta.url, '../workers/prepareUploadWorker', task)
          : prepareUpload(task),
      );
    } catch (error) {
      // A worker that died mid-write may have left staged files; the store's commit cleans up after itself.
      for (const kind of MODEL_KIND_IDS) {
        fs.rmSync(staging.jsonPath[kind], { force: true });
        fs.rmSync(staging.timeSeriesDir[kind], { recursive: true, force: true });
      }
      throw error;
    }
    const store = stores[prepared.kind];
    // A best track uploaded without a name is named after its storm, not after the file (a HURDAT2 file holds many).
    if (request.name === undefined && prepared.track) name = assertModelName(stormModelName(prepared.track.summary));
    const record = await store.commit(name, request.description ?? '', prepared, {
      overwrite: request.overwrite ?? false,
      now: clock(),
      ...(request.coordinates && !prepared.convertedCoordinates ? { coordinates: request.coordinates } : {}),
    });
    if (prepared.derived) {
      try {
        writeDerivedFile(store.derivedPathFor(name, prepared.derived.fileName), prepared.derived.text);
      } catch {
        // Derived data is an optimization: a simulation derives it again when it is missing.
      }
    }
    const message = `${MODEL_KINDS[prepared.kind].label} ${record.name} uploaded successfully`;
    return {
      kind: prepared.kind,
      record,
      message,
      ...(prepared.timeSeriesDir ? { time_series_path: store.timeSeriesDirFor(name) } : {}),
      ...(prepared.track ? { track: prepared.track.summary, warnings: prepared.track.warnings } : {}),
      ...(prepared.warnings ? { warnings: prepared.warnings } : {}),
    };
  }

  /** The default name of a best-track upload: the storm's name and id (`OSCAR_AL162018`), its id alone when unnamed. */
  function stormModelName(track: { storm_id: string; storm_name: string }): string {
    const stormName = track.storm_name.replace(/[^A-Za-z0-9._-]+/g, '_');
    return stormName && stormName !== 'UNNAMED' ? `${stormName}_${track.storm_id}` : track.storm_id;
  }

  async function uploadModel(request: UploadRequest): Promise<UploadResult> {
    const name = assertModelName(request.name ?? nameFromFileName(request.fileName));
    return storeUpload(name, request.fileName, { bytes: request.bytes }, request.bytes.length, request);
  }

  /**
   * Reads a file from disk and uploads it; an unreadable file is an `unreadable` error naming it.
   * `fileName` stands in for the file's own name when it was stored under another one (a
   * REST upload spooled to a temporary file keeps the client's file name this way).
   */
  async function uploadModelFile(filePath: string, request: Omit<UploadRequest, 'fileName' | 'bytes'> & { fileName?: string }): Promise<UploadResult> {
    const fileName = request.fileName ?? path.basename(filePath);
    const name = assertModelName(request.name ?? nameFromFileName(fileName));
    // A path the caller named (CLI, MCP) may be read with its folder (an OpenDSS script's Redirects); a REST upload's spooled file may not.
    return storeUpload(name, fileName, { path: filePath, folderReadable: request.fileName === undefined }, inputFileSize(filePath), request);
  }

  /**
   * Validates a model file (JSON or ZIP) without storing it: its kind (given or detected)
   * and summary when valid; invalid_input listing every problem otherwise.
   */
  async function validateModelFile(
    filePath: string,
    kind?: ModelKindId,
    coordinates?: UploadCoordinates,
  ): Promise<{ kind: ModelKindId; file: string; summary: object; warnings: string[] }> {
    const upload = await readUpload(path.basename(filePath), readInputFile(filePath), undefined, {
      folder: path.dirname(filePath),
      ...(coordinates ? { coordinates } : {}),
    });
    const kindId = kind ?? detectKind(upload.content);
    assertCoordinatesApply(path.basename(filePath), kindId, coordinates);
    assertProjectionApplies(path.basename(filePath), upload, coordinates);
    const reading = upload.converted ? GDM_READING : (coordinates ?? GDM_READING);
    // Summarizing reads the model, which validates it: invalid content throws with every issue.
    const { summary, warnings } = MODEL_KINDS[kindId].summarize(upload.content, reading);
    return { kind: kindId, file: filePath, summary, warnings };
  }

  async function listModels(kind: ModelKindId, listOptions: { refresh?: boolean } = {}): Promise<ModelRecord[]> {
    if (listOptions.refresh) await stores[kind].refresh();
    return stores[kind].list();
  }

  function getModelRecord(kind: ModelKindId, name: string): ModelRecord {
    return stores[kind].get(name);
  }

  /** A cached model's record, coordinate reading and parsed content. */
  function readModel(kind: ModelKindId, name: string): { record: ModelRecord; coordinates: CoordinateReading; content: unknown } {
    const { record, coordinates, text } = stores[kind].readWithRecord(name);
    return { record, coordinates, content: parseJsonText(text, path.basename(record.file_path)) };
  }

  function getModel(kind: ModelKindId, name: string): ModelWithContent {
    const { record, content } = readModel(kind, name);
    return { ...record, content };
  }

  /**
   * What a cached model holds: its record, stored file size and top-level keys, then the
   * kind's summary of its content (component and asset counts by type, bounding box,
   * timestamps, hazard counts by type). The one summary that `hazsim show` and the MCP
   * summary resources and info tools report.
   */
  function modelSummary<K extends ModelKindId>(kind: K, name: string): ModelSummaryOf[K] {
    return describeModel(kind, name).summary;
  }

  /** modelSummary and the content it was made from, from one read of the file (`hazsim show --json`). */
  function describeModel<K extends ModelKindId>(kind: K, name: string): { summary: ModelSummaryOf[K]; content: unknown } {
    const { record, coordinates, content } = readModel(kind, name);
    const keys = isObject(content) ? Object.keys(content) : [];
    const summary = {
      ...record,
      file_size_bytes: fileSize(record.file_path),
      content_keys: keys,
      ...MODEL_KINDS[kind].summarize(content, coordinates).summary,
    } as ModelSummaryOf[K];
    return { summary, content };
  }

  /** Kinds under which `name` is cached, in MODEL_KIND_IDS order. */
  function findModel(name: string): ModelKindId[] {
    return MODEL_KIND_IDS.filter((kind) => stores[kind].has(name));
  }

  async function deleteModel(kind: ModelKindId, name: string): Promise<{ status: 'success'; message: string }> {
    await stores[kind].delete(name);
    return { status: 'success', message: `${MODEL_KINDS[kind].label} ${name} deleted successfully` };
  }

  return {
    upload: uploadModel,
    uploadFile: uploadModelFile,
    validateFile: validateModelFile,
    list: listModels,
    record: getModelRecord,
    get: getModel,
    text: (kind, name) => stores[kind].readText(name),
    openFile: (kind, name) => stores[kind].openFile(name),
    summary: modelSummary,
    describe: describeModel,
    find: findModel,
    delete: deleteModel,
    hazardTypes: supportedHazardTypes,
  };
}

/** Size of a stored file; a file deleted since it was read is reported as not found. */
function fileSize(filePath: string): number {
  try {
    return fs.statSync(filePath).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new HazsimError('not_found', `${filePath} was removed while it was being read`);
    throw error;
  }
}
