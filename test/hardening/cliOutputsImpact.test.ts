import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { tempDir } from '../helpers/cli.js';
import { addOutputOptionTests, OUTPUT_OPTIONS, RUN, setUpFixtures, type Fixtures } from '../helpers/outputOptions.js';

// The files of impact at a named path, its side files too (the cases: test/helpers/outputOptions.ts).

const RUN_COMMANDS = ['impact'];

const fixtures = {} as Fixtures;
const test = suite('every file the CLI writes at a named path: impact and its side files');

test.before(() => {
  Object.assign(fixtures, setUpFixtures({}));
});

addOutputOptionTests(
  test,
  fixtures,
  OUTPUT_OPTIONS.filter((output) => RUN_COMMANDS.includes(output.name.split(' ')[0])),
);

test('impact refuses two of its outputs at one file before any work', () => {
  const work = tempDir();
  const same = path.join(work, 'both.zip');
  const result = fixtures.hazsim(['impact', ...RUN, '--scenarios-output', same, '--restoration-output', same], work);
  assert.is(result.code, 5, result.stderr);
  assert.match(result.stderr, /--scenarios-output and --restoration-output both name/);
  assert.equal(fs.readdirSync(work), []);
});

test.run();
