/**
 * The contract between the simulation (which produces survival probabilities) and the
 * scenario engine (which samples outages from them and writes the scenario ZIP).
 */
import type * as v from 'valibot';
import type { DamageModel, FailureDamage } from './damage.js';
import type { SamplingMethod } from './options.js';
import type { ChunkRunnerFactory } from './runner.js';
import type { TrackedChange, TrackedChangeEdit } from './schema.js';

/** One simulation run, as the scenario engine consumes it. */
export interface ScenarioInput {
  /** Sorted, distinct ISO 8601 date-times without zone. */
  timestamps: string[];
  /** GDM component uuid of each asset; n = assetUuids.length. */
  assetUuids: string[];
  /** Combined survival probability in [0, 1], timestamp-major: survival[t * n + a]. */
  survival: Float64Array;
  /**
   * True when survival(t) is the probability of surviving everything up to t (the default
   * physics): every method then samples by first crossing (firstCrossing.ts). False or
   * absent: survival per timestamp (erad_v1), sampled by the method's own rule.
   */
  survivalIsCumulative?: boolean;
  /** Damage states and repair times per asset and timestamp: when present, the ZIP gains damage.csv (damage.ts). */
  damage?: DamageModel;
  /**
   * Survival that changes from sample to sample (correlated earthquake shaking,
   * docs/correlated-shaking.md). Each sample's cumulative survival is then made by the plug-in
   * from the sample's own stream (sampleStream(seed, i, 'shaking')) and sampled by first crossing;
   * `survival` stays the marginal (averaged) survival, for the time series. With `damage`, the
   * failures' damage probabilities come from the plug-in too (SampleSurvival.failureDamage).
   */
  sampleSurvival?: SampleSurvivalPlugin;
  /** Supplied by the caller (inputs and their sha256, curve set, hazsim version...), copied into tracked_changes.json metadata. */
  metadata: Record<string, unknown>;
}

/**
 * A per-sample survival: `create(data)` returns a SampleSurvival filling one sample's survival
 * (timestamp-major like ScenarioInput.survival, cumulative) from the sample's own uniform stream,
 * and, with ScenarioInput.damage, `failureDamage`. `data` must be plain (structured-clonable):
 * a thread pool (src/app/workers/scenarioPool.ts) sends it to its threads, which build the same
 * SampleSurvival from it.
 */
export interface SampleSurvivalPlugin {
  create(data: unknown): SampleSurvival;
  data: unknown;
  /** Written into tracked_changes.json metadata as `sample_survival`. */
  description: string;
}

/** What a SampleSurvivalPlugin's create returns. */
export interface SampleSurvival {
  fill(uniform: () => number, out: Float64Array): void;
  /**
   * The damage probabilities of failures of the sample last filled (`failedAssets[k]` at
   * timestamp index `failureTimes[k]`, k < count) into `out`, in the classes and stride of
   * ScenarioInput.damage: a failure's damage state then follows the sample's own survival
   * rather than the run's model. Required with ScenarioInput.damage.
   */
  failureDamage?(count: number, failedAssets: Int32Array, failureTimes: Int32Array, out: FailureDamage): void;
}

/** How to sample. number_of_samples and seed are bounded (see validateScenarioOptions). */
export interface ScenarioOptions {
  numberOfSamples: number;
  /** Integer in [0, 2^32). */
  seed: number;
  method: SamplingMethod;
  /** Chunks sampled at once (threads, with a chunkRunners that starts them); default 1. The output does not depend on it. */
  workers?: number;
  /** Where chunks run (runner.ts); default: on the calling thread. The application passes its thread pool. */
  chunkRunners?: ChunkRunnerFactory;
  /** Called in sample order as samples are written to the ZIP. */
  onProgress?: (doneSamples: number, total: number) => void;
  /** How many scenario records the summary carries (default 1000). */
  recordLimit?: number;
  /**
   * Restoration edits (needs ScenarioInput.damage): each failed asset also gets an edit back
   * in service (`value: true`) at its failure time plus its damage.csv repair time.
   */
  restoration?: boolean;
  /** Upper bound of numberOfSamples (default DEFAULT_MAX_SAMPLES); the application sets it from HAZSIM_MAX_SAMPLES. */
  maxSamples?: number;
  /** Stops the writer in any phase, sampling or packing the file (its partial file is removed). */
  signal?: AbortSignal;
  /** The most bytes the file and its side files may take on disk; past it the run stops (too_large). */
  maxOutputBytes?: number;
}

/** docs/specification.md §2.5 edit record, as hazsim writes it: `{component_uuid, name: "in_service", value: false}`. */
export type EditRecord = v.InferOutput<typeof TrackedChangeEdit>;

/** docs/specification.md §2.5 scenario record: the assets of one sample that fail at one timestamp. */
export type ScenarioRecord = v.InferOutput<typeof TrackedChange>;

/** What writeScenarioZip reports once the ZIP is complete. */
export interface ScenarioRunSummary {
  output_path: string;
  zip_bytes: number;
  number_of_samples: number;
  seed: number;
  method: SamplingMethod;
  asset_count: number;
  timestamp_count: number;
  /** Number of scenario records (one per sample and timestamp with failures). */
  total_scenarios: number;
  /** Sum of failed assets over all samples. */
  total_failures: number;
  samples_with_failures: number;
  /** Failed assets in each sample, by sample index. */
  failures_per_sample: number[];
  /** The first recordLimit scenario records, in file order. */
  records: ScenarioRecord[];
  /** True when total_scenarios exceeds records.length. */
  truncated: boolean;
}
