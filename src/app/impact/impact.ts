/**
 * `hazsim impact`, POST /impact and the MCP tool estimate_impact (docs/output-impact.md): the
 * scenario ZIP of a request (drawn here, or an existing one), then the impact analysis in a
 * worker thread, written as one SQLite file.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as v from 'valibot';
import type { ModelStore } from '../cache/store.js';
import { parseOrThrow } from '../../base/validation.js';
import { HAZSIM_VERSION } from '../../base/version.js';
import { runWorkerTask } from '../../base/workerTask.js';
import { HazsimError } from '../../base/errors.js';
import type { RunOutputOptions, ScenarioOutcome } from '../simulation/simulation.js';
import { ANALYSIS_FIELDS, ImpactRequest, restorationSettingsOf, splitImpactRequest, type ImpactAnalysisSettings, type ImpactSummary } from './impactSchemas.js';
import { ScenarioZip } from '../../domain/scenarios/formats/scenarioZip/reader.js';
import type { ImpactTask } from './impactRun.js';
import { ModelName } from '../contract/schemas.js';
import { deliver, prepareResultDestination, realPathOf, resultsFolderStem, runDestination, type ResultDestination } from '../results/resultOutput.js';

const IMPACT_WORKER = '../workers/impactWorker';

/** How restoration and metrics are computed when the failures come from an existing scenario ZIP. */
export const ImpactFromScenariosRequest = v.strictObject({
  distribution_system_name: v.pipe(v.optional(ModelName), v.description('cached distribution model (default: the one named in the ZIP metadata)')),
  ...v.pick(ImpactRequest, ANALYSIS_FIELDS).entries,
});

export interface ImpactOutcome {
  filePath: string;
  /** `{distribution}_{hazard}_impact_{n}samples.sqlite`, for downloads. */
  fileName: string;
  summary: ImpactSummary;
}

export interface EstimateImpactOptions extends RunOutputOptions {
  /** Keep the scenario ZIP drawn for the analysis at this path (otherwise it is a temporary file). */
  scenariosOutputPath?: string;
  /** Worker threads sharing the scenario sampling; the output does not depend on it. */
  workers?: number;
  /** Also write the scenario ZIP with restoration edits that match the result's repairs table (docs/output-impact.md). */
  restorationOutputPath?: string;
}

interface ImpactDependencies {
  stores: { distribution: ModelStore; hazard: ModelStore };
  generateScenarios(request: unknown, options: RunOutputOptions & { recordLimit?: number; workers?: number }): Promise<ScenarioOutcome>;
  /** The file name `hazsim scenarios` gives the run's ZIP (simulation.ts scenarioFileNames): `--scenarios-output <folder>` takes it too. */
  scenarioZipName(request: ImpactRequest): string;
  resultsDir: string;
  /** The cache root: no user-chosen output may land inside it. */
  cacheRoot: string;
}

/** The cached hazard model of that name, or null when the cache no longer holds it (crews then wait for the event's end). */
export function cachedHazard(store: ModelStore, name: string | null): { name: string; filePath: string } | null {
  if (name === null || !store.has(name)) return null;
  const hazard = store.get(name);
  return { name: hazard.name, filePath: hazard.file_path };
}

/**
 * The restoration settings in a results-folder file name: switching and priority spelled
 * out, critical loads and crew travel (lists and coordinates) as a short hash when given.
 */
function restorationStem(analysis: ImpactAnalysisSettings): string {
  const switching = analysis.switching === 'flisr' ? `flisr${analysis.switching_delay_minutes}min` : 'noswitching';
  const extras =
    analysis.critical_loads.length > 0 || analysis.crew_travel
      ? `_${crypto
          .createHash('sha256')
          .update(JSON.stringify([analysis.critical_loads, analysis.crew_travel]))
          .digest('hex')
          .slice(0, 12)}`
      : '';
  return `${switching}_${analysis.priority}${extras}`;
}

function temporaryZipPath(): string {
  return path.join(os.tmpdir(), `hazsim-${process.pid}-${crypto.randomBytes(6).toString('hex')}-scenarios.zip`);
}

