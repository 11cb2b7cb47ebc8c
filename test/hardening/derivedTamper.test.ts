import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EXAMPLES, json, runCli, tempDir } from '../helpers/cli.js';

// A tampered derived asset table is not trusted: its recorded content hash no longer matches,
// so the simulation derives the table again from the model and gives the same result.

const test = suite('derived asset table');

test('moving every asset in the derived table far away does not change the result', () => {
  const cache = tempDir();
  const out = tempDir();
  assert.is(runCli(['upload', path.join(EXAMPLES, 'feeder/example_feeder.json'), '--name', 'feeder', '--cache-dir', cache]).code, 0);
  assert.is(runCli(['upload', path.join(EXAMPLES, 'hazards/earthquake.json'), '--name', 'quake', '--cache-dir', cache]).code, 0);
  const simulate = (file: string) => json(runCli(['simulate', 'feeder', 'quake', '-o', path.join(out, file), '--json', '--cache-dir', cache]));
  const honest = simulate('a.sqlite');
  assert.ok(honest.survival_statistics.mean < 1, 'the example quake damages the example feeder');
  const derivedPath = path.join(cache, 'distribution_models/.derived/feeder/assets.json');
  const derived = JSON.parse(fs.readFileSync(derivedPath, 'utf8'));
  derived.longitude = derived.longitude.map(() => 0);
  derived.latitude = derived.latitude.map(() => 0);
  fs.writeFileSync(derivedPath, JSON.stringify(derived));
  const afterTamper = simulate('b.sqlite');
  assert.equal(afterTamper.survival_statistics, honest.survival_statistics);
});

test.run();
