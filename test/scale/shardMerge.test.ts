// Sharded scenario runs: `--shard i/N` parts merged in any order give the unsharded run's
// bytes (ZIP and Parquet), and parts of different runs are refused with a clear error.
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { HazsimError } from '../../src/base/errors.js';
import {
  mergeScenarioShards,
  parseShardSpec,
  SHARD_MAGIC,
  shardSamples,
  writeScenarioParquet,
  writeScenarioShard,
  writeScenarioZip,
  type ScenarioFormat,
  type ScenarioInput,
  type ScenarioOptions,
} from '../../src/domain/scenarios/index.js';
import { scenarioThreads } from '../../src/app/workers/scenarioPool.js';
import { tempDir } from '../helpers/cli.js';
import { stormInput } from '../helpers/scenarioInput.js';

const dir = tempDir('hazsim-shards-');
let files = 0;
const fresh = (name: string) => path.join(dir, `${(files += 1)}-${name}`);

/** Survival made event-consistent (never rising), as the default physics writes it. */
function cumulative(input: ScenarioInput): ScenarioInput {
  const n = input.assetUuids.length;
  const survival = Float64Array.from(input.survival);
  for (let t = 1; t < input.timestamps.length; t += 1)
    for (let a = 0; a < n; a += 1) survival[t * n + a] = Math.min(survival[t * n + a], survival[(t - 1) * n + a]);
  return { ...input, survival, survivalIsCumulative: true };
}

const storm: ScenarioInput = { ...stormInput(300, 12), metadata: { distribution_system_name: 'feeder', distribution_sha256: 'ab12' } };

/** The unsharded run's file, sampled on the application's thread pool (`workers` > 1: threads). */
async function unsharded(format: ScenarioFormat, input: ScenarioInput, options: ScenarioOptions): Promise<Buffer> {
  const file = fresh(`whole.${format}`);
  await (format === 'parquet' ? writeScenarioParquet : writeScenarioZip)(input, { ...options, chunkRunners: scenarioThreads }, file);
  return fs.readFileSync(file);
}

async function shards(format: ScenarioFormat, input: ScenarioInput, options: ScenarioOptions, count: number): Promise<string[]> {
  const parts: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const file = fresh(`part${index}.hzshard`);
    await writeScenarioShard(input, { ...options, chunkRunners: scenarioThreads }, format, { index, count }, file);
    parts.push(file);
  }
  return parts;
}

async function merged(parts: string[], format: ScenarioFormat): Promise<Buffer> {
  const file = fresh(`merged.${format}`);
  const summary = await mergeScenarioShards(parts, file);
  assert.is(summary.format, format);
  return fs.readFileSync(file);
}

const exact = suite('merge of shards');

for (const format of ['zip', 'parquet'] as const) {
  for (const [label, input, options, count] of [
    ['peak', storm, { numberOfSamples: 700, seed: 3, method: 'peak', workers: 2 }, 3],
    ['sequential', storm, { numberOfSamples: 500, seed: 9, method: 'sequential', workers: 1 }, 4],
    ['event-consistent survival', cumulative(storm), { numberOfSamples: 400, seed: 4, method: 'peak', workers: 2 }, 2],
    ['more shards than samples (some empty)', storm, { numberOfSamples: 5, seed: 1, method: 'peak', workers: 1 }, 7],
  ] as const) {
    exact(`${format}, ${label}: parts merged in order and in reverse equal the unsharded run byte for byte`, async () => {
      const expected = await unsharded(format, input, options);
      const parts = await shards(format, input, options, count);
      assert.ok((await merged(parts, format)).equals(expected), 'merge in order differs from the unsharded run');
      assert.ok((await merged([...parts].reverse(), format)).equals(expected), 'merge in reverse order differs from the unsharded run');
    });
  }
}

exact('a single shard 0/1 merges to the unsharded run', async () => {
  const options: ScenarioOptions = { numberOfSamples: 50, seed: 2, method: 'peak', workers: 1 };
  const expected = await unsharded('zip', storm, options);
  assert.ok((await merged(await shards('zip', storm, options, 1), 'zip')).equals(expected));
});

exact.run();

const ranges = suite('shard ranges');

