import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EXAMPLES, haveSharedFixtures, json, runCli, SHARED_FIXTURES, tempDir } from '../helpers/cli.js';
import { fileForm, startTestServer } from '../helpers/rest.js';

// gdm's own p5r.json has the latitude in x and the longitude in y: upload and validate say so
// (stderr, and in the --json object and the REST answer), naming the swap; a feeder in
// longitude/latitude gets no warning.

const test = suite('coordinates that are not longitude/latitude');
const P5R = path.join(SHARED_FIXTURES, 'gdm_main_p5r/p5r.json');
const SWAPPED =
  /all 10 bus coordinates are outside longitude\/latitude range .*x = 36\.60102672210813, y = -120\.91292875147646.* but valid with x and y swapped: the file has the latitude in x and the longitude in y.*ERAD's flip_coordinates/;

test('validate and upload of p5r.json warn that x and y are swapped; the assets are unlocated as the warning says', () => {
  if (!haveSharedFixtures()) return;
  const cache = tempDir();
  const validated = runCli(['validate', P5R, '--json']);
  assert.is(validated.code, 0, validated.stderr);
  assert.match(json(validated).warnings[0], SWAPPED);
  assert.match(validated.stderr, /^hazsim: warning: all 10 bus coordinates/);
  const human = runCli(['upload', P5R, '--cache-dir', cache]);
  assert.is(human.code, 0, human.stderr);
  assert.not.match(human.stdout, /warning/, 'warnings stay off stdout');
  assert.match(human.stderr, SWAPPED);
  const uploaded = json(runCli(['upload', P5R, '--name', 'p5r_again', '--cache-dir', cache, '--json']));
  assert.is(uploaded.warnings.length, 1);
  assert.match(uploaded.warnings[0], SWAPPED);
  const shown = json(runCli(['show', 'p5r_again', '--cache-dir', cache, '--json']));
  assert.ok(fs.existsSync(uploaded.file_path));
  assert.equal(shown.bounding_box ?? null, null, 'no usable coordinate, no bounding box');
});

test('REST upload answers with the same warning', async () => {
  if (!haveSharedFixtures()) return;
  const server = await startTestServer();
  try {
    const response = await fetch(`${server.base}/distribution-models`, { method: 'POST', body: fileForm(P5R) });
    assert.is(response.status, 201);
    const body = (await response.json()) as { warnings: string[] };
    assert.match(body.warnings[0], SWAPPED);
  } finally {
    await server.stop();
  }
});

test('a feeder in longitude/latitude uploads without warnings', () => {
  const result = json(runCli(['upload', path.join(EXAMPLES, 'feeder/example_feeder.json'), '--cache-dir', tempDir(), '--json']));
  assert.is(result.warnings, undefined);
  assert.is(json(runCli(['validate', path.join(EXAMPLES, 'feeder/example_feeder.json'), '--json'])).warnings.length, 0);
});

test.run();
