/**
 * Sharded impact runs (docs/scale-out.md): `hazsim impact --shard i/N` draws the part's samples
 * (a scenario shard), analyses them alone and writes an impact part; `hazsim merge` tells
 * impact parts from scenario shards and writes, from all N impact parts, the SQLite result of
 * the unsharded run byte for byte.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ModelStore } from '../cache/store.js';
import { HazsimError } from '../../base/errors.js';
import { parseOrThrow } from '../../base/validation.js';
import { HAZSIM_VERSION } from '../../base/version.js';
import { runWorkerTask, type ProgressEvent } from '../../base/workerTask.js';
import { checkShardSet, SHARD_EXTENSION, writeShardSamplesZip, type RunDifference, type ShardSpec } from '../../domain/scenarios/index.js';
import { ImpactShardReader, isImpactShardFile, type ImpactShardRun } from '../../domain/network/index.js';
import { ImpactRequest, restorationSettingsOf, splitImpactRequest } from './impactSchemas.js';
import { cachedHazard } from './impact.js';
import { mergeImpactParts, type ImpactShardSummary, type ImpactShardTask } from './impactRun.js';
import { deliver, prepareResultDestination, runDestination, type DestinationOptions } from '../results/resultOutput.js';
import type { createSimulationOps, RunOutputOptions } from '../simulation/simulation.js';

const IMPACT_WORKER = '../workers/impactWorker';

type SimulationOps = ReturnType<typeof createSimulationOps>;

interface ImpactShardDependencies {
  stores: { distribution: ModelStore; hazard: ModelStore };
  generateScenarioShard: SimulationOps['generateScenarioShard'];
  mergeScenarios: SimulationOps['mergeScenarios'];
  resultsDir: string;
  cacheRoot: string;
}

function temporaryFile(suffix: string): string {
  return path.join(os.tmpdir(), `hazsim-${process.pid}-${crypto.randomBytes(6).toString('hex')}-${suffix}`);
}

async function fileSha256(filePath: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(filePath)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The first field in which two parts' runs differ, or null. */
function runDifference(a: ImpactShardRun, b: ImpactShardRun): RunDifference {
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])] as (keyof ImpactShardRun)[];
  for (const field of fields) {
    if (field === 'run_info') continue;
    if (JSON.stringify(a[field]) !== JSON.stringify(b[field])) return { field, a: a[field], b: b[field] };
  }
  const keys = [...new Set([...Object.keys(a.run_info), ...Object.keys(b.run_info)])];
  for (const key of keys) if (a.run_info[key] !== b.run_info[key]) return { field: `run_info.${key}`, a: a.run_info[key], b: b.run_info[key] };
  return null;
}

