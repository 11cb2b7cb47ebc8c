import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { json, ROOT, runCli, tempDir } from '../helpers/cli.js';
import { startTestServer } from '../helpers/rest.js';

// "Did you mean ...?" for unknown command, model and curve set names, through the spawned CLI;
// REST's detail stays the service specification's message.

const test = suite('did you mean');
const context = { cache: '' };
const run = (args: string[]) => runCli([...args, '--cache-dir', context.cache]);

test.before(() => {
  context.cache = tempDir();
  assert.is(run(['upload', path.join(ROOT, 'test/data/tiny_feeder.json'), '--name', 'charleston_feeder']).code, 0);
  assert.is(run(['upload', path.join(ROOT, 'test/data/tiny_quake.json'), '--name', 'quake']).code, 0);
});

test('a mistyped command or option: commander suggests the closest', () => {
  const command = runCli(['simulat']);
  assert.is(command.code, 2);
  assert.match(command.stderr, /unknown command 'simulat'\n\(Did you mean simulate\?\)/);
  const option = runCli(['list', '--refrsh']);
  assert.is(option.code, 2);
  assert.match(option.stderr, /Did you mean --refresh\?/);
});

test('a mistyped subcommand of cache or curve-sets is named, not taken as an argument of the default one', () => {
  const cache = run(['cache', 'prun']);
  assert.is(cache.code, 2);
  assert.match(cache.stderr, /unknown command 'cache prun'\nDid you mean 'prune'\?/);
  const curveSets = run(['curve-sets', 'DEFAULT_CURVES']);
  assert.is(curveSets.code, 2);
  assert.match(curveSets.stderr, /unknown command 'curve-sets DEFAULT_CURVES'\nThe commands of curve-sets are: summary, list, show/);
});

test('an unknown model or curve set name: the spec message, then the closest names (case and one-letter slips)', () => {
  const distribution = run(['simulate', 'charleston_feedr', 'quake']);
  assert.is(distribution.code, 3);
  assert.match(distribution.stderr, /Distribution system 'charleston_feedr' not found\nDid you mean 'charleston_feeder'\?/);
  const hazard = run(['show', 'Quake', '--kind', 'hazard']);
  assert.is(hazard.code, 3);
  assert.match(hazard.stderr, /Did you mean 'quake'\?/);
  const curveSet = run(['simulate', 'charleston_feeder', 'quake', '--curve-set', 'DEFAULT_CURVE']);
  assert.is(curveSet.code, 3);
  assert.match(curveSet.stderr, /Curve set 'DEFAULT_CURVE' not found\nDid you mean 'DEFAULT_CURVES'\?/);
  const far = run(['simulate', 'springfield', 'quake']);
  assert.is(far.code, 3);
  assert.not.match(far.stderr, /Did you mean/);
  const asJson = json({ ...curveSet, stdout: run(['curve-sets', 'show', 'erad_v1_curves', '--json']).stderr });
  assert.equal(asJson.error, {
    kind: 'not_found',
    message: "Curve set 'erad_v1_curves' not found",
    exit_code: 3,
    hint: "Did you mean 'ERAD_V1_CURVES'?",
  });
});

test("REST keeps the specification's detail for an unknown model", async () => {
  const server = await startTestServer({ cacheDir: context.cache });
  try {
    const response = await fetch(`${server.base}/distribution-models/charleston_feedr`);
    assert.is(response.status, 404);
    assert.equal(await response.json(), { detail: "Distribution system 'charleston_feedr' not found", status_code: 404 });
  } finally {
    await server.stop();
  }
});

test.run();
