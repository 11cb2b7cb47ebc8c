import http from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { expectError, expectJson, fileForm, startTestServer, TINY_FEEDER, type TestServer } from '../helpers/rest.js';

// Cross-site requests (docs/hardening.md, "Serving"): a web page the user visits must not be
// able to change the cache of a `hazsim serve` on loopback, directly (CSRF) or through a name
// that resolves to 127.0.0.1 (DNS rebinding).

interface Context {
  server: TestServer;
  withCors: TestServer;
}

const test = suite<Context>('cross-site requests', {} as Context);

test.before(async (context) => {
  context.server = await startTestServer({ boundHost: '127.0.0.1' });
  context.withCors = await startTestServer({ boundHost: '127.0.0.1', corsOrigins: ['http://app.example'] });
});

test.after(async (context) => {
  await context.server.stop();
  await context.withCors.stop();
});

const upload = (server: TestServer, headers: Record<string, string>, name: string) =>
  fetch(`${server.base}/distribution-models`, { method: 'POST', body: fileForm(TINY_FEEDER, { name }), headers });

test('a POST or DELETE from another origin is refused with 403 and changes nothing', async ({ server }) => {
  await expectError(await upload(server, { Origin: 'http://evil.example' }, 'evil'), 403, /another origin/);
  await expectError(await upload(server, { 'Sec-Fetch-Site': 'cross-site' }, 'evil2'), 403, /another origin/);
  // Another port on this machine is another origin (a local web app), though the same site.
  await expectError(await upload(server, { Origin: 'http://127.0.0.1:1', 'Sec-Fetch-Site': 'same-site' }, 'evil3'), 403);
  const list = await expectJson(await fetch(`${server.base}/distribution-models`), 200);
  assert.equal(JSON.stringify(list).match(/evil/g), null);
  await expectJson(await upload(server, {}, 'feeder'), 201);
  await expectError(await fetch(`${server.base}/distribution-models/feeder`, { method: 'DELETE', headers: { Origin: 'http://evil.example' } }), 403);
  await expectJson(await fetch(`${server.base}/distribution-models/feeder`), 200);
});

test('the same origin, a typed-in request and clients without browser headers are served', async ({ server }) => {
  await expectJson(await upload(server, { Origin: server.base, 'Sec-Fetch-Site': 'same-origin' }, 'same'), 201);
  await expectJson(await upload(server, { 'Sec-Fetch-Site': 'none' }, 'typed'), 201);
  await expectJson(await upload(server, {}, 'script'), 201);
});

test('an origin allowed by --cors-origin may write; others still may not', async ({ withCors }) => {
  await expectJson(await upload(withCors, { Origin: 'http://app.example', 'Sec-Fetch-Site': 'cross-site' }, 'allowed'), 201);
  await expectError(await upload(withCors, { Origin: 'http://evil.example' }, 'evil'), 403);
});

/** A GET with the Host header given (fetch does not let a script choose it). */
function getWithHost(base: string, pathName: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${pathName}`, { headers: { Host: host } }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}

test('a loopback server answers only to loopback names: a rebinding name gets 421', async ({ server }) => {
  const port = new URL(server.base).port;
  const rebound = await getWithHost(server.base, '/distribution-models', `attacker.example:${port}`);
  assert.is(rebound.status, 421, rebound.body);
  assert.match(JSON.parse(rebound.body).detail, /attacker\.example/);
  for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
    assert.is((await getWithHost(server.base, '/health', host)).status, 200, host);
  }
});

test.run();
