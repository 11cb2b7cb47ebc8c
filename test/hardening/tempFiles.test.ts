import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runCli, tempDir } from '../helpers/cli.js';
import { EXAMPLE_FEEDER, exampleHazard, fileForm, startTestServer } from '../helpers/rest.js';

// Result files of abandoned requests and killed processes do not stay in the temp folder.

const ownFiles = (pid: number) => fs.readdirSync(os.tmpdir()).filter((name) => name.replace(/^\./, '').startsWith(`hazsim-${pid}-`));

const test = suite('temporary result files');

test('a client that disconnects before /simulate answers leaves no result file behind', async () => {
  const server = await startTestServer();
  try {
    for (const [collection, file, name] of [
      ['distribution-models', EXAMPLE_FEEDER, 'feeder'],
      ['hazard-models', exampleHazard('hurricane'), 'storm'],
    ]) {
      const response = await fetch(`${server.base}/${collection}`, { method: 'POST', body: fileForm(file, { name }) });
      assert.is(response.status, 201, await response.text());
    }
    for (const delayMs of [50, 300, 1_000]) {
      const abort = new AbortController();
      const request = fetch(`${server.base}/simulate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ distribution_system_name: 'feeder', hazard_system_name: 'storm' }),
        signal: abort.signal,
      }).catch(() => undefined);
      setTimeout(() => abort.abort(), delayMs);
      await request;
    }
    // The aborted runs stop; give the server a moment to remove what they wrote.
    const deadline = Date.now() + 30_000;
    while (ownFiles(process.pid).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(ownFiles(process.pid), []);
    assert.is((await fetch(`${server.base}/health`)).status, 200);
  } finally {
    await server.stop();
  }
});

test('private result files of a dead process are swept when a service starts; live ones are kept', () => {
  // pid 2^22+1 is above Linux's pid_max ceiling, so no process can own it.
  const dead = path.join(os.tmpdir(), 'hazsim-4194305-0123456789ab-feeder_storm_results.sqlite');
  const deadBuild = path.join(os.tmpdir(), '.hazsim-4194305-0123456789ab-x.sqlite.4194305.0123abcd.tmp');
  const live = path.join(os.tmpdir(), `hazsim-${process.pid}-0123456789ab-mine.sqlite`);
  for (const file of [dead, deadBuild, live]) fs.writeFileSync(file, 'partial');
  try {
    assert.is(runCli(['list', '--cache-dir', tempDir()]).code, 0);
    assert.not.ok(fs.existsSync(dead));
    assert.not.ok(fs.existsSync(deadBuild));
    assert.ok(fs.existsSync(live));
  } finally {
    for (const file of [dead, deadBuild, live]) fs.rmSync(file, { force: true });
  }
});

test.run();
