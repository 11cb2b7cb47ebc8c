import fs from 'node:fs';
import path from 'node:path';
import * as assert from 'uvu/assert';
import { tempDir } from '../helpers/cli.js';
import { OUTPUT_OPTIONS, outputOptionSuite } from '../helpers/outputOptions.js';

// The SVG of curve-sets plot and the CSV of hindcast at a named path (the cases:
// test/helpers/outputOptions.ts), and the --overwrite of the commands that used to replace any file.

const { test, fixtures } = outputOptionSuite('every file the CLI writes at a named path: curve-sets plot, hindcast', ['curve-sets plot', 'hindcast'], {
  results: true,
  territory: true,
});

test('export, curve-sets plot and hindcast replace their own earlier file, and a file of another kind only with --overwrite', () => {
  const work = tempDir();
  for (const [name, extension] of [
    ['export', '.geojson'],
    ['curve-sets plot', '.svg'],
    ['hindcast', '.csv'],
  ]) {
    const output = OUTPUT_OPTIONS.find((candidate) => candidate.name === name)!;
    const target = path.join(work, `out${extension}`);
    for (const attempt of ['first', 'again']) {
      const result = fixtures.hazsim(output.args(fixtures, target), work);
      assert.is(result.code, 0, `${name} ${attempt}: ${result.stderr}`);
    }
    const notes = path.join(work, `notes${extension}`);
    fs.writeFileSync(notes, 'my own notes\n');
    const refused = fixtures.hazsim(output.args(fixtures, notes), work);
    assert.is(refused.code, 4, `${name}: ${refused.stderr}`);
    assert.match(refused.stderr, /--overwrite/);
    assert.is(fs.readFileSync(notes, 'utf8'), 'my own notes\n');
    assert.is(fixtures.hazsim([...output.args(fixtures, notes), '--overwrite'], work).code, 0);
    assert.is.not(fs.readFileSync(notes, 'utf8'), 'my own notes\n');
  }
});

test('hindcast: -o - puts the CSV alone on stdout, the page note on stderr; both on stdout is refused before the run', () => {
  const work = tempDir();
  const page = path.join(work, 'page.html');
  const args = ['hindcast', 'sc', 'hurricane', '--observed', fixtures.observed, '-n', '2'];
  const streamed = fixtures.hazsim([...args, '-o', '-', '--report', page], work);
  assert.is(streamed.code, 0, streamed.stderr);
  assert.match(streamed.stdout, /^fips,name,customers,/);
  assert.not.match(streamed.stdout, /Wrote/);
  assert.match(streamed.stderr, /Wrote .*page\.html/);
  assert.ok(fs.readFileSync(page, 'utf8').startsWith('<!doctype html>'));
  const both = fixtures.hazsim([...args, '-o', '-', '--report', '-'], work);
  assert.is(both.code, 5, both.stderr);
  assert.match(both.stderr, /-o and --report both name standard output/);
  assert.is(both.stdout, '');
});

test.run();
