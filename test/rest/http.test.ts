import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import http from 'node:http';
import zlib from 'node:zlib';
import { EXAMPLE_FEEDER, exampleHazard, expectError, expectJson, fileForm, startTestServer, uploadForm, type TestServer } from '../helpers/rest.js';

/** A raw HTTP request (no automatic decompression), for what actually goes over the wire. */
function rawRequest(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.request(url, { method: options.method ?? 'GET', headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

const MODELS = 23;

const test = suite<{ server: TestServer }>('REST HTTP: paging, compression, ETags, request ids, CORS', {} as { server: TestServer });
test.before(async (context) => {
  context.server = await startTestServer({ corsOrigins: ['https://app.example'] });
  const feeder = (await import('node:fs')).readFileSync(EXAMPLE_FEEDER);
  for (let index = 0; index < MODELS; index += 1) {
    await expectJson(
      await fetch(`${context.server.base}/distribution-models`, {
        method: 'POST',
        body: uploadForm('feeder.json', feeder, { name: `feeder_${String(index).padStart(2, '0')}` }),
      }),
      201,
    );
  }
  await expectJson(await fetch(`${context.server.base}/hazard-models`, { method: 'POST', body: fileForm(exampleHazard('earthquake')) }), 201);
});
test.after(async ({ server }) => server.stop());

test('paging: limit and cursor walk the whole list once, the total and next page in headers, the body the specified array', async ({ server }) => {
  const all = await expectJson<{ name: string }[]>(await fetch(`${server.base}/distribution-models`));
  assert.is(all.length, MODELS);
  const seen: string[] = [];
  let url: string | null = `${server.base}/distribution-models?limit=5&refresh=false`;
  let pages = 0;
  while (url) {
    const response: Response = await fetch(url);
    const page = await expectJson<{ name: string }[]>(response);
    assert.ok(Array.isArray(page) && page.length <= 5);
    assert.is(response.headers.get('x-total-count'), String(MODELS));
    seen.push(...page.map((record) => record.name));
    const link = response.headers.get('link');
    const next = response.headers.get('x-next-cursor');
    if (next) {
      assert.match(link!, /^<\/distribution-models\?limit=5&refresh=false&cursor=[\w-]+>; rel="next"$/);
      url = `${server.base}${/^<([^>]+)>/.exec(link!)![1]}`;
    } else {
      assert.is(link, null);
      url = null;
    }
    pages += 1;
  }
  assert.is(pages, 5);
  assert.equal(
    seen,
    all.map((record) => record.name),
  );
});

test('paging: an entry deleted between pages neither repeats nor skips the others; a foreign or forged cursor is a 422', async ({ server }) => {
  const first = await fetch(`${server.base}/distribution-models?limit=3`);
  const firstPage = await expectJson<{ name: string }[]>(first);
  const cursor = first.headers.get('x-next-cursor')!;
  await expectJson(await fetch(`${server.base}/distribution-models/${firstPage[2].name}`, { method: 'DELETE' }));
  const second = await expectJson<{ name: string }[]>(await fetch(`${server.base}/distribution-models?limit=3&cursor=${cursor}`));
  assert.equal(
    second.map((record) => record.name),
    ['feeder_03', 'feeder_04', 'feeder_05'],
  );
  const error = await expectError(await fetch(`${server.base}/hazard-models?limit=3&cursor=${cursor}`), 422, /cursor/);
  assert.is(error.errors![0].path, 'cursor');
  await expectError(await fetch(`${server.base}/distribution-models?cursor=bm90LWEtY3Vyc29y`), 422, /cursor/);
  await expectError(await fetch(`${server.base}/distribution-models?limit=0`), 422, /limit/);
  await expectError(await fetch(`${server.base}/distribution-models?limit=1001`), 422, /limit/);
  const curveSets = await fetch(`${server.base}/curve-sets?limit=1`);
  assert.is((await expectJson(curveSets)).length, 1);
  assert.ok(Number(curveSets.headers.get('x-total-count')) >= 2);
  const rest = await expectJson(await fetch(`${server.base}/curve-sets?cursor=${curveSets.headers.get('x-next-cursor')}`));
  assert.is(rest.length, Number(curveSets.headers.get('x-total-count')) - 1);
});

test('compression: brotli or gzip as the client asks, none when it does not; the bytes decode to the same JSON', async ({ server }) => {
  const url = `${server.base}/distribution-models/feeder_01`;
  const plain = await rawRequest(url);
  assert.is(plain.headers['content-encoding'], undefined);
  assert.is(Number(plain.headers['content-length']), plain.body.length);
  const br = await rawRequest(url, { headers: { 'accept-encoding': 'gzip, br' } });
  assert.is(br.headers['content-encoding'], 'br');
  assert.match(String(br.headers.vary), /Accept-Encoding/);
  assert.ok(br.body.length < plain.body.length / 3, `${br.body.length} of ${plain.body.length} bytes`);
  assert.equal(JSON.parse(zlib.brotliDecompressSync(br.body).toString('utf8')), JSON.parse(plain.body.toString('utf8')));
  const gzip = await rawRequest(url, { headers: { 'accept-encoding': 'gzip;q=1, br;q=0.5' } });
  assert.is(gzip.headers['content-encoding'], 'gzip');
  assert.equal(zlib.gunzipSync(gzip.body), plain.body);
  const sqlite = await rawRequest(`${server.base}/simulate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
    body: JSON.stringify({ distribution_system_name: 'feeder_10', hazard_system_name: 'earthquake' }),
  });
  assert.is(sqlite.status, 200);
  assert.is(sqlite.headers['content-encoding'], 'gzip');
  const database = zlib.gunzipSync(sqlite.body);
  assert.ok(database.subarray(0, 16).equals(Buffer.from('SQLite format 3\0')));
  assert.ok(sqlite.body.length < database.length / 2);
  assert.match(String(sqlite.headers.etag), /^W\/"[\w-]{43}"$/);
  const zip = await rawRequest(`${server.base}/generate-scenarios`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, br' },
    body: JSON.stringify({ distribution_system_name: 'feeder_10', hazard_system_name: 'earthquake', number_of_samples: 3 }),
  });
  assert.is(zip.headers['content-encoding'], undefined, 'a ZIP is compressed already');
  assert.is(Number(zip.headers['content-length']), zip.body.length);
});

test('ETag: a GET with the current tag gets 304 without a body; a change of the model changes the tag', async ({ server }) => {
  const url = `${server.base}/distribution-models/feeder_07`;
  const first = await rawRequest(url);
  const etag = String(first.headers.etag);
  assert.match(etag, /^W\/"[\w-]{43}"$/);
  const again = await rawRequest(url, { headers: { 'if-none-match': etag } });
  assert.is(again.status, 304);
  assert.is(again.body.length, 0);
  assert.ok(again.headers['x-request-id']);
  const listTag = String((await rawRequest(`${server.base}/distribution-models`)).headers.etag);
  assert.is((await rawRequest(`${server.base}/distribution-models`, { headers: { 'if-none-match': listTag } })).status, 304);
  const form = uploadForm('feeder.json', JSON.stringify(JSON.parse((await import('node:fs')).readFileSync(EXAMPLE_FEEDER, 'utf8'))), {
    name: 'feeder_07',
    description: 'changed',
    overwrite: 'true',
  });
  await expectJson(await fetch(`${server.base}/distribution-models`, { method: 'POST', body: form }), 201);
  const changed = await rawRequest(url, { headers: { 'if-none-match': etag } });
  assert.is(changed.status, 200);
  assert.is.not(String(changed.headers.etag), etag);
  assert.is((await rawRequest(`${server.base}/distribution-models`, { headers: { 'if-none-match': listTag } })).status, 200);
});

test('request ids: echoed when usable, made otherwise, on successes and errors, and in the access log', async ({ server }) => {
  const echoed = await fetch(`${server.base}/cache-info`, { headers: { 'X-Request-Id': 'trace-42' } });
  assert.is(echoed.headers.get('x-request-id'), 'trace-42');
  const error = await fetch(`${server.base}/hazard-models/nope`, { headers: { 'X-Request-Id': 'trace-43' } });
  await expectError(error, 404);
  assert.is(error.headers.get('x-request-id'), 'trace-43');
  const made = await fetch(`${server.base}/health`, { headers: { 'X-Request-Id': 'has spaces and\ttabs' } });
  assert.match(made.headers.get('x-request-id')!, /^[0-9a-f-]{36}$/);
  const unknown = await fetch(`${server.base}/no-such-path`);
  assert.match(unknown.headers.get('x-request-id')!, /^[0-9a-f-]{36}$/);
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.ok(server.logs.some((line) => line.includes('"GET /hazard-models/nope" 404') && line.endsWith(' trace-43')));
});

test('CORS: the allowed origin gets the headers and a preflight before authentication; others get none', async ({ server }) => {
  const allowed = await fetch(`${server.base}/distribution-models?limit=1`, { headers: { Origin: 'https://app.example' } });
  assert.is(allowed.headers.get('access-control-allow-origin'), 'https://app.example');
  assert.match(allowed.headers.get('access-control-expose-headers')!, /X-Next-Cursor/);
  assert.match(allowed.headers.get('vary')!, /Origin/);
  const other = await fetch(`${server.base}/distribution-models`, { headers: { Origin: 'https://evil.example' } });
  assert.is(other.headers.get('access-control-allow-origin'), null);
  const preflight = await fetch(`${server.base}/simulate`, {
    method: 'OPTIONS',
    headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
  });
  assert.is(preflight.status, 204);
  assert.match(preflight.headers.get('access-control-allow-methods')!, /POST/);
  assert.match(preflight.headers.get('access-control-allow-headers')!, /Content-Type/);
  const failed = await fetch(`${server.base}/hazard-models/nope`, { headers: { Origin: 'https://app.example' } });
  await expectError(failed, 404);
  assert.is(failed.headers.get('access-control-allow-origin'), 'https://app.example', 'errors are readable by the allowed origin too');
});

test.run();

const off = suite('REST HTTP: CORS off by default, /health with an API key');
off('no CORS header without --cors-origin; with an API key /health names no path, and a preflight needs no key', async () => {
  const plain = await startTestServer();
  try {
    const response = await fetch(`${plain.base}/health`, { headers: { Origin: 'https://app.example' } });
    assert.is(response.headers.get('access-control-allow-origin'), null);
    const health = await expectJson(response);
    // Without an API key /health says what its paths are relative to (docs/hardening.md: no absolute path in a REST body).
    assert.match(health.cache.paths_relative_to, /^the cache directory this server was started with/);
  } finally {
    await plain.stop();
  }
  const keyed = await startTestServer({ apiKey: 'sekret', corsOrigins: ['*'] });
  try {
    const text = await (await fetch(`${keyed.base}/health`)).text();
    const health = JSON.parse(text);
    assert.is(health.status, 'healthy');
    assert.is(health.cache.reachable, true);
    assert.is(health.cache.directory, undefined);
    assert.not.ok(text.includes(keyed.cacheDir) || text.includes('/tmp'), text);
    const preflight = await fetch(`${keyed.base}/cache-info`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://x.example', 'Access-Control-Request-Method': 'GET' },
    });
    assert.is(preflight.status, 204);
    assert.is(preflight.headers.get('access-control-allow-origin'), '*');
    await expectError(await fetch(`${keyed.base}/cache-info`, { headers: { Origin: 'https://x.example' } }), 401);
  } finally {
    await keyed.stop();
  }
});
off('with an API key an unusable cache is a 503 whose body names no path; the log has it', async () => {
  const fs = await import('node:fs');
  const path = await import('node:path');
  const os = await import('node:os');
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'hazsim-health-'));
  const blocker = path.join(parent, 'file');
  fs.writeFileSync(blocker, 'not a directory');
  const keyed = await startTestServer({ apiKey: 'sekret', cacheDir: path.join(blocker, 'cache') });
  try {
    const response = await fetch(`${keyed.base}/health`);
    const text = await response.text();
    assert.is(response.status, 503);
    assert.not.ok(text.includes(parent), text);
    assert.is(JSON.parse(text).status_code, 503);
    assert.ok(keyed.logs.some((line) => line.includes('not usable') && line.includes(parent)));
  } finally {
    await keyed.stop();
  }
});
off.run();
