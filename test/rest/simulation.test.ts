import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import yauzl from 'yauzl';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createService } from '../../src/core/service.js';
import { standInEngine } from '../helpers/standInEngine.js';
import { tempDir } from '../helpers/cli.js';
import { expectError, expectJson, fileForm, postJson, startTestServer, TINY_FEEDER, TINY_QUAKE, uploadForm, type TestServer } from '../helpers/rest.js';
import { makeZip } from '../helpers/zip.js';

interface Context {
  server: TestServer;
  engine: ReturnType<typeof standInEngine>;
}

const test = suite<Context>('REST simulation, scenario and curve-set endpoints', {} as Context);
test.before(async (context) => {
  const cacheDir = tempDir('hazsim-rest-');
  // A second service over the same cache directory sees the same models, as every process does.
  context.engine = standInEngine(createService({ cacheDir }), tempDir('hazsim-results-'));
  context.server = await startTestServer({ cacheDir, simulation: context.engine });
});
test.after(async ({ server }) => server.stop());

const removed = async (filePath: string) => {
  for (let attempt = 0; attempt < 50 && fs.existsSync(filePath); attempt += 1) await new Promise((resolve) => setTimeout(resolve, 20));
  return !fs.existsSync(filePath);
};

function zipEntries(bytes: Buffer): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries: Record<string, string> = {};
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries[entry.fileName] = Buffer.concat(chunks).toString('utf8');
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}

test('upload -> list -> get -> simulate -> generate-scenarios -> delete, for both model kinds', async ({ server, engine }) => {
  await expectJson(await fetch(`${server.base}/distribution-models`, { method: 'POST', body: fileForm(TINY_FEEDER, { name: 'feeder' }) }), 201);
  await expectJson(await fetch(`${server.base}/hazard-models`, { method: 'POST', body: fileForm(TINY_QUAKE, { name: 'quake' }) }), 201);
  assert.ok((await expectJson<any[]>(await fetch(`${server.base}/distribution-models`))).some((record) => record.name === 'feeder'));
  await expectJson(await fetch(`${server.base}/hazard-models/quake`));

  const simulation = await postJson(`${server.base}/simulate`, { distribution_system_name: 'feeder', hazard_system_name: 'quake' });
  assert.is(simulation.status, 200);
  assert.is(simulation.headers.get('content-type'), 'application/x-sqlite3');
  assert.is(simulation.headers.get('content-disposition'), 'attachment; filename="feeder_quake_results.sqlite"');
  const sqlitePath = path.join(tempDir(), 'result.sqlite');
  fs.writeFileSync(sqlitePath, Buffer.from(await simulation.arrayBuffer()));
  const db = new Database(sqlitePath, { readonly: true });
  const info = Object.fromEntries((db.prepare('SELECT key, value FROM run_info').all() as { key: string; value: string }[]).map((row) => [row.key, row.value]));
  db.close();
  assert.equal(info, { distribution_system_name: 'feeder', hazard_system_name: 'quake', curve_set: 'DEFAULT_CURVES' });
  assert.ok(await removed(engine.written.at(-1)!), 'the result file is removed after sending');

  const scenarios = await postJson(`${server.base}/generate-scenarios`, { distribution_system_name: 'feeder', hazard_system_name: 'quake' });
  assert.is(scenarios.status, 200);
  assert.is(scenarios.headers.get('content-type'), 'application/zip');
  assert.is(scenarios.headers.get('content-disposition'), 'attachment; filename="feeder_scenarios_1samples.zip"');
  const entries = await zipEntries(Buffer.from(await scenarios.arrayBuffer()));
  assert.equal(JSON.parse(entries['tracked_changes.json']).metadata, { distribution_system_name: 'feeder', hazard_system_name: 'quake', curve_set: 'DEFAULT_CURVES', number_of_samples: 1, seed: 0, method: 'peak' });
  assert.ok(await removed(engine.written.at(-1)!));

  await expectJson(await fetch(`${server.base}/distribution-models/feeder`, { method: 'DELETE' }));
  await expectJson(await fetch(`${server.base}/hazard-models/quake`, { method: 'DELETE' }));
  await expectError(await postJson(`${server.base}/simulate`, { distribution_system_name: 'feeder', hazard_system_name: 'quake' }), 404, /^Distribution system 'feeder' not found$/);
});

test("unknown models are 404 with the spec's messages on both endpoints, checked in order", async ({ server }) => {
  await fetch(`${server.base}/distribution-models`, { method: 'POST', body: fileForm(TINY_FEEDER) });
  for (const endpoint of ['/simulate', '/generate-scenarios']) {
    await expectError(await postJson(server.base + endpoint, { distribution_system_name: 'nope', hazard_system_name: 'nada' }), 404, /^Distribution system 'nope' not found$/);
    await expectError(await postJson(server.base + endpoint, { distribution_system_name: 'tiny_feeder', hazard_system_name: 'nada' }), 404, /^Hazard model 'nada' not found$/);
  }
});

