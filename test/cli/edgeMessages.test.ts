import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runCli, tempDir } from '../helpers/cli.js';

// Messages for the edges a new user hits: a cache folder that cannot be one, a text file named
// .zip, and the command a prune dry run suggests.

const test = suite('edge messages');

test('--cache-dir (or HAZSIM_CACHE_DIR) at or under a regular file: a usage error naming the file, no raw ENOTDIR', () => {
  const file = path.join(tempDir(), 'not-a-folder');
  fs.writeFileSync(file, 'x');
  const under = runCli(['list', '--cache-dir', path.join(file, 'cache')]);
  assert.is(under.code, 2);
  assert.is(
    under.stderr,
    `hazsim: --cache-dir ${path.join(file, 'cache')} cannot be the cache: ${file}, a folder above it, is a file, not a folder; give a folder (it is made when missing)\n`,
  );
  const itself = runCli(['list'], { env: { HAZSIM_CACHE_DIR: file } });
  assert.is(itself.code, 2);
  assert.match(itself.stderr, new RegExp(`HAZSIM_CACHE_DIR ${file} cannot be the cache: ${file} is a file, not a folder`));
  assert.not.match(under.stderr + itself.stderr, /ENOTDIR/);
});

test('a text file named .zip: says it is no ZIP archive (nor JSON) and how it begins; a JSON file named .zip is read as JSON', () => {
  const dir = tempDir();
  const text = path.join(dir, 'feeder.zip');
  fs.writeFileSync(text, 'hello, this is not an archive\n');
  const refused = runCli(['upload', text, '--cache-dir', dir]);
  assert.is(refused.code, 5);
  assert.is(
    refused.stderr,
    'hazsim: feeder.zip is named .zip but is not a ZIP archive (no ZIP signature "PK\\x03\\x04" at its start) nor a JSON file: it begins "hello, this is not an archive"\n',
  );
  const json = path.join(dir, 'quake.zip');
  fs.copyFileSync(path.resolve('test/data/tiny_quake.json'), json);
  assert.is(runCli(['validate', json, '--cache-dir', dir]).code, 0);
});

test('a prune dry run suggests the command that removes what it listed, keeping --older-than and --cache-dir', () => {
  const cache = tempDir();
  // A time-series folder whose model is gone: an orphan prune lists.
  fs.mkdirSync(path.join(cache, 'distribution_models/ghost_time_series'), { recursive: true });
  fs.writeFileSync(path.join(cache, 'distribution_models/ghost_time_series/a.arrow'), 'x');
  const zero = runCli(['cache', 'prune', '--older-than', '0', '--cache-dir', cache]);
  assert.is(zero.code, 0, zero.stderr);
  assert.ok(zero.stdout.includes(`Run 'hazsim cache prune --older-than 0 --cache-dir ${cache} --yes' to remove them.`), zero.stdout);
  const byDefault = runCli(['cache', 'prune', '--cache-dir', cache]);
  assert.ok(byDefault.stdout.includes(`Run 'hazsim cache prune --cache-dir ${cache} --yes' to remove them.`), byDefault.stdout);
  const removed = runCli(['cache', 'prune', '--older-than', '0', '--cache-dir', cache, '--yes']);
  assert.match(removed.stdout, /Removed 1 entries/);
});

test.run();
