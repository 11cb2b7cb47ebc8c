import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeScenarioZip } from '../../src/domain/scenarios/formats/scenarioZip/writer.js';
import { EXAMPLES, runCli, tempDir } from '../helpers/cli.js';
import { expectError, postJson, startTestServer } from '../helpers/rest.js';

// Request bounds (docs/hardening.md, "Request bounds"): the work and output a request implies
// are estimated and refused before any is done; a run's file is stopped at its output quota.

const cache = tempDir();
const cli = (args: string[], env: NodeJS.ProcessEnv = {}) => runCli([...args, '--cache-dir', cache], { env });
assert.is(cli(['upload', path.join(EXAMPLES, 'feeder/example_feeder.json'), '--name', 'feeder']).code, 0);
assert.is(cli(['upload', path.join(EXAMPLES, 'hazards/earthquake.json'), '--name', 'quake']).code, 0);

test('a scenario run whose estimated output passes HAZSIM_MAX_OUTPUT_MB is refused before sampling, naming the estimate and the limit', () => {
  const folder = tempDir();
  const result = cli(['scenarios', 'feeder', 'quake', '-n', '5000', '-o', path.join(folder, 'big.zip')], { HAZSIM_MAX_OUTPUT_MB: '0.05' });
  assert.is(result.code, 5, result.stderr);
  assert.match(result.stderr, /estimated at [\d,]+ MB .* more than the output limit of 1 MB \(HAZSIM_MAX_OUTPUT_MB\)/);
  assert.match(result.stderr, /number_of_samples/);
  assert.equal(fs.readdirSync(folder), []);
  assert.is(cli(['scenarios', 'feeder', 'quake', '-n', '5', '-o', path.join(folder, 'small.zip')], { HAZSIM_MAX_OUTPUT_MB: '0.05' }).code, 0);
});

test('a scenario ZIP that passes its output quota while written stops with too_large and leaves nothing', async () => {
  const assets = 500;
  const input = {
    timestamps: ['2024-01-01T00:00:00'],
    assetUuids: Array.from({ length: assets }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
    survival: new Float64Array(assets).fill(0.1),
    metadata: {},
  };
  const dir = tempDir();
  const error = await writeScenarioZip(
    input,
    { numberOfSamples: 400, seed: 3, method: 'peak', workers: 1, maxOutputBytes: 64 * 1024 },
    path.join(dir, 'q.zip'),
  ).then(
    () => null,
    (reason: { kind?: string; message: string }) => reason,
  );
  assert.ok(error, 'the run passed its quota and finished');
  assert.is(error!.kind, 'too_large');
  assert.match(error!.message, /output limit/);
  assert.equal(fs.readdirSync(dir), []);
});

test('impact refuses a time step under one minute (exit 5) before any work', () => {
  const result = cli(['impact', 'feeder', 'quake', '-n', '2', '--time-step', '0.000001', '-o', path.join(tempDir(), 'i.sqlite')]);
  assert.is(result.code, 5, result.stderr);
  assert.match(result.stderr, /time_step_hours/);
  assert.match(result.stderr, /at least 1\/60/);
});

test('POST /jobs of kind impact takes the server sample limit, as scenarios does', async () => {
  const before = process.env.HAZSIM_MAX_SAMPLES;
  process.env.HAZSIM_MAX_SAMPLES = '10';
  const server = await startTestServer({ cacheDir: cache });
  try {
    const request = { distribution_system_name: 'feeder', hazard_system_name: 'quake', number_of_samples: 11 };
    const body = await expectError(await postJson(`${server.base}/jobs`, { kind: 'impact', request }), 422, /at most 10/);
    assert.ok(
      body.errors!.some((issue) => issue.path.includes('number_of_samples')),
      JSON.stringify(body),
    );
  } finally {
    await server.stop();
    if (before === undefined) delete process.env.HAZSIM_MAX_SAMPLES;
    else process.env.HAZSIM_MAX_SAMPLES = before;
  }
});

test.run();
