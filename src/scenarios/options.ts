/** Limits that protect users from runs they did not mean: sample count, seed range, worker count. */
import os from 'node:os';
import * as v from 'valibot';
import { HazsimError } from '../core/errors.js';
import { DEFAULT_MAX_SAMPLES, SampleCount, SamplingMethod as SamplingMethodSchema, Seed } from '../core/schemas.js';
import { parseOrThrow } from '../core/validation.js';
import type { ScenarioOptions } from './types.js';

export type SamplingMethod = v.InferOutput<typeof SamplingMethodSchema>;

/** Records carried by a run summary unless the caller asks otherwise. */
export const DEFAULT_RECORD_LIMIT = 1000;
/** More threads than this only adds start-up cost on any machine we target. */
export const MAX_WORKERS = 64;

/**
 * The upper bound of number_of_samples: DEFAULT_MAX_SAMPLES, or HAZSIM_MAX_SAMPLES when set
 * (a positive integer). Throws invalid_input naming the variable when it is malformed.
 */
export function maxSamples(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.HAZSIM_MAX_SAMPLES;
  if (text === undefined || text.trim() === '') return DEFAULT_MAX_SAMPLES;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new HazsimError('invalid_input', `HAZSIM_MAX_SAMPLES must be a positive integer, got ${JSON.stringify(text)}`, [{ path: 'HAZSIM_MAX_SAMPLES', message: 'must be a positive integer' }]);
  }
  return value;
}

/** Scenario options after validation, with defaults filled in. */
export interface ValidScenarioOptions {
  numberOfSamples: number;
  seed: number;
  method: SamplingMethod;
  workers: number;
  recordLimit: number;
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
 * Checks number_of_samples (1 to maxSamples(env)), seed (integer in [0, 2^32)), method,
 * workers and recordLimit; throws invalid_input naming each offending field (wire names,
 * e.g. `number_of_samples`).
 */
export function validateScenarioOptions(options: ScenarioOptions, env: NodeJS.ProcessEnv = process.env): ValidScenarioOptions {
  const parsed = parseOrThrow(
    optionsSchema(maxSamples(env)),
    {
      number_of_samples: options.numberOfSamples,
      seed: options.seed,
      method: options.method,
      workers: options.workers ?? Math.min(os.availableParallelism(), MAX_WORKERS),
      record_limit: options.recordLimit ?? DEFAULT_RECORD_LIMIT,
    },
    'scenario options',
  );
  return { numberOfSamples: parsed.number_of_samples, seed: parsed.seed, method: parsed.method, workers: parsed.workers, recordLimit: parsed.record_limit };
}