ranges('parseShardSpec reads i/N and names the rule a bad value breaks', () => {
  assert.equal(parseShardSpec('2/5'), { index: 2, count: 5 });
  for (const [text, rule] of [
    ['5/5', 'from 0 to N - 1 = 4'],
    ['1/0', 'N must be at least 1'],
    ['-1/3', 'must be i/N'],
    ['a/b', 'must be i/N'],
    ['1', 'must be i/N'],
  ]) {
    try {
      parseShardSpec(text);
      assert.unreachable(`${text} accepted`);
    } catch (error) {
      assert.instance(error, HazsimError);
      assert.is((error as HazsimError).kind, 'invalid_input');
      assert.match((error as HazsimError).message, rule);
    }
  }
});

ranges('shards are contiguous, cover every sample once and differ in size by at most one', () => {
  for (const [samples, count] of [
    [1000, 3],
    [7, 7],
    [5, 8],
    [100000, 64],
  ]) {
    let next = 0;
    const sizes: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const { start, end } = shardSamples(samples, { index, count });
      assert.is(start, next);
      sizes.push(end - start);
      next = end;
    }
    assert.is(next, samples);
    assert.ok(Math.max(...sizes) - Math.min(...sizes) <= 1, `sizes ${sizes}`);
  }
});

ranges.run();

const refused = suite('merge refuses parts that do not make one run');

const options: ScenarioOptions = { numberOfSamples: 60, seed: 5, method: 'peak', workers: 1 };

async function refusal(parts: string[], ...expected: string[]): Promise<void> {
  const output = fresh('refused.zip');
  try {
    await mergeScenarioShards(parts, output);
    assert.unreachable('merge accepted the parts');
  } catch (error) {
    assert.instance(error, HazsimError);
    assert.is((error as HazsimError).kind, 'invalid_input');
    for (const text of expected) assert.match((error as HazsimError).message, text);
  }
  assert.not.ok(fs.existsSync(output), 'a refused merge leaves no output');
  assert.equal(
    fs.readdirSync(dir).filter((name) => name.endsWith('.tmp')),
    [],
    'nor a temporary file',
  );
}

refused('another seed, another input (its sha256), another format, another shard count', async () => {
  const [first] = await shards('zip', storm, options, 2);
  const [, otherSeed] = await shards('zip', storm, { ...options, seed: 6 }, 2);
  await refusal([first, otherSeed], 'different runs', 'seed is');
  const [, otherInput] = await shards('zip', { ...storm, metadata: { ...storm.metadata, distribution_sha256: 'cd34' } }, options, 2);
  await refusal([first, otherInput], 'metadata.distribution_sha256', 'cd34', 'ab12');
  const [, otherFormat] = await shards('parquet', storm, options, 2);
  await refusal([first, otherFormat], 'format is');
  const [, , otherCount] = await shards('zip', storm, options, 3);
  await refusal([first, otherCount], 'shard_count is');
  const survival = Float64Array.from(storm.survival);
  survival[17] = 0.5;
  const [, otherSurvival] = await shards('zip', { ...storm, survival }, options, 2);
  await refusal([first, otherSurvival], 'survival_sha256');
});

refused('a missing shard, a repeated shard, no parts at all', async () => {
  const parts = await shards('zip', storm, options, 4);
  await refusal([parts[0], parts[1], parts[3]], 'Missing shard 2/4');
  await refusal([parts[0], parts[1], parts[2], parts[3], parts[1]], 'Shard 1/4 is given twice');
  await refusal([], 'Nothing to merge');
});

refused('a truncated shard, a damaged header, a file that is no shard, a file that does not exist', async () => {
  const parts = await shards('zip', storm, options, 2);
  const cut = fresh('cut.hzshard');
  const bytes = fs.readFileSync(parts[1]);
  fs.writeFileSync(cut, bytes.subarray(0, bytes.length - 40));
  await refusal([parts[0], cut], 'truncated');
  const cutAtEnd = fresh('cut-end.hzshard');
  fs.writeFileSync(cutAtEnd, bytes.subarray(0, bytes.length - 3));
  await refusal([parts[0], cutAtEnd], 'truncated');
  // A header whose JSON is damaged is a file that is no shard too, not an internal error.
  const damaged = fresh('damaged-header.hzshard');
  const damagedBytes = Buffer.from(bytes);
  damagedBytes[Buffer.byteLength(SHARD_MAGIC) + 4] = '#'.charCodeAt(0);
  fs.writeFileSync(damaged, damagedBytes);
  await refusal([parts[0], damaged], 'its header is not JSON');
  const other = fresh('other.zip');
  fs.writeFileSync(other, 'PK\u0003\u0004 not a shard');
  await refusal([parts[0], other], 'is not a hazsim shard file');
  await refusal([parts[0], path.join(dir, 'absent.hzshard')], 'Cannot read shard file', 'ENOENT');
});

refused.run();
