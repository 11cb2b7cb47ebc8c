import fs from 'node:fs';
import path from 'node:path';
import yazl from 'yazl';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runCli, tempDir } from '../helpers/cli.js';
import { TINY_FEEDER } from '../helpers/rest.js';

// ZIP bombs made of many small entries (docs/hardening.md, "Uploads"): each entry stays under
// the 16 MiB floor of the per-entry ratio check, so only a bound on the whole upload stops
// them (a 1 MB upload filled 1 GiB of the cache).

function zipOf(entries: { name: string; data: Buffer }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) zip.addBuffer(entry.data, entry.name, { compressionLevel: 9 });
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

test('an upload of many small entries that expands more than 100 times in all is refused (exit 5), and nothing is stored', async () => {
  const zeros = Buffer.alloc(8 * 1024 ** 2);
  const entries = [{ name: 'feeder.json', data: fs.readFileSync(TINY_FEEDER) }];
  for (let i = 0; i < 6; i += 1) entries.push({ name: `feeder_time_series/part${i}.csv`, data: zeros });
  const bytes = await zipOf(entries);
  // Every entry is under the per-entry floor; the whole is ~48 MiB from a few tens of KB.
  assert.ok(bytes.length * 100 < 48 * 1024 ** 2, `the ZIP is ${bytes.length} bytes`);
  const dir = tempDir();
  const file = path.join(dir, 'bomb.zip');
  fs.writeFileSync(file, bytes);
  const cache = tempDir();
  const result = runCli(['upload', file, '--cache-dir', cache]);
  assert.is(result.code, 5, result.stderr);
  assert.match(result.stderr, /expands more than 100 times its size/);
  assert.is(fs.existsSync(path.join(cache, 'distribution_models', 'feeder_time_series')), false);
});

test('an ordinary ZIP with a time series folder is still accepted', async () => {
  const entries = [
    { name: 'feeder.json', data: fs.readFileSync(TINY_FEEDER) },
    { name: 'feeder_time_series/load.csv', data: Buffer.from('timestamp,value\n2024-01-01T00:00:00,1\n') },
  ];
  const file = path.join(tempDir(), 'feeder.zip');
  fs.writeFileSync(file, await zipOf(entries));
  const result = runCli(['upload', file, '--cache-dir', tempDir()]);
  assert.is(result.code, 0, result.stderr);
});

test.run();
