import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EXAMPLES, ROOT, tempDir } from '../helpers/cli.js';
import { expectError, expectJson, fileForm, postJson, sqliteContents, startTestServer, type TestServer } from '../helpers/rest.js';
import { survivalRows, swappedExampleFeeder } from '../helpers/coordinateFixtures.js';

// POST /distribution-models takes coordinate_order and place_at as form fields (docs/input-distribution.md):
// the example feeder with x and y swapped, uploaded with coordinate_order=lat,lon, simulates exactly as
// the example feeder; bad values are a 422 naming the field; the specification's (docs/specification.md) model record stays as it is.

const test = suite<{ server: TestServer; work: string }>('REST upload with coordinate_order and place_at', {} as { server: TestServer; work: string });

test.before(async (context) => {
  context.server = await startTestServer();
  context.work = tempDir();
});
test.after(async ({ server }) => server.stop());

async function simulation(server: TestServer, work: string, distribution: string): Promise<Record<string, unknown[]>> {
  const response = await postJson(`${server.base}/simulate`, { distribution_system_name: distribution, hazard_system_name: 'quake' });
  assert.is(response.status, 200, await response.clone().text());
  const file = path.join(work, `${distribution}.sqlite`);
  fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return sqliteContents(file);
}

test('a swapped feeder uploaded with coordinate_order=lat,lon gives the example feeder survival; the record is the spec record', async ({ server, work }) => {
  const upload = (file: string, fields: Record<string, string>) =>
    fetch(`${server.base}/distribution-models`, { method: 'POST', body: fileForm(file, fields) });
  await expectJson(await upload(path.join(EXAMPLES, 'feeder/example_feeder.json'), { name: 'plain' }), 201);
  const stored = await expectJson(await upload(swappedExampleFeeder(work), { name: 'swapped', coordinate_order: 'lat,lon' }), 201);
  assert.is(stored.warnings, undefined);
  await expectJson(
    await fetch(`${server.base}/hazard-models`, { method: 'POST', body: fileForm(path.join(EXAMPLES, 'hazards/earthquake.json'), { name: 'quake' }) }),
    201,
  );
  const record = await expectJson(await fetch(`${server.base}/distribution-models/swapped`));
  assert.equal(Object.keys(record), ['name', 'description', 'created_at', 'file_path', 'content']);
  const swapped = await simulation(server, work, 'swapped');
  assert.equal(survivalRows(swapped), survivalRows(await simulation(server, work, 'plain')));
  assert.is((swapped.assets as unknown[]).length, 38);
});

test('bad coordinate_order and place_at are 422s naming the field; on a hazard model too', async ({ server }) => {
  const feeder = path.join(ROOT, 'test/data/tiny_feeder.json');
  const upload = (file: string, fields: Record<string, string>) =>
    fetch(`${server.base}/distribution-models`, { method: 'POST', body: fileForm(file, fields) });
  const order = await expectError(await upload(feeder, { coordinate_order: 'yx' }), 422, /coordinate_order/);
  assert.equal(
    order.errors!.map((issue) => issue.path),
    ['coordinate_order'],
  );
  assert.match(order.errors![0].message, /lon,lat or lat,lon/);
  const format = await expectError(await upload(feeder, { place_at: 'Denver' }), 422, /place_at/);
  assert.equal(
    format.errors!.map((issue) => issue.path),
    ['place_at'],
  );
  assert.match(format.errors![0].message, /<longitude>,<latitude>/);
  const range = await expectError(await upload(feeder, { place_at: '39.74,-105.17' }), 422);
  assert.equal(range.errors, [{ path: 'place_at', message: 'the latitude -105.17 is outside -90 to 90 (give <longitude>,<latitude>)' }]);
  const hazard = await expectError(
    await fetch(`${server.base}/hazard-models`, { method: 'POST', body: fileForm(path.join(ROOT, 'test/data/tiny_quake.json'), { place_at: '10,0' }) }),
    422,
    /distribution models only/,
  );
  assert.equal(
    hazard.errors!.map((issue) => issue.path),
    ['place_at'],
  );
});

test.run();
