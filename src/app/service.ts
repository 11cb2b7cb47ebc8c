import './startup/hazardModules.js';
import fs from 'node:fs';
import path from 'node:path';
import { resolveSettings } from './startup/settings.js';
import { ModelStore, METADATA_FILE, type ModelRecord, type RefreshReport } from './cache/store.js';
import type { CheckModelFileTask } from './workers/checkModelFileWorker.js';
import { GDM_READING, type CoordinateReading } from '../domain/assets/index.js';
import { assertCacheRootUsable } from './cache/root.js';
import { pruneCache as pruneModelCache, sizeOnDisk, type PruneResult } from './cache/prune.js';
import { finishedJobs } from './jobs/finishedJobs.js';
import { temporaryPath } from '../base/atomic.js';
import { HazsimError } from '../base/errors.js';
import { MODEL_KINDS, MODEL_KIND_IDS, type ModelKind, type ModelKindId } from './models/kinds.js';
import { assertModelName, nameFromFileName } from '../base/names.js';
import { readUpload } from './models/uploadInput.js';
import { parseJsonText } from '../base/json.js';
import { supportedHazardTypes, type TrackSummary, type TrackUploadOptions } from '../domain/hazards/index.js';
import type { DistributionModelSummary, HazardModelSummary, UploadCoordinates, UploadResponse } from './contract/schemas.js';
import { createCurveSetStore, type CurveSetUpload } from './curveSets/curveSets.js';
import { createSimulationOps, scenarioFileNames } from './simulation/simulation.js';
import { createImpactOps } from './impact/impact.js';
import { createTerritoryOps } from './territory/territory.js';
import { createImpactShardOps } from './impact/impactShard.js';
import { createJobOps } from './jobs/jobs.js';
import { createReportOps } from './report/report.js';
import { createGisExportOps } from './report/gisExport.js';
import {
  assertCoordinatesApply,
  assertProjectionApplies,
  detectKind,
  prepareUpload,
  type PrepareUploadTask,
  type PreparedUpload,
  type StagingPaths,
} from './models/prepareUpload.js';
import { runWorkerTask, WORKER_INPUT_BYTES } from '../base/workerTask.js';
import { mayBeOpenDss } from './models/openDssUpload.js';
import { isObject } from '../base/json.js';
import { writeDerivedFile } from './models/assetCache.js';
import { sweepPrivateResults } from './results/resultOutput.js';
import { deleteResultFile, listResultFiles } from './results/resultFiles.js';
import { readResultSummary } from './report/resultSummary.js';
import { cacheRootProblem } from './cache/health.js';
import type { HazsimService } from './serviceInterface.js';
import { Semaphore } from '../base/semaphore.js';

/**
 * Uploads parsed at once per process, whatever their size: a small ZIP may expand to the
 * inflation limit (docs/hardening.md, "Uploads"), so memory is bounded by this times that limit.
 */
const MAX_PARALLEL_UPLOAD_PARSES = 2;
const uploadParses = new Semaphore(MAX_PARALLEL_UPLOAD_PARSES);

export interface ServiceOptions {
  /** Overrides the cache root resolution (the --cache-dir flag). */
  cacheDir?: string;
  env?: NodeJS.ProcessEnv;
  /** Source of "now" for created_at; injectable so tests can fix it. */
  clock?: () => Date;
  /**
   * Refuse at once a cache root that cannot be used (a command needs one); a server started
   * over an unusable one reports it on /health instead.
   */
  requireUsableCache?: boolean;
}

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

export interface StoreSize {
  cache_directory: string;
  total_models: number;
  total_files: number;
  total_size_bytes: number;
  total_size_mb: number;
}

/** The result files kept in the cache (runs from the MCP server and the TUI). */
export interface ResultsSize {
  directory: string;
  total_files: number;
  total_size_bytes: number;
  total_size_mb: number;
}

/** The finished REST jobs kept in the cache (queued and running ones are not counted). */
export interface JobsSize {
  directory: string;
  finished_jobs: number;
  total_size_bytes: number;
  total_size_mb: number;
}

/** docs/specification.md §4.1 /cache-info (totals over the models), with a breakdown per store, the results folder and the finished jobs (allowed extras). */
export interface CacheInfo extends StoreSize {
  metadata_file: string;
  distribution_models: StoreSize;
  hazard_models: StoreSize;
  results: ResultsSize;
  jobs: JobsSize;
}

/** docs/specification.md §4.1 /refresh-cache, with what changed in each store. */
export interface CacheRefreshResult {
  status: 'success';
  message: string;
  total_models: number;
  models: string[];
  distribution_models: RefreshReport & { models: string[] };
  hazard_models: RefreshReport & { models: string[] };
}

/** The summary type of each kind of model. */
export interface ModelSummaryOf {
  distribution: DistributionModelSummary;
  hazard: HazardModelSummary;
}

export type { HazsimService } from './serviceInterface.js';

/**
 * The one composition root of hazsim's domain: every interface (CLI, REST, MCP, TUI)
 * calls these functions over one on-disk cache and returns what they return.
 */
