/**
 * Sharded runs (docs/scale-out.md): `--shard i/N` draws samples [⌊i·S/N⌋, ⌊(i+1)·S/N⌋) of an
 * S-sample run and stores their failures, with everything the merge needs to write the
 * whole run's file, in a shard file. Every sample's draws derive from (seed, sample index)
 * alone (rng.ts), so the merged file equals the unsharded run's byte for byte.
 *
 * Shard file, little-endian:
 *   SHARD_MAGIC, u32 header length, header JSON (ShardHeader),
 *   survival as float64 (timestamp-major, timestamps × assets),
 *   per sample in index order: i32 failure count c, then c pairs (asset index, timestamp index),
 *     then, with `failure_damage`, per failure in ascending asset index its damage probabilities
 *     as float64 (class index, then the damage model's stride cumulative probabilities),
 *   SHARD_END.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import * as v from 'valibot';
import { temporaryPath } from '../../../../base/atomic.js';
import { openPartForReading, partErrors, readPartHeader, writePartHeader } from '../../../../base/partFile.js';
import { HazsimError, toHazsimError } from '../../../../base/errors.js';
import { chunkCount, forEachChunkInOrder, sampleRange, samplingRunner } from '../../ordered.js';
import type { ChunkRunner } from '../../runner.js';
import type { ChunkResult } from '../../chunk.js';
import type { DamageModel, FailureDamage } from '../../damage.js';
import { prepareRun, type RunDescription } from '../../run.js';
import { openOutputFd } from '../scenarioZip/writer.js';
import type { ScenarioInput, ScenarioOptions } from '../../types.js';
import { SamplingMethod } from '../../schema.js';
import { SCENARIO_FILE_FORMATS, type ScenarioFormat } from '../index.js';

export const SHARD_MAGIC = 'HAZSIM-SCENARIO-SHARD 1\n';
export const SHARD_END = 'HAZSIM-SCENARIO-SHARD-END\n';
/** File extension of shard files. */
export const SHARD_EXTENSION = '.hzshard';

/** Shard i of N (0 ≤ i < N). */
export interface ShardSpec {
  index: number;
  count: number;
}

/** Parses `i/N` (the CLI's --shard); throws invalid_input naming the rule broken. */
export function parseShardSpec(text: string): ShardSpec {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const fail = (message: string) => new HazsimError('invalid_input', `Invalid shard "${text}": ${message}`, [{ path: 'shard', message }]);
  if (!match) throw fail('must be i/N, e.g. 0/4 for the first of four shards');
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (!(count >= 1)) throw fail('N must be at least 1');
  if (!(index < count)) throw fail(`i must be from 0 to N - 1 = ${count - 1}`);
  return { index, count };
}

/** Samples [start, end) of shard `shard` of a run of `numberOfSamples`: contiguous, as even as can be, covering every sample once. */
export function shardSamples(numberOfSamples: number, shard: ShardSpec): { start: number; end: number } {
  return { start: Math.floor((shard.index * numberOfSamples) / shard.count), end: Math.floor(((shard.index + 1) * numberOfSamples) / shard.count) };
}

/** The run a shard belongs to: every part of one run carries the same, field for field. */
export interface ShardRun {
  format: ScenarioFormat;
  shard_count: number;
  seed: number;
  method: RunDescription['method'];
  number_of_samples: number;
  survival_is_cumulative: boolean;
  /** The caller's metadata: the inputs and their sha256, curve set, physics, hazsim version. */
  metadata: Record<string, unknown>;
  timestamps: string[];
  asset_uuids: string[];
  survival_sha256: string;
  /** RunDescription.sampleSurvival (correlated shaking), when present. */
  sample_survival?: string;
  /** The run's damage model (damage.csv), its typed arrays as base64 of their little-endian bytes; absent: none. */
  damage?: { classes: DamageModel['classes']; stride: number; class_of: string; cumulative: string };
  /** Restoration edits in the records. */
  restoration?: boolean;
  /** Each failure carries its own damage probabilities (damage with sampled shaking, docs/correlated-shaking.md). */
  failure_damage?: boolean;
}

/** The damage model as the shard header holds it. */
export function encodeDamage(model: DamageModel): NonNullable<ShardRun['damage']> {
  const base64 = (array: Int32Array | Float64Array) => Buffer.from(array.buffer, array.byteOffset, array.byteLength).toString('base64');
  return { classes: model.classes, stride: model.stride, class_of: base64(model.classOf), cumulative: base64(model.cumulative) };
}

