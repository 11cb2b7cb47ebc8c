/**
 * The compact scenario file (docs/scale-out.md, "Parquet"): one Parquet row per failed asset
 * per sample, written with hyparquet-writer (pure JavaScript, no native code). Rows are
 * buffered and flushed as a row group once rowGroupRows(assets) are reached at a sample
 * boundary, so memory stays flat in the number of samples and the row groups depend on the
 * samples alone (a merge of shards writes the same groups).
 *
 * Compact by its encodings, not by a private layout: the text columns are dictionary-encoded
 * (a row holds a bit-packed index into its row group's distinct uuids, timestamps or states),
 * the integer columns delta-encoded, and the repair time is whole minutes (the precision a
 * repair-time model in hours can claim). Every Parquet reader decodes this to the plain columns.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { fileWriter, ParquetWriter } from 'hyparquet-writer';
import type { ColumnSource } from 'hyparquet-writer';
import { temporaryPath } from '../../../../base/atomic.js';
import { toHazsimError } from '../../../../base/errors.js';
import { failureDamageScratch, unpackFailureDamage } from '../../chunk.js';
import { drawDamage, type DamageModel, type FailureDamage } from '../../damage.js';
import { forEachChunkInOrder } from '../../ordered.js';
import type { ChunkRunner } from '../../runner.js';
import { prepareRun, runSummary, type RunDescription } from '../../run.js';
import { buildMetadata } from '../../trackedChanges.js';
import type { ScenarioInput, ScenarioOptions, ScenarioRunSummary } from '../../types.js';
import { openOutputFd, samplingSource, type SampleSource } from '../scenarioZip/writer.js';

export const ROW_GROUP_ROWS_MIN = 1_048_576;
export const ROW_GROUP_ROWS_MAX = 4_194_304;
/**
 * Rows per row group (at least; a group ends at a sample boundary): 32 rows per asset of the
 * run, within ROW_GROUP_ROWS_MIN..ROW_GROUP_ROWS_MAX. Each group carries its own dictionary of
 * the uuids in it, nearly every asset's once a storm fails most of them, so a group of 32 rows an
 * asset keeps that dictionary near 1/32 of the group's uuid indexes (docs/scenarios-parquet.md);
 * the cap bounds the writer's memory (one group is held).
 */
export function rowGroupRows(assetCount: number): number {
  return Math.min(ROW_GROUP_ROWS_MAX, Math.max(ROW_GROUP_ROWS_MIN, 32 * assetCount));
}
/** The key of the run's metadata (the same object as tracked_changes.json's `metadata`) in the file's key-value metadata. */
export const PARQUET_METADATA_KEY = 'hazsim';

