import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as v from 'valibot';
import { CurveSetRecord, CurveSetWithContent, DefaultCurveSets } from '../../src/app/contract/schemas.js';
import { runCli, tempDir } from '../helpers/cli.js';
import {
  EXAMPLE_CURVES,
  EXAMPLE_FEEDER,
  exampleHazard,
  expectError,
  expectJson,
  fileForm,
  postJson,
  resultTempFilesAfter,
  sqliteContents,
  startTestServer,
  uploadForm,
  type TestServer,
} from '../helpers/rest.js';
import { readZipEntries } from '../helpers/unzip.js';

/**
 * The run and curve-set endpoints over the real engine, with the bundled examples: an
 * in-process server on 127.0.0.1, and the CLI spawned over the same cache for comparison.
 */
const test = suite<{ server: TestServer; outDir: string }>('REST simulation, scenario and curve-set endpoints', {} as { server: TestServer; outDir: string });
test.before(async (context) => {
  context.server = await startTestServer();
  context.outDir = tempDir('hazsim-rest-results-');
});
test.after(async ({ server }) => server.stop());

const RUN = { distribution_system_name: 'feeder', hazard_system_name: 'hurricane' };

/** Downloads a run's result into `outDir`, checking the headers, and returns the file's path. */
async function download(response: Response, contentType: string, fileName: string, outDir: string): Promise<string> {
  if (response.status !== 200) await expectJson(response);
  assert.is(response.headers.get('content-type'), contentType);
  assert.is(response.headers.get('content-disposition'), `attachment; filename="${fileName}"`);
  const bytes = Buffer.from(await response.arrayBuffer());
  // A compressed answer (SQLite, when the client accepts gzip or br) has no Content-Length.
  if (!response.headers.get('content-encoding')) assert.is(bytes.length, Number(response.headers.get('content-length')));
  const filePath = path.join(outDir, `rest-${fileName}`);
  fs.writeFileSync(filePath, bytes);
  return filePath;
}

/** Runs the CLI over the server's cache, writing `fileName` into `outDir`. */
function cli(server: TestServer, outDir: string, fileName: string, args: string[]): string {
  const output = path.join(outDir, `cli-${fileName}`);
  const result = runCli([...args, '--cache-dir', server.cacheDir, '--output', output, '--json']);
  assert.is(result.code, 0, result.stderr);
  return output;
}

/** The result's tables and views, without the one value that differs between two runs. */
function comparable(sqlitePath: string): Record<string, unknown[]> {
  const contents = sqliteContents(sqlitePath);
  const runInfo = contents.run_info as { key: string; value: string }[];
  assert.ok(
    runInfo.some((row) => row.key === 'created_at'),
    'run_info has created_at',
  );
  return { ...contents, run_info: runInfo.filter((row) => row.key !== 'created_at') };
}

