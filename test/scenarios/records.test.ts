import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { RecordBuilder, scenarioName, type ScenarioRecord } from '../../src/domain/scenarios/index.js';

const timestamps = ['2022-01-01T00:00:00', '2022-01-01T01:00:00', '2022-01-01T02:00:00'];
// Input order deliberately differs from uuid order.
const uuids = ['c-uuid', 'a-uuid', 'd-uuid', 'b-uuid'];

function build(failures: Array<[asset: number, time: number]>, keep = 100, sampleIndex = 4) {
  const builder = new RecordBuilder(timestamps, uuids);
  const json: string[] = [];
  const kept: ScenarioRecord[] = [];
  const count = builder.append(
    sampleIndex,
    failures.length,
    Int32Array.from(failures.map(([a]) => a)),
    Int32Array.from(failures.map(([, t]) => t)),
    json,
    kept,
    keep,
  );
  return { count, json, kept };
}

const test = suite('RecordBuilder');

test('names scenarios sample_<index> from 0', () => {
  assert.is(scenarioName(0), 'sample_0');
  assert.is(scenarioName(12), 'sample_12');
});

test('writes one record per timestamp with failures, in timestamp order, edits sorted by component_uuid', () => {
  const { count, kept } = build([
    [0, 2],
    [1, 0],
    [2, 2],
    [3, 2],
  ]);
  assert.is(count, 2);
  const edit = (component_uuid: string) => ({ component_uuid, name: 'in_service', value: false });
  assert.equal(kept, [
    { scenario_name: 'sample_4', timestamp: '2022-01-01T00:00:00', edits: [edit('a-uuid')] },
    { scenario_name: 'sample_4', timestamp: '2022-01-01T02:00:00', edits: [edit('b-uuid'), edit('c-uuid'), edit('d-uuid')] },
  ]);
});

test('writes JSON text that parses to exactly the record objects, key order included', () => {
  const { json, kept } = build([
    [3, 1],
    [0, 1],
    [2, 0],
  ]);
  assert.equal(
    json.map((text) => JSON.parse(text)),
    kept,
  );
  assert.equal(
    json,
    kept.map((record) => JSON.stringify(record)),
  );
});

test('writes nothing for a sample without failures', () => {
  const { count, json, kept } = build([]);
  assert.is(count, 0);
  assert.equal(json, []);
  assert.equal(kept, []);
});

test('keeps only as many record objects as asked, but writes every record', () => {
  const { count, json, kept } = build(
    [
      [0, 0],
      [1, 1],
      [2, 2],
    ],
    2,
  );
  assert.is(count, 3);
  assert.is(json.length, 3);
  assert.equal(
    kept.map((record) => record.timestamp),
    timestamps.slice(0, 2),
  );
});

test('escapes uuids and timestamps as JSON strings', () => {
  const builder = new RecordBuilder(['2022-01-01T00:00:00'], ['x"y']);
  const json: string[] = [];
  builder.append(0, 1, Int32Array.of(0), Int32Array.of(0), json, [], 0);
  assert.is(JSON.parse(json[0]).edits[0].component_uuid, 'x"y');
});

test.run();
