/**
 * The unit of work shared by the main thread and the workers: a contiguous range of
 * samples, drawn, turned into scenario records (JSON text) and counted per asset and
 * timestamp. Chunk boundaries depend on the input alone, never on the worker count.
 */
import { drawDamage, type DamageModel, type FailureDamage } from './damage.js';
import type { SamplingMethod } from './options.js';
import { drawFirstCrossing, firstCrossingSampler } from './firstCrossing.js';
import { peakSampler } from './peak.js';
import { RecordBuilder } from './records.js';
import { restoredAt, serviceRecords, type ServiceEdit } from './restoration.js';
import { sampleGenerator, sampleStream } from './rng.js';
import type { Sampler } from './sampler.js';
import { sequentialSampler } from './sequential.js';
import { accumulateFailures } from './timeSeries.js';
import type { SampleSurvival, ScenarioRecord } from './types.js';

/** Everything a worker needs to sample; plain data, so it crosses to a worker thread. */
export interface SamplingInit {
  timestamps: string[];
  assetUuids: string[];
  survival: Float64Array;
  method: SamplingMethod;
  /** ScenarioInput.survivalIsCumulative. */
  survivalIsCumulative?: boolean;
  /** ScenarioInput.sampleSurvival's data: plain, so it crosses to a worker thread, which builds the SampleSurvival from it. */
  sampleSurvival?: unknown;
  seed: number;
  /** ScenarioInput.damage: when present, each chunk also gives its damage.csv lines. */
  damage?: DamageModel;
  /** ScenarioOptions.restoration (needs `damage`): the records also put each failed asset back in service after its repair time. */
  restoration?: boolean;
}

/**
 * Samples [start, end); `keep`: how many records to return as objects. `failures`: return
 * each sample's failures as numbers (ChunkResult.failures) instead of records, for the
 * writers that are not the ZIP (shard files, Parquet).
 */
export interface ChunkTask {
  start: number;
  end: number;
  keep: number;
  failures?: boolean;
}

export interface ChunkResult {
  /** UTF-8 JSON of the chunk's records, separated by ",\n" (empty when none). */
  json: Uint8Array<ArrayBuffer>;
  recordCount: number;
  /** The first `keep` records, as objects. */
  records: ScenarioRecord[];
  /** Failed assets in each sample of the chunk. */
  failuresPerSample: Uint32Array<ArrayBuffer>;
  /**
   * With task.failures: per sample, in sample order, its failure count c then c pairs
   * (asset index, timestamp index) ordered by timestamp, then asset uuid (the order of the
   * ZIP's records). Empty otherwise.
   */
  failures: Int32Array<ArrayBuffer>;
  /** UTF-8 damage.csv lines of the chunk's samples (records mode), each ending in a newline; empty without a damage model. */
  damageCsv: Uint8Array<ArrayBuffer>;
  /**
   * With task.failures and per-sample damage probabilities (SamplingContext.failureDamage): per
   * sample, in sample order, per failure in ascending asset index, its class index then its
   * `stride` cumulative probabilities (packFailureDamage). Empty otherwise.
   */
  failureDamage: Float64Array<ArrayBuffer>;
}

/** Draws sample `sampleIndex` into failedAssets/failureTimes and returns how many assets failed (see Sampler.draw). */
export type SampleDraw = (sampleIndex: number, failedAssets: Int32Array, failureTimes: Int32Array) => number;

/** A thread's sampling state: the prepared method, scratch arrays and its failure counts. */
export interface SamplingContext {
  readonly draw: SampleDraw;
  readonly builder: RecordBuilder;
  readonly failedAssets: Int32Array;
  readonly failureTimes: Int32Array;
  /** failureCounts[t * n + a]: samples of this thread in which asset a failed at t. */
  readonly failureCounts: Uint32Array<ArrayBuffer>;
  readonly assetCount: number;
  readonly damage: ContextDamage | null;
  /**
   * Where each sample's failures have their own damage probabilities (sampled shaking): filled
   * by `draw` for the failures it gives, in their order. Null: the damage model's cells are used.
   */
  readonly failureDamage: FailureDamage | null;
}

