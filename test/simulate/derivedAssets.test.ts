import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { EXAMPLES, json, runCli, tempDir } from '../helpers/cli.js';

const derived = suite('derived asset table (docs/cache.md)');

derived('is stored at upload, keyed by the model file sha256, used by simulate, and removed with the model', () => {
  const cache = tempDir();
  const out = tempDir();
  assert.is(runCli(['upload', path.join(EXAMPLES, 'feeder/example_feeder.json'), '--name', 'feeder', '--cache-dir', cache]).code, 0);
  assert.is(runCli(['upload', path.join(EXAMPLES, 'hazards/earthquake.json'), '--name', 'quake', '--cache-dir', cache]).code, 0);
  const modelFile = path.join(cache, 'distribution_models', 'feeder.json');
  const derivedFile = path.join(cache, 'distribution_models', '.derived', 'feeder', 'assets.json');
  const table = JSON.parse(fs.readFileSync(derivedFile, 'utf8'));
  assert.is(table.source_sha256, crypto.createHash('sha256').update(fs.readFileSync(modelFile)).digest('hex'));
  assert.is(table.uuid.length, 38);
  // A hidden folder: not a model for the listing or a refresh.
  assert.equal(json(runCli(['cache', 'refresh', '--cache-dir', cache, '--json'])).distribution_models.invalid, []);

  const warm = json(runCli(['simulate', 'feeder', 'quake', '-o', path.join(out, 'warm.sqlite'), '--cache-dir', cache, '--json']));
  // A stale table (another model's bytes) is ignored and rebuilt: same result.
  fs.writeFileSync(derivedFile, JSON.stringify({ ...table, source_sha256: '0'.repeat(64), uuid: [] }));
  const rebuilt = json(runCli(['simulate', 'feeder', 'quake', '-o', path.join(out, 'rebuilt.sqlite'), '--cache-dir', cache, '--json']));
  assert.equal(rebuilt.lowest_survival, warm.lowest_survival);
  assert.is(rebuilt.asset_count, 38);
  assert.is(JSON.parse(fs.readFileSync(derivedFile, 'utf8')).uuid.length, 38);

  assert.is(runCli(['delete', 'feeder', '--kind', 'distribution', '--cache-dir', cache]).code, 0);
  assert.not.ok(fs.existsSync(path.dirname(derivedFile)));
});

derived.run();
