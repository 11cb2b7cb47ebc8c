// Child of gdm.bench.ts: reads one large GDM file the way an upload does (bytes, text,
// JSON parse, full validation into the model) and prints BENCH lines with time per
// component and peak memory relative to the file size.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readDistributionModel } from '../src/gdm/index.js';

const file = process.argv[2];
const gc = (globalThis as { gc?: () => void }).gc;

// Warm up the code paths (class checkers are compiled on first use) on the bundled feeder.
readDistributionModel(JSON.parse(fs.readFileSync(path.resolve('examples/feeder/example_feeder.json'), 'utf8')));
gc?.();
const baselineRss = process.memoryUsage().rss;
let peakRss = baselineRss;
const sample = () => (peakRss = Math.max(peakRss, process.memoryUsage().rss));
const timer = setInterval(sample, 5);

/** Reads the file as an upload does; times reading (bytes to text), JSON parsing, and validation into the model separately. */
function read(): { components: number; bytes: number; readMs: number; parseMs: number; validateMs: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  let bytes: Buffer | null = fs.readFileSync(file);
  const size = bytes.length;
  let text: string | null = bytes.toString('utf8');
  bytes = null;
  const decoded = performance.now();
  const content = JSON.parse(text) as unknown;
  text = null;
  sample();
  const parsed = performance.now();
  const model = readDistributionModel(content);
  sample();
  const used = process.cpuUsage(cpu);
  return { components: model.components.length, bytes: size, readMs: decoded - started, parseMs: parsed - decoded, validateMs: performance.now() - parsed, cpuMs: (used.user + used.system) / 1000 };
}

const result = read();
clearInterval(timer);
const maxRss = process.resourceUsage().maxRSS * 1024;
peakRss = Math.max(peakRss, maxRss);
const perComponent = (ms: number) => ((ms * 1000) / result.components).toFixed(2);
console.log(`BENCH gdm.read components=${result.components} file_mb=${(result.bytes / 1e6).toFixed(1)}`);
console.log(`BENCH gdm.read read_file_ms=${result.readMs.toFixed(0)} json_parse_ms=${result.parseMs.toFixed(0)} validate_and_link_ms=${result.validateMs.toFixed(0)}`);
console.log(`BENCH gdm.read us_per_component parse_and_validate=${perComponent(result.parseMs + result.validateMs)} (target <= 10) json_parse=${perComponent(result.parseMs)} validate=${perComponent(result.validateMs)} end_to_end=${perComponent(result.readMs + result.parseMs + result.validateMs)}`);
// On a shared machine wall time includes waiting for a core; CPU time (all threads, GC helpers included) shows the work.
console.log(`BENCH gdm.read cpu_ms_all_threads=${result.cpuMs.toFixed(0)} wall_ms=${(result.readMs + result.parseMs + result.validateMs).toFixed(0)} load_average=${os.loadavg()[0].toFixed(2)}`);
console.log(`BENCH gdm.read peak_memory_ratio=${((peakRss - baselineRss) / result.bytes).toFixed(2)} (peak RSS above baseline / file size; target < 4)`);