test('request bodies are validated: unknown fields, wrong types, bounds and missing fields are 422 naming each field', async ({ server }) => {
  const body = await expectError(await postJson(`${server.base}/generate-scenarios`, { distribution_system_name: 'a', number_of_samples: 0, seed: -1, extra: true }), 422);
  const byPath = Object.fromEntries(body.errors!.map((issue) => [issue.path, issue.message]));
  assert.equal(Object.keys(byPath).sort(), ['extra', 'hazard_system_name', 'number_of_samples', 'seed']);
  assert.is(byPath.extra, 'unknown field');
  assert.is(byPath.hazard_system_name, 'required');
  const typed = await expectError(await postJson(`${server.base}/simulate`, { distribution_system_name: 7, hazard_system_name: ['x'] }), 422);
  assert.equal(typed.errors!.map((issue) => issue.path).sort(), ['distribution_system_name', 'hazard_system_name']);
  await expectError(await postJson(`${server.base}/simulate`, [1, 2]), 422);
  await expectError(await fetch(`${server.base}/simulate`, { method: 'POST' }), 422, /required/);
  const vendorType = await fetch(`${server.base}/simulate`, { method: 'POST', headers: { 'content-type': 'application/vnd.hazsim+json' }, body: JSON.stringify({ distribution_system_name: 'nope', hazard_system_name: 'x' }) });
  await expectError(vendorType, 404, /^Distribution system 'nope' not found$/);
});

test('broken JSON is a 400, a non-JSON body a 415, a body over 1 MB a 413', async ({ server }) => {
  await expectError(await fetch(`${server.base}/simulate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"distribution_system_name": ' }), 400, /not valid JSON/);
  await expectError(await fetch(`${server.base}/simulate`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' }), 415, /application\/json/);
  await expectError(await postJson(`${server.base}/simulate`, { distribution_system_name: 'x'.repeat(1_100_000), hazard_system_name: 'y' }), 413);
});

test('20 concurrent simulations all complete and leave no result file behind', async ({ server, engine }) => {
  await fetch(`${server.base}/hazard-models`, { method: 'POST', body: fileForm(TINY_QUAKE) });
  const before = engine.written.length;
  const responses = await Promise.all(Array.from({ length: 20 }, () => postJson(`${server.base}/simulate`, { distribution_system_name: 'tiny_feeder', hazard_system_name: 'tiny_quake' })));
  assert.equal(responses.map((response) => response.status), Array(20).fill(200));
  await Promise.all(responses.map((response) => response.arrayBuffer()));
  for (const filePath of engine.written.slice(before)) assert.ok(await removed(filePath), filePath);
});

test('a client that goes away during a download still gets the result file removed', async ({ server, engine }) => {
  const controller = new AbortController();
  const response = await fetch(`${server.base}/simulate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ distribution_system_name: 'tiny_feeder', hazard_system_name: 'tiny_quake' }),
    signal: controller.signal,
  });
  assert.is(response.status, 200);
  controller.abort();
  assert.ok(await removed(engine.written.at(-1)!));
});

test('custom curve sets: upload 201, list, get, listed by /default-curve-sets, 409, usable by /simulate, delete, 404', async ({ server }) => {
  const curves = JSON.stringify({ curves: [] });
  const created = await expectJson(await fetch(`${server.base}/curve-sets`, { method: 'POST', body: uploadForm('coastal.json', curves, { description: 'coast' }) }), 201);
  assert.equal(created, { status: 'success', message: 'Curve set coastal uploaded successfully', name: 'coastal', file_path: created.file_path });
  await expectError(await fetch(`${server.base}/curve-sets`, { method: 'POST', body: uploadForm('coastal.json', curves) }), 409);
  await expectError(await fetch(`${server.base}/curve-sets`, { method: 'POST', body: uploadForm('bad.json', '{') }), 400);
  assert.equal((await expectJson<any[]>(await fetch(`${server.base}/curve-sets`))).map((record) => record.name), ['coastal']);
  assert.equal((await expectJson(await fetch(`${server.base}/curve-sets/coastal`))).content, { curves: [] });
  const names = await expectJson(await fetch(`${server.base}/default-curve-sets`));
  assert.equal(names, { curve_sets: ['DEFAULT_CURVES', 'coastal'], default: 'DEFAULT_CURVES', description: 'Default fragility curves for various hazard types and assets' });
  const run = await postJson(`${server.base}/simulate`, { distribution_system_name: 'tiny_feeder', hazard_system_name: 'tiny_quake', curve_set: 'coastal' });
  assert.is(run.status, 200);
  await run.arrayBuffer();
  assert.equal(await expectJson(await fetch(`${server.base}/curve-sets/coastal`, { method: 'DELETE' })), { status: 'success', message: 'Curve set coastal deleted successfully' });
  await expectError(await fetch(`${server.base}/curve-sets/coastal`), 404, /^Curve set 'coastal' not found$/);
  await expectError(await postJson(`${server.base}/simulate`, { distribution_system_name: 'tiny_feeder', hazard_system_name: 'tiny_quake', curve_set: 'coastal' }), 404, /Curve set 'coastal' not found/);
});

test('without the engine every engine endpoint answers 501 with the error body', async () => {
  const bare = await startTestServer();
  try {
    const zip = await makeZip({ 'a.json': '{}' });
    const requests: [string, RequestInit][] = [
      ['/simulate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ distribution_system_name: 'a', hazard_system_name: 'b' }) }],
      ['/generate-scenarios', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ distribution_system_name: 'a', hazard_system_name: 'b' }) }],
      ['/default-curve-sets', {}],
      ['/curve-sets', {}],
      ['/curve-sets', { method: 'POST', body: uploadForm('a.zip', zip) }],
      ['/curve-sets/a', {}],
      ['/curve-sets/a', { method: 'DELETE' }],
    ];
    for (const [endpoint, init] of requests) await expectError(await fetch(bare.base + endpoint, init), 501, /without the simulation engine/);
    assert.not.ok(bare.logs.some((line) => / error /.test(line)), 'a 501 is not a fault');
  } finally {
    await bare.stop();
  }
});

test.run();
