import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EXAMPLES, runCli, tempDir } from '../helpers/cli.js';

// Unknown distribution, hazard or curve set: exit 3 (not found) with the specification's (docs/specification.md) message
// ("Distribution system '<name>' not found", docs/specification.md §4.1), for `simulate` and `scenarios`,
// and no result file left behind.

interface Context {
  cache: string;
  cwd: string;
}

const test = suite<Context>('simulate and scenarios with unknown inputs', {} as Context);

test.before((context) => {
  context.cache = tempDir();
  context.cwd = tempDir();
  assert.is(runCli(['upload', path.join(EXAMPLES, 'feeder/example_feeder.json'), '--cache-dir', context.cache]).code, 0);
  assert.is(runCli(['upload', path.join(EXAMPLES, 'hazards/earthquake.json'), '--name', 'quake', '--cache-dir', context.cache]).code, 0);
});

const cases: [what: string, args: string[], message: string][] = [
  ['distribution', ['nowhere_feeder', 'quake'], "Distribution system 'nowhere_feeder' not found"],
  ['hazard', ['example_feeder', 'no_storm'], "Hazard model 'no_storm' not found"],
  ['curve set', ['example_feeder', 'quake', '--curve-set', 'no_curves'], "Curve set 'no_curves' not found"],
];

for (const [what, args, message] of cases) {
  test(`simulate with an unknown ${what}: exit 3, not_found, "${message}"`, ({ cache, cwd }) => {
    const result = runCli(['simulate', ...args, '--cache-dir', cache, '--json'], { cwd });
    assert.is(result.code, 3, result.stderr);
    assert.is(result.stdout, '');
    assert.equal(JSON.parse(result.stderr), { error: { kind: 'not_found', message, exit_code: 3 } });
    assert.equal(fs.readdirSync(cwd), [], 'no result file is written');
  });
}

test('the message alone on stderr without --json; scenarios answers the same', ({ cache, cwd }) => {
  const text = runCli(['simulate', 'nowhere_feeder', 'quake', '--cache-dir', cache], { cwd });
  assert.is(text.code, 3);
  assert.is(text.stderr.trim(), "hazsim: Distribution system 'nowhere_feeder' not found");
  const scenarios = runCli(['scenarios', 'example_feeder', 'quake', '-n', '2', '--curve-set', 'no_curves', '--cache-dir', cache], { cwd });
  assert.is(scenarios.code, 3);
  assert.is(scenarios.stderr.trim(), "hazsim: Curve set 'no_curves' not found");
  assert.equal(fs.readdirSync(cwd), []);
});

test.run();
