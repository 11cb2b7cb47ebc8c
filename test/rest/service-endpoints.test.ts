import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { tempDir } from '../helpers/cli.js';
import { expectError, expectJson, fileForm, startTestServer, TINY_FEEDER, TINY_QUAKE, uploadForm, type TestServer } from '../helpers/rest.js';
import { SPEC_HAZARD_TYPES } from '../helpers/spec.js';

const test = suite<{ server: TestServer }>('REST service and cache endpoints', {} as { server: TestServer });
test.before(async (context) => {
  context.server = await startTestServer();
  await fetch(`${context.server.base}/distribution-models`, { method: 'POST', body: fileForm(TINY_FEEDER) });
  await fetch(`${context.server.base}/hazard-models`, { method: 'POST', body: fileForm(TINY_QUAKE) });
});
test.after(async ({ server }) => server.stop());

test('GET / names the service, its version and the documentation URLs', async ({ server }) => {
  const body = await expectJson(await fetch(`${server.base}/`));
  assert.is(body.name, 'hazsim');
  assert.match(body.version, /^\d+\.\d+\.\d+/);
  assert.equal([body.docs, body.redoc, body.openapi], ['/docs', '/redoc', '/openapi.json']);
});

test('GET /health reports status, version, uptime and a reachable cache', async ({ server }) => {
  const body = await expectJson(await fetch(`${server.base}/health`));
  assert.is(body.status, 'healthy');
  assert.ok(body.uptime_seconds >= 0);
  // REST bodies name no absolute path (docs/hardening.md), so the root is named in words.
  assert.equal(Object.keys(body.cache).sort(), ['paths_relative_to', 'reachable']);
  assert.is(body.cache.reachable, true);
  assert.match(body.cache.paths_relative_to, /^the cache directory this server was started with \(hazsim serve prints its absolute path at start-up/);
  assert.not.ok(JSON.stringify(body).includes(server.cacheDir), 'no absolute path of the server');
});

test('GET /health is a 503 with the error fields when the cache directory cannot be used', async () => {
  const parent = tempDir();
  fs.writeFileSync(path.join(parent, 'a-file'), '');
  const broken = await startTestServer({ cacheDir: path.join(parent, 'a-file', 'cache') });
  try {
    const response = await fetch(`${broken.base}/health`);
    const body = await expectJson(response, 503);
    assert.is(body.status, 'unhealthy');
    assert.is(body.status_code, 503);
    assert.is(body.cache.reachable, false);
    assert.match(body.detail, /cache directory is not usable/);
  } finally {
    await broken.stop();
  }
});

test('GET /cache-info has the spec fields, counting both stores', async ({ server }) => {
  const body = await expectJson(await fetch(`${server.base}/cache-info`));
  assert.is(body.cache_directory, '.');
  assert.match(body.paths_relative_to, /^the cache directory this server was started with/);
  assert.not.ok(JSON.stringify(body).includes(server.cacheDir), 'no absolute path of the server');
  assert.is(body.metadata_file, path.join('distribution_models', 'models_metadata.json'));
  assert.is(body.total_models, 2);
  assert.ok(body.total_files >= 4);
  assert.ok(body.total_size_bytes > 0);
  assert.type(body.total_size_mb, 'number');
});

test("POST /refresh-cache answers 'Cache refreshed successfully' with every model name", async ({ server }) => {
  const body = await expectJson(await fetch(`${server.base}/refresh-cache`, { method: 'POST' }));
  assert.is(body.status, 'success');
  assert.is(body.message, 'Cache refreshed successfully');
  assert.is(body.total_models, 2);
  assert.equal(body.models, ['tiny_feeder', 'tiny_quake']);
});

test('GET /supported-hazard-types lists the six types with their descriptions', async ({ server }) => {
  const body = await expectJson(await fetch(`${server.base}/supported-hazard-types`));
  assert.equal(body, SPEC_HAZARD_TYPES);
});

test('unknown paths are 404 and wrong methods 405 with Allow, both with the error body; OPTIONS lists the methods', async ({ server }) => {
  await expectError(await fetch(`${server.base}/no-such-endpoint`), 404, /no endpoint/);
  const wrong = await fetch(`${server.base}/cache-info`, { method: 'DELETE' });
  assert.is(wrong.headers.get('allow'), 'HEAD, GET');
  await expectError(wrong, 405, /not allowed/);
  const options = await fetch(`${server.base}/distribution-models`, { method: 'OPTIONS' });
  assert.is(options.status, 204);
  assert.match(options.headers.get('allow') ?? '', /POST/);
});

test('HEAD answers like GET without a body', async ({ server }) => {
  const response = await fetch(`${server.base}/health`, { method: 'HEAD' });
  assert.is(response.status, 200);
  assert.is(await response.text(), '');
});

test('a body of the wrong type is a 415; an upload over the limit is a 413', async ({ server }) => {
  await expectError(
    await fetch(`${server.base}/distribution-models`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: fs.readFileSync(TINY_FEEDER) }),
    415,
    /multipart\/form-data/,
  );
  const small = await startTestServer({ maxUploadMb: 0.01 });
  try {
    const big = { name: 'big', components: [], properties: { padding: 'x'.repeat(20_000) } };
    await expectError(
      await fetch(`${small.base}/distribution-models`, { method: 'POST', body: uploadForm('big.json', JSON.stringify(big)) }),
      413,
      /at most 0.01 MB/,
    );
    await expectJson(await fetch(`${small.base}/distribution-models`, { method: 'POST', body: fileForm(TINY_FEEDER) }), 201);
  } finally {
    await small.stop();
  }
});

test('a server fault is a 500 with a generic detail, and its cause goes to the log only', async () => {
  const faulty = await startTestServer();
  try {
    fs.mkdirSync(path.join(faulty.cacheDir, 'distribution_models'), { recursive: true });
    fs.writeFileSync(path.join(faulty.cacheDir, 'distribution_models', 'models_metadata.json'), '{ damaged');
    const body = await expectError(await fetch(`${faulty.base}/distribution-models`), 500);
    assert.not.match(body.detail, /damaged|models_metadata/);
    assert.ok(
      faulty.logs.some((line) => /error in GET .*models_metadata\.json is damaged/.test(line)),
      faulty.logs.join('\n'),
    );
  } finally {
    await faulty.stop();
  }
});

test('every request leaves one access log line with method, path, status, duration and request id', async ({ server }) => {
  await fetch(`${server.base}/health?probe=1`, { headers: { 'X-Request-Id': 'probe-1' } });
  await new Promise((resolve) => setTimeout(resolve, 20));
  const line = server.logs.find((entry) => entry.includes('"GET /health?probe=1"'));
  assert.ok(line, server.logs.join('\n'));
  assert.match(line!, /^\d{4}-\d\d-\d\dT\S+Z 127\.0\.0\.1 "GET \/health\?probe=1" 200 \d+ \d+\.\dms probe-1$/);
});

test.run();
