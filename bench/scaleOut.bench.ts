// Scenario file formats and sharding at the scale: 20,000 assets × 24 timestamps ×
// 1,000 samples (a storm crossing a large feeder, about 3% of assets failing per sample).
//   node --import tsx bench/run.ts scaleOut
// For the ZIP (the default, unchanged) and Parquet: wall time, peak RSS (each run in a fresh
// process) and file size; then the same Parquet run as 4 shards plus their merge, and peak
// RSS of Parquet at 3,000 samples (flat in the number of samples).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultScenarioWorkers, scenarioThreads } from '../src/app/workers/scenarioPool.js';
import {
  mergeScenarioShards,
  writeScenarioParquet,
  writeScenarioShard,
  writeScenarioZip,
  type ScenarioFormat,
  type ScenarioInput,
} from '../src/domain/scenarios/index.js';

const ASSETS = 20_000;
const TIMESTAMPS = 24;
const SAMPLES = 1_000;
const SHARDS = 4;

/** Asset a peaks at hour (a mod 24) with a failure probability up to 12% (3% on average). */
function stormInput(): ScenarioInput {
  const survival = new Float64Array(ASSETS * TIMESTAMPS);
  for (let a = 0; a < ASSETS; a += 1) {
    const peak = 0.12 * ((a * 0.6180339887) % 1) ** 2;
    let lowest = 1;
    for (let t = 0; t < TIMESTAMPS; t += 1) {
      lowest = Math.min(lowest, 1 - peak * Math.exp(-(((t - (a % TIMESTAMPS)) / 3) ** 2)));
      survival[t * ASSETS + a] = lowest;
    }
  }
  return {
    timestamps: Array.from({ length: TIMESTAMPS }, (_, t) => new Date(Date.UTC(2022, 0, 1, t)).toISOString().slice(0, 19)),
    assetUuids: Array.from({ length: ASSETS }, (_, a) => `00000000-0000-4000-8000-${a.toString(16).padStart(12, '0')}`),
    survival,
    survivalIsCumulative: true,
    metadata: { distribution_system_name: 'bench_feeder', hazard_system_name: 'bench_storm' },
  };
}

const here = fileURLToPath(import.meta.url);
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** Child mode: one run, then its time, peak RSS and output size as JSON. */
async function child(mode: string, samples: number): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hazsim-bench-scale-'));
  try {
    const input = stormInput();
    const options = { numberOfSamples: samples, seed: 1, method: 'peak' as const, workers: defaultScenarioWorkers(), chunkRunners: scenarioThreads };
    const started = performance.now();
    let bytes = 0;
    let shardBytes = 0;
    if (mode === 'zip' || mode === 'parquet') {
      bytes = (await (mode === 'zip' ? writeScenarioZip : writeScenarioParquet)(input, options, path.join(dir, `run.${mode}`))).zip_bytes;
    } else {
      // Sharded: every shard in this process one after the other (on a cluster they run at once), then the merge.
      const format = mode.slice('shards-'.length) as ScenarioFormat;
      const parts: string[] = [];
      for (let index = 0; index < SHARDS; index += 1) {
        parts.push(path.join(dir, `part${index}.hzshard`));
        shardBytes += (await writeScenarioShard(input, options, format, { index, count: SHARDS }, parts[index])).file_bytes;
      }
      const mergeStarted = performance.now();
      bytes = (await mergeScenarioShards(parts, path.join(dir, `merged.${format}`))).zip_bytes;
      console.log(JSON.stringify({ mergeMs: performance.now() - mergeStarted }));
    }
    console.log(JSON.stringify({ ms: performance.now() - started, maxRssKb: process.resourceUsage().maxRSS, bytes, shardBytes }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function measure(mode: string, samples: number) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', here, '--child', mode, String(samples)], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${mode} run failed:\n${run.stderr}`);
  const lines = run.stdout.trim().split('\n');
  return { ...JSON.parse(lines.at(-1)!), ...(lines.length > 1 ? JSON.parse(lines.at(-2)!) : {}) };
}

const childMode = process.argv.indexOf('--child');
if (childMode !== -1) {
  await child(process.argv[childMode + 1], Number(process.argv[childMode + 2]));
} else {
  const shape = `${ASSETS} assets × ${TIMESTAMPS} timestamps × ${SAMPLES} samples, ${os.availableParallelism()} workers`;
  const results: Record<string, { ms: number; maxRssKb: number; bytes: number }> = {};
  for (const format of ['zip', 'parquet']) {
    const result = measure(format, SAMPLES);
    results[format] = result;
    console.log(
      `BENCH scaleOut ${format} (${shape}): ${(result.ms / 1000).toFixed(1)} s, peak RSS ${(result.maxRssKb / 1024).toFixed(0)} MB, file ${mb(result.bytes)}`,
    );
  }
  console.log(
    `BENCH scaleOut parquet / zip: time ${(results.parquet.ms / results.zip.ms).toFixed(2)}, peak RSS ${(results.parquet.maxRssKb / results.zip.maxRssKb).toFixed(2)}, size ${(results.parquet.bytes / results.zip.bytes).toFixed(3)}`,
  );
  const sharded = measure('shards-parquet', SAMPLES);
  console.log(
    `BENCH scaleOut parquet as ${SHARDS} shards + merge: ${(sharded.ms / 1000).toFixed(1)} s in one process (merge ${(sharded.mergeMs / 1000).toFixed(1)} s), shard files ${mb(sharded.shardBytes)} in all, merged file ${mb(sharded.bytes)} (${sharded.bytes === results.parquet.bytes ? 'same size as unsharded' : 'SIZE DIFFERS'})`,
  );
  const longer = measure('parquet', 3 * SAMPLES);
  console.log(
    `BENCH scaleOut parquet peak RSS at ${3 * SAMPLES} samples: ${(longer.maxRssKb / 1024).toFixed(0)} MB (ratio to ${SAMPLES} samples ${(longer.maxRssKb / results.parquet.maxRssKb).toFixed(2)} for 3× the samples), file ${mb(longer.bytes)}, ${(longer.ms / 1000).toFixed(1)} s`,
  );
}
