import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { json, ROOT, runCli, tempDir } from '../helpers/cli.js';

// A cache can be moved and copied: the index keeps paths relative to the cache root and
// reads find a model's file from its name in the cache where it is now.

const FEEDER = path.join(ROOT, 'test/data/tiny_feeder.json');
const QUAKE = path.join(ROOT, 'test/data/tiny_quake.json');

function makeCache(): string {
  const cache = path.join(tempDir(), 'cache');
  assert.is(runCli(['upload', FEEDER, '--name', 'feeder', '--description', 'a described feeder', '--cache-dir', cache]).code, 0);
  assert.is(runCli(['upload', QUAKE, '--name', 'quake', '--description', 'a described quake', '--cache-dir', cache]).code, 0);
  return cache;
}

const test = suite('movable and copyable caches');

test('the index holds paths relative to the cache root', () => {
  const cache = makeCache();
  const index = JSON.parse(fs.readFileSync(path.join(cache, 'distribution_models/models_metadata.json'), 'utf8'));
  assert.is(index.feeder.file_path, 'distribution_models/feeder.json');
});

test('a moved cache keeps every model and description, before and after a refresh, and simulates', () => {
  const cache = makeCache();
  const moved = path.join(tempDir(), 'moved');
  fs.renameSync(cache, moved);
  for (const refresh of [false, true]) {
    if (refresh) assert.is(runCli(['cache', 'refresh', '--cache-dir', moved]).code, 0);
    const feeder = json(runCli(['show', 'feeder', '--json', '--cache-dir', moved]));
    assert.is(feeder.description, 'a described feeder');
    assert.is(feeder.file_path, path.join(moved, 'distribution_models/feeder.json'));
    assert.is(json(runCli(['show', 'quake', '--json', '--cache-dir', moved])).description, 'a described quake');
  }
  const out = tempDir();
  const result = runCli(['simulate', 'feeder', 'quake', '-o', path.join(out, 'r.sqlite'), '--cache-dir', moved]);
  assert.is(result.code, 0, result.stderr);
});

test('a copied cache reads its own files, not the original ones', () => {
  const cache = makeCache();
  const copy = path.join(tempDir(), 'copy');
  assert.is(spawnSync('cp', ['-a', cache, copy]).status, 0);
  // Change the copy's model, then remove the original entirely.
  const copied = path.join(copy, 'distribution_models/feeder.json');
  fs.writeFileSync(copied, fs.readFileSync(copied, 'utf8').replace('"name": "tiny_feeder"', '"name": "the_copy"'));
  fs.rmSync(cache, { recursive: true });
  const shown = json(runCli(['show', 'feeder', '--json', '--cache-dir', copy]));
  assert.is(shown.content.name, 'the_copy');
  assert.is(shown.file_path, copied);
  assert.is(runCli(['simulate', 'feeder', 'quake', '-o', path.join(tempDir(), 'r.sqlite'), '--cache-dir', copy]).code, 0);
});

test('an index written by an older version (absolute paths into another cache) is read from the current cache', () => {
  const cache = makeCache();
  const indexPath = path.join(cache, 'distribution_models/models_metadata.json');
  const index = JSON.parse(fs.readFileSync(indexPath, 'utf8'));
  index.feeder.file_path = '/somewhere/else/distribution_models/feeder.json';
  fs.writeFileSync(indexPath, JSON.stringify(index));
  assert.is(json(runCli(['show', 'feeder', '--json', '--cache-dir', cache])).description, 'a described feeder');
  assert.is(runCli(['cache', 'refresh', '--cache-dir', cache]).code, 0);
  const rewritten = JSON.parse(fs.readFileSync(indexPath, 'utf8'));
  assert.is(rewritten.feeder.file_path, 'distribution_models/feeder.json');
  assert.is(rewritten.feeder.description, 'a described feeder');
});

test.run();
