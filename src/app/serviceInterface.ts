/**
 * The service every face calls (CLI, TUI, REST, MCP), declared once and grouped by what it
 * serves: cached models, curve sets, runs, reports, jobs, the cache itself, the result files
 * kept in it, and the limits the faces document. `createService` (src/app/service.ts) is its
 * one implementation. A face that needs something the service does not offer adds it here,
 * never by reaching into the cache: the lint rules in eslint.config.js keep `src/app/cache`
 * and `node:fs` on cache data out of the faces (docs/architecture.md, "Layers").
 *
 * The signatures of runs, jobs and reports are those of the modules that implement them
 * (simulation/, impact/, jobs/, report/), named here so the interface cannot drift from them.
 */
import type fs from 'node:fs';
import type { CoordinateReading } from '../domain/assets/index.js';
import type { supportedHazardTypes } from '../domain/hazards/index.js';
import type { ModelRecord } from './cache/store.js';
import type { PruneResult } from './cache/prune.js';
import type { ModelKindId } from './models/kinds.js';
import type { createCurveSetStore } from './curveSets/curveSets.js';
import type { createSimulationOps } from './simulation/simulation.js';
import type { createImpactOps } from './impact/impact.js';
import type { createImpactShardOps } from './impact/impactShard.js';
import type { createTerritoryOps } from './territory/territory.js';
import type { createReportOps } from './report/report.js';
import type { createHindcastReportOps } from './report/hindcastReport.js';
import type { JobOps } from './jobs/jobs.js';
import type { ResultFile } from './results/resultFiles.js';
import type { ResultSummary } from './report/resultSummary.js';
import type { createGisExportOps } from './report/gisExport.js';
import type { CacheInfo, CacheRefreshResult } from './cache/cacheService.js';
import type { ModelSummaryOf, ModelWithContent, UploadRequest, UploadResult } from './models/modelService.js';

export type { ModelRecord, PruneResult, ResultFile, ResultSummary };

type CurveSetOps = ReturnType<typeof createCurveSetStore>;
type SimulationOps = ReturnType<typeof createSimulationOps>;
type ImpactOps = ReturnType<typeof createImpactOps>;
type ImpactShardOps = ReturnType<typeof createImpactShardOps>;
type ReportOps = ReturnType<typeof createReportOps>;
type HindcastReportOps = ReturnType<typeof createHindcastReportOps>;

/** Distribution and hazard models in the cache. */
export interface ModelService {
  upload(request: UploadRequest): Promise<UploadResult>;
  /** Reads a file from disk and uploads it; `fileName` stands in for the file's own name. */
  uploadFile(filePath: string, request: Omit<UploadRequest, 'fileName' | 'bytes'> & { fileName?: string }): Promise<UploadResult>;
  /** Validates a model file without storing it. */
  validateFile(
    filePath: string,
    kind?: ModelKindId,
    coordinates?: CoordinateReading,
  ): Promise<{ kind: ModelKindId; file: string; summary: object; warnings: string[] }>;
  list(kind: ModelKindId, options?: { refresh?: boolean }): Promise<ModelRecord[]>;
  record(kind: ModelKindId, name: string): ModelRecord;
  get(kind: ModelKindId, name: string): ModelWithContent;
  /** The stored file's text, as uploaded (after normalization), for faces that page it. */
  text(kind: ModelKindId, name: string): string;
  /** The stored file opened for streaming: the face closes `fd` (or hands it to a stream that does). */
  openFile(kind: ModelKindId, name: string): { record: ModelRecord; fd: number; stat: fs.Stats };
  summary<K extends ModelKindId>(kind: K, name: string): ModelSummaryOf[K];
  describe<K extends ModelKindId>(kind: K, name: string): { summary: ModelSummaryOf[K]; content: unknown };
  /** Kinds under which `name` is cached. */
  find(name: string): ModelKindId[];
  delete(kind: ModelKindId, name: string): Promise<{ status: 'success'; message: string }>;
  /** The hazard types this process knows (built in and added at start-up) and their quantities. */
  hazardTypes: typeof supportedHazardTypes;
}