/** The file's columns, in order. */
const SCHEMA = [
  { name: 'root', num_children: 5 },
  { name: 'sample', type: 'INT32', repetition_type: 'REQUIRED' },
  { name: 'asset', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' },
  { name: 'failure_time', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' },
  { name: 'damage_state', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
  { name: 'repair_minutes', type: 'INT32', repetition_type: 'OPTIONAL' },
] as const;

/**
 * GZIP: of the codecs DuckDB, pyarrow and polars all read, Node 20 compresses GZIP and Brotli
 * by itself (node:zlib; it has no Zstandard); GZIP is smaller than Snappy on these pages,
 * Brotli no smaller than GZIP and slower (docs/scenarios-parquet.md). Most of the gain is the
 * encodings. Level 6, zlib's default: the same input gives the same bytes.
 */
const CODEC = 'GZIP';
const compressGzip = (bytes: Uint8Array): Uint8Array => new Uint8Array(zlib.gzipSync(bytes, { level: 6 }));

/** A drawn repair time in hours as whole minutes (the file's `repair_minutes`). */
export function repairMinutes(hours: number): number {
  return Math.round(hours * 60);
}

/** Draws the run's samples and writes them as Parquet; identical input and options give identical bytes, whatever options.workers is. */
export async function writeScenarioParquet(input: ScenarioInput, options: ScenarioOptions, outputPath: string): Promise<ScenarioRunSummary> {
  const { run, job, workers, chunkRunners } = prepareRun(input, options);
  return writeParquetFromSamples(run, samplingSource(job, run, workers, chunkRunners, true, options.onProgress), outputPath);
}

/** The rows of one row group, column by column: assets and times as indexes into the run's uuids and timestamps until written. */
class RowBuffer {
  length = 0;
  readonly sample: Int32Array;
  readonly asset: Int32Array;
  readonly time: Int32Array;
  /** The damage state's name, or null; its repair time in minutes, or null. */
  readonly damageState: (string | null)[] = [];
  readonly repairMinutes: (number | null)[] = [];

  /** Room for `groupRows` rows and one more sample of up to `assetCount` failures. */
  constructor(groupRows: number, assetCount: number) {
    const capacity = groupRows + assetCount;
    this.sample = new Int32Array(capacity);
    this.asset = new Int32Array(capacity);
    this.time = new Int32Array(capacity);
  }

  push(sample: number, asset: number, time: number, state: string | null, repairHours: number | null): void {
    const row = this.length;
    this.sample[row] = sample;
    this.asset[row] = asset;
    this.time[row] = time;
    this.damageState.push(state);
    this.repairMinutes.push(repairHours === null ? null : repairMinutes(repairHours));
    this.length = row + 1;
  }

  clear(): void {
    this.length = 0;
    this.damageState.length = 0;
    this.repairMinutes.length = 0;
  }

  /**
   * The columns as hyparquet-writer takes them, each encoding named so the file does not depend
   * on the writer's guesses. Statistics are kept where a reader can skip row groups by them
   * (sample, failure_time) and left out for the uuids, whose min and max say nothing.
   */
  columns(run: RunDescription): ColumnSource[] {
    const rows = this.length;
    const uuids = new Array<string>(rows);
    const times = new Array<string>(rows);
    for (let row = 0; row < rows; row += 1) {
      uuids[row] = run.assetUuids[this.asset[row]];
      times[row] = run.timestamps[this.time[row]];
    }
    return [
      { name: 'sample', data: this.sample.slice(0, rows), encoding: 'DELTA_BINARY_PACKED' },
      { name: 'asset', data: uuids, encoding: 'RLE_DICTIONARY', statistics: false },
      { name: 'failure_time', data: times, encoding: 'RLE_DICTIONARY' },
      { name: 'damage_state', data: this.damageState, encoding: 'RLE_DICTIONARY' },
      { name: 'repair_minutes', data: this.repairMinutes, encoding: 'DELTA_BINARY_PACKED' },
    ];
  }
}

/**
 * The damage state and repair time of each failure of a sample, the same draws as damage.csv:
 * drawDamage takes the failures in ascending asset index (the samplers' order), the rows come
 * in record order (time, then uuid), so the draws are made in the one order and read in the other.
 * Per-sample damage probabilities (ChunkResult.failureDamage) come in the draw order already.
 */
class SampleDamage {
  private readonly failedAssets: Int32Array;
  private readonly failureTimes: Int32Array;
  private readonly timeOfAsset: Int32Array;
  private readonly rankOfAsset: Int32Array;
  private readonly failureDamage: FailureDamage;

  constructor(
    private readonly model: DamageModel,
    private readonly seed: number,
    private readonly assetCount: number,
  ) {
    this.failedAssets = new Int32Array(assetCount);
    this.failureTimes = new Int32Array(assetCount);
    this.timeOfAsset = new Int32Array(assetCount);
    this.rankOfAsset = new Int32Array(assetCount);
    this.failureDamage = failureDamageScratch(model, assetCount);
  }

  /**
   * Draws sample `sample`'s damage; `packed` holds its `count` failures as (asset, time) pairs from
   * `at`; `ownDamage`, when given, their own probabilities (packFailureDamage) from its `at`,
   * which is moved past them.
   */
  draw(
    sample: number,
    count: number,
    packed: Int32Array,
    at: number,
    ownDamage?: { packed: Float64Array; at: number },
  ): (asset: number) => { state: string; repairHours: number | null } {
    const assets = this.failedAssets.subarray(0, count);
    for (let j = 0; j < count; j += 1) {
      assets[j] = packed[at + 2 * j];
      this.timeOfAsset[assets[j]] = packed[at + 2 * j + 1];
    }
    assets.sort();
    for (let k = 0; k < count; k += 1) {
      this.failureTimes[k] = this.timeOfAsset[assets[k]];
      this.rankOfAsset[assets[k]] = k;
    }
    if (ownDamage) ownDamage.at = unpackFailureDamage(ownDamage.packed, ownDamage.at, this.model.stride, count, this.failureDamage);
    const draws = drawDamage(
      this.model,
      this.assetCount,
      this.seed,
      sample,
      count,
      this.failedAssets,
      this.failureTimes,
      ownDamage ? this.failureDamage : undefined,
    );
    return (asset) => {
      const k = this.rankOfAsset[asset];
      const repairHours = draws.repairHours[k];
      return { state: this.model.classes[draws.classIndex[k]].states[draws.state[k]], repairHours: Number.isNaN(repairHours) ? null : repairHours };
    };
  }
}

/** Writes the Parquet file of `run` from `source`'s samples (which must carry failures, not records). */
export async function writeParquetFromSamples(run: RunDescription, source: SampleSource, outputPath: string): Promise<ScenarioRunSummary> {
  const temporary = temporaryPath(outputPath);
  fs.closeSync(openOutputFd(temporary, outputPath, 'scenario Parquet file'));
  let runner: ChunkRunner | null = null;
  try {
    const writer = new ParquetWriter({
      writer: fileWriter(temporary),
      schema: SCHEMA.map((element) => ({ ...element })),
      codec: CODEC,
      compressors: { [CODEC]: compressGzip },
      createdBy: 'hazsim',
    });
    const groupRows = rowGroupRows(run.assetUuids.length);
    const rows = new RowBuffer(groupRows, run.assetUuids.length);
    const flush = () => {
      if (rows.length === 0) return;
      // fileWriter flushes each row group with a synchronous write, so write returns no promise to wait for.
      void writer.write({ columnData: rows.columns(run), rowGroupSize: rows.length });
      rows.clear();
    };
    const failuresPerSample = new Uint32Array(run.numberOfSamples);
    const damage = run.damage ? new SampleDamage(run.damage, run.seed, run.assetUuids.length) : null;
    let totalScenarios = 0;
    runner = source.runner();
    await forEachChunkInOrder(
      runner,
      source.range,
      source.parallel,
      () => 0,
      async (result, firstSample) => {
        const packed = result.failures;
        const ownDamage = result.failureDamage.length > 0 ? { packed: result.failureDamage, at: 0 } : undefined;
        let at = 0;
        for (let k = 0; k < result.failuresPerSample.length; k += 1) {
          const sample = firstSample + k;
          const count = packed[at];
          at += 1;
          const damageOf = damage?.draw(sample, count, packed, at, ownDamage);
          let previousTime = -1;
          for (let j = 0; j < count; j += 1, at += 2) {
            const time = packed[at + 1];
            const drawn = damageOf?.(packed[at]);
            rows.push(sample, packed[at], time, drawn?.state ?? null, drawn?.repairHours ?? null);
            // Failures come ordered by time: each new time is one more scenario record.
            if (time !== previousTime) totalScenarios += 1;
            previousTime = time;
          }
          failuresPerSample[sample] = count;
          if (rows.length >= groupRows) flush();
        }
        source.onProgress?.(firstSample + result.failuresPerSample.length, run.numberOfSamples);
      },
    );
    await runner.close();
    flush();
    const metadata = buildMetadata(run.metadata, {
      ...run,
      // Parquet rows are failures; restoration edits are a tracked_changes.json form.
      restoration: false,
      assetCount: run.assetUuids.length,
      totalScenarios,
      failuresPerSample,
    });
    writer.kvMetadata = [{ key: PARQUET_METADATA_KEY, value: JSON.stringify(metadata) }];
    await writer.finish();
    fs.renameSync(temporary, outputPath);
    return runSummary(run, outputPath, fs.statSync(outputPath).size, metadata, totalScenarios, []);
  } catch (error) {
    await runner?.close();
    fs.rmSync(temporary, { force: true });
    throw toHazsimError(error);
  }
}
