import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runCli, tempDir } from '../helpers/cli.js';
import { expectError, expectJson, spawnServer, TINY_FEEDER } from '../helpers/rest.js';

const connectable = (url: string) =>
  new Promise<boolean>((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = net.connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const test = suite('hazsim serve');

test('serves the cache given by --cache-dir, logs each request on stderr, and stops on SIGTERM with exit 0', async () => {
  const cacheDir = tempDir();
  assert.is(runCli(['upload', TINY_FEEDER, '--cache-dir', cacheDir]).code, 0);
  const served = await spawnServer(['--cache-dir', cacheDir]);
  try {
    const models = await expectJson<any[]>(await fetch(`${served.url}/distribution-models`));
    assert.equal(
      models.map((record) => record.name),
      ['tiny_feeder'],
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.match(served.stderr(), /listening on http:\/\/127\.0\.0\.1:\d+/);
    assert.match(served.stderr(), /127\.0\.0\.1 "GET \/distribution-models" 200 \d+ [\d.]+ms/);
  } finally {
    served.child.kill('SIGTERM');
  }
  assert.is(await served.exited, 0);
  assert.match(served.stderr(), /hazsim server stopped/);
});

test('SIGTERM lets an in-flight upload finish while new connections are refused', async () => {
  const served = await spawnServer(['--cache-dir', tempDir()]);
  const boundary = 'hazsimShutdownBoundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="late.json"\r\nContent-Type: application/json\r\n\r\n`;
  const tail = `${fs.readFileSync(TINY_FEEDER, 'utf8')}\r\n--${boundary}--\r\n`;
  const { hostname, port } = new URL(served.url);
  const request = http.request({
    host: hostname,
    port,
    method: 'POST',
    path: '/distribution-models',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': Buffer.byteLength(head + tail) },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (incoming) => {
      let body = '';
      incoming.on('data', (chunk) => (body += chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
  request.write(head);
  await new Promise((resolve) => setTimeout(resolve, 300));
  served.child.kill('SIGTERM');
  for (let attempt = 0; attempt < 50 && (await connectable(served.url)); attempt += 1) await new Promise((resolve) => setTimeout(resolve, 20));
  assert.not.ok(await connectable(served.url), 'still accepting connections after SIGTERM');
  request.end(tail);
  const answer = await response;
  assert.is(answer.status, 201, answer.body);
  assert.is(JSON.parse(answer.body).name, 'late');
  assert.is(await served.exited, 0);
});

test('HAZSIM_API_KEY protects the API as --api-key does', async () => {
  const served = await spawnServer(['--cache-dir', tempDir()], { HAZSIM_API_KEY: 'env-key' });
  try {
    await expectError(await fetch(`${served.url}/cache-info`), 401);
    await expectJson(await fetch(`${served.url}/cache-info`, { headers: { authorization: 'Bearer env-key' } }));
    await expectJson(await fetch(`${served.url}/health`));
    assert.match(served.stderr(), /API key required/);
  } finally {
    served.child.kill('SIGTERM');
    await served.exited;
  }
});

test('bad options are usage errors (exit 2); a port in use fails with exit 1 naming it', async () => {
  for (const args of [
    ['--port', '70000'],
    ['--port', 'http'],
    ['--max-upload-mb', '0'],
    ['--api-key', 'has space'],
  ]) {
    const result = runCli(['serve', ...args]);
    assert.is(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
  }
  const blocker = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => blocker.once('listening', resolve));
  const { port } = blocker.address() as net.AddressInfo;
  try {
    const result = runCli(['serve', '--host', '127.0.0.1', '--port', String(port), '--cache-dir', tempDir()]);
    assert.is(result.code, 1);
    assert.match(result.stderr, new RegExp(`Cannot listen on 127\\.0\\.0\\.1:${port}: the address is already in use`));
  } finally {
    blocker.close();
  }
});

test.run();
