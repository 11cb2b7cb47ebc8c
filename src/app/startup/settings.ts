/**
 * Settings resolved once, when a service is created: nothing below the application layer
 * reads the environment, so a service behaves as it was configured for its whole life.
 */
import { HazsimError } from '../../base/errors.js';
import { parseDuration } from '../../base/duration.js';
import { DEFAULT_MAX_SAMPLES } from '../../domain/scenarios/index.js';
import { resolveCacheRoot } from '../cache/root.js';

export interface Settings {
  /** Absolute path of the cache root. */
  cacheRoot: string;
  /** Upper bound of number_of_samples (HAZSIM_MAX_SAMPLES, default DEFAULT_MAX_SAMPLES). */
  maxSamples: number;
  /** The most bytes one run's scenario file may take (HAZSIM_MAX_OUTPUT_MB, default DEFAULT_MAX_OUTPUT_MB). */
  maxOutputBytes: number;
  /** How long a finished job and its result are kept (HAZSIM_JOB_TTL, default DEFAULT_JOB_TTL); null keeps them until removed. */
  jobTtlMs: number | null;
}

/**
 * Seven days: long enough that a job finished on a Friday can still be fetched after a
 * weekend, short enough that one run's result (up to HAZSIM_MAX_OUTPUT_MB) does not hold
 * the disk for the 30 days `cache prune` keeps results by default.
 */
export const DEFAULT_JOB_TTL = '7d';

/** 20 GiB: room for the largest runs the docs describe (docs/performance.md), not for a runaway one. */
export const DEFAULT_MAX_OUTPUT_MB = 20_480;

/** The settings of a service: `--cache-dir` (explicit) or the environment, then defaults. */
export function resolveSettings(explicitCacheDir: string | undefined, env: NodeJS.ProcessEnv): Settings {
  return {
    cacheRoot: resolveCacheRoot(explicitCacheDir, env),
    maxSamples: maxSamplesSetting(env),
    maxOutputBytes: maxOutputSetting(env) * 1024 ** 2,
    jobTtlMs: jobTtlSetting(env),
  };
}

/** HAZSIM_JOB_TTL as milliseconds (null for `never`), DEFAULT_JOB_TTL when unset or blank. */
export function jobTtlSetting(env: NodeJS.ProcessEnv): number | null {
  const text = env.HAZSIM_JOB_TTL;
  const parsed = parseDuration(text === undefined || text.trim() === '' ? DEFAULT_JOB_TTL : text);
  if ('problem' in parsed) {
    throw new HazsimError('invalid_input', `HAZSIM_JOB_TTL: ${parsed.problem}`, [{ path: 'HAZSIM_JOB_TTL', message: parsed.problem }]);
  }
  return parsed.ms;
}

/** HAZSIM_MAX_OUTPUT_MB as a positive number of MiB, DEFAULT_MAX_OUTPUT_MB when unset or blank. */
export function maxOutputSetting(env: NodeJS.ProcessEnv): number {
  const text = env.HAZSIM_MAX_OUTPUT_MB;
  if (text === undefined || text.trim() === '') return DEFAULT_MAX_OUTPUT_MB;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) {
    throw new HazsimError('invalid_input', `HAZSIM_MAX_OUTPUT_MB must be a positive number of MiB, got ${JSON.stringify(text)}`, [
      { path: 'HAZSIM_MAX_OUTPUT_MB', message: 'must be a positive number' },
    ]);
  }
  return value;
}

/**
 * HAZSIM_MAX_SAMPLES as a positive integer, DEFAULT_MAX_SAMPLES when unset or blank.
 * Throws invalid_input naming the variable when it is malformed.
 */
export function maxSamplesSetting(env: NodeJS.ProcessEnv): number {
  const text = env.HAZSIM_MAX_SAMPLES;
  if (text === undefined || text.trim() === '') return DEFAULT_MAX_SAMPLES;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new HazsimError('invalid_input', `HAZSIM_MAX_SAMPLES must be a positive integer, got ${JSON.stringify(text)}`, [
      { path: 'HAZSIM_MAX_SAMPLES', message: 'must be a positive integer' },
    ]);
  }
  return value;
}
