import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EXAMPLES, tempDir } from '../helpers/cli.js';
import { expectJson, spawnServer, sqliteContents } from '../helpers/rest.js';
import { readZipEntries } from '../helpers/unzip.js';

const CURL_SCRIPT = path.join(EXAMPLES, 'curl.sh');
const API_KEY = 'curl-example-key';

function runScript(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', [CURL_SCRIPT], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The JSON answer printed under a `== title` line of the script's output (it may span lines: models come back as stored). */
function answerOf(stdout: string, title: string): any {
  const lines = stdout.split('\n');
  const at = lines.indexOf(`== ${title}`);
  assert.ok(at >= 0, `no section "${title}" in the output`);
  try {
    return JSON.parse(lines[at + 1]);
  } catch {
    const next = lines.findIndex((line, index) => index > at && line.startsWith('== '));
    return JSON.parse(lines.slice(at + 1, next < 0 ? undefined : next).join('\n'));
  }
}

const test = suite('examples/curl.sh');

test('calls every endpoint of a local hazsim serve (with an API key) and exits 0 with sane answers and downloads', async () => {
  const cacheDir = tempDir('hazsim-curl-cache-');
  const outDir = tempDir('hazsim-curl-out-');
  const served = await spawnServer(['--cache-dir', cacheDir, '--api-key', API_KEY]);
  try {
    const run = await runScript({ BASE_URL: served.url, API_KEY, OUT_DIR: outDir });
    assert.is(run.code, 0, `${run.stdout.slice(-2000)}\n${run.stderr}`);
    const { stdout } = run;

    assert.is(answerOf(stdout, 'API information').name, 'hazsim');
    assert.is(answerOf(stdout, 'health').status, 'healthy');
    assert.ok(answerOf(stdout, 'supported hazard types').hazard_types.length > 0);
    assert.is(answerOf(stdout, 'upload a distribution model').message, 'Distribution system curl_feeder uploaded successfully');
    assert.is(answerOf(stdout, 'upload a hazard model').message, 'Hazard model curl_hazard uploaded successfully');
    assert.equal(
      answerOf(stdout, 'list distribution models (rescanning the cache first)').map((record: any) => record.name),
      ['curl_feeder'],
    );
    assert.equal(
      answerOf(stdout, 'list hazard models').map((record: any) => record.name),
      ['curl_hazard'],
    );
    assert.is(answerOf(stdout, 'get a distribution model with its content').content.name, 'example_feeder');
    assert.is(answerOf(stdout, 'get a hazard model with its content').content.models.length, 24);
    assert.is(answerOf(stdout, 'curve sets: every name and the default').default, 'DEFAULT_CURVES');
    assert.is(answerOf(stdout, 'upload a custom curve set').message, 'Curve set curl_curves uploaded successfully');
    assert.ok(answerOf(stdout, 'get a custom curve set').content.curves.wind, 'a stored v1 set comes back in its v2 form (docs/fragility.md)');
    assert.is(answerOf(stdout, 'cache statistics').total_models, 2);
    assert.is(answerOf(stdout, 'refresh the cache index from disk').message, 'Cache refreshed successfully');
    for (const title of ['delete the custom curve set', 'delete the distribution model', 'delete the hazard model'])
      assert.is(answerOf(stdout, title).status, 'success');
    for (const page of ['openapi.json', 'docs', 'redoc']) assert.ok(stdout.includes(`200 ${served.url}/${page}\n`), `${page} is not 200`);

    assert.equal(fs.readdirSync(outDir).sort(), ['curl_feeder_curl_hazard_results.sqlite', 'curl_feeder_scenarios_10samples.zip', 'job']);
    assert.is(answerOf(stdout, 'submit a scenario job').kind, 'scenarios');
    assert.match(stdout, /event: state\ndata: \{[^\n]*"state":"succeeded"/);
    assert.is(answerOf(stdout, 'the finished job').state, 'succeeded');
    assert.is(answerOf(stdout, 'list jobs').length, 1);
    assert.is(answerOf(stdout, 'remove the finished job with its result').state, 'succeeded');
    assert.equal(
      fs.readFileSync(path.join(outDir, 'job', 'curl_feeder_scenarios_10samples.zip')),
      fs.readFileSync(path.join(outDir, 'curl_feeder_scenarios_10samples.zip')),
      "the job's ZIP is the synchronous one, byte for byte",
    );
    const results = sqliteContents(path.join(outDir, 'curl_feeder_curl_hazard_results.sqlite'));
    assert.ok(results.assetstatetable.length > 0);
    assert.ok((results.run_info as { key: string; value: string }[]).some((row) => row.key === 'curve_set' && row.value === 'curl_curves'));
    const names = (await readZipEntries(path.join(outDir, 'curl_feeder_scenarios_10samples.zip'))).map((entry) => entry.name);
    assert.ok(names.includes('tracked_changes.json'), names.join(', '));

    assert.equal(
      await expectJson(await fetch(`${served.url}/distribution-models`, { headers: { authorization: `Bearer ${API_KEY}` } })),
      [],
      'the script cleans up after itself',
    );
  } finally {
    assert.is(await served.stop(), 0);
  }
  assert.not.match(served.stderr(), / error in /, served.stderr());
});

test.run();
