import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT, runCliAsync, tempDir } from '../helpers/cli.js';

// A lock whose pid now belongs to another process (pid reuse) is recognised as stale at once.

const FEEDER = path.join(ROOT, 'test/data/tiny_feeder.json');

const test = suite('stale locks');

/** A lock file as a process that died long ago wrote it, naming `pid`. */
function writeLock(cache: string, owner: object): string {
  const dir = path.join(cache, 'distribution_models');
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'models_metadata.json.lock');
  fs.writeFileSync(lockPath, JSON.stringify(owner));
  const past = new Date(Date.now() - 600_000);
  fs.utimesSync(lockPath, past, past);
  return lockPath;
}

async function withLiveProcess<T>(action: (pid: number) => Promise<T>): Promise<T> {
  const child = spawn('sleep', ['60']);
  try {
    return await action(child.pid!);
  } finally {
    child.kill('SIGKILL');
  }
}

for (const [label, owner] of [
  ['an older lock without start time', (pid: number) => ({ pid, host: os.hostname(), time: Date.now() - 600_000 })],
  ['a lock with another start time', (pid: number) => ({ pid, host: os.hostname(), time: Date.now() - 600_000, started_at: Date.now() - 600_000 })],
  ['a lock from another boot', (pid: number) => ({ pid, host: os.hostname(), time: Date.now() - 600_000, boot_id: 'another-boot', started_at: null })],
] as const) {
  test(`${label} naming a pid now used by a live process is broken at once`, async () => {
    const cache = tempDir();
    await withLiveProcess(async (pid) => {
      const lockPath = writeLock(cache, owner(pid));
      const started = Date.now();
      const result = await runCliAsync(['upload', FEEDER, '--name', 'feeder', '--cache-dir', cache]);
      assert.is(result.code, 0, result.stderr);
      assert.ok(Date.now() - started < 30_000, 'waited for the stale lock');
      assert.not.ok(fs.existsSync(lockPath));
    });
  });
}

test('the lock of a live owner is respected, and the error names the file to remove', async () => {
  const { withFileLock } = await import('../../src/app/cache/lock.js');
  const { processStartMs } = await import('../../src/base/processOwner.js');
  const dir = tempDir();
  const lockPath = path.join(dir, 'models_metadata.json.lock');
  await withLiveProcess(async (pid) => {
    // Give the live process time to have a start time earlier than the lock.
    await new Promise((resolve) => setTimeout(resolve, 100));
    fs.writeFileSync(lockPath, JSON.stringify({ pid, host: os.hostname(), time: Date.now(), started_at: processStartMs(pid) }));
    try {
      await withFileLock(lockPath, () => undefined, { waitMs: 1_000 });
      assert.unreachable('took a live lock');
    } catch (error) {
      assert.match((error as Error).message, /busy/);
      assert.ok((error as Error).message.includes(`remove ${lockPath}`), (error as Error).message);
    }
  });
});

test.run();
