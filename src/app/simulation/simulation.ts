import type { ModelStore } from '../cache/store.js';
import { DEFAULT_CURVE_SET, scenarioRequestFor, type ScenarioRequest, SimulationRequest } from '../contract/schemas.js';
import { parseOrThrow } from '../../base/validation.js';
import { HazsimError } from '../../base/errors.js';
import { HAZSIM_VERSION } from '../../base/version.js';
import { isoWithoutZone } from '../cache/store.js';
import { runWorkerTask, type ProgressEvent } from '../../base/workerTask.js';
import type { SimulationOutput, SimulationTask } from './simulationRun.js';
import { DERIVED_ASSETS_FILE } from '../models/assetCache.js';
import type { SurvivalSummary } from '../../domain/simulation/summary.js';
import type { CurveSet } from '../../domain/fragility/index.js';
import type { PhysicsProfile } from '../../domain/hazards/physics.js';
import {
  mergeScenarioShards,
  validateScenarioOptions,
  writeScenarioShard,
  SCENARIO_FILE_FORMATS,
  SCENARIO_FORMATS,
  SHARD_EXTENSION,
  type ChunkRunnerFactory,
  type ScenarioFormat,
  type ScenarioInput,
  type ScenarioOptions,
  type ScenarioRunSummary,
  type ShardSpec,
  type ShardSummary,
} from '../../domain/scenarios/index.js';
import { shakingSampleSurvival } from '../../domain/simulation/shakingSurvival.js';
import { checkOutputEstimate, estimateScenarioBytes } from '../results/outputEstimate.js';
import { deliver, prepareResultDestination, resultsFolderStem, runDestination, type DestinationOptions } from '../results/resultOutput.js';

/** Where a run writes its file: an exact path, a folder (with the run's file name), or a private temporary file. */
export interface RunOutputOptions extends DestinationOptions {
  outputPath?: string;
  outputDir?: string;
  /** Keep the file in the cache's results folder (MCP, TUI) under the run's file name (runFileNames). */
  inResultsDir?: boolean;
  /** Keep the file in this folder of the cache's own (a job's folder, docs/jobs.md) under the specification's (docs/specification.md) file name. */
  cacheFolder?: string;
  onProgress?: (event: ProgressEvent) => void;
  /** Stops the run (its client went away); nothing it wrote is left behind. */
  signal?: AbortSignal;
}

export interface SimulationOutcome {
  filePath: string;
  /** The specification's file name, `{distribution}_{hazard}_results.sqlite`, for downloads. */
  fileName: string;
  summary: SurvivalSummary;
}

export interface ScenarioOutcome {
  filePath: string;
  /** The specification's file name, `{distribution}_scenarios_{n}samples.zip` (`.parquet` for Parquet), for downloads. */
  fileName: string;
  /** The scenario file format written (the request's `format`). */
  format: ScenarioFormat;
  summary: Omit<ScenarioRunSummary, 'output_path'> & {
    distribution_system_name: string;
    hazard_system_name: string;
    curve_set: string;
    physics: PhysicsProfile;
    mean_failures_per_sample: number;
  };
}

/** A resolved curve set: what it is called, its definition and the sha256 of that definition. */
export interface RunCurveSet {
  name: string;
  set: CurveSet;
  sha256: string;
}

interface SimulationDependencies {
  stores: { distribution: ModelStore; hazard: ModelStore };
  resolveCurveSet(name: string): RunCurveSet;
  clock: () => Date;
  /** Upper bound of number_of_samples (settings.ts). */
  maxSamples: number;
  /** Output quota of one run's scenario file (settings.ts): estimated before sampling, enforced while writing. */
  maxOutputBytes: number;
  /** The cache's results folder (RunOutputOptions.inResultsDir). */
  resultsDir: string;
  /** The cache root: no user-chosen output may land inside it. */
  cacheRoot: string;
  /**
   * Where scenario chunks run and how many at once by default: the thread pool of
   * src/app/workers/scenarioPool.ts, passed in by the service so that this folder does not
   * import the workers folder, whose thread entries import this one.
   */
  scenarioThreads: { chunkRunners: ChunkRunnerFactory; defaultWorkers(): number };
}

/** The simulation worker module, relative to this file. */
const SIMULATION_WORKER = '../workers/simulationWorker';

/**
 * A run's file has two names. `download` is the specification's name (REST downloads); it leaves out
 * the hazard (scenarios), curve set, seed and modes, so two different runs share it. `stored` is
 * the name hazsim gives the file wherever it chooses the name (the CLI's working folder or an
 * `-o` folder, the cache's results folder for MCP and the TUI): it carries every argument that
 * changes the content, so a run on other inputs keeps its own file and a rerun with the same
 * arguments replaces its own (docs/cache.md, "Result file names").
 */
export interface RunFileNames {
  download: string;
  stored: string;
}

/** The stored names' common start: the inputs and every mode that changes the content, joined so that no two runs share it (resultsFolderStem). */
function storedStem(request: SimulationRequest): string {
  return resultsFolderStem({ ...request, curve_set: request.curve_set ?? DEFAULT_CURVE_SET });
}

