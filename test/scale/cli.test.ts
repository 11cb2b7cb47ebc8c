// `hazsim scenarios --shard i/N`, `--format parquet` and `hazsim merge` through the real CLI
// on the bundled example feeder and hurricane: merged parts equal the unsharded files byte
// for byte, and the Parquet file, read back by DuckDB, holds exactly the ZIP's outages.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EXAMPLES, json, runCli, tempDir } from '../helpers/cli.js';
import { csvEntryRows, readZipEntries } from '../helpers/unzip.js';
import { skipTest } from '../helpers/skip.js';

const cache = tempDir('hazsim-scale-cache-');
const out = tempDir('hazsim-scale-out-');
const hazsim = (...args: string[]) => runCli([...args, '--cache-dir', cache], { cwd: out });
const run = ['scenarios', 'feeder', 'storm', '-n', '300', '--seed', '7'];

const test = suite('hazsim scenarios --shard, --format parquet, hazsim merge');

test.before(() => {
  assert.is(hazsim('upload', path.join(EXAMPLES, 'feeder/example_feeder.json'), '--name', 'feeder').code, 0);
  assert.is(hazsim('upload', path.join(EXAMPLES, 'hazards/hurricane.json'), '--kind', 'hazard', '--name', 'storm').code, 0);
});

for (const format of ['zip', 'parquet']) {
  test(`${format}: three shards, merged in reverse order, equal the unsharded run; the parts have the default names`, () => {
    const whole = path.join(out, `whole.${format}`);
    assert.is(hazsim(...run, '--format', format, '-o', whole).code, 0);
    const parts = [0, 1, 2].map((index) => {
      const result = hazsim(...run, '--format', format, '--shard', `${index}/3`, '--json');
      assert.is(result.code, 0, result.stderr);
      const summary = json(result);
      assert.is(summary.shard_index, index);
      assert.is(path.basename(summary.file_path), `feeder_scenarios_300samples.shard-${index}-of-3.hzshard`);
      return summary.file_path as string;
    });
    const merged = path.join(out, `merged.${format}`);
    const result = hazsim('merge', ...parts.reverse(), '-o', merged, '--json');
    assert.is(result.code, 0, result.stderr);
    assert.is(json(result).format, format);
    assert.ok(fs.readFileSync(merged).equals(fs.readFileSync(whole)), 'merged file differs from the unsharded run');
    for (const part of parts) fs.rmSync(part);
  });
}

test('bad --shard values and incomplete merges fail with the rule and the right exit code', () => {
  const bad = hazsim(...run, '--shard', '3/3');
  assert.is(bad.code, 2);
  assert.match(bad.stderr, 'i must be from 0 to N - 1 = 2');
  assert.is(hazsim(...run, '--format', 'csv').code, 2);
  assert.is(hazsim(...run, '--shard', '0/2').code, 0);
  const part = path.join(out, 'feeder_scenarios_300samples.shard-0-of-2.hzshard');
  const missing = hazsim('merge', part, '-o', path.join(out, 'incomplete.zip'));
  assert.is(missing.code, 5);
  assert.match(missing.stderr, 'Missing shard 1/2');
  assert.not.ok(fs.existsSync(path.join(out, 'incomplete.zip')));
  const noOutput = hazsim('merge', part);
  assert.is(noOutput.code, 2);
});

