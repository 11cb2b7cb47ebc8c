// Child of gdm.bench.ts: reads one large GDM file the way an upload does (bytes, JSON
// parse, full validation into the model) and prints BENCH lines with time per component
// and peak memory relative to the file size.
import fs from 'node:fs';
import path from 'node:path';
import { readDistributionModel } from '../src/gdm/index.js';
import { parseJsonBytes } from '../src/core/uploadInput.js';

const file = process.argv[2];
const gc = (globalThis as { gc?: () => void }).gc;

// Warm up the code paths (class checkers are compiled on first use) on the bundled feeder.
readDistributionModel(JSON.parse(fs.readFileSync(path.resolve('examples/feeder/example_feeder.json'), 'utf8')));
gc?.();
const baselineRss = process.memoryUsage().rss;
let peakRss = baselineRss;
const sample = () => (peakRss = Math.max(peakRss, process.memoryUsage().rss));
const timer = setInterval(sample, 5);

function read(): { components: number; bytes: number; parseMs: number; validateMs: number } {
  const started = performance.now();
  let bytes: Buffer | null = fs.readFileSync(file);
  const size = bytes.length;
  const content = parseJsonBytes(bytes, path.basename(file)) as { components: unknown[] };
  bytes = null;
  sample();
  const parsed = performance.now();
  const model = readDistributionModel(content);
  sample();
  return { components: model.components.length, bytes: size, parseMs: parsed - started, validateMs: performance.now() - parsed };
}

const result = read();
clearInterval(timer);
const maxRss = process.resourceUsage().maxRSS * 1024;
peakRss = Math.max(peakRss, maxRss);
const perComponent = ((result.parseMs + result.validateMs) * 1000) / result.components;
console.log(`BENCH gdm.read components=${result.components} file_mb=${(result.bytes / 1e6).toFixed(1)}`);
console.log(`BENCH gdm.read read_and_parse_ms=${result.parseMs.toFixed(0)} validate_and_link_ms=${result.validateMs.toFixed(0)}`);
console.log(`BENCH gdm.read us_per_component=${perComponent.toFixed(2)} (target <= 10)`);
console.log(`BENCH gdm.read peak_memory_ratio=${((peakRss - baselineRss) / result.bytes).toFixed(2)} (peak RSS above baseline / file size; target < 4)`);
