// `hazsim impact --shard i/N` and `hazsim merge` of impact parts through the real CLI on the
// bundled example feeder and hurricane: the merged SQLite result equals the unsharded run's
// byte for byte, whatever the order of the parts; mismatched, missing, repeated, truncated
// and mixed parts are refused with exit code 5 and nothing written.
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EXAMPLES, json, runCli, tempDir } from '../helpers/cli.js';

const cache = tempDir('hazsim-impact-shard-cache-');
const out = tempDir('hazsim-impact-shard-out-');
const hazsim = (...args: string[]) => runCli([...args, '--cache-dir', cache], { cwd: out });
const run = ['impact', 'feeder', 'storm', '-n', '30', '--seed', '11'];
const partName = (index: number, count: number, samples = 30) => `feeder_impact_${samples}samples.shard-${index}-of-${count}.hzshard`;

const test = suite('hazsim impact --shard, hazsim merge of impact parts');

function part(args: string[], index: number, count: number): string {
  const result = hazsim(...args, '--shard', `${index}/${count}`, '--json');
  assert.is(result.code, 0, result.stderr);
  const summary = json(result);
  assert.is(summary.shard_index, index);
  assert.is(summary.shard_count, count);
  return summary.file_path as string;
}

function merge(parts: string[], output: string) {
  return hazsim('merge', ...parts, '-o', output, '--json');
}

const sameBytes = (a: string, b: string) => fs.readFileSync(a).equals(fs.readFileSync(b));

test.before(() => {
  assert.is(hazsim('upload', path.join(EXAMPLES, 'feeder/example_feeder.json'), '--name', 'feeder').code, 0);
  assert.is(hazsim('upload', path.join(EXAMPLES, 'hazards/hurricane.json'), '--kind', 'hazard', '--name', 'storm').code, 0);
});

test('three parts merged in two different orders equal the unsharded result byte for byte; the parts have the default names', () => {
  const whole = path.join(out, 'whole.sqlite');
  const unsharded = hazsim(...run, '-o', whole, '--json');
  assert.is(unsharded.code, 0, unsharded.stderr);
  const parts = [0, 1, 2].map((index) => part(run, index, 3));
  assert.equal(
    parts.map((file) => path.basename(file)),
    [0, 1, 2].map((index) => partName(index, 3)),
  );
  for (const [name, order] of [
    ['reversed.sqlite', [2, 1, 0]],
    ['shuffled.sqlite', [1, 2, 0]],
  ] as const) {
    const merged = path.join(out, name);
    const result = merge(
      order.map((index) => parts[index]),
      merged,
    );
    assert.is(result.code, 0, result.stderr);
    const summary = json(result);
    assert.is(summary.file_path, merged);
    assert.is(summary.number_of_samples, 30);
    assert.equal(summary.metrics, json(unsharded).metrics, 'the summary statistics over all samples');
    assert.ok(sameBytes(merged, whole), `${name} differs from the unsharded result`);
  }
});

test('with one crew, a 2-hour time step and more parts than samples (empty parts) the merge still equals the unsharded result', () => {
  const small = ['impact', 'feeder', 'storm', '-n', '2', '--seed', '5', '--crews', '1', '--time-step', '2'];
  const whole = path.join(out, 'small.sqlite');
  assert.is(hazsim(...small, '-o', whole).code, 0);
  const parts = [0, 1, 2].map((index) => part(small, index, 3));
  const merged = path.join(out, 'small-merged.sqlite');
  const result = merge([parts[1], parts[0], parts[2]], merged);
  assert.is(result.code, 0, result.stderr);
  assert.ok(sameBytes(merged, whole), 'merged result differs from the unsharded one');
});

test('bad --shard values and --shard with an existing or kept scenario ZIP are usage errors (exit 2)', () => {
  for (const [value, message] of [
    ['3/3', 'i must be from 0 to N - 1 = 2'],
    ['1/0', 'N must be at least 1'],
    ['one/3', 'must be i/N'],
  ]) {
    const result = hazsim(...run, '--shard', value);
    assert.is(result.code, 2, value);
    assert.match(result.stderr, message);
  }
  for (const option of [
    ['--scenarios-output', 'kept.zip'],
    ['--restoration-output', 'restored.zip'],
  ]) {
    const result = hazsim(...run, '--shard', '0/3', ...option);
    assert.is(result.code, 2, option[0]);
    assert.match(result.stderr, '--shard draws its part of the scenarios itself');
  }
  const noSamples = hazsim('impact', 'feeder', 'storm', '--shard', '0/3');
  assert.is(noSamples.code, 2);
  assert.match(noSamples.stderr, '-n <count>');
});

test('missing, repeated, mismatched, truncated and mixed parts are refused (exit 5) and nothing is written', () => {
  const parts = [0, 1, 2].map((index) => path.join(out, partName(index, 3)));
  const output = path.join(out, 'refused.sqlite');
  const refused = (files: string[], message: string) => {
    const result = merge(files, output);
    assert.is(result.code, 5, result.stderr);
    assert.match(result.stderr, message);
    assert.not.ok(fs.existsSync(output), 'no result is written');
  };
  refused([parts[2], parts[0]], 'Missing shard 1/3 of the run');
  refused([parts[0], parts[1], parts[2], parts[1]], 'Shard 1/3 is given twice');

  const otherSeed = path.join(out, 'other-seed.hzshard');
  assert.is(hazsim('impact', 'feeder', 'storm', '-n', '30', '--seed', '12', '--shard', '1/3', '-o', otherSeed).code, 0);
  refused([parts[0], otherSeed, parts[2]], 'are parts of different impact runs: seed is 12 in one and 11 in the other');
  const otherCrews = path.join(out, 'other-crews.hzshard');
  assert.is(hazsim(...run, '--crews', '2', '--shard', '1/3', '-o', otherCrews).code, 0);
  refused([parts[0], otherCrews, parts[2]], 'crews is 2 in one and null in the other');
  const otherCount = path.join(out, 'other-count.hzshard');
  assert.is(hazsim(...run, '--shard', '1/2', '-o', otherCount).code, 0);
  refused([parts[0], otherCount, parts[2]], 'shard_count is 2 in one and 3 in the other');

  const bytes = fs.readFileSync(parts[1]);
  const truncated = path.join(out, 'truncated.hzshard');
  fs.writeFileSync(truncated, bytes.subarray(0, bytes.length - 200));
  refused([parts[0], truncated, parts[2]], 'is truncated');

  assert.is(hazsim('scenarios', 'feeder', 'storm', '-n', '30', '--seed', '11', '--shard', '1/3').code, 0);
  refused([parts[0], path.join(out, 'feeder_scenarios_30samples.shard-1-of-3.hzshard'), parts[2]], 'is not an impact part');
});

test.run();