/** Fragility curve sets: the built-in ones and those stored in the cache. */
export interface CurveSetService {
  list: CurveSetOps['listCurveSets'];
  get: CurveSetOps['getCurveSet'];
  /** Reads a curve set file from disk and stores it. */
  uploadFile(
    filePath: string,
    request: Omit<Parameters<CurveSetOps['uploadCurveSet']>[0], 'fileName' | 'bytes'> & { fileName?: string },
  ): ReturnType<CurveSetOps['uploadCurveSet']>;
  /** Reads a SimCenter fragility CSV from disk and stores it as a curve set. */
  importFile(filePath: string, request: Omit<Parameters<CurveSetOps['importCurveSet']>[0], 'fileName' | 'text'>): ReturnType<CurveSetOps['importCurveSet']>;
  plot: CurveSetOps['plotCurveSet'];
  delete: CurveSetOps['deleteCurveSet'];
  defaults: CurveSetOps['defaultCurveSets'];
}

/** Simulations, scenario runs and impact analyses, whole or in shards. */
export interface RunService {
  simulate: SimulationOps['simulate'];
  generateScenarios: SimulationOps['generateScenarios'];
  generateScenarioShard: SimulationOps['generateScenarioShard'];
  /** `hazsim merge`: scenario shards or impact parts, told apart by their first bytes. */
  mergeShards: ImpactShardOps['mergeShards'];
  estimateImpact: ImpactOps['estimateImpact'];
  estimateImpactFromScenarios: ImpactOps['estimateImpactFromScenarios'];
  estimateImpactShard: ImpactShardOps['estimateImpactShard'];
}

type TerritoryOps = ReturnType<typeof createTerritoryOps>;

/** Territories of template-feeder copies over counties, and hindcasts against observed outages (docs/hindcast.md). */
export interface TerritoryService {
  build: TerritoryOps['buildTerritory'];
  hindcast: TerritoryOps['hindcast'];
}

/** The HTML report of a run. */
export interface ReportService {
  fromFiles: ReportOps['reportFromFiles'];
  generate: ReportOps['generateReport'];
  /** The page of a hindcast's answer (docs/report.md, "Hindcast page"), and of one saved as JSON. */
  fromHindcast: HindcastReportOps['hindcastReport'];
  fromHindcastFile: HindcastReportOps['hindcastReportFromFile'];
}

/** Runs submitted to run in the background (docs/jobs.md). */
export interface JobService {
  submit: JobOps['submitJob'];
  get: JobOps['getJob'];
  list: JobOps['listJobs'];
  cancel: JobOps['cancelJob'];
  result: JobOps['jobResult'];
  watch: JobOps['watchJob'];
  interrupt: JobOps['interruptJobs'];
  /** Removes expired jobs now and periodically (`hazsim serve`; docs/jobs.md, "Expiry"). */
  startExpirySweep: JobOps['startExpirySweep'];
}

/** The on-disk cache (docs/cache.md). */
export interface CacheService {
  /** The cache root, for messages and for showing paths relative to it. */
  root: string;
  info(): CacheInfo;
  refresh(): Promise<CacheRefreshResult>;
  prune(options: { olderThanDays: number; remove: boolean }): Promise<PruneResult>;
  /** Why the cache root cannot be used (created if missing, then read and written), or null. */
  problem(): Promise<string | null>;
}

/** The result files that runs from the TUI and the MCP server keep in the cache. */
export interface ResultService {
  /** The folder, for messages. */
  directory: string;
  /** Newest first. */
  list(): ResultFile[];
  /** Removes one by its file name; a name that is not there is no error. */
  delete(name: string): void;
  /** What one file says about its run (a SQLite result's run_info, a scenario ZIP's metadata), by its file name. */
  summary(name: string): Promise<ResultSummary>;
  /** A result file as a map layer (GeoJSON or GeoParquet) at one time or each asset's lowest survival. */
  export: ReturnType<typeof createGisExportOps>['exportResult'];
}

/** Bounds the faces document and check against. */
export interface ServiceLimits {
  /** Upper bound of number_of_samples (HAZSIM_MAX_SAMPLES). */
  maxSamples: number;
}

export interface HazsimService {
  models: ModelService;
  curveSets: CurveSetService;
  runs: RunService;
  reports: ReportService;
  territories: TerritoryService;
  jobs: JobService;
  cache: CacheService;
  results: ResultService;
  limits: ServiceLimits;
}
