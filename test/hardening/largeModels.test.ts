import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, json, ROOT, runCli, runCliAsync, tempDir } from '../helpers/cli.js';

// A large model is streamed, so the server keeps answering while it sends several; a FIFO
// where a model file belongs is reported instead of blocking the server, refresh or the CLI.

const FEEDER = JSON.parse(fs.readFileSync(path.join(ROOT, 'test/data/tiny_feeder.json'), 'utf8'));
const MIB = 1024 ** 2;

/** The tiny feeder padded with free-form properties to about `megabytes` MiB. */
function largeFeeder(megabytes: number): string {
  const row = JSON.stringify({ note: 'x'.repeat(1000) });
  const rows = Math.ceil((megabytes * MIB) / (row.length + 1));
  return JSON.stringify(FEEDER).replace('"properties":{', `"properties":{"padding":[${Array(rows).fill(row).join(',')}],`);
}

function startServer(cache: string): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--json', '--cache-dir', cache], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] });
    child.stdout!.once('data', (chunk) => resolve({ child, url: JSON.parse(String(chunk)).url }));
    child.on('error', reject);
  });
}

async function stop(child: ChildProcess): Promise<void> {
  const closed = new Promise((resolve) => child.once('close', resolve));
  child.kill('SIGTERM');
  await closed;
}

const test = suite('large models and FIFOs');

test('four GETs of a 90 MiB model run while /health answers at once; the body is the model', async () => {
  const cache = tempDir();
  const file = path.join(tempDir(), 'large.json');
  const text = largeFeeder(90);
  fs.writeFileSync(file, text);
  const uploaded = await runCliAsync(['upload', file, '--cache-dir', cache]);
  assert.is(uploaded.code, 0, uploaded.stderr);
  const server = await startServer(cache);
  try {
    const started = Date.now();
    const finished: number[] = [];
    const downloads = Array.from({ length: 4 }, async () => {
      const response = await fetch(`${server.url}/distribution-models/large`);
      const body = await response.arrayBuffer();
      finished.push(Date.now());
      return { status: response.status, bytes: body.byteLength, etag: response.headers.get('etag'), body };
    });
    // Let the four requests reach the server before asking for its health.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const healthAsked = Date.now();
    const health = await fetch(`${server.url}/health`);
    const healthAt = Date.now();
    assert.is(health.status, 200);
    const results = await Promise.all(downloads);
    console.log(
      `notice: /health answered in ${healthAt - healthAsked} ms while four 90 MiB GETs ran (they finished after ${Math.max(...finished) - started} ms)`,
    );
    assert.ok(healthAt < Math.max(...finished), '/health waited for the large downloads');
    for (const result of results) assert.is(result.status, 200);
    const model = JSON.parse(Buffer.from(results[0].body).toString('utf8'));
    assert.is(model.name, 'large');
    assert.equal(model.content, JSON.parse(text));
    // node:http, not fetch: fetch marks a conditional request no-cache, which a server must not answer 304.
    const again = await new Promise<number>((resolve, reject) =>
      http
        .get(`${server.url}/distribution-models/large`, { headers: { 'If-None-Match': results[0].etag! } }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        })
        .on('error', reject),
    );
    assert.is(again, 304);
  } finally {
    await stop(server.child);
  }
});

test('a FIFO in place of a model file: GET, refresh and the CLI report it and return; nothing hangs', async () => {
  const cache = tempDir();
  assert.is(runCli(['upload', path.join(ROOT, 'test/data/tiny_feeder.json'), '--name', 'feeder', '--cache-dir', cache]).code, 0);
  const modelFile = path.join(cache, 'distribution_models', 'feeder.json');
  fs.rmSync(modelFile);
  assert.is(spawnSync('mkfifo', [modelFile]).status, 0);
  assert.is(spawnSync('mkfifo', [path.join(cache, 'distribution_models', 'dropped.json')]).status, 0);
  const server = await startServer(cache);
  try {
    const got = await fetch(`${server.url}/distribution-models/feeder`, { signal: AbortSignal.timeout(20_000) });
    assert.is(got.status, 500);
    assert.is((await fetch(`${server.url}/health`)).status, 200);
    const refreshed = await fetch(`${server.url}/refresh-cache`, { method: 'POST', signal: AbortSignal.timeout(20_000) });
    const report: any = await refreshed.json();
    assert.is(refreshed.status, 200, JSON.stringify(report));
    assert.ok(
      report.distribution_models.invalid.some(
        (entry: { file: string; reason: string }) => entry.file.endsWith('dropped.json') && /not a regular file/.test(entry.reason),
      ),
      JSON.stringify(report.distribution_models.invalid),
    );
  } finally {
    await stop(server.child);
  }
  const shown = await runCliAsync(['show', 'feeder', '--cache-dir', cache]);
  assert.is.not(shown.code, 0);
  assert.match(shown.stderr, /is not a regular file; remove it and run a cache refresh/);
  const listed = json(await runCliAsync(['cache', 'refresh', '--json', '--cache-dir', cache]));
  assert.ok(JSON.stringify(listed).includes('not a regular file'));
});

test.run();