export function createImpactOps(dependencies: ImpactDependencies) {
  const { stores } = dependencies;

  /** Where an impact result goes (runDestination): one file name, checked before any work. */
  function destinationOf(fileName: string, options: RunOutputOptions): ResultDestination {
    return runDestination({ stored: fileName, download: fileName }, options, dependencies);
  }

  /**
   * A side file the user names besides the result (`--scenarios-output`, `--restoration-output`),
   * checked before any work under the result-file rules; never standard output, which may carry
   * the result itself.
   */
  function sideDestination(requested: string | undefined, fileName: string, option: string, options: RunOutputOptions): ResultDestination | null {
    if (requested === undefined) return null;
    return prepareResultDestination(requested, fileName, dependencies.cacheRoot, { overwrite: options.overwrite, option, toStdout: false });
  }

  /**
   * Refuses two outputs of one run at one file: the later would silently replace the earlier (a
   * device such as /dev/null may take both); and an output at the scenario ZIP the run reads, which
   * it would replace with its own result.
   */
  function checkDistinct(outputs: [string, ResultDestination | null][], scenariosInput?: string): void {
    const files = outputs.filter((output): output is [string, ResultDestination] => output[1] !== null && !output[1].privateFile);
    if (scenariosInput !== undefined) {
      const input = realPathOf(scenariosInput);
      const overInput = files.find(([, destination]) => realPathOf(destination.finalPath) === input);
      if (overInput)
        throw new HazsimError(
          'invalid_input',
          `${overInput[0]} names ${overInput[1].finalPath}, the scenario ZIP this run reads; give the output its own file`,
          [{ path: overInput[0], message: 'the same file as --scenarios' }],
        );
    }
    for (const [k, [option, destination]] of files.entries()) {
      const same = files.slice(k + 1).find(([, other]) => other.finalPath === destination.finalPath);
      if (same)
        throw new HazsimError('invalid_input', `${option} and ${same[0]} both name ${destination.finalPath}; give each its own file`, [
          { path: same[0], message: `the same file as ${option}` },
        ]);
    }
  }

  /** Runs `work` with the restoration ZIP's destination (when one is asked for) delivered with it, or removed when it fails. */
  function withRestoration<T>(restoration: ResultDestination | null, work: (restorationZipPath: string | undefined) => Promise<T>): Promise<T> {
    return restoration ? deliver(restoration, () => work(restoration.buildPath)) : work(undefined);
  }

  async function analyze(
    distributionName: string,
    hazardName: string | null,
    zipPath: string,
    settings: ImpactAnalysisSettings,
    fileName: string,
    destination: ResultDestination,
    restoration: ResultDestination | null,
    options: RunOutputOptions,
  ): Promise<ImpactOutcome> {
    const summary = await deliver(destination, () =>
      withRestoration(restoration, (restorationZipPath) => {
        const { record: distribution, coordinates } = stores.distribution.getWithReading(distributionName);
        const task: ImpactTask = {
          distribution: { name: distribution.name, filePath: distribution.file_path, coordinates },
          zipPath,
          sqlitePath: destination.buildPath,
          hazard: cachedHazard(stores.hazard, hazardName),
          crews: settings.crews,
          restoration: restorationSettingsOf(settings),
          customersPerLoad: settings.customers_per_load,
          timeStepHours: settings.time_step_hours,
          hazsimVersion: HAZSIM_VERSION,
          ...(restorationZipPath !== undefined ? { restorationZipPath } : {}),
        };
        return runWorkerTask<ImpactTask, ImpactSummary>(import.meta.url, IMPACT_WORKER, task, options.onProgress, options.signal);
      }),
    );
    return { filePath: destination.finalPath, fileName, summary: { ...summary, file_path: destination.finalPath } };
  }

  /** Draws the scenarios of the request, then estimates their impact. */
  async function estimateImpact(requestInput: unknown, options: EstimateImpactOptions = {}): Promise<ImpactOutcome> {
    const request = parseOrThrow(ImpactRequest, requestInput, 'impact request');
    const { analysis, scenarios: scenarioRequest } = splitImpactRequest(request);
    const { crews, customers_per_load, time_step_hours } = analysis;
    // Unknown names fail before any sampling.
    stores.distribution.get(request.distribution_system_name);
    const n = request.number_of_samples;
    // The specification's (docs/specification.md) download name (REST), and the stored name hazsim chooses itself, like the scenario ZIP's (docs/cache.md,
    // "Result file names"); the cache's shared results folder also names every analysis setting.
    const fileName = `${request.distribution_system_name}_${request.hazard_system_name}_impact_${n}samples.sqlite`;
    const stored = `${resultsFolderStem(request)}_impact_${n}samples_seed${request.seed}_${request.method}`;
    const destination = runDestination(
      {
        download: fileName,
        stored: options.inResultsDir
          ? `${stored}_crews${crews ?? 'unlimited'}_cpl${customers_per_load}_step${time_step_hours}_${restorationStem(analysis)}.sqlite`
          : `${stored}.sqlite`,
      },
      options,
      dependencies,
    );
    const scenarios = sideDestination(options.scenariosOutputPath, dependencies.scenarioZipName(request), '--scenarios-output', options);
    const restoration = sideDestination(options.restorationOutputPath, `${stored}_restoration.zip`, '--restoration-output', options);
    checkDistinct([
      ['-o', destination],
      ['--scenarios-output', scenarios],
      ['--restoration-output', restoration],
    ]);
    const zipPath = scenarios ? scenarios.buildPath : temporaryZipPath();
    const drawAndAnalyze = async () => {
      await dependencies.generateScenarios(scenarioRequest, {
        outputPath: zipPath,
        // Checked above, with the user's --overwrite, as --scenarios-output.
        overwrite: true,
        option: '--scenarios-output',
        toStdout: false,
        recordLimit: 0,
        workers: options.workers,
        onProgress: options.onProgress,
        signal: options.signal,
      });
      return analyze(request.distribution_system_name, request.hazard_system_name, zipPath, analysis, fileName, destination, restoration, options);
    };
    try {
      // A kept ZIP is delivered (copied through a device, say) only after the analysis has read it.
      return await (scenarios ? deliver(scenarios, drawAndAnalyze) : drawAndAnalyze());
    } catch (error) {
      destination.discard();
      restoration?.discard();
      throw error;
    } finally {
      if (!scenarios) fs.rmSync(zipPath, { force: true });
    }
  }

  /** Estimates the impact of the scenarios in an existing ZIP (`hazsim impact --scenarios`). */
  async function estimateImpactFromScenarios(
    zipPath: string,
    requestInput: unknown,
    options: RunOutputOptions & { restorationOutputPath?: string } = {},
  ): Promise<ImpactOutcome> {
    const stem = path.basename(zipPath).replace(/\.zip$/i, '');
    const destination = destinationOf(`${stem}_impact.sqlite`, options);
    const restoration = sideDestination(options.restorationOutputPath, `${stem}_restoration.zip`, '--restoration-output', options);
    checkDistinct(
      [
        ['-o', destination],
        ['--restoration-output', restoration],
      ],
      zipPath,
    );
    const request = parseOrThrow(ImpactFromScenariosRequest, requestInput, 'impact request');
    const { distribution_system_name: givenDistribution, ...analysis } = request;
    const zip = await ScenarioZip.open(zipPath);
    let distributionName = givenDistribution;
    let hazardName: string | null;
    try {
      const { metadata } = await zip.contents();
      hazardName = typeof metadata.hazard_system_name === 'string' ? metadata.hazard_system_name : null;
      if (distributionName === undefined) {
        const named = metadata.distribution_system_name;
        if (typeof named !== 'string') throw new HazsimError('usage', `${zipPath} does not name its distribution system; give it as an argument`);
        distributionName = named;
      }
    } finally {
      zip.close();
    }
    return analyze(distributionName, hazardName, path.resolve(zipPath), analysis, `${stem}_impact.sqlite`, destination, restoration, options);
  }

  return { estimateImpact, estimateImpactFromScenarios };
}