test("upload -> list -> get -> simulate -> generate-scenarios -> delete for both model kinds and a curve set; results equal the CLI's", async ({
  server,
  outDir,
}) => {
  const uploaded = await expectJson(
    await fetch(`${server.base}/distribution-models`, { method: 'POST', body: fileForm(EXAMPLE_FEEDER, { name: 'feeder' }) }),
    201,
  );
  assert.is(uploaded.message, 'Distribution system feeder uploaded successfully');
  const hazard = await expectJson(await fetch(`${server.base}/hazard-models`, { method: 'POST', body: fileForm(exampleHazard('hurricane')) }), 201);
  assert.is(hazard.message, 'Hazard model hurricane uploaded successfully');
  const curves = await expectJson(await fetch(`${server.base}/curve-sets`, { method: 'POST', body: fileForm(EXAMPLE_CURVES) }), 201);
  assert.equal(curves, {
    status: 'success',
    message: 'Curve set example_curves uploaded successfully',
    name: 'example_curves',
    file_path: 'curve_sets/example_curves.json',
  });

  assert.equal(
    (await expectJson<any[]>(await fetch(`${server.base}/distribution-models`))).map((record) => record.name),
    ['feeder'],
  );
  assert.equal(
    (await expectJson<any[]>(await fetch(`${server.base}/hazard-models?refresh=true`))).map((record) => record.name),
    ['hurricane'],
  );
  const sets = await expectJson<any[]>(await fetch(`${server.base}/curve-sets`));
  assert.equal(
    sets.map((record) => [record.name, record.builtin]),
    [
      ['DEFAULT_CURVES', true],
      ['ERAD_V1_CURVES', true],
      ['LEGACY_DEFAULT_CURVES', true],
      ['example_curves', false],
    ],
  );
  assert.is((await expectJson(await fetch(`${server.base}/distribution-models/feeder`))).content.name, 'example_feeder');
  assert.is((await expectJson(await fetch(`${server.base}/hazard-models/hurricane`))).content.models.length, 24);
  // A version 1 file is served converted to version 2, with a note (docs/fragility.md).
  const served = (await expectJson(await fetch(`${server.base}/curve-sets/example_curves`))).content;
  const stored = JSON.parse(fs.readFileSync(EXAMPLE_CURVES, 'utf8'));
  assert.equal([served.format_version, served.name, served.fallback], [2, stored.name, 'LEGACY_DEFAULT_CURVES']);
  assert.match(served.notes[0], /converted from a version 1 curve set/);
  assert.equal(served.curves.wind.distribution_poles[0].limit_states[0].parameters, { median: 130, beta: 0.35 });

  // The custom curve set: the downloaded database holds exactly the rows the CLI writes.
  const simulated = await download(
    await postJson(`${server.base}/simulate`, { ...RUN, curve_set: 'example_curves' }),
    'application/x-sqlite3',
    'feeder_hurricane_results.sqlite',
    outDir,
  );
  assert.equal(await resultTempFilesAfter(process.pid), [], 'the result file is removed after sending');
  const viaCli = cli(server, outDir, 'feeder_hurricane_results.sqlite', ['simulate', 'feeder', 'hurricane', '--curve-set', 'example_curves']);
  const rows = comparable(simulated);
  assert.ok((rows.assetstatetable as unknown[]).length >= 24, 'the result has a row per asset and timestamp');
  assert.ok((rows.run_info as { key: string; value: string }[]).some((row) => row.key === 'curve_set' && row.value === 'example_curves'));
  assert.equal(rows, comparable(viaCli));

  // Scenarios with a sample count and seed: the same bytes as the CLI's ZIP.
  const zipPath = await download(
    await postJson(`${server.base}/generate-scenarios`, { ...RUN, number_of_samples: 40, seed: 7 }),
    'application/zip',
    'feeder_scenarios_40samples.zip',
    outDir,
  );
  assert.equal(await resultTempFilesAfter(process.pid), []);
  const zipViaCli = cli(server, outDir, 'feeder_scenarios_40samples.zip', ['scenarios', 'feeder', 'hurricane', '--samples', '40', '--seed', '7']);
  assert.ok(fs.readFileSync(zipPath).equals(fs.readFileSync(zipViaCli)), 'the downloaded ZIP is byte-identical to the CLI output');
  const names = (await readZipEntries(zipPath)).map((entry) => entry.name);
  assert.ok(names.includes('tracked_changes.json') && names.some((name) => name.startsWith('time_series/')), names.join(', '));

  // Defaults: curve_set DEFAULT_CURVES, number_of_samples 1, seed 0, as the CLI's.
  const defaults = await download(await postJson(`${server.base}/generate-scenarios`, RUN), 'application/zip', 'feeder_scenarios_1samples.zip', outDir);
  const defaultsViaCli = cli(server, outDir, 'feeder_scenarios_1samples.zip', [
    'scenarios',
    'feeder',
    'hurricane',
    '--samples',
    '1',
    '--curve-set',
    'DEFAULT_CURVES',
  ]);
  assert.ok(fs.readFileSync(defaults).equals(fs.readFileSync(defaultsViaCli)));
  const defaultRun = comparable(
    await download(await postJson(`${server.base}/simulate`, RUN), 'application/x-sqlite3', 'feeder_hurricane_results.sqlite', outDir),
  );
  assert.ok((defaultRun.run_info as { key: string; value: string }[]).some((row) => row.key === 'curve_set' && row.value === 'DEFAULT_CURVES'));
  assert.equal(await resultTempFilesAfter(process.pid), []);

  assert.equal(await expectJson(await fetch(`${server.base}/distribution-models/feeder`, { method: 'DELETE' })), {
    status: 'success',
    message: 'Distribution system feeder deleted successfully',
  });
  assert.equal(await expectJson(await fetch(`${server.base}/hazard-models/hurricane`, { method: 'DELETE' })), {
    status: 'success',
    message: 'Hazard model hurricane deleted successfully',
  });
  assert.equal(await expectJson(await fetch(`${server.base}/curve-sets/example_curves`, { method: 'DELETE' })), {
    status: 'success',
    message: 'Curve set example_curves deleted successfully',
  });
  await expectError(await fetch(`${server.base}/distribution-models/feeder`), 404, /^Distribution system 'feeder' not found$/);
  await expectError(await fetch(`${server.base}/curve-sets/example_curves`), 404, /^Curve set 'example_curves' not found$/);
  await expectError(await postJson(`${server.base}/simulate`, RUN), 404, /^Distribution system 'feeder' not found$/);
});