export function createImpactShardOps(dependencies: ImpactShardDependencies) {
  const { stores } = dependencies;

  /** `hazsim impact --shard i/N`: the impact part of samples [⌊i·S/N⌋, ⌊(i+1)·S/N⌋) of the request's run. */
  async function estimateImpactShard(
    requestInput: unknown,
    shard: ShardSpec,
    options: RunOutputOptions & { workers?: number } = {},
  ): Promise<{ filePath: string; summary: ImpactShardSummary }> {
    const request = parseOrThrow(ImpactRequest, requestInput, 'impact request');
    const { analysis, scenarios: scenarioRequest } = splitImpactRequest(request);
    const { record: distribution, coordinates } = stores.distribution.getWithReading(request.distribution_system_name);
    // Parts keep one name wherever they go: `hazsim merge` takes them by pattern (docs/scale-out.md).
    const partName = `${request.distribution_system_name}_impact_${request.number_of_samples}samples.shard-${shard.index}-of-${shard.count}${SHARD_EXTENSION}`;
    const destination = runDestination({ stored: partName, download: partName }, options, dependencies);
    const scenarioShardPath = temporaryFile(`scenarios${SHARD_EXTENSION}`);
    const zipPath = temporaryFile('scenarios.zip');
    try {
      const summary = await deliver(destination, async () => {
        const scenarioShard = await dependencies.generateScenarioShard(scenarioRequest, shard, {
          outputPath: scenarioShardPath,
          workers: options.workers,
          onProgress: options.onProgress,
          signal: options.signal,
        });
        await writeShardSamplesZip(scenarioShardPath, zipPath);
        const task: ImpactShardTask = {
          distribution: { name: distribution.name, filePath: distribution.file_path, coordinates },
          hazard: cachedHazard(stores.hazard, request.hazard_system_name),
          zipPath,
          crews: analysis.crews,
          restoration: restorationSettingsOf(analysis),
          customersPerLoad: analysis.customers_per_load,
          timeStepHours: analysis.time_step_hours,
          hazsimVersion: HAZSIM_VERSION,
          partPath: destination.buildPath,
          scenarioShardPath,
          shardIndex: shard.index,
          shardCount: shard.count,
          firstSample: scenarioShard.summary.first_sample,
          endSample: scenarioShard.summary.end_sample,
        };
        return runWorkerTask<ImpactShardTask, ImpactShardSummary>(import.meta.url, IMPACT_WORKER, task, options.onProgress, options.signal);
      });
      return { filePath: destination.finalPath, summary: { ...summary, file_path: destination.finalPath } };
    } finally {
      fs.rmSync(scenarioShardPath, { force: true });
      fs.rmSync(zipPath, { force: true });
    }
  }

  /** The impact result of the unsharded run from all its impact parts, in any order. */
  async function mergeImpact(parts: string[], options: { outputPath: string; onProgress?: (event: ProgressEvent) => void } & DestinationOptions) {
    const readers = parts.map((part) => new ImpactShardReader(part));
    checkShardSet(readers, runDifference, 'parts of different impact runs');
    readers.sort((a, b) => a.header.shard_index - b.header.shard_index);
    const run = readers[0].header.run;
    const distribution = stores.distribution.get(run.distribution_system_name);
    const destination = prepareResultDestination(options.outputPath, 'merged.sqlite', dependencies.cacheRoot, options);
    // The result records the sha256 of the whole run's scenario ZIP: rebuilt here from the parts' scenario shards.
    const scenarioShards = readers.map((_, k) => temporaryFile(`part${k}${SHARD_EXTENSION}`));
    const zipPath = temporaryFile('scenarios.zip');
    try {
      const summary = await deliver(destination, async () => {
        readers.forEach((reader, k) => reader.extractScenarioShard(scenarioShards[k]));
        await dependencies.mergeScenarios(scenarioShards, { outputPath: zipPath });
        return mergeImpactParts(
          readers,
          { name: distribution.name, filePath: distribution.file_path },
          await fileSha256(zipPath),
          destination.buildPath,
          (event) => options.onProgress?.(event),
        );
      });
      return { filePath: destination.finalPath, summary: { ...summary, file_path: destination.finalPath } };
    } finally {
      for (const file of [...scenarioShards, zipPath]) fs.rmSync(file, { force: true });
    }
  }

  /**
   * `hazsim merge`: scenario shards or impact parts, told apart by their first bytes; the
   * parts of one merge must all be of one kind.
   */
  async function mergeShards(parts: string[], options: { outputPath: string; onProgress?: (event: ProgressEvent) => void } & DestinationOptions) {
    const impact = parts.map((part) => isImpactShardFile(part));
    if (impact.some((isImpact) => isImpact)) {
      const other = impact.findIndex((isImpact) => !isImpact);
      if (other >= 0) {
        throw new HazsimError(
          'invalid_input',
          `${parts[other]} is not an impact part like ${parts[impact.indexOf(true)]}: merge the parts of one run, all of one kind`,
          [{ path: `parts[${other}]`, message: 'is not an impact part' }],
        );
      }
      return { kind: 'impact' as const, ...(await mergeImpact(parts, options)) };
    }
    return { kind: 'scenarios' as const, ...(await dependencies.mergeScenarios(parts, options)) };
  }

  return { estimateImpactShard, mergeShards };
}
