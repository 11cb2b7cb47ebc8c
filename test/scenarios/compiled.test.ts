// The CLI runs the compiled JavaScript (dist/), whose scenario pool's workers load scenarioWorker.js; tests run the
// TypeScript under tsx, whose workers bootstrap tsx first. Both must produce the same bytes,
// in any time zone. `node test/run.mjs` builds dist/ before running the tests.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { writeScenarioZip } from '../../src/domain/scenarios/index.js';
import { scenarioThreads } from '../../src/app/workers/scenarioPool.js';
import { ROOT, tempDir } from '../helpers/cli.js';
import { stormInput } from '../helpers/scenarioInput.js';

const COMPILED = path.join(ROOT, 'dist/src/domain/scenarios/index.js');
const COMPILED_POOL = path.join(ROOT, 'dist/src/app/workers/scenarioPool.js');
const test = suite('writeScenarioZip from dist/');

test('gives the same bytes compiled (2 workers, plain node, another time zone) as under tsx', async () => {
  assert.ok(fs.existsSync(COMPILED), `${COMPILED} is missing: run the tests with node test/run.mjs, which builds dist/ first`);
  const dir = tempDir('hazsim-compiled-');
  try {
    const storm = stormInput(30, 5);
    const inputFile = path.join(dir, 'input.json');
    fs.writeFileSync(inputFile, JSON.stringify({ ...storm, survival: Array.from(storm.survival) }));
    const options = { numberOfSamples: 1200, seed: 99, method: 'sequential', workers: 2 } as const;
    const script = `
      import fs from 'node:fs';
      const { writeScenarioZip } = await import(${JSON.stringify(pathToFileURL(COMPILED).href)});
      const { scenarioThreads } = await import(${JSON.stringify(pathToFileURL(COMPILED_POOL).href)});
      const input = JSON.parse(fs.readFileSync(${JSON.stringify(inputFile)}, 'utf8'));
      const summary = await writeScenarioZip({ ...input, survival: Float64Array.from(input.survival) }, { ...${JSON.stringify(options)}, chunkRunners: scenarioThreads }, ${JSON.stringify(path.join(dir, 'compiled.zip'))});
      console.log(JSON.stringify({ total: summary.total_scenarios, offset: new Date(2000, 0, 1).getTimezoneOffset() }));`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
      env: { ...process.env, TZ: 'Pacific/Chatham' },
      encoding: 'utf8',
    });
    assert.is(child.status, 0, child.stderr);
    const reported = JSON.parse(child.stdout);
    assert.is.not(reported.offset, new Date(2000, 0, 1).getTimezoneOffset(), 'the child runs in another time zone');
    const local = await writeScenarioZip(storm, { ...options, chunkRunners: scenarioThreads }, path.join(dir, 'tsx.zip'));
    assert.is(reported.total, local.total_scenarios);
    assert.ok(fs.readFileSync(path.join(dir, 'compiled.zip')).equals(fs.readFileSync(path.join(dir, 'tsx.zip'))), 'compiled and tsx ZIPs differ');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
