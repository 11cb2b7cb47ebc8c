import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as v from 'valibot';
import { HazsimError } from '../../src/base/errors.js';
import {
  TrackedChangesDocument,
  trackedChangesJsonSchema,
  writeScenarioZip,
  type ScenarioInput,
  type ScenarioOptions,
} from '../../src/domain/scenarios/index.js';
import { scenarioThreads } from '../../src/app/workers/scenarioPool.js';
import { ROOT, tempDir } from '../helpers/cli.js';
import { damageModelFor, stormInput } from '../helpers/scenarioInput.js';
import { readZipEntries, unzipTest } from '../helpers/unzip.js';

const dir = tempDir('hazsim-scenarios-');
let runs = 0;

/** Writes the ZIP with the application's thread pool, so `workers` > 1 samples on threads. */
async function run(input: ScenarioInput, options: ScenarioOptions) {
  const file = path.join(dir, `run${(runs += 1)}.zip`);
  const summary = await writeScenarioZip(input, { ...options, chunkRunners: scenarioThreads }, file);
  const entries = await readZipEntries(file);
  const document = JSON.parse(entries[0].data.toString('utf8'));
  return { file, summary, entries, document, bytes: fs.readFileSync(file) };
}

function parseCsv(text: string): string[][] {
  assert.ok(text.endsWith('\n'), 'CSV ends with a newline');
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => line.split(','));
}

const storm = stormInput(40, 6);
const peakOptions: ScenarioOptions = { numberOfSamples: 1500, seed: 11, method: 'peak', workers: 1 };

const layout = suite('writeScenarioZip: layout');

layout('writes tracked_changes.json, then time_series/<component_uuid>.csv per asset in uuid order; unzip -t passes', async () => {
  const { file, entries, summary } = await run(storm, peakOptions);
  assert.equal(
    entries.map((entry) => entry.name),
    ['tracked_changes.json', ...[...storm.assetUuids].sort().map((uuid) => `time_series/${uuid}.csv`)],
  );
  assert.is(summary.zip_bytes, fs.statSync(file).size);
  const checked = unzipTest(file);
  if (checked === null) console.log('NOTICE: unzip is not installed; the unzip -t check is skipped');
  else assert.ok(checked.ok, checked.output);
});

layout('tracked_changes.json validates against the published schema, which is generated from the valibot schema', async () => {
  const { document } = await run(storm, { ...peakOptions, method: 'sequential' });
  const result = v.safeParse(TrackedChangesDocument, document);
  assert.ok(result.success, JSON.stringify(result.issues?.slice(0, 3)));
  const published = JSON.parse(fs.readFileSync(path.join(ROOT, 'docs/tracked_changes.schema.json'), 'utf8'));
  assert.equal(
    published,
    trackedChangesJsonSchema(),
    'docs/tracked_changes.schema.json is stale: regenerate it with `node --import tsx scripts/tracked-changes-schema.ts`',
  );
});

layout('puts tracked_changes before metadata, one record per line, and the caller’s metadata with the run’s', async () => {
  const { entries, document } = await run(storm, peakOptions);
  const text = entries[0].data.toString('utf8');
  assert.ok(text.startsWith('{"tracked_changes":[\n{"scenario_name":"sample_'));
  assert.ok(text.indexOf('"metadata":') > text.lastIndexOf('"scenario_name"'));
  assert.is(text.split('\n').length, document.tracked_changes.length + 4);
  const { metadata } = document;
  assert.is(metadata.distribution_system_name, 'synthetic_feeder');
  assert.is(metadata.hazsim_version, '0.0.0-test');
  assert.equal([metadata.seed, metadata.method, metadata.number_of_samples, metadata.asset_count, metadata.timestamp_count], [11, 'peak', 1500, 40, 6]);
  assert.is(metadata.rng.name, 'seedrandom.alea');
});

layout.run();

const content = suite('writeScenarioZip: content');

