// REST responsiveness under load: /health latency while POST /simulate runs a 100,000-asset
// × 24-timestamp simulation (the large synthetic feeder under the example hurricane).
//   npm run bench rest
// The server runs in a child process (this file with --server), so the probes' client and the
// server do not share an event loop. Probes go at 20 per second, one at a time, while the run
// computes and then while its result downloads; p50, p99 and max of each phase are printed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { largeFeeder } from '../examples/generate-large-feeder.js';
import { createService } from '../src/app/service.js';
import { createApp, startServer } from '../src/faces/rest/index.js';

const ASSETS = 100_000;
const PROBES_PER_SECOND = 20;
const IDLE_PROBES = 40;
const TARGET_P99_MS = 20;
const HURRICANE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../examples/hazards/hurricane.json');

function startServerProcess(cacheDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--server', cacheDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let stdout = '';
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
      if (!stdout.includes('\n')) return;
      const stop = () => {
        child.kill('SIGTERM');
        return exited;
      };
      resolve({ url: stdout.trim(), stop });
    });
    void exited.then(() => reject(new Error('the server process exited before listening')));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Probes GET /health at PROBES_PER_SECOND, one at a time, until `stop()` is true (or `count` probes); latencies in ms. */
async function probeHealth(url: string, stop: () => boolean, count = Infinity): Promise<number[]> {
  const latencies: number[] = [];
  const intervalMs = 1000 / PROBES_PER_SECOND;
  let next = performance.now();
  while (!stop() && latencies.length < count) {
    const sent = performance.now();
    const response = await fetch(`${url}/health`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`/health answered ${response.status}`);
    latencies.push(performance.now() - sent);
    next = Math.max(next + intervalMs, performance.now());
    await sleep(next - performance.now());
  }
  return latencies;
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))];
}

function report(phase: string, latencies: readonly number[], seconds: number, judged: boolean): void {
  const sorted = [...latencies].sort((a, b) => a - b);
  const p99 = percentile(sorted, 0.99);
  const verdict = judged ? ` (target p99 < ${TARGET_P99_MS} ms) ${p99 < TARGET_P99_MS ? 'ok' : 'ABOVE TARGET'}` : '';
  console.log(
    `BENCH rest /health latency ${phase} (${sorted.length} requests over ${seconds.toFixed(1)} s): p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms${verdict}`,
  );
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hazsim-bench-rest-'));
  const server = await startServerProcess(path.join(dir, 'cache'));
  try {
    const feederPath = path.join(dir, 'large_feeder.json');
    fs.writeFileSync(feederPath, JSON.stringify(largeFeeder(ASSETS)));
    for (const [collection, filePath, name] of [
      ['distribution-models', feederPath, 'large'],
      ['hazard-models', HURRICANE, 'hurricane'],
    ]) {
      const form = new FormData();
      form.append('file', new Blob([fs.readFileSync(filePath)]), path.basename(filePath));
      form.append('name', name);
      const response = await fetch(`${server.url}/${collection}`, { method: 'POST', body: form });
      if (response.status !== 201) throw new Error(`upload of ${name} answered ${response.status}: ${await response.text()}`);
    }

    let started = performance.now();
    report('idle', await probeHealth(server.url, () => false, IDLE_PROBES), (performance.now() - started) / 1000, false);

    started = performance.now();
    let response: Response | null = null;
    const run = fetch(`${server.url}/simulate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ distribution_system_name: 'large', hazard_system_name: 'hurricane' }),
    }).then((answer) => (response = answer));
    const during = await probeHealth(server.url, () => response !== null);
    await run;
    const runSeconds = (performance.now() - started) / 1000;
    if (response!.status !== 200) throw new Error(`/simulate answered ${response!.status}: ${await response!.text()}`);
    report(`while simulating ${ASSETS.toLocaleString('en-US')} assets × 24 timestamps`, during, runSeconds, true);

    started = performance.now();
    let downloaded = 0;
    let done = false;
    const drain = (async () => {
      for await (const chunk of response!.body as unknown as AsyncIterable<Uint8Array>) downloaded += chunk.length;
      done = true;
    })();
    const downloading = await probeHealth(server.url, () => done);
    await drain;
    const downloadSeconds = (performance.now() - started) / 1000;
    report(`while the ${(downloaded / 1e6).toFixed(0)} MB result downloads`, downloading, downloadSeconds, true);
    console.log(
      `BENCH rest POST /simulate ${ASSETS.toLocaleString('en-US')} assets × 24 timestamps: ${runSeconds.toFixed(1)} s to the response, ${downloadSeconds.toFixed(1)} s to download ${(downloaded / 1e6).toFixed(0)} MB`,
    );
    // Latency tails follow how busy the machine is: the server's event loop waits for a core like any thread.
    console.log(
      `BENCH rest machine: ${os.availableParallelism()} cores, load average ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(' / ')} (1 / 5 / 15 min)`,
    );
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const serverMode = process.argv.indexOf('--server');
if (serverMode !== -1) {
  // Child mode: serve the cache given on 127.0.0.1 and print the URL; stop on SIGTERM.
  const app = createApp(createService({ cacheDir: process.argv[serverMode + 1] }), { log: () => {} });
  const running = await startServer(app, { host: '127.0.0.1', port: 0 });
  console.log(running.url);
  process.once('SIGTERM', () => void running.shutdown().then(() => process.exit(0)));
} else {
  await main();
}
