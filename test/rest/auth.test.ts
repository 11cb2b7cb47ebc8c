import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { expectError, expectJson, fileForm, startTestServer, TINY_FEEDER, type TestServer } from '../helpers/rest.js';

const KEY = 's3cret-key_for.tests';
const test = suite<{ server: TestServer }>('REST API key', {} as { server: TestServer });
test.before(async (context) => {
  context.server = await startTestServer({ apiKey: KEY });
});
test.after(async ({ server }) => server.stop());

test('the front page, health, the OpenAPI document and both documentation pages need no key', async ({ server }) => {
  for (const open of ['/', '/health', '/openapi.json', '/docs', '/redoc', '/docs/static/swagger-ui-bundle.js', '/redoc/static/redoc.standalone.js']) {
    const response = await fetch(server.base + open);
    assert.is(response.status, 200, open);
    await response.arrayBuffer();
  }
});

test('every other endpoint answers 401 with the error body and WWW-Authenticate without the key', async ({ server }) => {
  for (const [method, path] of [
    ['GET', '/distribution-models'],
    ['GET', '/hazard-models/x'],
    ['DELETE', '/hazard-models/x'],
    ['GET', '/cache-info'],
    ['POST', '/refresh-cache'],
    ['GET', '/supported-hazard-types'],
    ['POST', '/simulate'],
    ['POST', '/generate-scenarios'],
    ['GET', '/default-curve-sets'],
    ['GET', '/curve-sets'],
  ]) {
    const response = await fetch(server.base + path, { method });
    assert.match(response.headers.get('www-authenticate') ?? '', /^Bearer/, `${method} ${path}`);
    await expectError(response, 401, /Missing API key/);
  }
});

test('a wrong key, a key with a different length and a non-Bearer scheme are refused; the right key passes', async ({ server }) => {
  const get = (authorization: string) => fetch(`${server.base}/cache-info`, { headers: { authorization } });
  await expectError(await get(`Bearer ${KEY.slice(0, -1)}x`), 401, /Invalid API key/);
  await expectError(await get(`Bearer ${KEY}${KEY}`), 401, /Invalid API key/);
  await expectError(await get(`Basic ${Buffer.from(`user:${KEY}`).toString('base64')}`), 401);
  await expectJson(await get(`Bearer ${KEY}`));
  await expectJson(await get(`bearer ${KEY}`));
});

test('an upload without the key is refused before its body is read, and accepted with it', async ({ server }) => {
  await expectError(await fetch(`${server.base}/distribution-models`, { method: 'POST', body: fileForm(TINY_FEEDER) }), 401);
  await expectJson(
    await fetch(`${server.base}/distribution-models`, { method: 'POST', body: fileForm(TINY_FEEDER), headers: { authorization: `Bearer ${KEY}` } }),
    201,
  );
});

test('the OpenAPI document declares bearer auth, lifted for the public operations', async ({ server }) => {
  const document = await expectJson(await fetch(`${server.base}/openapi.json`));
  assert.equal(document.security, [{ bearerAuth: [] }]);
  assert.equal(document.components.securitySchemes.bearerAuth, {
    type: 'http',
    scheme: 'bearer',
    description: document.components.securitySchemes.bearerAuth.description,
  });
  assert.equal(document.paths['/health'].get.security, []);
  assert.is(document.paths['/cache-info'].get.security, undefined);
  assert.ok(document.paths['/cache-info'].get.responses['401']);
});

test.run();
