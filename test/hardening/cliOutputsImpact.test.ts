import fs from 'node:fs';
import path from 'node:path';
import * as assert from 'uvu/assert';
import { tempDir } from '../helpers/cli.js';
import { outputOptionSuite, RUN } from '../helpers/outputOptions.js';

// The files of impact at a named path, its side files too (the cases: test/helpers/outputOptions.ts).

const { test, fixtures } = outputOptionSuite('every file the CLI writes at a named path: impact and its side files', ['impact'], {}, true);

test('impact refuses two of its outputs at one file before any work', () => {
  const work = tempDir();
  const same = path.join(work, 'both.zip');
  const result = fixtures.hazsim(['impact', ...RUN, '--scenarios-output', same, '--restoration-output', same], work);
  assert.is(result.code, 5, result.stderr);
  assert.match(result.stderr, /--scenarios-output and --restoration-output both name/);
  assert.equal(fs.readdirSync(work), []);
});

test('impact --scenarios refuses an output at the ZIP it reads, even with --overwrite, and leaves the ZIP as it was', () => {
  const work = tempDir();
  const zip = path.join(work, 'drawn.zip');
  assert.is(fixtures.hazsim(['scenarios', ...RUN, '-o', zip], work).code, 0);
  const before = fs.readFileSync(zip);
  for (const option of ['--restoration-output', '-o']) {
    const result = fixtures.hazsim(['impact', 'feeder', '--scenarios', zip, option, zip, '--overwrite'], work);
    assert.is(result.code, 5, result.stderr);
    assert.match(result.stderr, new RegExp(`${option} names .*drawn\\.zip, the scenario ZIP this run reads`));
    assert.ok(fs.readFileSync(zip).equals(before), `${option}: the input ZIP is unchanged`);
  }
  assert.equal(fs.readdirSync(work), ['drawn.zip']);
});

test.run();
