import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, json, ROOT, runCli, tempDir } from '../helpers/cli.js';
import { skipTest } from '../helpers/skip.js';

// A `delete` killed after it wrote the index (docs/hardening.md, "The cache index") stays
// done: the next writer removes the model's files, and a refresh does not take the file back
// as an unlisted model.

const FEEDER = path.join(ROOT, 'test/data/tiny_feeder.json');
const test = suite('interrupted delete');

test('a delete SIGKILLed at the removal of the model file, after the index was written, is not undone by the next refresh', () => {
  if (spawnSync('strace', ['-o', '/dev/null', 'true']).status !== 0) {
    skipTest('strace cannot trace here (the interrupted-delete case kills the delete at one system call)');
    return;
  }
  const cache = tempDir();
  assert.is(runCli(['upload', FEEDER, '--name', 'doomed', '--cache-dir', cache]).code, 0);
  assert.is(runCli(['upload', FEEDER, '--name', 'kept', '--cache-dir', cache]).code, 0);
  const modelFile = path.join(cache, 'distribution_models', 'doomed.json');
  // strace kills the delete with SIGKILL when it is about to unlink the model file: the index is written by then.
  const killed = spawnSync(
    'strace',
    [
      '-f',
      '-o',
      '/dev/null',
      '-P',
      modelFile,
      '-e',
      'trace=unlink,unlinkat',
      '-e',
      'inject=unlink,unlinkat:signal=KILL',
      process.execPath,
      BIN,
      'delete',
      'doomed',
      '--yes',
      '--cache-dir',
      cache,
    ],
    { cwd: ROOT, encoding: 'utf8', timeout: 60_000 },
  );
  assert.ok(killed.signal === 'SIGKILL' || killed.status === 137, `the delete was killed (${killed.status ?? killed.signal}): ${killed.stderr}`);
  assert.ok(fs.existsSync(modelFile), 'the kill came before the file was removed');
  const index = JSON.parse(fs.readFileSync(path.join(cache, 'distribution_models', 'models_metadata.json'), 'utf8'));
  assert.equal(Object.keys(index), ['kept'], 'the index was written before the kill');

  const refreshed = json(runCli(['cache', 'refresh', '--json', '--cache-dir', cache]));
  assert.equal(refreshed.distribution_models.added, [], 'the refresh took the file back as a model');
  assert.equal(
    json(runCli(['list', '--json', '--cache-dir', cache])).map((record: { name: string }) => record.name),
    ['kept'],
  );
  assert.not.ok(fs.existsSync(modelFile), "the delete's files are removed");
  assert.equal(
    fs.readdirSync(path.join(cache, 'distribution_models')).filter((entry) => entry.startsWith('.') && entry !== '.derived'),
    [],
    'no journal is left',
  );
});

test('a delete killed after its journal but before the index leaves the model as it was', () => {
  const cache = tempDir();
  assert.is(runCli(['upload', FEEDER, '--name', 'doomed', '--description', 'still here', '--cache-dir', cache]).code, 0);
  const store = path.join(cache, 'distribution_models');
  const index = JSON.parse(fs.readFileSync(path.join(store, 'models_metadata.json'), 'utf8'));
  // What such a delete leaves: its journal (named as a temporary file of a process that is gone) and the index untouched.
  const gone = Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);
  fs.writeFileSync(path.join(store, `.doomed.commit.${gone}.0badf00d.tmp`), JSON.stringify({ deleting: index.doomed }));
  assert.is(runCli(['cache', 'refresh', '--cache-dir', cache]).code, 0);
  const listed = json(runCli(['list', '--json', '--cache-dir', cache]));
  assert.equal(
    listed.map((record: { name: string; description: string }) => [record.name, record.description]),
    [['doomed', 'still here']],
  );
  assert.ok(fs.existsSync(path.join(store, 'doomed.json')));
  assert.equal(
    fs.readdirSync(store).filter((entry) => entry.startsWith('.') && entry !== '.derived'),
    [],
    'the journal is gone',
  );
});

test.run();
