/**
 * A scenario run as every writer sees it: the simulation's output, the caller's metadata and
 * the validated sampling options; and the summary a writer returns once its file is complete.
 */
import type { SamplingInit } from './chunk.js';
import { onThisThread, type ChunkRunnerFactory, type SamplingJob } from './runner.js';
import type { DamageModel } from './damage.js';
import { HazsimError } from '../../base/errors.js';
import { validateScenarioInput } from './input.js';
import { validateScenarioOptions } from './options.js';
import type { SamplingMethod } from './options.js';
import type { ScenarioInput, ScenarioOptions, ScenarioRecord, ScenarioRunSummary } from './types.js';

export interface RunDescription {
  timestamps: string[];
  assetUuids: string[];
  survival: Float64Array;
  survivalIsCumulative: boolean;
  metadata: Record<string, unknown>;
  seed: number;
  method: SamplingMethod;
  numberOfSamples: number;
  recordLimit: number;
  /** The damage model (damage.csv); absent: no damage.csv. */
  damage?: DamageModel;
  /** Restoration edits in the records (needs `damage`). */
  restoration: boolean;
  /** ScenarioInput.sampleSurvival's description, when survival changes from sample to sample. */
  sampleSurvival?: string;
}

/** Validates options and input (invalid_input naming each bad field) and returns the run, what samplers need and where they run. */
export function prepareRun(
  input: ScenarioInput,
  options: ScenarioOptions,
): { run: RunDescription; job: SamplingJob; workers: number; chunkRunners: ChunkRunnerFactory } {
  const valid = validateScenarioOptions(options);
  validateScenarioInput(input);
  const survivalIsCumulative = input.survivalIsCumulative === true;
  if (options.restoration && !input.damage) {
    throw new HazsimError('invalid_input', 'Restoration edits need repair times: the scenario input has no damage model', [
      { path: 'restoration', message: 'needs the damage model of the run' },
    ]);
  }
  const run: RunDescription = {
    timestamps: input.timestamps,
    assetUuids: input.assetUuids,
    survival: input.survival,
    survivalIsCumulative,
    metadata: input.metadata,
    seed: valid.seed,
    method: valid.method,
    numberOfSamples: valid.numberOfSamples,
    recordLimit: valid.recordLimit,
    ...(input.damage ? { damage: input.damage } : {}),
    restoration: options.restoration === true,
    ...(input.sampleSurvival ? { sampleSurvival: input.sampleSurvival.description } : {}),
  };
  const init: SamplingInit = {
    timestamps: input.timestamps,
    assetUuids: input.assetUuids,
    survival: input.survival,
    method: valid.method,
    survivalIsCumulative,
    ...(input.sampleSurvival ? { sampleSurvival: input.sampleSurvival.data } : {}),
    seed: valid.seed,
    ...(input.damage ? { damage: input.damage } : {}),
    ...(options.restoration ? { restoration: true } : {}),
  };
  return {
    run,
    job: { init, ...(input.sampleSurvival ? { createSampleSurvival: input.sampleSurvival.create } : {}) },
    workers: valid.workers,
    chunkRunners: options.chunkRunners ?? onThisThread,
  };
}

/** The summary of a complete file; `metadata` is what buildMetadata made of the run. */
export function runSummary(
  run: RunDescription,
  outputPath: string,
  fileBytes: number,
  metadata: Record<string, unknown>,
  totalScenarios: number,
  records: ScenarioRecord[],
): ScenarioRunSummary {
  return {
    output_path: outputPath,
    zip_bytes: fileBytes,
    number_of_samples: run.numberOfSamples,
    seed: run.seed,
    method: run.method,
    asset_count: run.assetUuids.length,
    timestamp_count: run.timestamps.length,
    total_scenarios: totalScenarios,
    total_failures: metadata.total_failures as number,
    samples_with_failures: metadata.samples_with_failures as number,
    failures_per_sample: metadata.failures_per_sample as number[],
    records,
    truncated: totalScenarios > records.length,
  };
}
