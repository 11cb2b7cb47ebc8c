/** Limits that protect users from runs they did not mean: sample count, seed range, worker count. */
import * as v from 'valibot';
import { DEFAULT_MAX_SAMPLES, SampleCount, SamplingMethod as SamplingMethodSchema, Seed } from './schema.js';
import { parseOrThrow } from '../../base/validation.js';
import type { ScenarioOptions } from './types.js';

export type SamplingMethod = v.InferOutput<typeof SamplingMethodSchema>;

/** Records carried by a run summary unless the caller asks otherwise. */
export const DEFAULT_RECORD_LIMIT = 1000;
/** More threads than this only adds start-up cost on any machine we target (the application's default is its core count, up to this). */
export const MAX_WORKERS = 64;

/** Scenario options after validation, with defaults filled in. */
export interface ValidScenarioOptions {
  numberOfSamples: number;
  seed: number;
  method: SamplingMethod;
  workers: number;
  recordLimit: number;
  maxSamples: number;
}

function optionsSchema(max: number) {
  const integer = v.pipe(v.number(), v.integer('must be an integer'));
  return v.object({
    number_of_samples: v.pipe(SampleCount, v.maxValue(max, `must be at most ${max} (the limit is set by HAZSIM_MAX_SAMPLES)`)),
    seed: Seed,
    method: SamplingMethodSchema,
    workers: v.pipe(integer, v.minValue(1, 'must be at least 1'), v.maxValue(MAX_WORKERS, `must be at most ${MAX_WORKERS}`)),
    record_limit: v.pipe(integer, v.minValue(0, 'must be >= 0')),
  });
}

/**
 * Checks number_of_samples (1 to options.maxSamples, default DEFAULT_MAX_SAMPLES), seed
 * (integer in [0, 2^32)), method, workers (1 to MAX_WORKERS, default 1: the domain reads no core
 * count; the application passes its own default) and recordLimit; throws invalid_input naming
 * each offending field (wire names, e.g. `number_of_samples`).
 */
export function validateScenarioOptions(options: ScenarioOptions): ValidScenarioOptions {
  const maxSamples = options.maxSamples ?? DEFAULT_MAX_SAMPLES;
  const parsed = parseOrThrow(
    optionsSchema(maxSamples),
    {
      number_of_samples: options.numberOfSamples,
      seed: options.seed,
      method: options.method,
      workers: options.workers ?? 1,
      record_limit: options.recordLimit ?? DEFAULT_RECORD_LIMIT,
    },
    'scenario options',
  );
  return {
    numberOfSamples: parsed.number_of_samples,
    seed: parsed.seed,
    method: parsed.method,
    workers: parsed.workers,
    recordLimit: parsed.record_limit,
    maxSamples,
  };
}
