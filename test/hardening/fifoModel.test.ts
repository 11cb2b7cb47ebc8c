import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, ROOT, runCli, tempDir } from '../helpers/cli.js';
import { postJson, spawnServer, TINY_FEEDER, TINY_QUAKE } from '../helpers/rest.js';
import { skipTest } from '../helpers/skip.js';

// A FIFO put where a model's file belongs blocked the run's thread for good: `simulate` never
// ended, a job never finished, and neither DELETE of the job nor the server's SIGTERM could stop
// it. A stored file that is not a regular file is now refused with an error naming it.

const RUN_DEADLINE_MS = 30_000;

/** A cache holding the tiny feeder and quake, the feeder's file replaced by a FIFO; null when mkfifo is missing. */
function cacheWithFifoModel(): string | null {
  const cache = tempDir();
  for (const [file, name] of [
    [TINY_FEEDER, 'feeder'],
    [TINY_QUAKE, 'quake'],
  ]) {
    const upload = runCli(['upload', file, '--name', name, '--cache-dir', cache]);
    assert.is(upload.code, 0, upload.stderr);
  }
  const modelFile = path.join(cache, 'distribution_models/feeder.json');
  fs.rmSync(modelFile);
  const made = spawnSync('mkfifo', [modelFile]);
  if (made.error || made.status !== 0) {
    skipTest('mkfifo is not available here');
    return null;
  }
  return cache;
}

const test = suite('FIFO in place of a model');

test('simulate ends at once with exit 1 naming the file that is not a regular file', () => {
  const cache = cacheWithFifoModel();
  if (!cache) return;
  const started = Date.now();
  const run = spawnSync(process.execPath, [BIN, 'simulate', 'feeder', 'quake', '-o', path.join(tempDir(), 'out.sqlite'), '--cache-dir', cache], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: RUN_DEADLINE_MS,
    killSignal: 'SIGKILL',
  });
  assert.is(run.signal, null, `simulate was still running after ${RUN_DEADLINE_MS} ms`);
  assert.is(run.status, 1, run.stderr);
  assert.match(run.stderr, /feeder\.json is not a regular file; remove it and run a cache refresh/);
  assert.ok(Date.now() - started < RUN_DEADLINE_MS);
});

test('a job on it fails naming the problem, and the server still stops on SIGTERM', async () => {
  const cache = cacheWithFifoModel();
  if (!cache) return;
  const server = await spawnServer(['--cache-dir', cache]);
  try {
    const submitted = await postJson(`${server.url}/jobs`, { kind: 'simulate', request: { distribution_system_name: 'feeder', hazard_system_name: 'quake' } });
    const job: any = await submitted.json();
    assert.is(submitted.status, 202, JSON.stringify(job));
    let record: any = job;
    const deadline = Date.now() + RUN_DEADLINE_MS;
    while (!['succeeded', 'failed', 'cancelled'].includes(record.state) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      record = await (await fetch(`${server.url}/jobs/${job.id}`)).json();
    }
    assert.is(record.state, 'failed', `the job is ${record.state} after ${RUN_DEADLINE_MS} ms`);
    assert.match(record.error.detail, /not a regular file/);
    const stopped = await Promise.race([server.stop(), new Promise((resolve) => setTimeout(() => resolve('timeout'), 15_000))]);
    assert.is.not(stopped, 'timeout', 'the server did not stop within 15 s of SIGTERM');
  } finally {
    server.child.kill('SIGKILL');
  }
});

test.run();
