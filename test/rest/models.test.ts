import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { json, runCli, runCliAsync } from '../helpers/cli.js';
import { expectError, expectJson, fileForm, startTestServer, TINY_FEEDER, TINY_QUAKE, uploadForm, type TestServer } from '../helpers/rest.js';
import { makeZip } from '../helpers/zip.js';

const KINDS = [
  { collection: '/distribution-models', label: 'Distribution system', file: TINY_FEEDER, other: TINY_QUAKE },
  { collection: '/hazard-models', label: 'Hazard model', file: TINY_QUAKE, other: TINY_FEEDER },
] as const;

const test = suite<{ server: TestServer }>('REST model endpoints', {} as { server: TestServer });
test.before(async (context) => {
  context.server = await startTestServer();
});
test.after(async ({ server }) => server.stop());

for (const kind of KINDS) {
  const stem = path.basename(kind.file, '.json');

  test(`${kind.collection}: upload answers 201 with the spec's message, named after the file stem by default`, async ({ server }) => {
    const body = await expectJson(await fetch(server.base + kind.collection, { method: 'POST', body: fileForm(kind.file) }), 201);
    assert.equal(body, { status: 'success', message: `${kind.label} ${stem} uploaded successfully`, name: stem, file_path: body.file_path });
    // REST shows paths relative to the cache root (docs/hardening.md).
    assert.ok(fs.existsSync(path.join(server.cacheDir, body.file_path)));
  });

  test(`${kind.collection}: a taken name is a 409, overwrite=true replaces it`, async ({ server }) => {
    await expectError(await fetch(server.base + kind.collection, { method: 'POST', body: fileForm(kind.file) }), 409, /already exists/);
    await expectJson(
      await fetch(server.base + kind.collection, { method: 'POST', body: fileForm(kind.file, { overwrite: 'true', description: 'second' }) }),
      201,
    );
  });

  test(`${kind.collection}: list, get with content, delete, then 404 with the spec's message`, async ({ server }) => {
    const created = await expectJson(
      await fetch(server.base + kind.collection, { method: 'POST', body: fileForm(kind.file, { name: 'named-one', description: 'given' }) }),
      201,
    );
    assert.is(created.message, `${kind.label} named-one uploaded successfully`);
    const list = await expectJson<any[]>(await fetch(server.base + kind.collection));
    const listed = list.find((record) => record.name === 'named-one');
    assert.equal(Object.keys(listed).sort(), ['created_at', 'description', 'file_path', 'name']);
    assert.is(listed.description, 'given');
    assert.match(listed.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?$/);
    const one = await expectJson(await fetch(`${server.base}${kind.collection}/named-one`));
    assert.equal(one.content, JSON.parse(fs.readFileSync(kind.file, 'utf8')));
    assert.equal(await expectJson(await fetch(`${server.base}${kind.collection}/named-one`, { method: 'DELETE' })), {
      status: 'success',
      message: `${kind.label} named-one deleted successfully`,
    });
    await expectError(await fetch(`${server.base}${kind.collection}/named-one`), 404, new RegExp(`^${kind.label} 'named-one' not found$`));
    await expectError(
      await fetch(`${server.base}${kind.collection}/named-one`, { method: 'DELETE' }),
      404,
      new RegExp(`^${kind.label} 'named-one' not found$`),
    );
  });

  test(`${kind.collection}: refresh=true picks up a file dropped into the cache directory; refresh=maybe is a 422`, async ({ server }) => {
    const dir = path.join(server.cacheDir, path.dirname((await expectJson<any[]>(await fetch(server.base + kind.collection)))[0].file_path));
    fs.copyFileSync(kind.file, path.join(dir, 'dropped.json'));
    const before = await expectJson<any[]>(await fetch(server.base + kind.collection));
    assert.not.ok(before.some((record) => record.name === 'dropped'));
    const after = await expectJson<any[]>(await fetch(`${server.base}${kind.collection}?refresh=true`));
    assert.ok(after.some((record) => record.name === 'dropped'));
    const body = await expectError(await fetch(`${server.base}${kind.collection}?refresh=maybe`), 422);
    assert.is(body.errors![0].path, 'refresh');
  });

  test(`${kind.collection}: the other kind's content is a 422 listing problems`, async ({ server }) => {
    const body = await expectError(await fetch(server.base + kind.collection, { method: 'POST', body: fileForm(kind.other, { name: 'wrong-kind' }) }), 422);
    assert.ok(body.errors!.length >= 1);
  });

  test(`${kind.collection}: unreadable uploads are 400 (not JSON, corrupt ZIP, empty)`, async ({ server }) => {
    await expectError(await fetch(server.base + kind.collection, { method: 'POST', body: uploadForm('broken.json', '{"name": ') }), 400, /not valid JSON/);
    const zip = await makeZip({ 'model.json': fs.readFileSync(kind.file) });
    await expectError(
      await fetch(server.base + kind.collection, { method: 'POST', body: uploadForm('cut.zip', zip.subarray(0, zip.length - 30)) }),
      400,
      /ZIP/,
    );
    await expectError(await fetch(server.base + kind.collection, { method: 'POST', body: uploadForm('empty.json', '') }), 400, /empty/);
  });
}

