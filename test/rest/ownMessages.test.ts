import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { expectError, postJson, startTestServer, type TestServer } from '../helpers/rest.js';

// hazsim's own wording where valibot's defaults ("Invalid type: Expected number but received
// \"abc\"") or its reading of an array as an object with missing fields would answer.

const test = suite<{ server: TestServer }>('REST messages of our own', {} as { server: TestServer });
test.before(async (context) => {
  context.server = await startTestServer();
});
test.after(async ({ server }) => server.stop());

test('?limit=abc: the range of a page size, not a type name', async ({ server }) => {
  const body = await expectError(await fetch(`${server.base}/distribution-models?limit=abc`), 422);
  assert.is(body.detail, 'Invalid query: limit: must be a whole number from 1 to 1000');
  assert.equal(body.errors, [{ path: 'limit', message: 'must be a whole number from 1 to 1000' }]);
});

test('a [] body: not an object, rather than its fields required', async ({ server }) => {
  for (const path of ['/simulate', '/generate-scenarios']) {
    const body = await expectError(await postJson(`${server.base}${path}`, []), 422);
    assert.is(body.detail, 'Invalid request body: expected a JSON object, not an array (0 items)');
  }
});

test.run();