content('every edit names an input uuid, and a failing asset appears once per sample, at its failure timestamp', async () => {
  const { document } = await run(storm, peakOptions);
  const known = new Set(storm.assetUuids);
  const lowestAt = new Map(
    storm.assetUuids.map((uuid, a) => {
      const series = storm.timestamps.map((_, t) => storm.survival[t * storm.assetUuids.length + a]);
      return [uuid, storm.timestamps[series.indexOf(Math.min(...series))]];
    }),
  );
  const seen = new Set<string>();
  for (const record of document.tracked_changes) {
    for (const edit of record.edits) {
      assert.ok(known.has(edit.component_uuid), `unknown uuid ${edit.component_uuid}`);
      const key = `${record.scenario_name}/${edit.component_uuid}`;
      assert.not.ok(seen.has(key), `${key} appears twice`);
      seen.add(key);
      assert.is(record.timestamp, lowestAt.get(edit.component_uuid));
    }
  }
});

content('sorts records by sample, then timestamp, and edits by component_uuid', async () => {
  const { document } = await run(storm, { ...peakOptions, method: 'sequential' });
  const keys = document.tracked_changes.map(
    (record: { scenario_name: string; timestamp: string }) => [Number(record.scenario_name.slice(7)), record.timestamp] as const,
  );
  for (let i = 1; i < keys.length; i += 1) {
    const [sample, time] = keys[i];
    const [previousSample, previousTime] = keys[i - 1];
    assert.ok(sample > previousSample || (sample === previousSample && time > previousTime), `record ${i} out of order`);
  }
  for (const record of document.tracked_changes) {
    const uuids = record.edits.map((edit: { component_uuid: string }) => edit.component_uuid);
    assert.equal(uuids, [...uuids].sort());
  }
});

content('counts samples without failures in the metadata, though they have no record', async () => {
  // Low hazard: most samples have no failure at all.
  const calm = stormInput(20, 4, { minPeak: 0.001, maxPeak: 0.01 });
  calm.survival.fill(1, 0, 4 * 20);
  const { document, summary } = await run(calm, { numberOfSamples: 300, seed: 3, method: 'peak', workers: 1 });
  const { metadata } = document;
  assert.is(metadata.failures_per_sample.length, 300);
  const perSample = new Array(300).fill(0);
  for (const record of document.tracked_changes) perSample[Number(record.scenario_name.slice(7))] += record.edits.length;
  assert.equal(metadata.failures_per_sample, perSample);
  assert.ok(perSample.filter((count) => count === 0).length > 100, 'most samples have no failure');
  assert.is(metadata.total_scenarios, document.tracked_changes.length);
  assert.is(
    metadata.total_failures,
    perSample.reduce((sum, count) => sum + count, 0),
  );
  assert.is(metadata.samples_with_failures, perSample.filter((count) => count > 0).length);
  assert.equal([summary.total_scenarios, summary.total_failures, summary.failures_per_sample], [metadata.total_scenarios, metadata.total_failures, perSample]);
});

content('the CSVs parse and count, per timestamp, the samples with the asset out at or before it', async () => {
  const { document, entries } = await run(storm, { ...peakOptions, method: 'sequential' });
  const samples = 1500;
  for (const [a, uuid] of storm.assetUuids.entries()) {
    const failuresAt = new Map<string, number>();
    for (const record of document.tracked_changes) {
      if (record.edits.some((edit: { component_uuid: string }) => edit.component_uuid === uuid))
        failuresAt.set(record.timestamp, (failuresAt.get(record.timestamp) ?? 0) + 1);
    }
    const rows = parseCsv(entries.find((entry) => entry.name === `time_series/${uuid}.csv`)!.data.toString('utf8'));
    assert.equal(rows[0], ['timestamp', 'survival_probability', 'out_of_service_samples', 'out_of_service_fraction']);
    let outOfService = 0;
    storm.timestamps.forEach((timestamp, t) => {
      outOfService += failuresAt.get(timestamp) ?? 0;
      const [rowTime, survival, count, fraction] = rows[t + 1];
      assert.is(rowTime, timestamp);
      assert.is(Number(survival), storm.survival[t * storm.assetUuids.length + a]);
      assert.is(Number(count), outOfService);
      assert.is(Number(fraction), outOfService / samples);
    });
    assert.is(rows.length, storm.timestamps.length + 1);
  }
});