/** What a context needs to draw damage (damage.ts) and, on request, restoration edits. */
export interface ContextDamage {
  seed: number;
  model: DamageModel;
  restoration: boolean;
  timestamps: readonly string[];
  assetUuids: readonly string[];
}

const SAMPLERS: Record<SamplingMethod, (survival: Float64Array, assetCount: number, timestampCount: number) => Sampler> = {
  peak: peakSampler,
  sequential: sequentialSampler,
};

/** Aim for about this many asset draws per chunk: big enough to amortise messaging, small enough to spread work. */
const CHUNK_ASSET_SAMPLES = 1 << 17;
const MAX_CHUNK_SAMPLES = 256;

/** Samples per chunk for an input with `assetCount` assets; a function of the input only. */
export function chunkSamples(assetCount: number): number {
  return Math.max(1, Math.min(MAX_CHUNK_SAMPLES, Math.floor(CHUNK_ASSET_SAMPLES / Math.max(1, assetCount))));
}

/**
 * The sampling state of this thread. `sampleSurvival`: built from init.sampleSurvival's data
 * (runner.ts, jobContext); each sample's survival is then its own, made from the sample's
 * "shaking" stream, and sampled by first crossing with the usual asset draws.
 */
export function createSamplingContext(init: SamplingInit, sampleSurvival?: SampleSurvival): SamplingContext {
  const assetCount = init.assetUuids.length;
  const timestampCount = init.timestamps.length;
  const damage = init.damage ? { seed: init.seed, model: init.damage, restoration: init.restoration === true } : undefined;
  if (sampleSurvival) {
    const values = new Float64Array(assetCount * timestampCount);
    // With a damage model each sample's failures take their damage probabilities from the sample (ScenarioInput.sampleSurvival).
    if (init.damage && !sampleSurvival.failureDamage) throw new TypeError('the sample-survival plug-in gives no failureDamage for the run with damage states');
    const failureDamage = init.damage ? failureDamageScratch(init.damage, assetCount) : undefined;
    return replayContext(
      init.timestamps,
      init.assetUuids,
      (i, failedAssets, failureTimes) => {
        sampleSurvival.fill(sampleStream(init.seed, i, 'shaking'), values);
        const count = drawFirstCrossing(values, assetCount, timestampCount, sampleGenerator(init.seed, i), failedAssets, failureTimes);
        if (failureDamage) sampleSurvival.failureDamage!(count, failedAssets, failureTimes, failureDamage);
        return count;
      },
      damage,
      failureDamage,
    );
  }
  const sampler: Sampler = (init.survivalIsCumulative ? firstCrossingSampler : SAMPLERS[init.method])(init.survival, assetCount, timestampCount);
  return replayContext(
    init.timestamps,
    init.assetUuids,
    (i, failedAssets, failureTimes) => sampler.draw(sampleGenerator(init.seed, i), failedAssets, failureTimes),
    damage,
  );
}

/** Room for the damage probabilities of one sample's failures (at most one per asset). */
export function failureDamageScratch(model: DamageModel, assetCount: number): FailureDamage {
  return { classOf: new Int32Array(assetCount), cumulative: new Float64Array(assetCount * model.stride) };
}

/**
 * A context whose samples come from `draw` rather than from a sampler: a merge replays the
 * failures stored in shard files through the same record, count and failure code.
 * `failureDamage`: the scratch `draw` fills with each sample's own damage probabilities.
 */
export function replayContext(
  timestamps: string[],
  assetUuids: string[],
  draw: SampleDraw,
  damage?: { seed: number; model: DamageModel; restoration: boolean },
  failureDamage?: FailureDamage,
): SamplingContext {
  const assetCount = assetUuids.length;
  return {
    draw,
    builder: new RecordBuilder(timestamps, assetUuids),
    failedAssets: new Int32Array(assetCount),
    failureTimes: new Int32Array(assetCount),
    failureCounts: new Uint32Array(assetCount * timestamps.length),
    assetCount,
    damage: damage ? { ...damage, timestamps, assetUuids } : null,
    failureDamage: failureDamage ?? null,
  };
}

