/**
 * `hazsim merge`: the shard files of one run, in any order, become the file the unsharded
 * run writes, byte for byte. The samples are replayed from the shards through the same
 * record, count and writer code the run uses (docs/scale-out.md).
 */
import { HazsimError, type Issue } from '../../base/errors.js';
import { failureDamageScratch, replayContext } from './chunk.js';
import { replayRunner, sampleRange } from './ordered.js';
import type { RunDescription } from './run.js';
import { decodeDamage, ShardReader, shardSamples, type ShardRun } from './formats/scenarioShard/shard.js';
import { SCENARIO_FILE_FORMATS, type ScenarioFormat } from './formats/index.js';
import type { ScenarioOptions, ScenarioRunSummary } from './types.js';
import { DEFAULT_RECORD_LIMIT } from './options.js';

export interface MergeOptions {
  recordLimit?: number;
  onProgress?: ScenarioOptions['onProgress'];
}

/** The first difference between two parts' runs, as "<field>: <a> vs <b>", or null. */
function runDifference(a: ShardRun, b: ShardRun): RunDifference {
  const fields = ['format', 'shard_count', 'seed', 'method', 'number_of_samples', 'survival_is_cumulative', 'survival_sha256', 'sample_survival'] as const;
  for (const field of fields) if (a[field] !== b[field]) return { field, a: a[field], b: b[field] };
  const keys = [...new Set([...Object.keys(a.metadata), ...Object.keys(b.metadata)])];
  for (const key of keys) {
    if (JSON.stringify(a.metadata[key]) !== JSON.stringify(b.metadata[key])) return { field: `metadata.${key}`, a: a.metadata[key], b: b.metadata[key] };
  }
  if (JSON.stringify(a.timestamps) !== JSON.stringify(b.timestamps))
    return { field: 'timestamps', a: `${a.timestamps.length} timestamps`, b: `${b.timestamps.length} timestamps (or others)` };
  if (JSON.stringify(a.asset_uuids) !== JSON.stringify(b.asset_uuids))
    return { field: 'asset_uuids', a: `${a.asset_uuids.length} assets`, b: `${b.asset_uuids.length} assets (or others)` };
  return null;
}

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The first field in which two parts' runs differ (with both values as shown in the error), or null. */
export type RunDifference = { field: string; a: unknown; b: unknown } | null;

/** One part of a sharded run (a scenario shard file or an impact part), as the checks see it: its file and header. */
export interface ShardPart<Run> {
  path: string;
  header: { run: Run & { shard_count: number; number_of_samples: number }; shard_index: number; first_sample: number; end_sample: number };
}

/**
 * Checks `parts` (at least one) are the shards of one run, by `runDifference`, then that they are
 * all of its shards, each once and holding its shard's samples; throws invalid_input naming the
 * first problem (`differentRuns` says what mismatched parts are, e.g. "shards of different runs").
 */
export function checkShardSet<Run>(parts: ShardPart<Run>[], runDifference: (a: Run, b: Run) => RunDifference, differentRuns: string): void {
  const fail = (message: string, issues: Issue[]) => new HazsimError('invalid_input', message, issues);
  const first = parts[0];
  parts.forEach((part, k) => {
    const difference = runDifference(first.header.run, part.header.run);
    if (difference) {
      throw fail(
        `${part.path} and ${first.path} are ${differentRuns}: ${difference.field} is ${shown(difference.b)} in one and ${shown(difference.a)} in the other`,
        [{ path: `parts[${k}].${difference.field}`, message: `differs from parts[0] (${first.path})` }],
      );
    }
  });
  const { shard_count: count, number_of_samples: numberOfSamples } = first.header.run;
  const byIndex = new Map<number, ShardPart<Run>>();
  parts.forEach((part, k) => {
    const index = part.header.shard_index;
    const previous = byIndex.get(index);
    if (previous)
      throw fail(`Shard ${index}/${count} is given twice: ${previous.path} and ${part.path}`, [{ path: `parts[${k}]`, message: `repeats shard ${index}` }]);
    const expected = shardSamples(numberOfSamples, { index, count });
    if (!(index >= 0 && index < count) || part.header.first_sample !== expected.start || part.header.end_sample !== expected.end) {
      throw fail(`${part.path} does not hold shard ${index}/${count}'s samples`, [{ path: `parts[${k}]`, message: 'sample range does not match its shard' }]);
    }
    byIndex.set(index, part);
  });
  const missing = Array.from({ length: count }, (_, index) => index).filter((index) => !byIndex.has(index));
  if (missing.length > 0) {
    throw fail(`Missing shard${missing.length > 1 ? 's' : ''} ${missing.map((index) => `${index}/${count}`).join(', ')} of the run: merge needs all ${count}`, [
      { path: 'parts', message: `missing shards ${missing.join(', ')}` },
    ]);
  }
}