content('writes a valid document when there are no assets at all', async () => {
  const { document, entries } = await run({ ...storm, assetUuids: [], survival: new Float64Array(0) }, { ...peakOptions, numberOfSamples: 5 });
  assert.is(entries.length, 1);
  assert.equal(document.tracked_changes, []);
  assert.equal(document.metadata.failures_per_sample, [0, 0, 0, 0, 0]);
});

content.run();

const determinism = suite('writeScenarioZip: determinism and workers');

determinism('gives byte-identical ZIPs across runs and for 1, 2 and 3 workers', async () => {
  for (const method of ['peak', 'sequential'] as const) {
    const reference = (await run(storm, { ...peakOptions, method, workers: 1 })).bytes;
    assert.ok((await run(storm, { ...peakOptions, method, workers: 1 })).bytes.equals(reference), `${method}: second run differs`);
    for (const workers of method === 'peak' ? [2, 3] : [2]) {
      assert.ok((await run(storm, { ...peakOptions, method, workers })).bytes.equals(reference), `${method}: ${workers} workers differ from 1`);
    }
  }
});

determinism('with a damage model: damage.csv follows tracked_changes.json, the other entries keep their bytes, and 1, 2 or 3 workers agree', async () => {
  const damaged = { ...storm, damage: damageModelFor(storm) };
  const plain = await run(storm, { ...peakOptions, method: 'sequential' });
  const reference = await run(damaged, { ...peakOptions, method: 'sequential' });
  assert.equal(
    reference.entries.map((entry) => entry.name),
    ['tracked_changes.json', 'damage.csv', ...plain.entries.slice(1).map((entry) => entry.name)],
  );
  const others = reference.entries.filter((entry) => entry.name !== 'damage.csv');
  others.forEach((entry, index) => assert.ok(entry.data.equals(plain.entries[index].data), `${entry.name} keeps its bytes`));
  for (const workers of [2, 3]) {
    assert.ok((await run(damaged, { ...peakOptions, method: 'sequential', workers })).bytes.equals(reference.bytes), `${workers} workers differ from 1`);
  }

  const text = reference.entries[1].data.toString('utf8');
  const lines = text.slice(0, -1).split('\n');
  assert.is(lines[0], 'sample,asset,timestamp,damage_state,repair_hours');
  const expected = reference.document.tracked_changes.flatMap((record: { scenario_name: string; timestamp: string; edits: { component_uuid: string }[] }) =>
    record.edits.map((edit) => `${record.scenario_name.slice(7)},${edit.component_uuid},${record.timestamp}`),
  );
  assert.equal(
    lines.slice(1).map((line) => line.split(',').slice(0, 3).join(',')),
    expected,
    'one row per failure, in the order of tracked_changes.json',
  );
  const byAsset = new Map(storm.assetUuids.map((uuid, a) => [uuid, a]));
  let quoted = 0;
  for (const line of lines.slice(1)) {
    const asset = byAsset.get(line.split(',')[1])!;
    const repair = line.slice(line.lastIndexOf(',') + 1);
    if (asset % 2 === 1) assert.match(line, /,failure,[0-9.e+-]+$/);
    else if (line.includes(',extensive,')) assert.ok(Number(repair) > 0, line);
    else {
      assert.ok(line.endsWith(',"complete, ""total""",'), `a quoted state and an empty repair time: ${line}`);
      quoted += 1;
    }
  }
  assert.ok(quoted > 0, 'some failures draw the second state');
});

