import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { tempDir } from '../helpers/cli.js';
import { connectStdio, toolError } from '../helpers/mcp.js';
import { fileForm, startTestServer, TINY_FEEDER } from '../helpers/rest.js';
import { makeZip } from '../helpers/zip.js';
import { scenarioRecordsCursor } from '../../src/app/results/scenarioRecords.js';

// Whoever can write into the cache (a shared volume, a container's mount) must not make the
// servers hand out other files: a symbolic link planted where a model, a job's result or a
// results-folder ZIP belongs, a job record that is itself a link, or a job record whose result
// name climbs out of its folder, used to serve any file the server could read.

const SECRET = 'TOP-SECRET-not-for-clients';

/** A file outside the cache, in a folder of its own, that no client may see. */
function plantSecret(): { dir: string; file: string } {
  const dir = tempDir('hazsim-outside-');
  const file = path.join(dir, 'secret.txt');
  fs.writeFileSync(file, `{"secret":"${SECRET}"}`);
  return { dir, file };
}

/** A finished job's record as a server writes it, naming `fileName` as its result. */
function jobRecord(id: string, fileName: string): string {
  const at = new Date().toISOString();
  return JSON.stringify({
    id,
    kind: 'simulate',
    state: 'succeeded',
    request: {},
    created_at: at,
    started_at: at,
    finished_at: at,
    progress: null,
    result: { file_name: fileName, size_bytes: 10, summary: {} },
    error: null,
    owner_pid: process.pid,
  });
}

const test = suite('served files');

test('REST serves neither a model file nor job files that are links or lead out of the cache', async () => {
  const secret = plantSecret();
  const server = await startTestServer();
  try {
    const upload = await fetch(`${server.base}/distribution-models`, { method: 'POST', body: fileForm(TINY_FEEDER, { name: 'feeder' }) });
    assert.is(upload.status, 201, await upload.text());
    const modelFile = path.join(server.cacheDir, 'distribution_models/feeder.json');
    fs.rmSync(modelFile);
    fs.symlinkSync(secret.file, modelFile);

    const jobs = path.join(server.cacheDir, 'jobs');
    fs.mkdirSync(jobs, { recursive: true });
    // Its folder a link to the outside folder, its result a plain name in it.
    const linkedFolder = '01936b2e-7c4a-7d3e-9f1b-2a6c8e0d4f51';
    fs.writeFileSync(path.join(jobs, `${linkedFolder}.json`), jobRecord(linkedFolder, 'secret.txt'));
    fs.symlinkSync(secret.dir, path.join(jobs, linkedFolder));
    // Its result name climbing out of its folder.
    const climbing = '01936b2e-7c4a-7d3e-9f1b-2a6c8e0d4f52';
    fs.writeFileSync(path.join(jobs, `${climbing}.json`), jobRecord(climbing, path.relative(path.join(jobs, climbing), secret.file)));
    fs.mkdirSync(path.join(jobs, climbing));
    // Its result a link in a real folder.
    const linkedResult = '01936b2e-7c4a-7d3e-9f1b-2a6c8e0d4f53';
    fs.writeFileSync(path.join(jobs, `${linkedResult}.json`), jobRecord(linkedResult, 'result.sqlite'));
    fs.mkdirSync(path.join(jobs, linkedResult));
    fs.symlinkSync(secret.file, path.join(jobs, linkedResult, 'result.sqlite'));
    // The record itself a link to a JSON file outside.
    const linkedRecord = '01936b2e-7c4a-7d3e-9f1b-2a6c8e0d4f54';
    fs.writeFileSync(path.join(secret.dir, 'record.json'), jobRecord(linkedRecord, SECRET));
    fs.symlinkSync(path.join(secret.dir, 'record.json'), path.join(jobs, `${linkedRecord}.json`));

    const answers = [
      ['/distribution-models/feeder', 500],
      [`/jobs/${linkedFolder}/result`, 500],
      [`/jobs/${climbing}/result`, 500],
      [`/jobs/${linkedResult}/result`, 500],
      [`/jobs/${linkedRecord}`, 404],
      [`/jobs/${linkedRecord}/result`, 404],
    ] as const;
    for (const [route, status] of answers) {
      const response = await fetch(server.base + route);
      const body = await response.text();
      assert.is(response.status, status, `${route}: ${response.status} ${body.slice(0, 200)}`);
      assert.not.ok(body.includes(SECRET), `${route} served the planted file: ${body.slice(0, 200)}`);
    }
    const list = await (await fetch(`${server.base}/jobs`)).text();
    assert.not.ok(list.includes(SECRET), 'the job list shows the linked record');
    // The server says why, in its log.
    assert.ok(
      server.logs.some((line) => /symbolic link/.test(line)),
      server.logs.join('\n'),
    );
  } finally {
    await server.stop();
  }
});

test('MCP reads neither a model file nor a results ZIP that is a link', async () => {
  const secret = plantSecret();
  fs.writeFileSync(path.join(secret.dir, 'outside.zip'), await makeZip({ 'tracked_changes.json': JSON.stringify({ tracked_changes: [{ secret: SECRET }] }) }));
  const cacheDir = tempDir('hazsim-mcp-');
  const session = await connectStdio(cacheDir);
  try {
    const uploaded = await session.client.callTool({ name: 'upload_distribution_model', arguments: { file_path: TINY_FEEDER, name: 'feeder' } });
    assert.not.ok(uploaded.isError, JSON.stringify(uploaded.content));
    const modelFile = path.join(cacheDir, 'distribution_models/feeder.json');
    fs.rmSync(modelFile);
    fs.symlinkSync(secret.file, modelFile);
    let message = '';
    try {
      const read = await session.client.readResource({ uri: 'hazsim://models/feeder' });
      message = JSON.stringify(read);
    } catch (error) {
      message = (error as Error).message;
    }
    assert.not.ok(message.includes(SECRET), `the model resource served the planted file: ${message.slice(0, 200)}`);
    assert.match(message, /symbolic link/);

    fs.mkdirSync(path.join(cacheDir, 'results'), { recursive: true });
    fs.symlinkSync(path.join(secret.dir, 'outside.zip'), path.join(cacheDir, 'results', 'planted.zip'));
    const records = await session.client.callTool({ name: 'get_scenario_records', arguments: { cursor: scenarioRecordsCursor('planted.zip', 0) } });
    const recordsError = toolError(records);
    assert.not.ok(recordsError.includes(SECRET), recordsError);
    assert.match(recordsError, /symbolic link/);
  } finally {
    await session.client.close();
  }
});

test.run();
