import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, json, runCli, tempDir } from '../helpers/cli.js';
import { makeZip, makeZipWithRawName } from '../helpers/zip.js';

const FEEDER = path.join(ROOT, 'test/data/tiny_feeder.json');
const FEEDER_TEXT = fs.readFileSync(FEEDER, 'utf8');

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

const names = suite('hostile model names');

names('are refused with exit 5 and a message, and nothing is written anywhere', () => {
  const outer = tempDir();
  const cache = path.join(outer, 'cache');
  fs.mkdirSync(cache);
  const hostile = ['../x', '/etc/passwd', 'a/b', '..', '.hidden', 'a\nb', 'a\\b', 'x'.repeat(10_000), '', 'a b', 'ümlaut'];
  for (const name of hostile) {
    const result = runCli(['upload', FEEDER, '--name', name, '--cache-dir', cache]);
    assert.is(result.code, 5, `name ${JSON.stringify(name.slice(0, 20))}: ${result.stderr}`);
    assert.match(result.stderr, /Invalid model name/);
  }
  assert.equal(filesUnder(outer), []);
  assert.not.ok(fs.existsSync('/etc/passwd.json'));
});

names('a name with NUL is refused (the OS refuses it as an argument; the core refuses it in a request)', async () => {
  const { createService } = await import('../../src/app/service.js');
  const service = createService({ cacheDir: tempDir() });
  try {
    await service.models.upload({ fileName: 'f.json', bytes: Buffer.from(FEEDER_TEXT), name: 'a\0b' });
    assert.unreachable('accepted a NUL name');
  } catch (error: any) {
    assert.is(error.kind, 'invalid_input');
  }
});

names('the longest allowed name (128 characters) is accepted', () => {
  const cache = tempDir();
  const name = 'n'.repeat(128);
  assert.is(runCli(['upload', FEEDER, '--name', name, '--cache-dir', cache]).code, 0);
  assert.is(runCli(['upload', FEEDER, '--name', `${name}n`, '--cache-dir', cache]).code, 5);
});

const zips = suite('ZIP uploads');

zips('a ZIP with the JSON and its _time_series folder is stored with the folder, renamed to the model', async () => {
  const work = tempDir();
  const cache = tempDir();
  const zipPath = path.join(work, 'bundle.zip');
  fs.writeFileSync(
    zipPath,
    await makeZip({
      'tiny.json': FEEDER_TEXT,
      'tiny_time_series/time_series_metadata.db': 'db-bytes',
      'tiny_time_series/sub/a.arrow': 'arrow-bytes',
      '__MACOSX/._tiny.json': 'junk',
    }),
  );
  const result = runCli(['upload', zipPath, '--name', 'zipped', '--cache-dir', cache, '--json']);
  assert.is(result.code, 0, result.stderr);
  assert.is(json(result).time_series_path, path.join(cache, 'distribution_models', 'zipped_time_series'));
  assert.equal(
    filesUnder(path.join(cache, 'distribution_models')).filter((file) => !file.startsWith('.derived/')),
    ['models_metadata.json', 'zipped.json', 'zipped_time_series/sub/a.arrow', 'zipped_time_series/time_series_metadata.db'],
  );
  assert.is(fs.readFileSync(path.join(cache, 'distribution_models', 'zipped.json'), 'utf8'), FEEDER_TEXT);
  // The default name of a ZIP upload is the ZIP's stem; delete removes the folder too.
  assert.is(runCli(['upload', zipPath, '--cache-dir', cache]).code, 0);
  assert.ok(fs.existsSync(path.join(cache, 'distribution_models', 'bundle_time_series')));
  assert.is(runCli(['delete', 'bundle', '--cache-dir', cache]).code, 0);
  assert.not.ok(fs.existsSync(path.join(cache, 'distribution_models', 'bundle_time_series')));
});

zips('a JSON inside one wrapping folder is found', async () => {
  const work = tempDir();
  const zipPath = path.join(work, 'wrapped.zip');
  fs.writeFileSync(zipPath, await makeZip({ 'feeder/tiny.json': FEEDER_TEXT, 'feeder/tiny_time_series/x.db': 'x' }));
  const cache = tempDir();
  assert.is(runCli(['upload', zipPath, '--cache-dir', cache]).code, 0);
  assert.ok(fs.existsSync(path.join(cache, 'distribution_models', 'wrapped_time_series', 'x.db')));
});

zips('entries that would escape the cache are refused and nothing is written', async () => {
  const outer = tempDir();
  const cache = path.join(outer, 'cache');
  for (const raw of ['../evil.json', '/etc/evil.json', 'tiny_time_series/../../evil', 'a\\..\\evil.json', '..']) {
    const zipPath = path.join(outer, 'hostile.zip');
    fs.writeFileSync(zipPath, await makeZipWithRawName(raw, FEEDER_TEXT));
    const result = runCli(['upload', zipPath, '--name', 'hostile', '--cache-dir', cache]);
    assert.is(result.code, 5, `${raw}: ${result.stderr}`);
    assert.match(result.stderr, /would escape the cache/);
    fs.rmSync(zipPath);
  }
  assert.equal(
    filesUnder(outer).filter((file) => !file.endsWith('models_metadata.json')),
    [],
  );
});

zips('a ZIP without a JSON, or with two, is refused', async () => {
  const work = tempDir();
  const cache = tempDir();
  const none = path.join(work, 'none.zip');
  fs.writeFileSync(none, await makeZip({ 'readme.txt': 'hi' }));
  const two = path.join(work, 'two.zip');
  fs.writeFileSync(two, await makeZip({ 'a.json': FEEDER_TEXT, 'b.json': FEEDER_TEXT }));
  const r1 = runCli(['upload', none, '--cache-dir', cache]);
  assert.is(r1.code, 5);
  assert.match(r1.stderr, /holds no model JSON/);
  const r2 = runCli(['upload', two, '--cache-dir', cache]);
  assert.is(r2.code, 5);
  assert.match(r2.stderr, /holds 2 JSON files/);
});

zips('a truncated ZIP is refused as unreadable', async () => {
  const work = tempDir();
  const zipPath = path.join(work, 'cut.zip');
  const whole = await makeZip({ 'tiny.json': FEEDER_TEXT });
  fs.writeFileSync(zipPath, whole.subarray(0, Math.floor(whole.length / 2)));
  const result = runCli(['upload', zipPath, '--cache-dir', tempDir()]);
  assert.is(result.code, 5);
  assert.match(result.stderr, /ZIP/);
});

names.run();
zips.run();