test("the Parquet file opens in DuckDB: its rows are the ZIP tracked_changes outages with damage.csv's states and repair times to the minute, its metadata the ZIP metadata", async () => {
  let duckdb: typeof import('@duckdb/node-api');
  try {
    duckdb = await import('@duckdb/node-api');
  } catch (error) {
    skipTest(`DuckDB (@duckdb/node-api) cannot load here: ${(error as Error).message}`);
    return;
  }
  const zip = path.join(out, 'whole.zip');
  const parquet = path.join(out, 'whole.parquet');
  const entries = await readZipEntries(zip);
  const document = JSON.parse(entries.find((entry) => entry.name === 'tracked_changes.json')!.data.toString('utf8'));
  const outages: string[] = [];
  for (const record of document.tracked_changes) {
    for (const edit of record.edits) outages.push(`${Number(record.scenario_name.slice('sample_'.length))}|${edit.component_uuid}|${record.timestamp}`);
  }
  assert.ok(outages.length > 100, 'the run has outages to compare');
  // damage.csv has a row per outage in the same order; the Parquet rows carry its state and repair time.
  const damageRows = csvEntryRows(entries, 'damage.csv');
  assert.equal(
    damageRows.map(([sample, asset, timestamp]) => `${sample}|${asset}|${timestamp}`),
    outages,
  );
  // repair_minutes is damage.csv's repair_hours × 60, rounded to the nearest minute.
  const expected = damageRows.map(
    ([sample, asset, timestamp, state, repairHours]) =>
      `${sample}|${asset}|${timestamp}|${state}|${repairHours === '' ? null : Math.round(Number(repairHours) * 60)}`,
  );
  const instance = await duckdb.DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const file = parquet.replaceAll("'", "''");
    const rows = (
      await connection.runAndReadAll(`SELECT sample, asset, failure_time, damage_state, repair_minutes FROM read_parquet('${file}')`)
    ).getRowObjectsJS();
    // The file's row order is the ZIP's: by sample, then failure time, then asset uuid.
    assert.equal(
      rows.map((row) => `${row.sample}|${row.asset}|${row.failure_time}|${row.damage_state}|${row.repair_minutes}`),
      expected,
    );
    const types = (await connection.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet('${file}')`)).getRowObjectsJS();
    assert.equal(
      types.map((row) => `${row.column_name} ${row.column_type}`),
      ['sample INTEGER', 'asset VARCHAR', 'failure_time VARCHAR', 'damage_state VARCHAR', 'repair_minutes INTEGER'],
    );
    const kv = (await connection.runAndReadAll(`SELECT decode(key) AS key, decode(value) AS value FROM parquet_kv_metadata('${file}')`)).getRowObjectsJS();
    const metadata = JSON.parse(String(kv.find((row) => row.key === 'hazsim')!.value));
    assert.equal(metadata, document.metadata);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
});

test('the Parquet file read by hyparquet: compact encodings (dictionary uuids, timestamps and states, delta integers, GZIP) that decode to the rows DuckDB reads', async () => {
  const parquet = fs.readFileSync(path.join(out, 'whole.parquet'));
  const file = parquet.buffer.slice(parquet.byteOffset, parquet.byteOffset + parquet.byteLength);
  const metadata = parquetMetadata(file);
  assert.ok(metadata.row_groups.length >= 1);
  for (const group of metadata.row_groups) {
    const chunks = new Map(group.columns.map((chunk) => [chunk.meta_data!.path_in_schema.join('.'), chunk.meta_data!]));
    for (const chunk of chunks.values()) assert.is(chunk.codec, 'GZIP');
    for (const name of ['asset', 'failure_time', 'damage_state'])
      assert.ok(chunks.get(name)!.encodings.includes('RLE_DICTIONARY'), `${name} is dictionary-encoded`);
    for (const name of ['sample', 'repair_minutes']) assert.ok(chunks.get(name)!.encodings.includes('DELTA_BINARY_PACKED'), `${name} is delta-encoded`);
  }
  const rows = await parquetReadObjects({ file, compressors: { GZIP: (input: Uint8Array) => new Uint8Array(zlib.gunzipSync(input)) } });
  const damageRows = csvEntryRows(await readZipEntries(path.join(out, 'whole.zip')), 'damage.csv');
  assert.is(rows.length, damageRows.length);
  rows.forEach((row, k) => {
    const [sample, asset, timestamp, state, repairHours] = damageRows[k];
    assert.equal(
      [row.sample, row.asset, row.failure_time, row.damage_state, row.repair_minutes],
      [Number(sample), asset, timestamp, state, repairHours === '' ? null : Math.round(Number(repairHours) * 60)],
    );
  });
});

test.run();
