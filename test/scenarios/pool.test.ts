import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { HazsimError } from '../../src/base/errors.js';
import { workerRunner } from '../../src/app/workers/scenarioPool.js';
import type { SamplingInit } from '../../src/domain/scenarios/chunk.js';
import { onThisThread } from '../../src/domain/scenarios/runner.js';
import { stormInput } from '../helpers/scenarioInput.js';

const storm = stormInput(25, 4);
const init: SamplingInit = { timestamps: storm.timestamps, assetUuids: storm.assetUuids, survival: storm.survival, method: 'sequential', seed: 8 };
const tasks = [0, 1, 2, 3, 4].map((k) => ({ start: k * 40, end: k * 40 + 40, keep: 2 }));

const test = suite('workerRunner');

test('returns for each chunk what the calling thread computes, and the same summed failure counts', async () => {
  const inline = onThisThread({ init }, 1);
  const expected = await Promise.all(tasks.map((task) => inline.run(task)));
  const workers = workerRunner({ init }, 2);
  try {
    const results = await Promise.all(tasks.map((task) => workers.run(task)));
    results.forEach((result, k) => {
      assert.ok(Buffer.from(result.json).equals(Buffer.from(expected[k].json)), `chunk ${k} JSON differs`);
      assert.equal(Array.from(result.failuresPerSample), Array.from(expected[k].failuresPerSample));
      assert.equal(result.records, expected[k].records);
    });
    assert.equal(Array.from(await workers.failureCounts()), Array.from(await inline.failureCounts()));
  } finally {
    await workers.close();
  }
});

test('rejects pending and later chunks with an internal error when a worker fails, and still closes', async () => {
  const workers = workerRunner({ init: { ...init, method: 'no-such-method' as never } }, 2);
  try {
    await workers.run(tasks[0]);
    assert.unreachable('a broken worker answered');
  } catch (error) {
    assert.instance(error, HazsimError);
    assert.is((error as HazsimError).kind, 'internal');
    assert.match((error as HazsimError).message, 'scenario worker failed');
  }
  try {
    await workers.run(tasks[1]);
    assert.unreachable('a broken pool accepted work');
  } catch (error) {
    assert.is((error as HazsimError).kind, 'internal');
  }
  await workers.close();
  await workers.close();
});

test.run();
