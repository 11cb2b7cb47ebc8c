import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { json, ROOT, runCli, tempDir } from '../helpers/cli.js';
import { startTestServer, uploadForm } from '../helpers/rest.js';

// No model or curve set can be stored on top of a store's index, models_metadata.json.

const FEEDER = path.join(ROOT, 'test/data/tiny_feeder.json');
const FEEDER_TEXT = fs.readFileSync(FEEDER, 'utf8');
const EXAMPLE_CURVES = path.join(ROOT, 'examples/curve-sets/example_curves.json');

const test = suite('the index name is reserved');

test('upload --name models_metadata is refused on a fresh store and with --overwrite; nothing is lost', () => {
  const cache = tempDir();
  const fresh = runCli(['upload', FEEDER, '--name', 'models_metadata', '--cache-dir', cache]);
  assert.is(fresh.code, 5, fresh.stderr);
  assert.match(fresh.stderr, /reserved/);
  assert.is(runCli(['upload', FEEDER, '--name', 'kept', '--description', 'keep me', '--cache-dir', cache]).code, 0);
  for (const name of ['models_metadata', 'MODELS_METADATA']) {
    const overwrite = runCli(['upload', FEEDER, '--name', name, '--overwrite', '--cache-dir', cache]);
    assert.is(overwrite.code, 5, overwrite.stderr);
  }
  const index = JSON.parse(fs.readFileSync(path.join(cache, 'distribution_models/models_metadata.json'), 'utf8'));
  assert.equal(Object.keys(index), ['kept']);
  assert.is(index.kept.description, 'keep me');
  const list = json(runCli(['list', '--json', '--cache-dir', cache]));
  assert.equal(JSON.stringify(list).includes('keep me'), true);
});

test('a file named models_metadata.json inside a ZIP, or a curve set whose own name is models_metadata, is refused', () => {
  const cache = tempDir();
  const work = tempDir();
  const curves = JSON.parse(fs.readFileSync(EXAMPLE_CURVES, 'utf8'));
  curves.name = 'models_metadata';
  const curvesFile = path.join(work, 'curves.json');
  fs.writeFileSync(curvesFile, JSON.stringify(curves));
  const result = runCli(['curve-sets', 'upload', curvesFile, '--cache-dir', cache]);
  assert.is(result.code, 5, result.stderr);
  assert.match(result.stderr, /reserved/);
  const named = path.join(work, 'models_metadata.json');
  fs.writeFileSync(named, FEEDER_TEXT);
  assert.is(runCli(['upload', named, '--cache-dir', cache]).code, 5);
  assert.not.ok(fs.existsSync(path.join(cache, 'curve_sets/models_metadata.json')));
  assert.not.ok(fs.existsSync(path.join(cache, 'distribution_models/models_metadata.json')));
});

test('REST: uploading under the reserved name answers 422 and the other records stay', async () => {
  const server = await startTestServer();
  try {
    const ok = await fetch(`${server.base}/distribution-models`, { method: 'POST', body: uploadForm('feeder.json', FEEDER_TEXT, { name: 'kept' }) });
    assert.is(ok.status, 201, await ok.text());
    const refused = await fetch(`${server.base}/distribution-models`, {
      method: 'POST',
      body: uploadForm('feeder.json', FEEDER_TEXT, { name: 'models_metadata', overwrite: 'true' }),
    });
    assert.is(refused.status, 422, await refused.text());
    const list = await (await fetch(`${server.base}/distribution-models`)).json();
    assert.ok(JSON.stringify(list).includes('"kept"'));
  } finally {
    await server.stop();
  }
});

test('a record under the reserved name left by an older version is deleted without touching the index file', () => {
  const cache = tempDir();
  assert.is(runCli(['upload', FEEDER, '--name', 'kept', '--cache-dir', cache]).code, 0);
  const indexPath = path.join(cache, 'distribution_models/models_metadata.json');
  const index = JSON.parse(fs.readFileSync(indexPath, 'utf8'));
  index.models_metadata = { ...index.kept, name: 'models_metadata', file_path: indexPath };
  fs.writeFileSync(indexPath, JSON.stringify(index));
  const deleted = runCli(['delete', 'models_metadata', '--kind', 'distribution', '--cache-dir', cache]);
  assert.is(deleted.code, 0, deleted.stderr);
  assert.equal(Object.keys(JSON.parse(fs.readFileSync(indexPath, 'utf8'))), ['kept']);
  assert.is(runCli(['show', 'kept', '--cache-dir', cache]).code, 0);
});

test.run();
