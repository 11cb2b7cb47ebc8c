// Scenario engine throughput and memory: 10,000 assets × 24 timestamps × 1,000 samples.
//   npm run bench scenarios
// Prints asset-samples per second per core for the sampling itself (draws, records, counts;
// the work a worker does) and end to end (the whole ZIP with the default workers), and the
// peak RSS of whole runs at 100, 1,000 and 3,000 samples, each in a fresh process.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultScenarioWorkers, scenarioThreads } from '../src/app/workers/scenarioPool.js';
import { createSamplingContext, sampleChunk } from '../src/domain/scenarios/chunk.js';
import { writeScenarioZip, type ScenarioInput } from '../src/domain/scenarios/index.js';

const ASSETS = 10_000;
const TIMESTAMPS = 24;
const SAMPLES = 1_000;
const TARGET_PER_CORE = 10_000_000;
const METHODS = ['peak', 'sequential'] as const;
/** The default worker count, one per core. */
const cores = os.availableParallelism();

/** A storm crossing the feeder: asset a peaks at hour (a mod 24) with failure probability up to 5%. */
function stormInput(): ScenarioInput {
  const survival = new Float64Array(ASSETS * TIMESTAMPS);
  for (let a = 0; a < ASSETS; a += 1) {
    const peak = 0.05 * ((a * 0.6180339887) % 1) ** 2;
    for (let t = 0; t < TIMESTAMPS; t += 1) survival[t * ASSETS + a] = 1 - peak * Math.exp(-(((t - (a % TIMESTAMPS)) / 3) ** 2));
  }
  return {
    timestamps: Array.from({ length: TIMESTAMPS }, (_, t) => new Date(Date.UTC(2022, 0, 1, t)).toISOString().slice(0, 19)),
    assetUuids: Array.from({ length: ASSETS }, (_, a) => `00000000-0000-4000-8000-${a.toString(16).padStart(12, '0')}`),
    survival,
    metadata: { distribution_system_name: 'bench_feeder', hazard_system_name: 'bench_storm' },
  };
}

const rate = (count: number, ms: number) => Math.round(count / (ms / 1000));
const millions = (value: number) => `${(value / 1e6).toFixed(1)} M`;

async function wholeRun(samples: number, workers: number | undefined, method: 'peak' | 'sequential', dir: string) {
  const started = performance.now();
  const summary = await writeScenarioZip(
    stormInput(),
    { numberOfSamples: samples, seed: 1, method, workers: workers ?? defaultScenarioWorkers(), chunkRunners: scenarioThreads },
    path.join(dir, `bench_${method}_${samples}.zip`),
  );
  return { ms: performance.now() - started, summary };
}

const rssMode = process.argv.indexOf('--rss');
if (rssMode !== -1) {
  // Child mode: one whole run, then report this process's peak RSS.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hazsim-bench-rss-'));
  try {
    const { ms, summary } = await wholeRun(Number(process.argv[rssMode + 1]), undefined, 'sequential', dir);
    console.log(JSON.stringify({ maxRssKb: process.resourceUsage().maxRSS, zipBytes: summary.zip_bytes, ms }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
} else {
  const input = stormInput();
  for (const method of METHODS) {
    const context = createSamplingContext({ timestamps: input.timestamps, assetUuids: input.assetUuids, survival: input.survival, method, seed: 1 });
    const started = performance.now();
    const result = sampleChunk(context, { start: 0, end: SAMPLES, keep: 0 });
    const ms = performance.now() - started;
    const perCore = rate(ASSETS * SAMPLES, ms);
    console.log(
      `BENCH scenarios sampling ${method} (1 core, ${ASSETS} assets × ${TIMESTAMPS} timestamps × ${SAMPLES} samples, ${result.recordCount} records): ${ms.toFixed(0)} ms, ${millions(perCore)} asset-samples/s per core (target ≥ ${millions(TARGET_PER_CORE)}) ${perCore >= TARGET_PER_CORE ? 'ok' : 'BELOW TARGET'}`,
    );
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hazsim-bench-'));
  try {
    for (const method of METHODS) {
      const { ms, summary } = await wholeRun(SAMPLES, undefined, method, dir);
      console.log(
        `BENCH scenarios zip ${method} (${cores} workers, end to end): ${ms.toFixed(0)} ms, ${millions(rate(ASSETS * SAMPLES, ms))} asset-samples/s, ${millions(rate(ASSETS * SAMPLES, ms) / cores)} per core, ${summary.total_scenarios} records, ${(summary.zip_bytes / 1e6).toFixed(1)} MB ZIP`,
      );
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const here = fileURLToPath(import.meta.url);
  const peaks: number[] = [];
  const times: number[] = [];
  const rssSamples = [100, 1_000, 3_000];
  for (const samples of rssSamples) {
    const child = spawnSync(process.execPath, ['--import', 'tsx', here, '--rss', String(samples)], { encoding: 'utf8' });
    if (child.status !== 0) throw new Error(`RSS run with ${samples} samples failed:\n${child.stderr}`);
    const { maxRssKb, zipBytes, ms } = JSON.parse(child.stdout.trim().split('\n').at(-1)!);
    peaks.push(maxRssKb);
    times.push(ms);
    console.log(
      `BENCH scenarios peak RSS at ${samples} samples (sequential, default workers): ${(maxRssKb / 1024).toFixed(0)} MB (ZIP ${(zipBytes / 1e6).toFixed(1)} MB)`,
    );
  }
  // Whole runs cost a fixed part (worker start, one compressed CSV per asset) plus a part per sample.
  const marginal = rate(ASSETS * (rssSamples[2] - rssSamples[0]), times[2] - times[0]);
  console.log(
    `BENCH scenarios zip sequential per additional sample (100 → 3,000 samples): ${millions(marginal)} asset-samples/s, ${millions(marginal / cores)} per core; fixed part ≈ ${(times[0] - (ASSETS * rssSamples[0] * 1000) / marginal).toFixed(0)} ms`,
  );
  console.log(
    `BENCH scenarios peak RSS ratio 1,000 / 100 samples: ${(peaks[1] / peaks[0]).toFixed(2)} (10× the samples); 3,000 / 1,000: ${(peaks[2] / peaks[1]).toFixed(2)} (3×)`,
  );
}