determinism('restoration edits: each failed asset back in service at failure time + its damage.csv repair time; the same for 1 or 2 workers', async () => {
  const damaged = { ...storm, damage: damageModelFor(storm) };
  const options = { ...peakOptions, numberOfSamples: 300, method: 'sequential' as const, restoration: true };
  const restored = await run(damaged, options);
  assert.ok((await run(damaged, { ...options, workers: 2 })).bytes.equals(restored.bytes), '2 workers differ from 1');
  const result = v.safeParse(TrackedChangesDocument, restored.document);
  assert.ok(result.success, JSON.stringify(result.issues?.slice(0, 3)));
  assert.match(restored.document.metadata.restoration, /failure time plus its damage.csv repair_hours/);
  const plain = await run(damaged, { ...options, restoration: false });
  assert.ok(restored.entries[1].data.equals(plain.entries[1].data), 'damage.csv is the same with or without restoration edits');
  assert.is(plain.document.metadata.restoration, undefined);

  const origin = Date.parse(`${storm.timestamps[0]}Z`);
  const expected: string[] = [];
  for (const line of plain.entries[1].data.toString('utf8').trim().split('\n').slice(1)) {
    const [sample, uuid, timestamp] = line.split(',');
    const repair = line.slice(line.lastIndexOf(',') + 1);
    expected.push(`${sample} ${timestamp} ${uuid} false`);
    if (repair === '') continue;
    // By hand: to the second, from the first hazard timestamp.
    const at = new Date(Math.round((origin + (Date.parse(`${timestamp}Z`) - origin) + Number(repair) * 3_600_000) / 1000) * 1000).toISOString().slice(0, 19);
    expected.push(`${sample} ${at} ${uuid} true`);
  }
  const edits: string[] = [];
  let previous = '';
  for (const record of restored.document.tracked_changes) {
    const key = `${record.scenario_name.slice(7).padStart(6, '0')} ${record.timestamp}`;
    assert.ok(key > previous, `records sorted by sample, then time: ${key} after ${previous}`);
    previous = key;
    for (const edit of record.edits) edits.push(`${record.scenario_name.slice(7)} ${record.timestamp} ${edit.component_uuid} ${edit.value}`);
  }
  assert.equal([...edits].sort(), [...expected].sort());
  assert.ok(edits.some((edit) => edit.endsWith(' true')) && edits.some((edit) => edit.endsWith(' false')));
});

determinism('gives different draws for a different seed', async () => {
  const first = await run(storm, peakOptions);
  const second = await run(storm, { ...peakOptions, seed: 12 });
  assert.not.equal(second.document.metadata.failures_per_sample, first.document.metadata.failures_per_sample);
  assert.not.equal(second.document.tracked_changes.slice(0, 20), first.document.tracked_changes.slice(0, 20));
});

determinism.run();

const summary = suite('writeScenarioZip: summary and failures');

summary('returns the first recordLimit records in file order and says when it truncated', async () => {
  const { document, summary: limited } = await run(storm, { ...peakOptions, recordLimit: 7, workers: 2 });
  assert.equal(limited.records, document.tracked_changes.slice(0, 7));
  assert.ok(limited.truncated);
  const { summary: full } = await run(storm, { ...peakOptions, numberOfSamples: 3, recordLimit: 1000 });
  assert.is(full.records.length, full.total_scenarios);
  assert.not.ok(full.truncated);
});

summary('reports progress in sample order, ending at the total', async () => {
  const seen: Array<[number, number]> = [];
  await run(storm, { ...peakOptions, workers: 2, onProgress: (done, total) => seen.push([done, total]) });
  assert.ok(seen.length > 1);
  assert.equal(seen.at(-1), [1500, 1500]);
  for (let i = 1; i < seen.length; i += 1) assert.ok(seen[i][0] > seen[i - 1][0]);
});

summary('refuses bad options before writing anything, and an unwritable destination with invalid_input', async () => {
  const target = path.join(dir, 'refused.zip');
  for (const options of [
    { ...peakOptions, numberOfSamples: 0 },
    { ...peakOptions, seed: -1 },
  ]) {
    try {
      await writeScenarioZip(storm, options, target);
      assert.unreachable('accepted');
    } catch (error) {
      assert.instance(error, HazsimError);
      assert.is((error as HazsimError).kind, 'invalid_input');
    }
  }
  for (const [destination, words] of [
    [path.join(dir, 'missing', 'out.zip'), 'ENOENT'],
    [dir, 'is a directory'],
  ]) {
    try {
      await writeScenarioZip(storm, peakOptions, destination);
      assert.unreachable('accepted');
    } catch (error) {
      assert.is((error as HazsimError).kind, 'invalid_input');
      assert.match((error as HazsimError).message, words);
    }
  }
  assert.equal(
    fs.readdirSync(dir).filter((name) => name.includes('refused') || name.startsWith('.')),
    [],
  );
});

summary.after(() => fs.rmSync(dir, { recursive: true, force: true }));
summary.run();