/** The damage model of a shard header. */
export function decodeDamage(encoded: NonNullable<ShardRun['damage']>): DamageModel {
  const bytes = (text: string) => {
    const buffer = Buffer.from(text, 'base64');
    return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength);
  };
  return {
    classes: encoded.classes,
    stride: encoded.stride,
    classOf: new Int32Array(bytes(encoded.class_of)),
    cumulative: new Float64Array(bytes(encoded.cumulative)),
  };
}

export interface ShardHeader {
  run: ShardRun;
  shard_index: number;
  first_sample: number;
  end_sample: number;
}

const count = (minimum: number) => v.pipe(v.number(), v.integer(), v.minValue(minimum));

/** The header as the merge reads it back: every field it uses, checked before use. */
const ShardHeaderSchema: v.GenericSchema<unknown, ShardHeader> = v.object({
  run: v.object({
    format: v.picklist(Object.keys(SCENARIO_FILE_FORMATS) as ScenarioFormat[]),
    shard_count: count(1),
    seed: v.pipe(v.number(), v.integer()),
    method: SamplingMethod,
    number_of_samples: count(1),
    survival_is_cumulative: v.boolean(),
    metadata: v.record(v.string(), v.unknown()),
    timestamps: v.array(v.string()),
    asset_uuids: v.array(v.string()),
    survival_sha256: v.string(),
    sample_survival: v.optional(v.string()),
    damage: v.optional(
      v.object({
        classes: v.array(
          v.object({
            states: v.array(v.string()),
            repair: v.array(v.nullable(v.object({ distribution: v.literal('normal'), mean_hours: v.number(), sd_hours: v.number() }))),
          }),
        ),
        stride: count(0),
        class_of: v.string(),
        cumulative: v.string(),
      }),
    ),
    restoration: v.optional(v.boolean()),
    failure_damage: v.optional(v.boolean()),
  }),
  shard_index: count(0),
  first_sample: count(0),
  end_sample: count(0),
});

/** What writeScenarioShard reports. */
export interface ShardSummary {
  output_path: string;
  file_bytes: number;
  shard_index: number;
  shard_count: number;
  first_sample: number;
  end_sample: number;
  number_of_samples: number;
  seed: number;
  method: RunDescription['method'];
  format: ScenarioFormat;
  total_failures: number;
}

function survivalBytes(survival: Float64Array): Buffer {
  return Buffer.from(survival.buffer, survival.byteOffset, survival.byteLength);
}

/**
 * Draws the samples of shard `shard` of the run of `input` and `options` and writes its
 * shard file to `outputPath` (through a temporary file renamed into place). `format` is
 * what the merge will write. Throws invalid_input for bad options or input.
 */
export async function writeScenarioShard(
  input: ScenarioInput,
  options: ScenarioOptions,
  format: ScenarioFormat,
  shard: ShardSpec,
  outputPath: string,
): Promise<ShardSummary> {
  const { run, job, workers, chunkRunners } = prepareRun(input, options);
  const onProgress = options.onProgress;
  const { start, end } = shardSamples(run.numberOfSamples, shard);
  const header: ShardHeader = {
    run: {
      format,
      shard_count: shard.count,
      seed: run.seed,
      method: run.method,
      number_of_samples: run.numberOfSamples,
      survival_is_cumulative: run.survivalIsCumulative,
      metadata: run.metadata,
      timestamps: run.timestamps,
      asset_uuids: run.assetUuids,
      survival_sha256: crypto.createHash('sha256').update(survivalBytes(run.survival)).digest('hex'),
      ...(run.damage ? { damage: encodeDamage(run.damage) } : {}),
      ...(run.restoration ? { restoration: true } : {}),
      ...(run.sampleSurvival ? { sample_survival: run.sampleSurvival } : {}),
      ...(run.damage && run.sampleSurvival ? { failure_damage: true } : {}),
    },
    shard_index: shard.index,
    first_sample: start,
    end_sample: end,
  };
  const temporary = temporaryPath(outputPath);
  const fd = openOutputFd(temporary, outputPath, 'shard file');
  let runner: ChunkRunner | null = null;
  try {
    writePartHeader(fd, SHARD_MAGIC, header);
    fs.writeSync(fd, survivalBytes(run.survival));
    const range = sampleRange(start, end, run.assetUuids.length, true);
    const parallel = Math.min(workers, chunkCount(range));
    runner = samplingRunner(job, range, parallel, chunkRunners);
    let totalFailures = 0;
    await forEachChunkInOrder(
      runner,
      range,
      parallel,
      () => 0,
      async (result, firstSample) => {
        writeSampleFailures(fd, result, header.run.failure_damage ? run.damage!.stride : null);
        for (const count of result.failuresPerSample) totalFailures += count;
        onProgress?.(firstSample + result.failuresPerSample.length - start, end - start);
      },
    );
    await runner.close();
    fs.writeSync(fd, Buffer.from(SHARD_END));
    fs.closeSync(fd);
    fs.renameSync(temporary, outputPath);
    return {
      output_path: outputPath,
      file_bytes: fs.statSync(outputPath).size,
      shard_index: shard.index,
      shard_count: shard.count,
      first_sample: start,
      end_sample: end,
      number_of_samples: run.numberOfSamples,
      seed: run.seed,
      method: run.method,
      format,
      total_failures: totalFailures,
    };
  } catch (error) {
    await runner?.close();
    fs.closeSync(fd);
    fs.rmSync(temporary, { force: true });
    throw toHazsimError(error);
  }
}

