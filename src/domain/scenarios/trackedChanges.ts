/**
 * tracked_changes.json, written as a stream: the records go out as samples are drawn and
 * the metadata, which includes per-sample counts known only at the end, closes the object.
 * That is why `tracked_changes` precedes `metadata` in the file (docs/decisions.md).
 */
import type { SamplingMethod } from './options.js';
import { RNG_DESCRIPTION, SHAKING_STREAM_DESCRIPTION } from './rng.js';

/** Opens the document and its record array; records follow one per line, separated by ",\n". */
export const DOCUMENT_OPENING = '{"tracked_changes":[\n';
export const RECORD_SEPARATOR = ',\n';

/** What each method does, written into the metadata. */
export const SAMPLING_DESCRIPTIONS: Readonly<Record<SamplingMethod, string>> = {
  peak: 'one draw u per asset and sample, in asset order; the asset fails iff u < 1 - (its lowest survival over time), at the first timestamp where that lowest survival occurs',
  sequential:
    'per timestamp an asset still in service fails with probability 1 - survival(t), first failure kept; drawn as one u per asset and sample, in asset order: the asset fails at the first timestamp t with u < 1 - (product of its survival up to t), if any',
};

/** How every method samples event-consistent (cumulative) survival, written into the metadata. */
export const FIRST_CROSSING_DESCRIPTION =
  'survival is event-consistent (probability of surviving everything up to t); one draw u per asset and sample, in asset order: the asset fails at the first timestamp t with u < 1 - survival(t), if any';

/** What the restoration edits of a scenario ZIP mean, written into its metadata. */
export const RESTORATION_DESCRIPTION =
  'each failed asset is back in service (in_service true) at its failure time plus its damage.csv repair_hours, to the second: every repair starts when its asset fails (no crew limit)';

/** The run's own facts, added to the caller's metadata. */
export interface RunFacts {
  seed: number;
  method: SamplingMethod;
  survivalIsCumulative: boolean;
  numberOfSamples: number;
  assetCount: number;
  /** The hazard timestamps, ascending: the metadata names them, so a ZIP of a feeder without assets (no time_series/) still says them. */
  timestamps: readonly string[];
  totalScenarios: number;
  failuresPerSample: Uint32Array;
  /** The records carry restoration edits. */
  restoration?: boolean;
  /** SampleSurvivalPlugin.description, when survival changes from sample to sample. */
  sampleSurvival?: string;
}

/** The metadata object: the caller's fields, then the run's (which win on a name clash). */
export function buildMetadata(callerMetadata: Record<string, unknown>, facts: RunFacts): Record<string, unknown> {
  let totalFailures = 0;
  let samplesWithFailures = 0;
  for (const count of facts.failuresPerSample) {
    totalFailures += count;
    if (count > 0) samplesWithFailures += 1;
  }
  return {
    ...callerMetadata,
    seed: facts.seed,
    method: facts.method,
    sampling: facts.survivalIsCumulative ? FIRST_CROSSING_DESCRIPTION : SAMPLING_DESCRIPTIONS[facts.method],
    number_of_samples: facts.numberOfSamples,
    ...(facts.sampleSurvival ? { sample_survival: facts.sampleSurvival } : {}),
    rng: facts.sampleSurvival ? { ...RNG_DESCRIPTION, shaking: SHAKING_STREAM_DESCRIPTION } : { ...RNG_DESCRIPTION },
    asset_count: facts.assetCount,
    timestamp_count: facts.timestamps.length,
    timestamps: [...facts.timestamps],
    total_scenarios: facts.totalScenarios,
    total_failures: totalFailures,
    samples_with_failures: samplesWithFailures,
    failures_per_sample: Array.from(facts.failuresPerSample),
    ...(facts.restoration ? { restoration: RESTORATION_DESCRIPTION } : {}),
  };
}

/** Closes the record array and the document with the metadata. */
export function documentClosing(metadata: Record<string, unknown>, hadRecords: boolean): string {
  return `${hadRecords ? '\n' : ''}],\n"metadata":${JSON.stringify(metadata)}}\n`;
}
