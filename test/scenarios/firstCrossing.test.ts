import fs from 'node:fs';
import path from 'node:path';
import seedrandom from 'seedrandom';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { writeScenarioZip, type ScenarioInput } from '../../src/domain/scenarios/index.js';
import { scenarioThreads } from '../../src/app/workers/scenarioPool.js';
import { tempDir } from '../helpers/cli.js';
import { assetUuid, hourlyTimestamps } from '../helpers/scenarioInput.js';
import { readZipEntries } from '../helpers/unzip.js';

// Sampling event-consistent survival (docs/physics.md, docs/scenarios-zip.md): one uniform per
// asset and sample, failure at the first timestamp where 1 − survival(t) exceeds it. The
// expected records are replayed here from that rule with seedrandom's alea directly.

const dir = tempDir('hazsim-first-crossing-');
const ASSETS = 30;
const TIMESTAMPS = 6;

/** Non-increasing survival per asset: asset a loses a fraction of what is left at each timestamp. */
function cumulativeInput(): ScenarioInput {
  const survival = new Float64Array(ASSETS * TIMESTAMPS);
  for (let a = 0; a < ASSETS; a += 1) {
    let left = 1;
    for (let t = 0; t < TIMESTAMPS; t += 1) {
      left *= 1 - ((a % 7) / 20) * ((t + 1) / TIMESTAMPS);
      survival[t * ASSETS + a] = left;
    }
  }
  return {
    timestamps: hourlyTimestamps(TIMESTAMPS),
    assetUuids: Array.from({ length: ASSETS }, (_, a) => assetUuid(a)),
    survival,
    survivalIsCumulative: true,
    metadata: {},
  };
}

const test = suite('scenarios: first crossing of cumulative failure');

test('each asset fails at the first timestamp where 1 − survival(t) exceeds its draw; both methods alike; any worker count', async () => {
  const input = cumulativeInput();
  const samples = 200;
  const expected: { scenario_name: string; timestamp: string; edits: string[] }[] = [];
  for (let i = 0; i < samples; i += 1) {
    const rng = seedrandom.alea(`5:${i}`);
    const byTime = new Map<number, string[]>();
    for (let a = 0; a < ASSETS; a += 1) {
      const u = rng();
      for (let t = 0; t < TIMESTAMPS; t += 1) {
        if (u < 1 - input.survival[t * ASSETS + a]) {
          byTime.set(t, [...(byTime.get(t) ?? []), input.assetUuids[a]]);
          break;
        }
      }
    }
    for (const t of [...byTime.keys()].sort((x, y) => x - y)) {
      expected.push({ scenario_name: `sample_${i}`, timestamp: input.timestamps[t], edits: byTime.get(t)!.sort() });
    }
  }
  const files: Buffer[] = [];
  for (const [method, workers] of [
    ['peak', 1],
    ['peak', 3],
    ['sequential', 1],
  ] as const) {
    const file = path.join(dir, `${method}-${workers}.zip`);
    const summary = await writeScenarioZip(input, { numberOfSamples: samples, seed: 5, method, workers, chunkRunners: scenarioThreads }, file);
    const document = JSON.parse((await readZipEntries(file))[0].data.toString('utf8'));
    const records = document.tracked_changes.map((record: { scenario_name: string; timestamp: string; edits: { component_uuid: string }[] }) => ({
      scenario_name: record.scenario_name,
      timestamp: record.timestamp,
      edits: record.edits.map((edit) => edit.component_uuid),
    }));
    assert.equal(records, expected, `${method} with ${workers} workers`);
    assert.match(document.metadata.sampling, /first timestamp t with u < 1 - survival\(t\)/);
    assert.ok(summary.total_failures > 0);
    if (method === 'peak') files.push(fs.readFileSync(file));
  }
  assert.ok(files[0].equals(files[1]), 'byte-identical for 1 and 3 workers');
});

test.run();