test("unknown models and curve sets are 404 with the spec's messages on both run endpoints, checked in order", async ({ server }) => {
  await expectJson(await fetch(`${server.base}/distribution-models`, { method: 'POST', body: fileForm(EXAMPLE_FEEDER) }), 201);
  await expectJson(await fetch(`${server.base}/hazard-models`, { method: 'POST', body: fileForm(exampleHazard('earthquake')) }), 201);
  for (const endpoint of ['/simulate', '/generate-scenarios']) {
    await expectError(
      await postJson(server.base + endpoint, { distribution_system_name: 'nope', hazard_system_name: 'nada' }),
      404,
      /^Distribution system 'nope' not found$/,
    );
    await expectError(
      await postJson(server.base + endpoint, { distribution_system_name: 'example_feeder', hazard_system_name: 'nada' }),
      404,
      /^Hazard model 'nada' not found$/,
    );
    await expectError(
      await postJson(server.base + endpoint, { distribution_system_name: 'example_feeder', hazard_system_name: 'earthquake', curve_set: 'coastal' }),
      404,
      /^Curve set 'coastal' not found$/,
    );
  }
  assert.equal(await resultTempFilesAfter(process.pid), []);
  assert.not.ok(
    server.logs.some((line) => / error in /.test(line)),
    'a 404 is not a fault',
  );
});

test('request bodies are validated: unknown fields, wrong types, bounds, the sample limit and missing fields are 422 naming each field', async ({ server }) => {
  const body = await expectError(
    await postJson(`${server.base}/generate-scenarios`, { distribution_system_name: 'a', number_of_samples: 0, seed: -1, extra: true }),
    422,
  );
  const byPath = Object.fromEntries(body.errors!.map((issue) => [issue.path, issue.message]));
  assert.equal(Object.keys(byPath).sort(), ['extra', 'hazard_system_name', 'number_of_samples', 'seed']);
  assert.is(byPath.extra, 'unknown field');
  assert.is(byPath.hazard_system_name, 'required');
  const overLimit = await expectError(
    await postJson(`${server.base}/generate-scenarios`, {
      distribution_system_name: 'example_feeder',
      hazard_system_name: 'earthquake',
      number_of_samples: 100_001,
    }),
    422,
  );
  assert.equal(overLimit.errors, [{ path: 'number_of_samples', message: 'must be at most 100000 (the limit is set by HAZSIM_MAX_SAMPLES)' }]);
  const typed = await expectError(await postJson(`${server.base}/simulate`, { distribution_system_name: 7, hazard_system_name: ['x'] }), 422);
  assert.equal(typed.errors!.map((issue) => issue.path).sort(), ['distribution_system_name', 'hazard_system_name']);
  await expectError(
    await postJson(`${server.base}/generate-scenarios`, { distribution_system_name: 'a', hazard_system_name: 'b', seed: 2 ** 32 }),
    422,
    /seed/,
  );
  await expectError(await postJson(`${server.base}/simulate`, [1, 2]), 422);
  await expectError(await fetch(`${server.base}/simulate`, { method: 'POST' }), 422, /required/);
  const vendorType = await fetch(`${server.base}/simulate`, {
    method: 'POST',
    headers: { 'content-type': 'application/vnd.hazsim+json' },
    body: JSON.stringify({ distribution_system_name: 'nope', hazard_system_name: 'x' }),
  });
  await expectError(vendorType, 404, /^Distribution system 'nope' not found$/);
});

test('broken JSON is a 400, a non-JSON body a 415, a body over 1 MB a 413', async ({ server }) => {
  await expectError(
    await fetch(`${server.base}/simulate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"distribution_system_name": ' }),
    400,
    /not valid JSON/,
  );
  await expectError(
    await fetch(`${server.base}/simulate`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' }),
    415,
    /application\/json/,
  );
  await expectError(await postJson(`${server.base}/simulate`, { distribution_system_name: 'x'.repeat(1_100_000), hazard_system_name: 'y' }), 413);
});

test('a client that goes away during a download still gets the result file removed', async ({ server }) => {
  const controller = new AbortController();
  const response = await fetch(`${server.base}/simulate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ distribution_system_name: 'example_feeder', hazard_system_name: 'earthquake' }),
    signal: controller.signal,
  });
  assert.is(response.status, 200);
  controller.abort();
  assert.equal(await resultTempFilesAfter(process.pid), []);
  assert.not.ok(
    server.logs.some((line) => / error in /.test(line)),
    'a client going away is not a server fault',
  );
});

