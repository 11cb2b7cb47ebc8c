import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parquetReadObjects } from 'hyparquet';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EXAMPLES, runCli, tempDir } from '../helpers/cli.js';
import { connectStdio, toolError, toolOutput } from '../helpers/mcp.js';
import { csvEntryRows, readZipEntries } from '../helpers/unzip.js';

/**
 * The scenario file format on MCP (issue 37 item 4), over stdio with the SDK's client: the
 * generate_scenarios tool takes `format` from the one request schema, writes the Parquet file
 * in the results folder, and refuses a bad value naming the argument and the formats.
 */
type Session = Awaited<ReturnType<typeof connectStdio>>;
const test = suite<{ cache: string; session: Session }>('MCP scenario file format', {} as { cache: string; session: Session });
test.before(async (context) => {
  context.cache = tempDir();
  for (const [file, name] of [
    [path.join(EXAMPLES, 'feeder/example_feeder.json'), 'feeder'],
    [path.join(EXAMPLES, 'hazards/earthquake.json'), 'quake'],
  ]) {
    assert.is(runCli(['upload', file, '--name', name, '--cache-dir', context.cache]).code, 0);
  }
  context.session = await connectStdio(context.cache);
});
test.after(async ({ session }) => {
  await session.client.close();
});

const RUN = { distribution_system_name: 'feeder', hazard_system_name: 'quake', number_of_samples: 25, seed: 5 };

test('generate_scenarios lists format with its values and default in its input schema', async ({ session }) => {
  const { tools } = await session.client.listTools();
  const format = (tools.find((tool) => tool.name === 'generate_scenarios')!.inputSchema.properties as Record<string, { enum?: unknown; default?: unknown }>)
    .format;
  assert.equal([format.enum, format.default], [['zip', 'parquet'], 'zip']);
  const impact = tools.find((tool) => tool.name === 'estimate_impact')!.inputSchema.properties as Record<string, unknown>;
  assert.is(impact.format, undefined, 'estimate_impact writes its SQLite file whatever the scenario format');
});

test('format parquet writes a Parquet file whose rows are the failures of the ZIP of the same run', async ({ session }) => {
  const zip = toolOutput(await session.client.callTool({ name: 'generate_scenarios', arguments: RUN }));
  const parquet = toolOutput(await session.client.callTool({ name: 'generate_scenarios', arguments: { ...RUN, format: 'parquet' } }));
  assert.is(zip.format, 'zip');
  assert.is(parquet.format, 'parquet');
  assert.match(zip.file_path, /\.zip$/);
  assert.match(parquet.file_path, /\.parquet$/);
  assert.is(path.dirname(parquet.file_path), path.dirname(zip.file_path), 'both in the results folder');
  assert.equal(
    [parquet.total_scenarios, parquet.total_failures, parquet.samples_with_failures],
    [zip.total_scenarios, zip.total_failures, zip.samples_with_failures],
  );
  // A Parquet file holds failures, not records: none are returned and there is nothing to page.
  assert.equal(parquet.scenarios, []);
  assert.is(parquet.next_cursor, undefined);

  const bytes = fs.readFileSync(parquet.file_path);
  const rows = await parquetReadObjects({
    file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    compressors: { GZIP: (input: Uint8Array) => new Uint8Array(zlib.gunzipSync(input)) },
  });
  const damage = csvEntryRows(await readZipEntries(zip.file_path), 'damage.csv');
  assert.ok(damage.length > 0, 'the run has failures to compare');
  assert.is(rows.length, zip.total_failures);
  assert.equal(
    rows.map((row) => [row.sample, row.asset, row.failure_time, row.damage_state]),
    damage.map(([sample, asset, timestamp, state]) => [Number(sample), asset, timestamp, state]),
  );
});

test('a bad format is a tool error naming the argument and the formats', async ({ session }) => {
  const message = toolError(await session.client.callTool({ name: 'generate_scenarios', arguments: { ...RUN, format: 'csv' } }));
  assert.match(message, /format: must be one of zip, parquet/);
  const restoration = toolError(
    await session.client.callTool({ name: 'generate_scenarios', arguments: { ...RUN, format: 'parquet', restoration_edits: true } }),
  );
  assert.match(restoration, /restoration_edits/);
});

test.run();