test('a ZIP upload stores its _time_series folder and reports it', async ({ server }) => {
  const zip = await makeZip({ 'feeder.json': fs.readFileSync(TINY_FEEDER), 'feeder_time_series/load.csv': 'timestamp,value\n' });
  const body = await expectJson(await fetch(`${server.base}/distribution-models`, { method: 'POST', body: uploadForm('feeder.zip', zip) }), 201);
  assert.is(body.name, 'feeder');
  assert.is(body.time_series_path, 'distribution_models/feeder_time_series');
  assert.ok(fs.existsSync(path.join(server.cacheDir, body.time_series_path, 'load.csv')));
});

test('form problems are 422 naming the field: bad name, unknown field, missing file, file as text, two files', async ({ server }) => {
  const post = (form: FormData) => fetch(`${server.base}/distribution-models`, { method: 'POST', body: form });
  assert.is((await expectError(await post(fileForm(TINY_FEEDER, { name: '../escape' })), 422)).errors![0].path, 'name');
  assert.is((await expectError(await post(fileForm(TINY_FEEDER, { hazard_type: 'wind' })), 422)).errors![0].path, 'hazard_type');
  const textOnly = new FormData();
  textOnly.append('name', 'x');
  assert.is((await expectError(await post(textOnly), 422)).errors![0].path, 'file');
  const fileAsText = new FormData();
  fileAsText.append('file', fs.readFileSync(TINY_FEEDER, 'utf8'));
  assert.match((await expectError(await post(fileAsText), 422)).errors![0].message, /file part/);
  const twoFiles = fileForm(TINY_FEEDER);
  twoFiles.append('file', new Blob(['{}']), 'b.json');
  assert.match((await expectError(await post(twoFiles), 422)).errors![0].message, /one file/);
});

test('deleting from a store nothing was written to yet is a 404, not a fault', async () => {
  const fresh = await startTestServer();
  try {
    await expectError(await fetch(`${fresh.base}/hazard-models/anything`, { method: 'DELETE' }), 404, /^Hazard model 'anything' not found$/);
  } finally {
    await fresh.stop();
  }
});

test('the name "__proto__" is refused (it would be lost in the metadata object)', async ({ server }) => {
  const body = await expectError(
    await fetch(`${server.base}/distribution-models`, { method: 'POST', body: fileForm(TINY_FEEDER, { name: '__proto__' }) }),
    422,
  );
  assert.is(body.errors![0].path, 'name');
});

test('an empty name field counts as no name; the description is optional', async ({ server }) => {
  const body = await expectJson(
    await fetch(`${server.base}/distribution-models`, { method: 'POST', body: uploadForm('blank-name.json', fs.readFileSync(TINY_FEEDER), { name: '  ' }) }),
    201,
  );
  assert.is(body.name, 'blank-name');
  const record = await expectJson(await fetch(`${server.base}/distribution-models/blank-name`));
  assert.is(record.description, '');
});

test('a model written by the CLI is served without restart, and one uploaded over HTTP is listed by the CLI', async ({ server }) => {
  const cli = runCli(['upload', TINY_FEEDER, '--name', 'from-cli', '--description', 'cli', '--cache-dir', server.cacheDir, '--json']);
  assert.is(cli.code, 0, cli.stderr);
  const served = await expectJson(await fetch(`${server.base}/distribution-models/from-cli`));
  assert.is(served.description, 'cli');
  await expectJson(await fetch(`${server.base}/hazard-models`, { method: 'POST', body: fileForm(TINY_QUAKE, { name: 'from-http' }) }), 201);
  const listed = json<any[]>(runCli(['list', '--kind', 'hazard', '--cache-dir', server.cacheDir, '--json']));
  assert.ok(listed.some((record) => record.name === 'from-http'));
  const deleted = runCli(['delete', 'from-cli', '--cache-dir', server.cacheDir, '--json']);
  assert.is(deleted.code, 0, deleted.stderr);
  await expectError(await fetch(`${server.base}/distribution-models/from-cli`), 404);
});

test('50 concurrent uploads, while the CLI uploads too, lose no entry and never answer 500', async ({ server }) => {
  const feeder = fs.readFileSync(TINY_FEEDER);
  const cliUploads = runCliAsync(['upload', TINY_QUAKE, '--name', 'cli-during-burst', '--cache-dir', server.cacheDir, '--json']);
  const responses = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      fetch(`${server.base}/distribution-models`, { method: 'POST', body: uploadForm(`burst_${i}.json`, feeder, { description: `burst ${i}` }) }),
    ),
  );
  assert.equal(
    responses.map((response) => response.status),
    Array(50).fill(201),
  );
  assert.is((await cliUploads).code, 0);
  const names = new Set((await expectJson<any[]>(await fetch(`${server.base}/distribution-models`))).map((record) => record.name));
  for (let i = 0; i < 50; i += 1) assert.ok(names.has(`burst_${i}`), `burst_${i} lost`);
  assert.ok((await expectJson<any[]>(await fetch(`${server.base}/hazard-models`))).some((record) => record.name === 'cli-during-burst'));
});

test.run();