export function createService(options: ServiceOptions = {}): HazsimService {
  const env = options.env ?? process.env;
  const settings = resolveSettings(options.cacheDir, env);
  const { cacheRoot } = settings;
  if (options.requireUsableCache) {
    assertCacheRootUsable(cacheRoot, options.cacheDir ? '--cache-dir' : env.HAZSIM_CACHE_DIR ? 'HAZSIM_CACHE_DIR' : 'the cache folder');
  }
  const clock = options.clock ?? (() => new Date());
  // Result files of runs whose process was killed are never claimed by anyone else.
  sweepPrivateResults();

  const stores: Record<ModelKindId, ModelStore> = {
    distribution: makeStore(MODEL_KINDS.distribution),
    hazard: makeStore(MODEL_KINDS.hazard),
  };

  const curveSets = createCurveSetStore(cacheRoot, clock);
  /** Where runs started from the TUI and the MCP server keep their files (RunOutputOptions.inResultsDir). */
  const resultsDir = path.join(cacheRoot, 'results');
  /** Where REST jobs keep their records and results (docs/jobs.md). */
  const jobsDir = path.join(cacheRoot, 'jobs');
  const simulation = createSimulationOps({
    stores,
    resolveCurveSet: (name) => {
      const resolved = curveSets.resolveCurveSet(name);
      return { name: resolved.name, set: resolved.curveSet, sha256: resolved.sha256 };
    },
    clock,
    maxSamples: settings.maxSamples,
    maxOutputBytes: settings.maxOutputBytes,
    resultsDir,
    cacheRoot,
  });
  const impact = createImpactOps({
    stores,
    generateScenarios: simulation.generateScenarios,
    scenarioZipName: (request) => scenarioFileNames(request, { numberOfSamples: request.number_of_samples, seed: request.seed, method: request.method }).stored,
    resultsDir,
    cacheRoot,
  });
  const impactShards = createImpactShardOps({
    stores,
    generateScenarioShard: simulation.generateScenarioShard,
    mergeScenarios: simulation.mergeScenarios,
    resultsDir,
    cacheRoot,
  });
  const jobs = createJobOps({
    jobsDir,
    maxSamples: settings.maxSamples,
    clock,
    stores,
    resolveCurveSet: (name) => curveSets.resolveCurveSet(name),
    runs: {
      simulate: simulation.simulate,
      // A job's download carries every record; none need be kept in memory for a summary.
      scenarios: (request, runOptions) => simulation.generateScenarios(request, { ...runOptions, recordLimit: 0 }),
      impact: impact.estimateImpact,
    },
  });
  const reports = createReportOps({
    stores,
    simulate: simulation.simulate,
    generateScenarios: simulation.generateScenarios,
    estimateImpact: impact.estimateImpact,
    resultsDir,
    cacheRoot,
  });
  const gisExport = createGisExportOps({ stores, cacheRoot });
  const territories = createTerritoryOps({ stores, cacheRoot, uploadModel: (request) => uploadModel(request), estimateImpact: impact.estimateImpact });

  /**
   * Reads a curve set file from disk and stores it (see uploadCurveSet); `fileName` stands
   * in for the file's own name as in uploadModelFile.
   */
  function uploadCurveSetFile(filePath: string, request: Omit<CurveSetUpload, 'fileName' | 'bytes'> & { fileName?: string }) {
    return curveSets.uploadCurveSet({ ...request, fileName: request.fileName ?? path.basename(filePath), bytes: readInputFile(filePath) });
  }

  /** Reads a SimCenter fragility CSV from disk and stores it as a curve set (see importCurveSet). */
  function importCurveSetFile(filePath: string, request: Omit<Parameters<typeof curveSets.importCurveSet>[0], 'fileName' | 'text'>) {
    return curveSets.importCurveSet({ ...request, fileName: path.basename(filePath), text: readInputFile(filePath).toString('utf8') });
  }

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
        runWorkerTask<CheckModelFileTask, string | null>(import.meta.url, './workers/checkModelFileWorker', { filePath, kind: kind.id }),
    });
  }

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
          ? runWorkerTask<PrepareUploadTask, PreparedUpload>(import.meta.url, './workers/prepareUploadWorker', task)
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
    const { record, coordinates } = stores[kind].getWithReading(name);
    return { record, coordinates, content: parseJsonText(stores[kind].readText(name), path.basename(record.file_path)) };
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

  function storeSize(store: ModelStore): StoreSize {
    let files = 0;
    let bytes = 0;
    const walk = (dir: string) => {
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        // Hidden entries are hazsim's own: derived data and files being written, not stored models.
        if (entry.name.startsWith('.')) continue;
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.isFile()) {
          files += 1;
          bytes += fs.statSync(full).size;
        }
      }
    };
    walk(store.dir);
    return { cache_directory: store.dir, total_models: store.list().length, total_files: files, total_size_bytes: bytes, total_size_mb: toMegabytes(bytes) };
  }

  function resultsSize(): ResultsSize {
    // No results folder yet (or something else in its place): nothing is kept there.
    const names = fs.statSync(resultsDir, { throwIfNoEntry: false })?.isDirectory() ? fs.readdirSync(resultsDir).filter((name) => !name.startsWith('.')) : [];
    const files = names.map((name) => fs.lstatSync(path.join(resultsDir, name))).filter((stat) => stat.isFile());
    const bytes = files.reduce((sum, stat) => sum + stat.size, 0);
    return { directory: resultsDir, total_files: files.length, total_size_bytes: bytes, total_size_mb: toMegabytes(bytes) };
  }

  function jobsSize(): JobsSize {
    const finished = finishedJobs(jobsDir);
    const bytes = finished.reduce((sum, job) => sum + sizeOnDisk(job.recordPath) + sizeOnDisk(job.folderPath), 0);
    return { directory: jobsDir, finished_jobs: finished.length, total_size_bytes: bytes, total_size_mb: toMegabytes(bytes) };
  }

  function cacheInfo(): CacheInfo {
    const distribution = storeSize(stores.distribution);
    const hazard = storeSize(stores.hazard);
    const totalBytes = distribution.total_size_bytes + hazard.total_size_bytes;
    return {
      cache_directory: cacheRoot,
      metadata_file: path.join(stores.distribution.dir, METADATA_FILE),
      total_models: distribution.total_models + hazard.total_models,
      total_files: distribution.total_files + hazard.total_files,
      total_size_bytes: totalBytes,
      total_size_mb: toMegabytes(totalBytes),
      distribution_models: distribution,
      hazard_models: hazard,
      results: resultsSize(),
      jobs: jobsSize(),
    };
  }

  /** `hazsim cache prune`: folders of models that are gone, results and finished jobs older than `olderThanDays`, listed, and removed with `remove`. */
  function pruneCache(options: { olderThanDays: number; remove: boolean }): Promise<PruneResult> {
    return pruneModelCache([stores.distribution, stores.hazard], { resultsDir, jobsDir, cacheRoot }, { ...options, now: clock() });
  }

  async function refreshCache(): Promise<CacheRefreshResult> {
    const distribution = await stores.distribution.refresh();
    const hazard = await stores.hazard.refresh();
    const distributionNames = stores.distribution.list().map((record) => record.name);
    const hazardNames = stores.hazard.list().map((record) => record.name);
    return {
      status: 'success',
      message: 'Cache refreshed successfully',
      total_models: distributionNames.length + hazardNames.length,
      models: [...distributionNames, ...hazardNames],
      distribution_models: { ...distribution, models: distributionNames },
      hazard_models: { ...hazard, models: hazardNames },
    };
  }

  return {
    territories: { build: territories.buildTerritory, hindcast: territories.hindcast },
    models: {
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
    },
    curveSets: {
      list: curveSets.listCurveSets,
      get: curveSets.getCurveSet,
      uploadFile: uploadCurveSetFile,
      importFile: importCurveSetFile,
      plot: curveSets.plotCurveSet,
      delete: curveSets.deleteCurveSet,
      defaults: curveSets.defaultCurveSets,
    },
    runs: {
      simulate: simulation.simulate,
      generateScenarios: simulation.generateScenarios,
      generateScenarioShard: simulation.generateScenarioShard,
      mergeShards: impactShards.mergeShards,
      estimateImpact: impact.estimateImpact,
      estimateImpactFromScenarios: impact.estimateImpactFromScenarios,
      estimateImpactShard: impactShards.estimateImpactShard,
    },
    reports: { fromFiles: reports.reportFromFiles, generate: reports.generateReport },
    jobs: {
      submit: jobs.submitJob,
      get: jobs.getJob,
      list: jobs.listJobs,
      cancel: jobs.cancelJob,
      result: jobs.jobResult,
      watch: jobs.watchJob,
      interrupt: jobs.interruptJobs,
    },
    cache: { root: cacheRoot, info: cacheInfo, refresh: refreshCache, prune: pruneCache, problem: () => cacheRootProblem(cacheRoot) },
    results: {
      directory: resultsDir,
      list: () => listResultFiles(resultsDir),
      delete: (name) => deleteResultFile(resultsDir, name),
      summary: (name) => readResultSummary(resultsDir, name),
      export: gisExport.exportResult,
    },
    limits: { maxSamples: settings.maxSamples },
  };
}

/** Reads an input file named by a user, mapping file-system failures to errors that name the file. */
export function readInputFile(filePath: string): Buffer {
  inputFileSize(filePath);
  return fs.readFileSync(filePath);
}

/** The size of a readable input file; a missing, unreadable or directory path is an `unreadable` error naming it. */
export function inputFileSize(filePath: string): number {
  try {
    const stat = fs.statSync(filePath);
    if (stat.isDirectory()) throw new HazsimError('unreadable', `${filePath} is a directory, not a file`);
    fs.accessSync(filePath, fs.constants.R_OK);
    return stat.size;
  } catch (error) {
    if (error instanceof HazsimError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new HazsimError('unreadable', `Cannot read ${filePath}: no such file`);
    throw new HazsimError('unreadable', `Cannot read ${filePath}: ${(error as Error).message}`);
  }
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

function toMegabytes(bytes: number): number {
  return Math.round((bytes / (1024 * 1024)) * 100) / 100;
}