test('curve sets: built-in ones listed and shown, taken and built-in names 409, unreadable 400, invalid 422, /default-curve-sets lists custom ones', async ({
  server,
}) => {
  const builtin = await expectJson(await fetch(`${server.base}/curve-sets/DEFAULT_CURVES`));
  assert.equal([builtin.builtin, builtin.created_at, builtin.file_path], [true, null, null]);
  assert.ok(Object.keys(builtin.content.curves).length > 0);
  const coastal = { name: 'coastal', curves: { wind_speed: { distribution_poles: { distribution: 'lognormal', median: '50 meter / second', beta: 0.3 } } } };
  const created = await expectJson(
    await fetch(`${server.base}/curve-sets`, { method: 'POST', body: uploadForm('any.json', JSON.stringify(coastal), { description: 'coast' }) }),
    201,
  );
  assert.is(created.name, 'coastal', "the name defaults to the set's own");
  await expectError(await fetch(`${server.base}/curve-sets`, { method: 'POST', body: uploadForm('coastal.json', JSON.stringify(coastal)) }), 409);
  await expectError(
    await fetch(`${server.base}/curve-sets`, { method: 'POST', body: uploadForm('c.json', JSON.stringify(coastal), { name: 'DEFAULT_CURVES' }) }),
    409,
    /built in/,
  );
  await expectError(await fetch(`${server.base}/curve-sets`, { method: 'POST', body: uploadForm('bad.json', '{') }), 400);
  const invalid = { curves: { wind_speed: { distribution_poles: { distribution: 'lognormal', beta: 0.3 } } } };
  const problems = await expectError(
    await fetch(`${server.base}/curve-sets`, { method: 'POST', body: uploadForm('invalid.json', JSON.stringify(invalid)) }),
    422,
  );
  assert.ok(
    problems.errors!.some((issue) => issue.path.includes('distribution_poles')),
    JSON.stringify(problems.errors),
  );
  // Version 2: crossing limit states are refused with the offending path, as on the CLI.
  const crossing = {
    format_version: 2,
    curves: {
      earthquake: {
        switch: {
          quantity: 'pga',
          units: 'g',
          applies_to: 'asset',
          out_of_service: 'slight',
          limit_states: [
            { name: 'moderate', form: 'lognormal', parameters: { median: 0.5, beta: 0.4 } },
            { name: 'slight', form: 'lognormal', parameters: { median: 0.2, beta: 0.4 } },
          ],
        },
      },
    },
  };
  const crossed = await expectError(
    await fetch(`${server.base}/curve-sets`, { method: 'POST', body: uploadForm('crossing.json', JSON.stringify(crossing)) }),
    422,
  );
  assert.equal(
    crossed.errors!.map((issue) => issue.path),
    ['curves.earthquake.switch.limit_states[1]'],
  );
  const names = await expectJson(await fetch(`${server.base}/default-curve-sets`));
  assert.equal(names, {
    curve_sets: ['DEFAULT_CURVES', 'ERAD_V1_CURVES', 'LEGACY_DEFAULT_CURVES', 'coastal'],
    default: 'DEFAULT_CURVES',
    description: 'Default fragility curves for various hazard types and assets',
  });
  // The answers have the shapes the OpenAPI document states.
  assert.ok(v.is(DefaultCurveSets, names));
  assert.ok(v.is(CurveSetWithContent, builtin));
  assert.ok(v.is(CurveSetWithContent, await expectJson(await fetch(`${server.base}/curve-sets/coastal`))));
  assert.ok(v.is(v.array(CurveSetRecord), await expectJson(await fetch(`${server.base}/curve-sets`))));
  await expectError(await fetch(`${server.base}/curve-sets/DEFAULT_CURVES`, { method: 'DELETE' }), 409, /built in/);
  await expectJson(await fetch(`${server.base}/curve-sets/coastal`, { method: 'DELETE' }));
  await expectError(await fetch(`${server.base}/curve-sets/coastal`, { method: 'DELETE' }), 404, /^Curve set 'coastal' not found$/);
});

test.run();
