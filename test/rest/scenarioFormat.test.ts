import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parquetReadObjects } from 'hyparquet';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runCli, tempDir } from '../helpers/cli.js';
import { EXAMPLE_FEEDER, exampleHazard, expectError, expectJson, fileForm, postJson, startTestServer, type TestServer } from '../helpers/rest.js';
import { csvEntryRows, readZipEntries } from '../helpers/unzip.js';

/**
 * The scenario file format on REST (issue 37 item 4): `format` on POST /generate-scenarios and
 * scenario jobs picks the ZIP (the specification's default) or Parquet, each with its media
 * type and file name; the Parquet rows are the failures of the ZIP drawn from the same request.
 */
const test = suite<{ server: TestServer; outDir: string }>('REST scenario file format', {} as { server: TestServer; outDir: string });
test.before(async (context) => {
  context.server = await startTestServer();
  context.outDir = tempDir('hazsim-rest-format-');
  await expectJson(await fetch(`${context.server.base}/distribution-models`, { method: 'POST', body: fileForm(EXAMPLE_FEEDER, { name: 'feeder' }) }), 201);
  await expectJson(
    await fetch(`${context.server.base}/hazard-models`, { method: 'POST', body: fileForm(exampleHazard('earthquake'), { name: 'quake' }) }),
    201,
  );
});
test.after(async ({ server }) => server.stop());

const RUN = { distribution_system_name: 'feeder', hazard_system_name: 'quake', number_of_samples: 30, seed: 11 };
const PARQUET_TYPE = 'application/vnd.apache.parquet';
const gunzip = (input: Uint8Array) => new Uint8Array(zlib.gunzipSync(input));

async function downloaded(response: Response, contentType: string, fileName: string): Promise<Buffer> {
  if (response.status !== 200) await expectJson(response);
  assert.is(response.headers.get('content-type'), contentType);
  assert.is(response.headers.get('content-disposition'), `attachment; filename="${fileName}"`);
  return Buffer.from(await response.arrayBuffer());
}

async function parquetRows(bytes: Buffer): Promise<Record<string, unknown>[]> {
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  return parquetReadObjects({ file, compressors: { GZIP: gunzip } });
}

/** The failures of a scenario ZIP, one `sample|asset|timestamp` per edit of tracked_changes.json, sorted. */
function zipFailures(trackedChanges: Buffer): string[] {
  const document = JSON.parse(trackedChanges.toString('utf8')) as {
    tracked_changes: { scenario_name: string; timestamp: string; edits: { component_uuid: string; value: unknown }[] }[];
  };
  return document.tracked_changes
    .flatMap((record) =>
      record.edits
        .filter((edit) => edit.value === false)
        .map((edit) => `${Number(record.scenario_name.slice('sample_'.length))}|${edit.component_uuid}|${record.timestamp}`),
    )
    .sort();
}

test('format parquet: the Parquet media type and file name, the rows of the same run as a ZIP, the bytes of the CLI', async ({ server, outDir }) => {
  const zip = await downloaded(await postJson(`${server.base}/generate-scenarios`, RUN), 'application/zip', 'feeder_scenarios_30samples.zip');
  const explicitZip = await downloaded(
    await postJson(`${server.base}/generate-scenarios`, { ...RUN, format: 'zip' }),
    'application/zip',
    'feeder_scenarios_30samples.zip',
  );
  assert.ok(zip.equals(explicitZip), 'format zip is the default');
  const parquet = await downloaded(
    await postJson(`${server.base}/generate-scenarios`, { ...RUN, format: 'parquet' }),
    PARQUET_TYPE,
    'feeder_scenarios_30samples.parquet',
  );
  assert.is(parquet.subarray(0, 4).toString('latin1'), 'PAR1');

  const zipPath = path.join(outDir, 'run.zip');
  fs.writeFileSync(zipPath, zip);
  const entries = await readZipEntries(zipPath);
  const rows = await parquetRows(parquet);
  const failures = zipFailures(entries.find((entry) => entry.name === 'tracked_changes.json')!.data);
  assert.ok(failures.length > 0, 'the run has failures to compare');
  assert.equal(rows.map((row) => `${row.sample as number}|${row.asset as string}|${row.failure_time as string}`).sort(), failures);
  // damage.csv lists the same failures in the order of the Parquet rows, with repair hours the Parquet file keeps as minutes.
  const damage = csvEntryRows(entries, 'damage.csv');
  assert.is(rows.length, damage.length);
  rows.forEach((row, k) => {
    const [sample, asset, timestamp, state, repairHours] = damage[k];
    assert.equal(
      [row.sample, row.asset, row.failure_time, row.damage_state, row.repair_minutes],
      [Number(sample), asset, timestamp, state, repairHours === '' ? null : Math.round(Number(repairHours) * 60)],
    );
  });

  const viaCli = path.join(outDir, 'cli.parquet');
  const cli = runCli([
    'scenarios',
    'feeder',
    'quake',
    '--samples',
    '30',
    '--seed',
    '11',
    '--format',
    'parquet',
    '--cache-dir',
    server.cacheDir,
    '--output',
    viaCli,
    '--json',
  ]);
  assert.is(cli.code, 0, cli.stderr);
  assert.ok(fs.readFileSync(viaCli).equals(parquet), 'the REST Parquet file is byte-identical to the CLI one');
});

