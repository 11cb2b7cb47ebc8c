import fs from 'node:fs';
import os from 'node:os';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EXAMPLE_FEEDER, exampleHazard, expectJson, fileForm, startTestServer } from '../helpers/rest.js';

// POST /report (docs/hardening.md, "Serving"): the page is built off the event loop, and a
// client that leaves stops the whole report, its simulation and scenarios included.

/** This process's private run files in the temp folder (the server runs in this process). */
const runFiles = () => fs.readdirSync(os.tmpdir()).filter((name) => name.replace(/^\./, '').startsWith(`hazsim-${process.pid}-`));

test('a client leaving POST /report stops its runs at once, leaving no file; /health answers meanwhile', async () => {
  const server = await startTestServer();
  try {
    await expectJson(await fetch(`${server.base}/distribution-models`, { method: 'POST', body: fileForm(EXAMPLE_FEEDER, { name: 'feeder' }) }), 201);
    await expectJson(await fetch(`${server.base}/hazard-models`, { method: 'POST', body: fileForm(exampleHazard('earthquake'), { name: 'quake' }) }), 201);
    const controller = new AbortController();
    const request = { distribution_system_name: 'feeder', hazard_system_name: 'quake', number_of_samples: 40_000 };
    const leaving = fetch(`${server.base}/report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
      signal: controller.signal,
    }).catch(() => undefined);
    // Wait until the scenario phase writes its file, then leave.
    const deadline = Date.now() + 60_000;
    while (!runFiles().some((name) => name.includes('.zip'))) {
      assert.ok(Date.now() < deadline, 'the report never reached its scenarios');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const started = performance.now();
    const health = await fetch(`${server.base}/health`);
    assert.is(health.status, 200);
    assert.ok(performance.now() - started < 2000, '/health waited for the report');
    controller.abort();
    await leaving;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.equal(runFiles(), [], 'the abandoned report still runs');
  } finally {
    await server.stop();
  }
});

test.run();