/**
 * Writes a chunk's samples as the shard file holds them: its packed failures, each sample's
 * followed by its failures' damage probabilities when `damageStride` is given.
 */
function writeSampleFailures(fd: number, result: ChunkResult, damageStride: number | null): void {
  const { failures, failureDamage } = result;
  if (damageStride === null) {
    fs.writeSync(fd, Buffer.from(failures.buffer, failures.byteOffset, failures.byteLength));
    return;
  }
  let at = 0;
  let damageAt = 0;
  for (let k = 0; k < result.failuresPerSample.length; k += 1) {
    const count = failures[at];
    const ints = failures.subarray(at, at + 1 + 2 * count);
    const doubles = failureDamage.subarray(damageAt, damageAt + count * (1 + damageStride));
    fs.writeSync(fd, Buffer.from(ints.buffer, ints.byteOffset, ints.byteLength));
    fs.writeSync(fd, Buffer.from(doubles.buffer, doubles.byteOffset, doubles.byteLength));
    at += ints.length;
    damageAt += doubles.length;
  }
}

/** Reads 4-byte integers and 8-byte floats from a file in order, through a buffer. */
class NumberReader {
  private readonly buffer = Buffer.alloc(1 << 20);
  private filled = 0;
  private offset = 0;
  constructor(
    private readonly fd: number,
    private position: number,
    private readonly path: string,
  ) {}

  /** Makes `bytes` bytes available at this.offset; false at the end of the file. */
  private ensure(bytes: number): boolean {
    if (this.filled - this.offset >= bytes) return true;
    this.buffer.copy(this.buffer, 0, this.offset, this.filled);
    this.filled -= this.offset;
    this.offset = 0;
    while (this.filled < bytes) {
      const read = fs.readSync(this.fd, this.buffer, this.filled, this.buffer.length - this.filled, this.position);
      if (read === 0) return false;
      this.filled += read;
      this.position += read;
    }
    return true;
  }

  int(): number {
    if (!this.ensure(4)) throw truncated(this.path);
    const value = this.buffer.readInt32LE(this.offset);
    this.offset += 4;
    return value;
  }

  double(): number {
    if (!this.ensure(8)) throw truncated(this.path);
    const value = this.buffer.readDoubleLE(this.offset);
    this.offset += 8;
    return value;
  }

  /** The rest of the file, which must be exactly `expected`. */
  expectEnd(expected: string): void {
    const bytes = Buffer.from(expected);
    if (!this.ensure(bytes.length) || !this.buffer.subarray(this.offset, this.offset + bytes.length).equals(bytes)) throw truncated(this.path);
    this.offset += bytes.length;
    if (this.ensure(1)) throw corrupt(this.path, 'has bytes after its end marker');
  }
}

const { corrupt, truncated } = partErrors('hazsim shard file');