export function simulationFileNames(request: SimulationRequest): RunFileNames {
  return { download: `${request.distribution_system_name}_${request.hazard_system_name}_results.sqlite`, stored: `${storedStem(request)}_results.sqlite` };
}

export function scenarioFileNames(
  request: SimulationRequest & { restoration_edits?: boolean },
  sampling: { numberOfSamples: number; seed: number; method: string },
  extension: string = SCENARIO_FILE_FORMATS.zip.extension,
): RunFileNames {
  const samples = `scenarios_${sampling.numberOfSamples}samples`;
  return {
    download: `${request.distribution_system_name}_${samples}.${extension}`,
    stored: `${storedStem(request)}_${samples}_seed${sampling.seed}_${sampling.method}${request.restoration_edits ? '_restoration' : ''}.${extension}`,
  };
}

/** What the scenario writers sample from: a run's survival arrays, with the inputs and their sha256 as the file's metadata. */
function scenarioInput(task: SimulationTask, output: SimulationOutput): ScenarioInput {
  const survival = output.survival!;
  return {
    timestamps: survival.timestamps,
    assetUuids: survival.assetUuids,
    survival: survival.values,
    survivalIsCumulative: task.physics === 'default',
    ...(output.damage ? { damage: output.damage } : {}),
    ...(survival.shaking ? { sampleSurvival: shakingSampleSurvival(survival.shaking) } : {}),
    metadata: {
      hazsim_version: HAZSIM_VERSION,
      distribution_system_name: task.distribution.name,
      distribution_sha256: output.inputs.distribution_sha256,
      hazard_system_name: task.hazard.name,
      hazard_sha256: output.inputs.hazard_sha256,
      curve_set: task.curveSet.name,
      curve_set_sha256: output.inputs.curve_set_sha256,
      physics: task.physics,
      warnings: output.summary.warnings,
      ...(output.vegetation ? { vegetation: output.vegetation } : {}),
    },
  };
}

