// Spatially correlated within-event residual fields (Vecchia sampler, Jayaram–Baker 2009 PGA
// range) for a synthetic utility service area: setup time, time per Monte Carlo sample, total,
// throughput in site-samples per second and peak RSS. Each sample is drawn as the project does:
// its own seedrandom.alea("<seed>:<i>") stream, one between-event normal, one correlated field,
// combined into ln PGA.
//
//   node --import tsx bench/correlatedField.bench.ts [--sites 100000] [--samples 100] [--neighbours 30] [--range-km 8.5]
import seedrandom from 'seedrandom';
import {
  buildVecchiaGraph,
  combineGroundMotionSample,
  createStandardNormalSource,
  factorVecchia,
  sampleCorrelatedField,
} from '../src/domain/hazards/earthquake/correlation/index.js';
import { feederSites } from './feederSites.js';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at === -1) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} needs a positive number`);
  return value;
}

const SITES = option('sites', 100_000);
const SAMPLES = option('samples', 100);
const NEIGHBOURS = option('neighbours', 30);
const RANGE_KM = option('range-km', 8.5);

const { lons, lats } = feederSites(SITES, 'bench-feeders');
const started = performance.now();
const graph = buildVecchiaGraph(lons, lats, NEIGHBOURS);
const graphMs = performance.now() - started;
const factorStarted = performance.now();
const factor = factorVecchia(graph, RANGE_KM);
const factorMs = performance.now() - factorStarted;

// A stand-in median and GMPE sigmas (ln units), typical of PGA at moderate distance.
const lnMedian = new Float64Array(SITES).fill(Math.log(0.2 * 9.80665));
const TAU = 0.35;
const PHI = 0.55;
const field = new Float64Array(SITES);
const workspace = new Float64Array(graph.locationCount);
const lnPga = new Float64Array(SITES);
let checksum = 0;
const samplingStarted = performance.now();
for (let sample = 0; sample < SAMPLES; sample++) {
  const normal = createStandardNormalSource(seedrandom.alea(`42:${sample}`));
  const betweenEvent = normal();
  sampleCorrelatedField(factor, normal, field, workspace);
  combineGroundMotionSample(lnMedian, TAU, PHI, betweenEvent, field, lnPga);
  checksum += lnPga[sample % SITES];
}
const samplingMs = performance.now() - samplingStarted;
const setupMs = graphMs + factorMs;
const totalMs = setupMs + samplingMs;
const perSampleMs = samplingMs / SAMPLES;
const peakRssMb = process.resourceUsage().maxRSS / 1024;

console.log(`BENCH correlatedField sites=${SITES} locations=${graph.locationCount} samples=${SAMPLES} neighbours=${NEIGHBOURS} range_km=${RANGE_KM}`);
console.log(`BENCH correlatedField setup_ms=${setupMs.toFixed(0)} (ordering+neighbours ${graphMs.toFixed(0)}, kriging weights ${factorMs.toFixed(0)})`);
console.log(`BENCH correlatedField per_sample_ms=${perSampleMs.toFixed(2)} sampling_ms=${samplingMs.toFixed(0)} total_ms=${totalMs.toFixed(0)}`);
console.log(`BENCH correlatedField throughput=${((SITES * SAMPLES) / (samplingMs / 1000) / 1e6).toFixed(1)} M site-samples/s (sampling only)`);
console.log(`BENCH correlatedField extrapolated_1000_samples_s=${((setupMs + 1000 * perSampleMs) / 1000).toFixed(1)}`);
console.log(`BENCH correlatedField peak_rss_mb=${peakRssMb.toFixed(0)} checksum=${checksum.toFixed(6)}`);
