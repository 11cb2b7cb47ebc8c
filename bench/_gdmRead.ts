// Child of gdm.bench.ts: reads one large GDM file the way an upload does (bytes, text,
// JSON parse, full validation into the model) and prints BENCH lines with time per
// component and peak memory relative to the file size.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readDistributionModel } from '../src/domain/gdm/index.js';

const file = process.argv[2];
const gc = (globalThis as { gc?: () => void }).gc;

// Warm up the code paths (class checkers are compiled on first use) on the bundled feeder.
readDistributionModel(JSON.parse(fs.readFileSync(path.resolve('examples/feeder/example_feeder.json'), 'utf8')));
gc?.();
const baselineRss = process.memoryUsage().rss;
let peakRss = baselineRss;
const sample = () => (peakRss = Math.max(peakRss, process.memoryUsage().rss));
const timer = setInterval(sample, 5);

/**
 * CPU time of this process's main thread, ms (Linux /proc; clock ticks of 10 ms), or NaN
 * elsewhere. On a busy shared machine it shows the work done, without the waits for a core.
 */
function mainThreadCpuMs(): number {
  try {
    const fields = fs.readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** Reads the file as an upload does; times reading (bytes to text), JSON parsing, and validation into the model separately. */
function read() {
  const cpu = process.cpuUsage();
  const threadStart = mainThreadCpuMs();
  const started = performance.now();
  let bytes: Buffer | null = fs.readFileSync(file);
  const size = bytes.length;
  let text: string | null = bytes.toString('utf8');
  // eslint-disable-next-line no-useless-assignment -- drops the buffer so the measured peak memory does not hold it
  bytes = null;
  const decoded = performance.now();
  const threadDecoded = mainThreadCpuMs();
  const content = JSON.parse(text) as unknown;
  // eslint-disable-next-line no-useless-assignment -- drops the text so the measured peak memory does not hold it
  text = null;
  sample();
  const parsed = performance.now();
  const threadParsed = mainThreadCpuMs();
  const model = readDistributionModel(content);
  sample();
  const threadDone = mainThreadCpuMs();
  const used = process.cpuUsage(cpu);
  return {
    components: model.components.length,
    bytes: size,
    readMs: decoded - started,
    parseMs: parsed - decoded,
    validateMs: performance.now() - parsed,
    cpuMs: (used.user + used.system) / 1000,
    threadParseMs: threadParsed - threadDecoded,
    threadValidateMs: threadDone - threadParsed,
    threadTotalMs: threadDone - threadStart,
  };
}

const result = read();
clearInterval(timer);
const maxRss = process.resourceUsage().maxRSS * 1024;
peakRss = Math.max(peakRss, maxRss);
const perComponent = (ms: number) => ((ms * 1000) / result.components).toFixed(2);
console.log(`BENCH gdm.read components=${result.components} file_mb=${(result.bytes / 1e6).toFixed(1)}`);
console.log(
  `BENCH gdm.read read_file_ms=${result.readMs.toFixed(0)} json_parse_ms=${result.parseMs.toFixed(0)} validate_and_link_ms=${result.validateMs.toFixed(0)}`,
);
console.log(
  `BENCH gdm.read us_per_component parse_and_validate=${perComponent(result.parseMs + result.validateMs)} (target <= 10) json_parse=${perComponent(result.parseMs)} validate=${perComponent(result.validateMs)} end_to_end=${perComponent(result.readMs + result.parseMs + result.validateMs)}`,
);
// On a shared machine wall time includes waiting for a core; CPU time (all threads, GC helpers included) shows the work.
console.log(
  `BENCH gdm.read cpu_ms_all_threads=${result.cpuMs.toFixed(0)} wall_ms=${(result.readMs + result.parseMs + result.validateMs).toFixed(0)} load_average=${os.loadavg()[0].toFixed(2)}`,
);
console.log(
  `BENCH gdm.read main_thread_cpu us_per_component parse_and_validate=${perComponent(result.threadParseMs + result.threadValidateMs)} json_parse=${perComponent(result.threadParseMs)} validate=${perComponent(result.threadValidateMs)} end_to_end=${perComponent(result.threadTotalMs)}`,
);
console.log(`BENCH gdm.read peak_memory_ratio=${((peakRss - baselineRss) / result.bytes).toFixed(2)} (peak RSS above baseline / file size; target < 4)`);
