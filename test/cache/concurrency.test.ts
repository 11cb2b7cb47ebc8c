import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, json, runCli, tempDir } from '../helpers/cli.js';

const FEEDER = path.join(ROOT, 'test/data/tiny_feeder.json');
const UPLOADER = path.join(ROOT, 'test/helpers/uploadMany.ts');

function uploader(cache: string, prefix: string, count: number, padding = 0) {
  return spawn(process.execPath, ['--import', 'tsx', UPLOADER, cache, prefix, String(count), FEEDER, String(padding)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function finished(child: ReturnType<typeof uploader>): Promise<{ code: number | null; stderr: string }> {
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

/** Checks the cache invariants: metadata parses, every listed file is complete JSON, no model file is partial. */
function assertCacheValid(cache: string): string[] {
  const dir = path.join(cache, 'distribution_models');
  const metadataPath = path.join(dir, 'models_metadata.json');
  // No metadata yet (killed before its first upload finished) is a valid, empty cache.
  const metadata = fs.existsSync(metadataPath) ? JSON.parse(fs.readFileSync(metadataPath, 'utf8')) : {};
  if (!fs.existsSync(dir)) return [];
  // file_path is relative to the cache root (docs/cache.md).
  for (const record of Object.values<any>(metadata)) JSON.parse(fs.readFileSync(path.join(cache, record.file_path), 'utf8'));
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.json') && !name.startsWith('.'))) {
    JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  }
  return Object.keys(metadata);
}

const concurrent = suite('processes sharing one cache');

concurrent('three processes uploading 30 models each lose none of the 90 entries', async () => {
  const cache = tempDir();
  const runs = ['alpha', 'beta', 'gamma'].map((prefix) => finished(uploader(cache, prefix, 30)));
  const results = await Promise.all(runs);
  for (const result of results) assert.is(result.code, 0, result.stderr);
  const names = assertCacheValid(cache);
  assert.is(names.length, 90);
  const listed = json(runCli(['list', '--kind', 'distribution', '--cache-dir', cache, '--json']));
  assert.is(listed.length, 90);
  assert.not.ok(fs.existsSync(path.join(cache, 'distribution_models', 'models_metadata.json.lock')), 'lock file left behind');
});

concurrent('a process killed (SIGKILL) in the middle of uploads leaves a valid cache', async () => {
  const cache = tempDir();
  // 8 MB models: a kill after a random delay lands while one is being written or committed.
  for (let round = 0; round < 6; round += 1) {
    const child = uploader(cache, `round${round}`, 50, 8_000_000);
    let uploaded = 0;
    child.stdout!.on('data', (chunk: Buffer) => (uploaded += chunk.toString().split('\n').filter(Boolean).length));
    const done = finished(child);
    // Wait until the first upload is through (start-up time varies with load), then kill at a varying point of the next ones.
    const firstUpload = new Promise((resolve) => child.stdout!.once('data', resolve));
    await Promise.race([firstUpload, done]);
    await new Promise((resolve) => setTimeout(resolve, 40 + round * 70));
    child.kill('SIGKILL');
    await done;
    const names = assertCacheValid(cache);
    // Every upload the process reported as done is listed.
    for (let i = 0; i < uploaded; i += 1) assert.ok(names.includes(`round${round}_${i}`), `round${round}_${i} lost`);
  }
  // A later refresh takes what a killed writer finished, cleans its temporary files, and the cache stays valid.
  const refreshed = runCli(['cache', 'refresh', '--cache-dir', cache, '--json']);
  assert.is(refreshed.code, 0, refreshed.stderr);
  assert.equal(json(refreshed).distribution_models.invalid, []);
  const leftovers = fs.readdirSync(path.join(cache, 'distribution_models')).filter((name) => name.startsWith('.') && name !== '.derived');
  assert.equal(leftovers, []);
  assertCacheValid(cache);
  // The lock of a killed holder does not block the next writer.
  assert.is(runCli(['upload', FEEDER, '--name', 'after_kill', '--cache-dir', cache]).code, 0);
});

concurrent('a lock left by a dead process is broken, a live one is waited for', async () => {
  const cache = tempDir();
  const dir = path.join(cache, 'distribution_models');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'models_metadata.json.lock'),
    JSON.stringify({ pid: 2 ** 22 + 12345, host: (await import('node:os')).hostname(), time: Date.now() }),
  );
  const result = runCli(['upload', FEEDER, '--cache-dir', cache]);
  assert.is(result.code, 0, result.stderr);
});

concurrent.run();
