/**
 * The unit of work shared by the main thread and the workers: a contiguous range of
 * samples, drawn, turned into scenario records (JSON text) and counted per asset and
 * timestamp. Chunk boundaries depend on the input alone, never on the worker count.
 */
import type { SamplingMethod } from './options.js';
import { drawFirstCrossing, firstCrossingSampler } from './firstCrossing.js';
import { peakSampler } from './peak.js';
import { RecordBuilder } from './records.js';
import { sampleGenerator, sampleStream } from './rng.js';
import type { Sampler } from './sampler.js';
import { sequentialSampler } from './sequential.js';
import { accumulateFailures } from './timeSeries.js';
import type { SampleSurvival, SampleSurvivalPlugin, ScenarioRecord } from './types.js';

/** Everything a worker needs to sample; plain data, so it crosses to a worker thread. */
export interface SamplingInit {
  timestamps: string[];
  assetUuids: string[];
  survival: Float64Array;
  method: SamplingMethod;
  /** ScenarioInput.survivalIsCumulative. */
  survivalIsCumulative?: boolean;
  /** ScenarioInput.sampleSurvival. */
  sampleSurvival?: SampleSurvivalPlugin;
  seed: number;
}

/** Samples [start, end); `keep`: how many records to return as objects. */
export interface ChunkTask {
  start: number;
  end: number;
  keep: number;
}

export interface ChunkResult {
  /** UTF-8 JSON of the chunk's records, separated by ",\n" (empty when none). */
  json: Uint8Array<ArrayBuffer>;
  recordCount: number;
  /** The first `keep` records, as objects. */
  records: ScenarioRecord[];
  /** Failed assets in each sample of the chunk. */
  failuresPerSample: Uint32Array<ArrayBuffer>;
}

/** A thread's sampling state: the prepared method, scratch arrays and its failure counts. */
export interface SamplingContext {
  readonly seed: number;
  readonly sampler: Sampler;
  readonly builder: RecordBuilder;
  readonly failedAssets: Int32Array;
  readonly failureTimes: Int32Array;
  /** failureCounts[t * n + a]: samples of this thread in which asset a failed at t. */
  readonly failureCounts: Uint32Array<ArrayBuffer>;
  readonly assetCount: number;
  /** With ScenarioInput.sampleSurvival: the plug-in and the survival array it fills per sample. */
  readonly perSample?: { survival: SampleSurvival; values: Float64Array; timestampCount: number };
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

/** Loads a sample-survival plug-in (its module is imported here, in the thread that samples). */
async function loadSampleSurvival(plugin: SampleSurvivalPlugin): Promise<SampleSurvival> {
  const module = (await import(plugin.module)) as { createSampleSurvival?: (data: unknown) => SampleSurvival };
  if (typeof module.createSampleSurvival !== 'function') throw new TypeError(`${plugin.module} exports no createSampleSurvival`);
  return module.createSampleSurvival(plugin.data);
}

/** The sampling state of this thread, the sample-survival plug-in (if any) loaded first. */
export async function loadSamplingContext(init: SamplingInit): Promise<SamplingContext> {
  return createSamplingContext(init, init.sampleSurvival ? await loadSampleSurvival(init.sampleSurvival) : undefined);
}

/** The sampling state of this thread; `sampleSurvival`: init.sampleSurvival's plug-in, loaded (loadSamplingContext). */
export function createSamplingContext(init: SamplingInit, sampleSurvival?: SampleSurvival): SamplingContext {
  const assetCount = init.assetUuids.length;
  const perSample = sampleSurvival
    ? { survival: sampleSurvival, values: new Float64Array(assetCount * init.timestamps.length), timestampCount: init.timestamps.length }
    : undefined;
  return {
    seed: init.seed,
    sampler: (init.survivalIsCumulative ? firstCrossingSampler : SAMPLERS[init.method])(init.survival, assetCount, init.timestamps.length),
    builder: new RecordBuilder(init.timestamps, init.assetUuids),
    failedAssets: new Int32Array(assetCount),
    failureTimes: new Int32Array(assetCount),
    failureCounts: new Uint32Array(assetCount * init.timestamps.length),
    assetCount,
    ...(perSample ? { perSample } : {}),
  };
}

/** Draws sample i: from the run's survival, or from the sample's own (perSample) when there is one. */
function drawSample(context: SamplingContext, i: number): number {
  const rng = sampleGenerator(context.seed, i);
  const perSample = context.perSample;
  if (!perSample) return context.sampler.draw(rng, context.failedAssets, context.failureTimes);
  perSample.survival.fill(sampleStream(context.seed, i, 'shaking'), perSample.values);
  return drawFirstCrossing(perSample.values, context.assetCount, perSample.timestampCount, rng, context.failedAssets, context.failureTimes);
}

const encoder = new TextEncoder();

/** Draws samples [task.start, task.end), adding their failures to context.failureCounts. */
export function sampleChunk(context: SamplingContext, task: ChunkTask): ChunkResult {
  const json: string[] = [];
  const records: ScenarioRecord[] = [];
  const failuresPerSample = new Uint32Array(task.end - task.start);
  let recordCount = 0;
  for (let i = task.start; i < task.end; i += 1) {
    const count = drawSample(context, i);
    failuresPerSample[i - task.start] = count;
    accumulateFailures(context.failureCounts, context.assetCount, count, context.failedAssets, context.failureTimes);
    recordCount += context.builder.append(i, count, context.failedAssets, context.failureTimes, json, records, task.keep - records.length);
  }
  return { json: encoder.encode(json.join(',\n')), recordCount, records, failuresPerSample };
}
