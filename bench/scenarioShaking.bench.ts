// Scenario sampling with correlated earthquake shaking (docs/correlated-shaking.md) at
// 100,000 assets × 1,000 samples: the once-per-run preparation (BSSA14 at every element, Vecchia
// ordering, neighbours and kriging weights), then the scenario engine's own chunks, each sample
// drawing its shaking from "<seed>:<i>:shaking", judging every asset at its sampled PGA and
// building its records. Reports wall and CPU time (all threads) and peak RSS.
//
//   node --import tsx bench/run.ts scenarioShaking            (100,000 × 1,000, 1 then 2 threads)
//   node --import tsx bench/scenarioShaking.bench.ts [--assets 100000] [--samples 1000] [--workers 1,2]
import { expandElements } from '../src/domain/assets/elements.js';
import { ASSET_TYPES, type AssetTable } from '../src/domain/assets/types.js';
import { compileCurveSet, DEFAULT_CURVES } from '../src/domain/fragility/index.js';
import { readHazardModel } from '../src/domain/hazards/index.js';
import { chunkSamples, type SamplingInit } from '../src/domain/scenarios/chunk.js';
import { workerRunner } from '../src/app/workers/scenarioPool.js';
import { onThisThread, type ChunkRunner, type SamplingJob } from '../src/domain/scenarios/runner.js';
import { feederSites } from './feederSites.js';
import { prepareShakingSurvival, shakingSampleSurvival } from '../src/domain/simulation/shakingSurvival.js';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : process.argv[at + 1];
}
const ASSETS = Number(option('assets', '100000'));
const SAMPLES = Number(option('samples', '1000'));
const WORKERS = option('workers', '1,2').split(',').map(Number);

/** The benchmark's sites (bench/feederSites.ts) as distribution poles. */
function poles(count: number): AssetTable {
  const { lons: longitude, lats: latitude } = feederSites(count, 'bench-shaking-feeders');
  const uuid = Array.from({ length: count }, (_, i) => `pole-${i}`);
  return {
    count,
    uuid,
    name: uuid,
    assetType: uuid.map(() => 'distribution_poles'),
    assetTypeIndex: new Uint8Array(count).fill(ASSET_TYPES.indexOf('distribution_poles')),
    componentType: uuid.map(() => 'DistributionPole'),
    longitude,
    latitude,
    heightM: new Float64Array(count),
    route: new Float64Array(4 * count).fill(Number.NaN),
    lengthM: new Float64Array(count).fill(Number.NaN),
  };
}

const hazard = readHazardModel({
  name: 'bench-quake',
  models: [
    {
      type: 'earthquake',
      name: 'm6.8',
      timestamp: '2024-01-01T00:00:00',
      origin: { longitude: -121.95, latitude: 37.45 },
      depth: '8 kilometer',
      magnitude: 6.8,
      vs30: '400 meter / second',
    },
  ],
});
const assets = poles(ASSETS);
const compiled = compileCurveSet(DEFAULT_CURVES, 'DEFAULT_CURVES');

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;
let cpu = process.cpuUsage();
let started = performance.now();
const data = prepareShakingSurvival(hazard, expandElements(assets), assets.count, compiled, new Float64Array(assets.count).fill(1));
if (!data) throw new Error('the bench earthquake must be sampled with its variability');
const prepareMs = performance.now() - started;
const prepareCpuMs = cpuMs(process.cpuUsage(cpu));
console.log(
  `BENCH scenarioShaking prepare ${ASSETS} assets (BSSA14, Vecchia k=30 ordering + neighbours + PGA weights): wall ${(prepareMs / 1000).toFixed(1)} s, cpu ${(prepareCpuMs / 1000).toFixed(1)} s`,
);

const init: SamplingInit = {
  timestamps: hazard.timestamps,
  assetUuids: assets.uuid,
  survival: new Float64Array(assets.count).fill(1),
  method: 'peak',
  survivalIsCumulative: true,
  sampleSurvival: data,
  seed: 1,
};
// The pool's threads build the shaking survival from the data (src/app/workers/scenarioWorker.ts); this thread builds it the same way.
const job: SamplingJob = { init, createSampleSurvival: shakingSampleSurvival(data).create };
const perChunk = chunkSamples(ASSETS);

/** Runs every chunk, keeping only counts (the ZIP writer streams each chunk's records out the same way). */
async function sampleAll(runner: ChunkRunner): Promise<{ records: number; failures: number }> {
  let records = 0;
  let failures = 0;
  const tasks = [];
  for (let start = 0; start < SAMPLES; start += perChunk) {
    tasks.push(
      runner.run({ start, end: Math.min(SAMPLES, start + perChunk), keep: 0 }).then((result) => {
        records += result.recordCount;
        for (const count of result.failuresPerSample) failures += count;
      }),
    );
  }
  await Promise.all(tasks);
  await runner.close();
  return { records, failures };
}

for (const workers of WORKERS) {
  cpu = process.cpuUsage();
  started = performance.now();
  const { records, failures } = await sampleAll(workers > 1 ? workerRunner(job, workers) : onThisThread(job, 1));
  const wallMs = performance.now() - started;
  const samplingCpuMs = cpuMs(process.cpuUsage(cpu));
  console.log(
    `BENCH scenarioShaking sampling ${ASSETS} assets × ${SAMPLES} samples, ${workers} thread${workers === 1 ? '' : 's'}: wall ${(wallMs / 1000).toFixed(1)} s (${(wallMs / SAMPLES).toFixed(1)} ms/sample), cpu ${(samplingCpuMs / 1000).toFixed(1)} s, ${failures} failures in ${records} records`,
  );
}
console.log(`BENCH scenarioShaking peak_rss_mb=${(process.resourceUsage().maxRSS / 1024).toFixed(0)}`);
