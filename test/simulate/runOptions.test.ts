import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EXAMPLES, runCli, tempDir } from '../helpers/cli.js';
import { sqliteRows } from '../helpers/sqliteShell.js';

// simulate, scenarios and impact share one request builder: --ground-motion-variability (and the
// other run options) reach the run from each of them. Checked through the spawned CLI on the
// bundled example earthquake, where median shaking and the integrated probability differ.

const test = suite('run options shared by simulate, scenarios and impact');
const context = { cache: '', out: '' };
const SAMPLES = 400;

function ok(args: string[]) {
  const result = runCli([...args, '--cache-dir', context.cache]);
  assert.is(result.code, 0, `${args.join(' ')}: ${result.stderr}`);
  return result;
}

/** Expected failures per sample of the peak method: the sum over assets of 1 − the asset's lowest survival in the SQLite result. */
function expectedFailures(mode: string): number {
  const file = path.join(context.out, `${mode}.sqlite`);
  ok(['simulate', 'example_feeder', 'earthquake', '--ground-motion-variability', mode, '-o', file]);
  const rows = sqliteRows<{ lowest: number }>(file, 'SELECT MIN(survival_probability) AS lowest FROM assetstatetable GROUP BY distribution_asset');
  return rows.reduce((sum, row) => sum + (1 - row.lowest), 0);
}

test.before(() => {
  context.cache = tempDir();
  context.out = tempDir();
  ok(['upload', path.join(EXAMPLES, 'feeder/example_feeder.json')]);
  ok(['upload', path.join(EXAMPLES, 'hazards/earthquake.json')]);
});

test('scenarios --ground-motion-variability reaches the run: the two modes draw different scenarios, as simulate gives them different survival', () => {
  const zips: Record<string, Buffer> = {};
  for (const mode of ['integrated', 'median']) {
    const zip = path.join(context.out, `${mode}.zip`);
    ok(['scenarios', 'example_feeder', 'earthquake', '-n', String(SAMPLES), '--ground-motion-variability', mode, '-o', zip]);
    zips[mode] = fs.readFileSync(zip);
  }
  assert.not.ok(zips.integrated.equals(zips.median), 'the modes drew the same scenarios');
  const integrated = expectedFailures('integrated');
  const median = expectedFailures('median');
  assert.ok(Math.abs(integrated - median) > 0.05, `the two modes give different survival (${integrated} vs ${median})`);
});

test('impact --ground-motion-variability draws the same scenarios as scenarios with that mode', () => {
  const kept = path.join(context.out, 'impact-median.zip');
  ok([
    'impact',
    'example_feeder',
    'earthquake',
    '-n',
    String(SAMPLES),
    '--ground-motion-variability',
    'median',
    '--scenarios-output',
    kept,
    '-o',
    path.join(context.out, 'impact.sqlite'),
  ]);
  assert.ok(fs.readFileSync(kept).equals(fs.readFileSync(path.join(context.out, 'median.zip'))), 'the impact run drew the median-shaking scenarios');
  assert.not.ok(fs.readFileSync(kept).equals(fs.readFileSync(path.join(context.out, 'integrated.zip'))));
});

test('a bad mode is a usage error naming the choices, from scenarios and impact alike', () => {
  for (const command of [
    ['scenarios', 'example_feeder', 'earthquake', '-n', '2'],
    ['impact', 'example_feeder', 'earthquake', '-n', '2'],
  ]) {
    const result = runCli([...command, '--ground-motion-variability', 'mean', '--cache-dir', context.cache]);
    assert.is(result.code, 2, result.stderr);
    assert.match(result.stderr, /integrated, median/);
  }
});

test('impact --scenarios refuses the options that only matter when drawing', () => {
  const result = runCli(['impact', '--scenarios', path.join(context.out, 'median.zip'), '--physics', 'erad_v1', '--cache-dir', context.cache]);
  assert.is(result.code, 2, result.stderr);
  assert.match(result.stderr, /--scenarios takes the failures from the ZIP/);
});

test.run();