test('a bad format is refused naming the field and the formats; Parquet takes no restoration edits; impact has no format', async ({ server }) => {
  const bad = await expectError(await postJson(`${server.base}/generate-scenarios`, { ...RUN, format: 'csv' }), 422);
  assert.equal(bad.errors, [{ path: 'format', message: 'must be one of zip, parquet' }]);
  const restoration = await expectError(
    await postJson(`${server.base}/generate-scenarios`, { ...RUN, format: 'parquet', restoration_edits: true }),
    422,
    /restoration_edits .* parquet/,
  );
  assert.equal(restoration.errors, [{ path: 'restoration_edits', message: 'only with format zip' }]);
  const impact = await expectError(await postJson(`${server.base}/impact`, { ...RUN, format: 'parquet' }), 422);
  assert.equal(impact.errors, [{ path: 'format', message: 'unknown field' }]);
  const job = await expectError(await postJson(`${server.base}/jobs`, { kind: 'scenarios', request: { ...RUN, format: 'xlsx' } }), 422);
  assert.equal(job.errors, [{ path: 'request.format', message: 'must be one of zip, parquet' }]);
});

test('a scenario job in Parquet: its record, result link and download carry the Parquet type and name', async ({ server }) => {
  const submitted = await expectJson(await postJson(`${server.base}/jobs`, { kind: 'scenarios', request: { ...RUN, format: 'parquet' } }), 202);
  assert.is(submitted.request.format, 'parquet');
  const deadline = Date.now() + 120_000;
  let job = submitted;
  while (job.state !== 'succeeded') {
    assert.ok(!['failed', 'cancelled'].includes(job.state as string), JSON.stringify(job));
    assert.ok(Date.now() < deadline, 'the job finishes within two minutes');
    await new Promise((resolve) => setTimeout(resolve, 200));
    job = await expectJson(await fetch(`${server.base}/jobs/${submitted.id as string}`));
  }
  assert.is(job.result.file_name, 'feeder_scenarios_30samples.parquet');
  assert.equal(
    (job.links as { rel: string; type: string }[]).find((link) => link.rel === 'result'),
    { rel: 'result', href: `/jobs/${submitted.id as string}/result`, type: PARQUET_TYPE },
  );
  const fromJob = await downloaded(await fetch(`${server.base}/jobs/${submitted.id as string}/result`), PARQUET_TYPE, 'feeder_scenarios_30samples.parquet');
  const direct = await downloaded(
    await postJson(`${server.base}/generate-scenarios`, { ...RUN, format: 'parquet' }),
    PARQUET_TYPE,
    'feeder_scenarios_30samples.parquet',
  );
  assert.ok(fromJob.equals(direct), 'the job wrote the bytes of the synchronous endpoint');
  assert.is(job.result.size_bytes, fromJob.length);
});

test('the OpenAPI document takes format from the one schema: its values, default and both media types', async ({ server }) => {
  const document = await expectJson(await fetch(`${server.base}/openapi.json`));
  const format = document.components.schemas.ScenarioRequest.properties.format;
  assert.equal([format.enum, format.default], [['zip', 'parquet'], 'zip']);
  const content = document.paths['/generate-scenarios'].post.responses['200'].content;
  assert.equal(Object.keys(content).sort(), ['application/vnd.apache.parquet', 'application/zip']);
  assert.is(document.paths['/impact'].post.requestBody.content['application/json'].schema.$ref, '#/components/schemas/ImpactRequest');
  assert.is(document.components.schemas.ImpactRequest.properties.format, undefined);
});

test.run();
