import './startup/hazardModules.js';
import path from 'node:path';
import { resolveSettings } from './startup/settings.js';
import { assertCacheRootUsable } from './cache/root.js';
import { createCacheService } from './cache/cacheService.js';
import { createCurveSetStore } from './curveSets/curveSets.js';
import { createCurveSetService } from './curveSets/curveSetService.js';
import { createModelService } from './models/modelService.js';
import { createModelStores } from './models/stores.js';
import { createSimulationOps, scenarioFileNames } from './simulation/simulation.js';
import { scenarioPool } from './workers/scenarioPool.js';
import { createImpactOps } from './impact/impact.js';
import { createTerritoryOps } from './territory/territory.js';
import { createImpactShardOps } from './impact/impactShard.js';
import { createJobOps } from './jobs/jobs.js';
import { createReportOps } from './report/report.js';
import { createHindcastReportOps } from './report/hindcastReport.js';
import { createGisExportOps } from './report/gisExport.js';
import { sweepPrivateResults } from './results/resultOutput.js';
import { deleteResultFile, listResultFiles } from './results/resultFiles.js';
import { readResultSummary } from './report/resultSummary.js';
import type { HazsimService } from './serviceInterface.js';

export type { HazsimService } from './serviceInterface.js';
export { uploadResponse, type ModelSummaryOf, type ModelWithContent, type UploadRequest, type UploadResult } from './models/modelService.js';
export type { CacheInfo, CacheRefreshResult, JobsSize, ResultsSize, StoreSize } from './cache/cacheService.js';

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

  const stores = createModelStores(cacheRoot);
  const models = createModelService(stores, clock);
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
    scenarioThreads: scenarioPool,
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
    jobTtlMs: settings.jobTtlMs,
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
  const hindcastPages = createHindcastReportOps({ cacheRoot, resultsDir });
  const gisExport = createGisExportOps({ stores, cacheRoot });
  const territories = createTerritoryOps({ stores, uploadModel: models.upload, estimateImpact: impact.estimateImpact, cacheRoot });

  return {
    territories: { build: territories.buildTerritory, hindcast: territories.hindcast },
    models,
    curveSets: createCurveSetService(curveSets),
    runs: {
      simulate: simulation.simulate,
      generateScenarios: simulation.generateScenarios,
      generateScenarioShard: simulation.generateScenarioShard,
      mergeShards: impactShards.mergeShards,
      estimateImpact: impact.estimateImpact,
      estimateImpactFromScenarios: impact.estimateImpactFromScenarios,
      estimateImpactShard: impactShards.estimateImpactShard,
    },
    reports: {
      fromFiles: reports.reportFromFiles,
      generate: reports.generateReport,
      fromHindcast: hindcastPages.hindcastReport,
      fromHindcastFile: hindcastPages.hindcastReportFromFile,
    },
    jobs: {
      submit: jobs.submitJob,
      get: jobs.getJob,
      list: jobs.listJobs,
      cancel: jobs.cancelJob,
      result: jobs.jobResult,
      watch: jobs.watchJob,
      interrupt: jobs.interruptJobs,
      startExpirySweep: jobs.startExpirySweep,
    },
    cache: createCacheService({ cacheRoot, stores, resultsDir, jobsDir }, clock),
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
