import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runCli, tempDir } from '../helpers/cli.js';
import { EXAMPLE_FEEDER, exampleHazard, expectJson, fileForm, postJson, startTestServer, type TestServer } from '../helpers/rest.js';
import { readZipEntries } from '../helpers/unzip.js';

/**
 * Scenarios of the bundled earthquake (correlated shaking, docs/correlated-shaking.md) over the
 * real engine: the ZIP downloaded from an in-process server on 127.0.0.1 and the one the
 * compiled CLI writes over the same cache are the same bytes.
 */
const test = suite<{ server: TestServer; outDir: string }>('REST and CLI scenarios with correlated shaking', {} as { server: TestServer; outDir: string });
test.before(async (context) => {
  context.server = await startTestServer();
  context.outDir = tempDir('hazsim-shaking-results-');
  await expectJson(await fetch(`${context.server.base}/distribution-models`, { method: 'POST', body: fileForm(EXAMPLE_FEEDER) }), 201);
  await expectJson(await fetch(`${context.server.base}/hazard-models`, { method: 'POST', body: fileForm(exampleHazard('earthquake')) }), 201);
});
test.after(async ({ server, outDir }) => {
  await server.stop();
  fs.rmSync(outDir, { recursive: true, force: true });
});

const RUN = { distribution_system_name: 'example_feeder', hazard_system_name: 'earthquake' };

async function viaRest(server: TestServer, outDir: string, body: Record<string, unknown>, fileName: string): Promise<Buffer> {
  const response = await postJson(`${server.base}/generate-scenarios`, { ...RUN, ...body });
  if (response.status !== 200) await expectJson(response);
  const bytes = Buffer.from(await response.arrayBuffer());
  fs.writeFileSync(path.join(outDir, fileName), bytes);
  return bytes;
}

async function metadataOf(outDir: string, fileName: string): Promise<Record<string, any>> {
  const entries = await readZipEntries(path.join(outDir, fileName));
  return JSON.parse(entries.find((entry) => entry.name === 'tracked_changes.json')!.data.toString('utf8')).metadata;
}

test('the REST ZIP equals the CLI ZIP byte for byte, and says it sampled correlated shaking', async ({ server, outDir }) => {
  const rest = await viaRest(server, outDir, { number_of_samples: 120, seed: 9 }, 'rest.zip');
  const output = path.join(outDir, 'cli.zip');
  const result = runCli([
    'scenarios',
    'example_feeder',
    'earthquake',
    '--samples',
    '120',
    '--seed',
    '9',
    '--cache-dir',
    server.cacheDir,
    '--output',
    output,
    '--json',
  ]);
  assert.is(result.code, 0, result.stderr);
  assert.ok(rest.equals(fs.readFileSync(output)), 'the downloaded ZIP differs from the CLI output');
  const metadata = await metadataOf(outDir, 'rest.zip');
  assert.match(metadata.sample_survival, 'Jayaram & Baker (2009)');
  assert.match(metadata.rng.shaking, '${seed}:${i}:shaking');
  const perSample: number[] = metadata.failures_per_sample;
  assert.ok(Math.max(...perSample) > 0, 'the earthquake takes something out');
});

test('median ground motion and the erad_v1 profile sample without shaking residuals', async ({ server, outDir }) => {
  await viaRest(server, outDir, { number_of_samples: 5, ground_motion_variability: 'median' }, 'median.zip');
  await viaRest(server, outDir, { number_of_samples: 5, physics: 'erad_v1' }, 'erad.zip');
  for (const fileName of ['median.zip', 'erad.zip']) {
    const metadata = await metadataOf(outDir, fileName);
    assert.is(metadata.sample_survival, undefined, fileName);
    assert.is(metadata.rng.shaking, undefined, fileName);
  }
});

test.run();