/** Checks the parts are the N shards of one run, each once; throws invalid_input naming the first problem. */
function checkParts(readers: ShardReader[]): void {
  if (readers.length === 0)
    throw new HazsimError('invalid_input', 'Nothing to merge: name the shard files of one run', [{ path: 'parts', message: 'is empty' }]);
  checkShardSet(readers, runDifference, 'shards of different runs');
}

/** Merges the shard files at `paths` into `outputPath` (ZIP or Parquet, as the shards were asked for). */
export async function mergeScenarioShards(
  paths: string[],
  outputPath: string,
  options: MergeOptions = {},
): Promise<ScenarioRunSummary & { format: ScenarioFormat }> {
  const readers: ShardReader[] = [];
  try {
    for (const path of paths) readers.push(new ShardReader(path));
    checkParts(readers);
    readers.sort((a, b) => a.header.shard_index - b.header.shard_index);
    const { format, number_of_samples } = readers[0].header.run;
    return { ...(await replayShards(readers, format, 0, number_of_samples, outputPath, options)), format };
  } finally {
    for (const reader of readers) reader.close();
  }
}

/**
 * The ZIP of one shard's samples alone (`hazsim impact --shard`): the unsharded run's records,
 * damage.csv rows and metadata for those samples, as an impact analysis of them reads them.
 */
export async function writeShardSamplesZip(path: string, outputPath: string): Promise<void> {
  const reader = new ShardReader(path);
  try {
    await replayShards([reader], 'zip', reader.header.first_sample, reader.header.end_sample, outputPath, { recordLimit: 0 });
  } finally {
    reader.close();
  }
}

/** Writes samples [start, end) of `readers` (in shard order, together holding exactly those samples) as `format`. */
async function replayShards(
  readers: ShardReader[],
  format: ScenarioFormat,
  start: number,
  end: number,
  outputPath: string,
  options: MergeOptions,
): Promise<ScenarioRunSummary> {
  const header = readers[0].header.run;
  for (const reader of readers.slice(1)) reader.survival();
  const run: RunDescription = {
    timestamps: header.timestamps,
    assetUuids: header.asset_uuids,
    survival: readers[0].survival(),
    survivalIsCumulative: header.survival_is_cumulative,
    metadata: header.metadata,
    seed: header.seed,
    method: header.method,
    numberOfSamples: header.number_of_samples,
    recordLimit: options.recordLimit ?? DEFAULT_RECORD_LIMIT,
    ...(header.damage ? { damage: decodeDamage(header.damage) } : {}),
    restoration: header.restoration === true,
    ...(header.sample_survival ? { sampleSurvival: header.sample_survival } : {}),
  };
  // Shards hold samples in index order; each is checked to end exactly after its last sample.
  let current = 0;
  const finishEmpty = () => {
    while (current < readers.length && readers[current].header.first_sample === readers[current].header.end_sample) {
      readers[current].finish();
      current += 1;
    }
  };
  finishEmpty();
  const failureDamage = run.damage && header.failure_damage ? failureDamageScratch(run.damage, run.assetUuids.length) : undefined;
  const context = replayContext(
    run.timestamps,
    run.assetUuids,
    (sampleIndex, failedAssets, failureTimes) => {
      const reader = readers[current];
      const count = reader.nextSample(failedAssets, failureTimes, failureDamage);
      if (sampleIndex + 1 === reader.header.end_sample) {
        reader.finish();
        current += 1;
        finishEmpty();
      }
      return count;
    },
    run.damage ? { seed: run.seed, model: run.damage, restoration: run.restoration } : undefined,
    failureDamage,
  );
  const source = {
    runner: () => replayRunner(context),
    range: sampleRange(start, end, run.assetUuids.length, SCENARIO_FILE_FORMATS[format].failuresAsNumbers),
    parallel: 1,
    onProgress: options.onProgress,
  };
  return SCENARIO_FILE_FORMATS[format].writeFromSamples(run, source, outputPath);
}
