import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { json, ROOT, runCli, tempDir } from '../helpers/cli.js';
import { startTestServer } from '../helpers/rest.js';
import { connectStdio, toolError } from '../helpers/mcp.js';

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

test('show and delete without --kind suggest the closest names of either kind', () => {
  for (const command of [
    ['show', 'quak'],
    ['delete', 'quak', '--yes'],
  ]) {
    const result = run(command);
    assert.is(result.code, 3);
    assert.match(result.stderr, /Model 'quak' not found \(no distribution system or hazard model has that name\)\nDid you mean 'quake'\?/);
  }
});

test('swapped arguments and a wrong kind get a hint naming what the name is (CLI and MCP)', async () => {
  const swapped = run(['simulate', 'quake', 'charleston_feeder']);
  assert.is(swapped.code, 3);
  assert.match(
    swapped.stderr,
    /Distribution system 'quake' not found\n'quake' is a hazard model, not a distribution system: did you swap the arguments \(or give the wrong kind\)\?/,
  );
  const wrongKind = run(['show', 'charleston_feeder', '--kind', 'hazard']);
  assert.is(wrongKind.code, 3);
  assert.match(wrongKind.stderr, /'charleston_feeder' is a distribution system, not a hazard model: did you swap the arguments/);
  const { client, transport } = await connectStdio(context.cache);
  try {
    const result = await client.callTool({ name: 'run_simulation', arguments: { distribution_system_name: 'quake', hazard_system_name: 'charleston_feeder' } });
    assert.match(toolError(result), /Distribution system 'quake' not found\n'quake' is a hazard model, not a distribution system: did you swap the arguments/);
  } finally {
    await transport.close();
  }
});

test('a taken name: the conflict names --overwrite (and its REST and MCP forms)', () => {
  const again = run(['upload', path.join(ROOT, 'test/data/tiny_quake.json'), '--name', 'quake']);
  assert.is(again.code, 4);
  assert.match(
    again.stderr,
    /Hazard model 'quake' already exists; choose another name or replace it with --overwrite \(REST: form field overwrite=true; MCP: overwrite: true\)/,
  );
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