/** Appends the damage probabilities of `count` failures (FailureDamage) to `packed`: per failure its class index, then its `stride` cumulative probabilities. */
export function packFailureDamage(failureDamage: FailureDamage, stride: number, count: number, packed: number[]): void {
  for (let k = 0; k < count; k += 1) {
    packed.push(failureDamage.classOf[k]);
    for (let j = 0; j < stride; j += 1) packed.push(failureDamage.cumulative[k * stride + j]);
  }
}

/** Reads `count` failures' damage probabilities packed by packFailureDamage from `packed` at `at` into `out`; returns the position after them. */
export function unpackFailureDamage(packed: Float64Array, at: number, stride: number, count: number, out: FailureDamage): number {
  for (let k = 0; k < count; k += 1) {
    out.classOf[k] = packed[at];
    out.cumulative.set(packed.subarray(at + 1, at + 1 + stride), k * stride);
    at += 1 + stride;
  }
  return at;
}

const encoder = new TextEncoder();

/** Draws samples [task.start, task.end), adding their failures to context.failureCounts. */
export function sampleChunk(context: SamplingContext, task: ChunkTask): ChunkResult {
  const json: string[] = [];
  const records: ScenarioRecord[] = [];
  const failuresPerSample = new Uint32Array(task.end - task.start);
  const failures: number[] = [];
  const damageLines: string[] = [];
  const packedDamage: number[] = [];
  const { damage, failureDamage } = context;
  let recordCount = 0;
  for (let i = task.start; i < task.end; i += 1) {
    const count = context.draw(i, context.failedAssets, context.failureTimes);
    failuresPerSample[i - task.start] = count;
    accumulateFailures(context.failureCounts, context.assetCount, count, context.failedAssets, context.failureTimes);
    if (task.failures) {
      context.builder.appendFailures(count, context.failedAssets, context.failureTimes, failures);
      if (damage && failureDamage) packFailureDamage(failureDamage, damage.model.stride, count, packedDamage);
    } else {
      const draws = damage
        ? drawDamage(damage.model, context.assetCount, damage.seed, i, count, context.failedAssets, context.failureTimes, failureDamage ?? undefined)
        : null;
      if (draws && damage?.restoration) recordCount += appendWithRestoration(context, i, count, draws.repairHours, json, records, task.keep - records.length);
      else recordCount += context.builder.append(i, count, context.failedAssets, context.failureTimes, json, records, task.keep - records.length);
      if (damage && draws) context.builder.damageRows(i, count, context.failedAssets, context.failureTimes, draws, damage.model.classes, damageLines);
    }
  }
  return {
    json: encoder.encode(json.join(',\n')),
    recordCount,
    records,
    failuresPerSample,
    failures: Int32Array.from(failures),
    damageCsv: encoder.encode(damageLines.join('')),
    failureDamage: Float64Array.from(packedDamage),
  };
}

/** A sample's records with restoration edits (restoration.ts): each failed asset back after its repair time; one without a repair time stays out. */
function appendWithRestoration(
  context: SamplingContext,
  sampleIndex: number,
  count: number,
  repairHours: Float64Array,
  json: string[],
  kept: ScenarioRecord[],
  keep: number,
): number {
  const { timestamps, assetUuids } = context.damage!;
  const origin = timestamps[0];
  const edits: ServiceEdit[] = [];
  for (let k = 0; k < count; k += 1) {
    const uuid = assetUuids[context.failedAssets[k]];
    const failedAt = timestamps[context.failureTimes[k]];
    edits.push({ timestamp: failedAt, uuid, inService: false });
    if (!Number.isNaN(repairHours[k])) edits.push({ timestamp: restoredAt(origin, failedAt, repairHours[k]), uuid, inService: true });
  }
  const records = serviceRecords(sampleIndex, edits);
  for (const record of records) json.push(JSON.stringify(record));
  kept.push(...records.slice(0, Math.max(0, keep)));
  return records.length;
}