/** The damage model's arrays hold one class index and `stride` probabilities per cell (timestamps × assets). */
function checkDamageSizes(run: ShardRun, path: string): void {
  if (!run.damage) return;
  const cells = run.timestamps.length * run.asset_uuids.length;
  const bytes = (text: string) => Buffer.byteLength(text, 'base64');
  if (bytes(run.damage.class_of) !== 4 * cells || bytes(run.damage.cumulative) !== 8 * cells * run.damage.stride)
    throw corrupt(path, `its header's damage model does not hold ${cells} cells (timestamps × assets)`);
}

/** One shard file opened for merging: its header, then its samples read in order. */
export class ShardReader {
  readonly header: ShardHeader;
  private readonly fd: number;
  private readonly survivalOffset: number;
  private readonly numbers: NumberReader;

  constructor(readonly path: string) {
    this.fd = openPartForReading(path);
    try {
      const read = readPartHeader<ShardHeader>(
        this.fd,
        SHARD_MAGIC,
        ShardHeaderSchema,
        (message) => corrupt(path, message),
        'it does not start with the shard header (write one with `hazsim scenarios --shard i/N`)',
      );
      this.header = read.header;
      this.survivalOffset = read.bodyOffset;
      checkDamageSizes(this.header.run, path);
    } catch (error) {
      fs.closeSync(this.fd);
      throw error;
    }
    const survivalLength = this.header.run.timestamps.length * this.header.run.asset_uuids.length * 8;
    this.numbers = new NumberReader(this.fd, this.survivalOffset + survivalLength, path);
  }

  /** The survival array, checked against the header's sha256. */
  survival(): Float64Array {
    const { timestamps, asset_uuids } = this.header.run;
    const values = new Float64Array(timestamps.length * asset_uuids.length);
    const bytes = Buffer.from(values.buffer);
    if (fs.readSync(this.fd, bytes, 0, bytes.length, this.survivalOffset) !== bytes.length) throw truncated(this.path);
    if (crypto.createHash('sha256').update(bytes).digest('hex') !== this.header.run.survival_sha256)
      throw corrupt(this.path, 'its survival values do not match their sha256');
    return values;
  }

  /**
   * The next sample's failures in ascending asset index, the order the samplers give them
   * (the file holds them in record order); returns their count. The order matters: the damage
   * draws (damage.ts) are taken failure by failure in it. With `failure_damage`, their damage
   * probabilities go to `failureDamage`, in the same order.
   */
  nextSample(failedAssets: Int32Array, failureTimes: Int32Array, failureDamage?: FailureDamage): number {
    const assetCount = this.header.run.asset_uuids.length;
    const timestampCount = this.header.run.timestamps.length;
    const count = this.numbers.int();
    if (count < 0 || count > assetCount) throw corrupt(this.path, `a sample has ${count} failures for ${assetCount} assets`);
    const keys = new Float64Array(count);
    for (let j = 0; j < count; j += 1) {
      const asset = this.numbers.int();
      const time = this.numbers.int();
      if (asset < 0 || asset >= assetCount || time < 0 || time >= timestampCount)
        throw corrupt(this.path, `a failure names asset ${asset} at timestamp ${time}, out of range`);
      keys[j] = asset * timestampCount + time;
    }
    keys.sort();
    for (let j = 0; j < count; j += 1) {
      const asset = Math.floor(keys[j] / timestampCount);
      failedAssets[j] = asset;
      failureTimes[j] = keys[j] - asset * timestampCount;
    }
    if (this.header.run.failure_damage) this.readFailureDamage(count, failureDamage!);
    return count;
  }

  /** The damage probabilities of a sample's `count` failures, each class index checked against the header's damage model. */
  private readFailureDamage(count: number, out: FailureDamage): void {
    const { damage } = this.header.run;
    if (!damage) throw corrupt(this.path, 'its failures carry damage probabilities but it has no damage model');
    const { classes, stride } = damage;
    for (let k = 0; k < count; k += 1) {
      const classIndex = this.numbers.double();
      if (!(Number.isInteger(classIndex) && classIndex >= 0 && classIndex < classes.length))
        throw corrupt(this.path, `a failure names damage class ${classIndex} of ${classes.length}`);
      out.classOf[k] = classIndex;
      for (let j = 0; j < stride; j += 1) out.cumulative[k * stride + j] = this.numbers.double();
    }
  }

  /** Checks the samples are followed by the end marker and nothing else. */
  finish(): void {
    this.numbers.expectEnd(SHARD_END);
  }

  close(): void {
    fs.closeSync(this.fd);
  }
}
