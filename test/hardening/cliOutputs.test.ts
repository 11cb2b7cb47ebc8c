import fs from 'node:fs';
import path from 'node:path';
import * as assert from 'uvu/assert';
import { tempDir } from '../helpers/cli.js';
import { outputOptionSuite, plantedLinks } from '../helpers/outputOptions.js';

// The files of merge, report and export at a named path (the cases: test/helpers/outputOptions.ts;
// the others: cliOutputsRuns, cliOutputsImpact and cliOutputsTables.test.ts, one file each so each ends well
// within the runner's 600 s on a loaded machine).

const { test, fixtures } = outputOptionSuite('every file the CLI writes at a named path: merge, report, export', ['merge', 'report', 'export'], {
  results: true,
});

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
