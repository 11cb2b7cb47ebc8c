import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { tempDir } from '../helpers/cli.js';
import { addOutputOptionTests, OUTPUT_OPTIONS, plantedLinks, setUpFixtures, type Fixtures } from '../helpers/outputOptions.js';

// The files of merge, report and export at a named path (the cases: test/helpers/outputOptions.ts;
// the others: cliOutputsRuns, cliOutputsImpact and cliOutputsTables.test.ts, one file each so each ends well
// within the runner's 600 s on a loaded machine).

const FILE_COMMANDS = ['merge', 'report', 'export'];

const fixtures = {} as Fixtures;
const test = suite('every file the CLI writes at a named path: merge, report, export');

test.before(() => {
  Object.assign(fixtures, setUpFixtures({ results: true }));
});

addOutputOptionTests(
  test,
  fixtures,
  OUTPUT_OPTIONS.filter((output) => FILE_COMMANDS.includes(output.name)),
);

test('report without -o writes beside the result under the same rules: a link there is refused and left alone', () => {
  const work = tempDir();
  const result = path.join(work, 'run.sqlite');
  fs.copyFileSync(fixtures.result, result);
  const { links, untouched } = plantedLinks();
  const beside = path.join(work, 'run_report.html');
  fs.symlinkSync(links.toNull, beside);
  const refused = fixtures.hazsim(['report', result], work);
  assert.is(refused.code, 5, refused.stderr);
  assert.ok(refused.stderr.includes(`Cannot write to ${beside}: it is a symbolic link`), refused.stderr);
  assert.ok(fs.lstatSync(beside).isSymbolicLink());
  untouched('report beside its result');
});

test.run();