export function createSimulationOps(dependencies: SimulationDependencies) {
  const { stores } = dependencies;

  /** The task of a run without its output; unknown model and curve set names fail here, before any file is placed. */
  function buildTask(request: SimulationRequest): SimulationTask {
    const { record: distribution, coordinates } = stores.distribution.getWithReading(request.distribution_system_name);
    const hazard = stores.hazard.get(request.hazard_system_name);
    const curveSet = dependencies.resolveCurveSet(request.curve_set ?? DEFAULT_CURVE_SET);
    if (request.vegetation !== undefined && request.physics === 'erad_v1')
      throw new HazsimError('invalid_input', 'vegetation needs the default physics: erad_v1 reproduces ERAD, which has no tree fall (docs/vegetation.md)', [
        { path: 'vegetation', message: 'not available with physics erad_v1' },
      ]);
    return {
      distribution: {
        name: distribution.name,
        filePath: distribution.file_path,
        derivedAssetsPath: stores.distribution.derivedPathFor(distribution.name, DERIVED_ASSETS_FILE),
        coordinates,
      },
      hazard: { name: hazard.name, filePath: hazard.file_path },
      curveSet,
      physics: request.physics,
      hazsimVersion: HAZSIM_VERSION,
      createdAt: isoWithoutZone(dependencies.clock()),
      groundMotionVariability: request.ground_motion_variability,
      ...(request.vegetation !== undefined ? { vegetation: request.vegetation } : {}),
    };
  }

  /** POST /simulate, `hazsim simulate`, MCP run_simulation: the SQLite result of one run. */
  async function simulate(requestInput: unknown, options: RunOutputOptions = {}): Promise<SimulationOutcome> {
    const request = parseOrThrow(SimulationRequest, requestInput, 'simulation request');
    const names = simulationFileNames(request);
    const task = buildTask(request);
    const destination = runDestination(names, options, dependencies);
    task.sqlitePath = destination.buildPath;
    const output = await deliver(destination, () =>
      runWorkerTask<SimulationTask, SimulationOutput>(import.meta.url, SIMULATION_WORKER, task, options.onProgress, options.signal),
    );
    return { filePath: destination.finalPath, fileName: names.download, summary: output.summary };
  }

  /**
   * The common part of a scenario run: checks the request (sample count and seed before the
   * simulation, so a bad request fails at once), simulates, and hands the survival to `write`
   * with the sampling options; on any failure nothing of the run is left.
   */
  async function runScenarios<T>(
    requestInput: unknown,
    options: RunOutputOptions & { recordLimit?: number; workers?: number },
    fileNamesOf: (request: ScenarioRequest, sampling: { numberOfSamples: number; seed: number; method: string }) => RunFileNames,
    write: (input: ScenarioInput, sampling: ScenarioOptions, buildPath: string, request: ScenarioRequest) => Promise<T>,
  ): Promise<{ request: ScenarioRequest; task: SimulationTask; filePath: string; fileName: string; result: T }> {
    // Bounded by the server's sample limit, as REST's schema says, so every problem of a request is named at once.
    const request = parseOrThrow(scenarioRequestFor(dependencies.maxSamples), requestInput, 'scenario request');
    if (request.restoration_edits && !SCENARIO_FILE_FORMATS[request.format].tracksChanges) {
      throw new HazsimError('invalid_input', `restoration_edits are tracked_changes.json records, which a ${request.format} scenario file does not hold`, [
        {
          path: 'restoration_edits',
          message: `only with format ${SCENARIO_FORMATS.filter((format) => SCENARIO_FILE_FORMATS[format].tracksChanges).join(', ')}`,
        },
      ]);
    }
    const sampling = validateScenarioOptions({
      numberOfSamples: request.number_of_samples ?? 1,
      seed: request.seed ?? 0,
      method: request.method,
      workers: options.workers ?? dependencies.scenarioThreads.defaultWorkers(),
      recordLimit: options.recordLimit,
      maxSamples: dependencies.maxSamples,
    });
    const names = fileNamesOf(request, sampling);
    const task = buildTask(request);
    const destination = runDestination(names, options, dependencies);
    const result = await deliver(destination, async () => {
      const output = await runWorkerTask<SimulationTask, SimulationOutput>(import.meta.url, SIMULATION_WORKER, task, options.onProgress, options.signal);
      const survival = output.survival!;
      const estimate = estimateScenarioBytes(
        survival.values,
        survival.timestamps.length,
        survival.assetUuids.length,
        sampling.numberOfSamples,
        request.restoration_edits === true,
      );
      checkOutputEstimate(estimate, sampling.numberOfSamples, dependencies.maxOutputBytes);
      return write(
        scenarioInput(task, output),
        {
          ...sampling,
          chunkRunners: dependencies.scenarioThreads.chunkRunners,
          restoration: request.restoration_edits,
          signal: options.signal,
          maxOutputBytes: dependencies.maxOutputBytes,
          // Sampling runs in this thread between chunks: throwing here stops the pool and removes the partial file.
          onProgress: (done, total) => {
            options.signal?.throwIfAborted();
            options.onProgress?.({ phase: 'sampling scenarios', done, total });
          },
        },
        destination.buildPath,
        request,
      );
    });
    return { request, task, filePath: destination.finalPath, fileName: names.download, result };
  }

  /**
   * POST /generate-scenarios, `hazsim scenarios`, MCP generate_scenarios: the scenario file of
   * one run, in the request's `format`: the ZIP (default) or Parquet (docs/scenarios-parquet.md).
   */
  async function generateScenarios(
    requestInput: unknown,
    options: RunOutputOptions & { recordLimit?: number; workers?: number } = {},
  ): Promise<ScenarioOutcome> {
    const {
      request,
      task,
      filePath,
      fileName,
      result: run,
    } = await runScenarios(
      requestInput,
      options,
      (request, sampling) => scenarioFileNames(request, sampling, SCENARIO_FILE_FORMATS[request.format].extension),
      (input, sampling, buildPath, request) => SCENARIO_FILE_FORMATS[request.format].write(input, sampling, buildPath),
    );
    const { output_path: _written, ...rest } = run;
    return {
      filePath,
      fileName,
      format: request.format,
      summary: {
        ...rest,
        distribution_system_name: task.distribution.name,
        hazard_system_name: task.hazard.name,
        curve_set: task.curveSet.name,
        physics: task.physics,
        mean_failures_per_sample: run.total_failures / run.number_of_samples,
      },
    };
  }

  /** `hazsim scenarios --shard i/N`: the shard file of one part of a run (docs/scale-out.md). */
  async function generateScenarioShard(
    requestInput: unknown,
    shard: ShardSpec,
    options: RunOutputOptions & { workers?: number } = {},
  ): Promise<{ filePath: string; fileName: string; summary: Omit<ShardSummary, 'output_path'> }> {
    const { filePath, fileName, result } = await runScenarios(
      requestInput,
      options,
      (request, sampling) => {
        // Parts keep one name wherever they go: `hazsim merge` takes them by pattern (docs/scale-out.md).
        const name = `${request.distribution_system_name}_scenarios_${sampling.numberOfSamples}samples.shard-${shard.index}-of-${shard.count}${SHARD_EXTENSION}`;
        return { download: name, stored: name };
      },
      (input, sampling, buildPath, request) => writeScenarioShard(input, sampling, request.format, shard, buildPath),
    );
    const { output_path: _written, ...summary } = result;
    return { filePath, fileName, summary };
  }

  /** `hazsim merge`: the shard files of one run become the unsharded run's file. */
  async function mergeScenarios(parts: string[], options: { outputPath: string; onProgress?: (event: ProgressEvent) => void } & DestinationOptions) {
    const destination = prepareResultDestination(options.outputPath, 'merged', dependencies.cacheRoot, options);
    const summary = await deliver(destination, () =>
      mergeScenarioShards(parts, destination.buildPath, { onProgress: (done, total) => options.onProgress?.({ phase: 'merging shards', done, total }) }),
    );
    const { output_path: _written, records: _records, ...rest } = summary;
    return { filePath: destination.finalPath, summary: rest };
  }

  return { simulate, generateScenarios, generateScenarioShard, mergeScenarios };
}
