import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EXAMPLES, runCli } from '../helpers/cli.js';
import { fileForm, postJson, spawnServer } from '../helpers/rest.js';
import { fill, smallDisk, unmount } from '../helpers/disk.js';

// A full disk failed requests as server faults and crashed the REST server while jobs ran
// (issue 35, item 3). It is now exit 6 / HTTP 507 naming the cause, nothing half-written is
// left, the server keeps serving, and the cache works again once space is freed. The disk is
// a small tmpfs mounted for the test (root only; skipped with a notice elsewhere).

const FEEDER = path.join(EXAMPLES, 'feeder/example_feeder.json');
const STORM = path.join(EXAMPLES, 'hazards/hurricane.json');

/** Every file under `folder`, relative to it, but `except`. */
function filesUnder(folder: string, except: string): string[] {
  return (fs.readdirSync(folder, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .filter((name) => name !== except)
    .sort();
}

const test = suite('disk full');

test('CLI: upload and simulate exit 6 naming the full disk, leave nothing, and work once space is freed', () => {
  const disk = smallDisk(1024);
  if (!disk) return;
  try {
    const cache = path.join(disk, 'cache');
    assert.is(runCli(['upload', FEEDER, '--cache-dir', cache]).code, 0);
    const before = filesUnder(disk, 'filler');
    const filler = fill(disk);

    const upload = runCli(['upload', STORM, '--name', 'storm', '--cache-dir', cache]);
    assert.is(upload.code, 6, upload.stderr);
    assert.match(upload.stderr, /No space left on the device/);
    assert.equal(filesUnder(disk, 'filler'), before, 'the failed upload left files behind');

    fs.rmSync(filler);
    assert.is(runCli(['upload', STORM, '--name', 'storm', '--cache-dir', cache]).code, 0, 'the cache works again');
    const stored = filesUnder(disk, 'filler');
    fill(disk);
    const simulate = runCli(['simulate', 'example_feeder', 'storm', '-o', path.join(disk, 'out.sqlite'), '--cache-dir', cache]);
    assert.is(simulate.code, 6, simulate.stderr);
    assert.match(simulate.stderr, /No space left on the device/);
    assert.equal(filesUnder(disk, 'filler'), stored, 'the failed simulation left files behind');
  } finally {
    unmount(disk);
  }
});

test('REST: uploads (spool and cache), /simulate and jobs answer 507; the server keeps serving', async () => {
  const disk = smallDisk(1024);
  if (!disk) return;
  const cache = path.join(disk, 'cache');
  const spool = path.join(disk, 'spool');
  fs.mkdirSync(spool);
  const server = await spawnServer(['--cache-dir', cache], { TMPDIR: spool });
  try {
    for (const [file, name] of [
      [FEEDER, 'example_feeder'],
      [STORM, 'storm'],
    ]) {
      const response = await fetch(`${server.url}/${name === 'storm' ? 'hazard' : 'distribution'}-models`, { method: 'POST', body: fileForm(file, { name }) });
      assert.is(response.status, 201, await response.text());
    }
    const stored = filesUnder(disk, 'filler');
    const filler = fill(disk);

    const upload = await fetch(`${server.url}/hazard-models`, { method: 'POST', body: fileForm(STORM, { name: 'storm2' }) });
    const uploadBody: any = await upload.json();
    assert.is(upload.status, 507, JSON.stringify(uploadBody));
    assert.match(uploadBody.detail, /disk is full/);

    const simulate = await postJson(`${server.url}/simulate`, { distribution_system_name: 'example_feeder', hazard_system_name: 'storm' });
    assert.is(simulate.status, 507, await simulate.text());

    // A job whose record cannot even be written still runs in memory and fails with 507.
    const submitted = await postJson(`${server.url}/jobs`, {
      kind: 'simulate',
      request: { distribution_system_name: 'example_feeder', hazard_system_name: 'storm' },
    });
    const job: any = await submitted.json();
    assert.is(submitted.status, 202, JSON.stringify(job));
    let record: any = job;
    const deadline = Date.now() + 60_000;
    while (!['succeeded', 'failed', 'cancelled'].includes(record.state) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      record = await (await fetch(`${server.url}/jobs/${job.id}`)).json();
    }
    assert.is(record.state, 'failed', JSON.stringify(record));
    assert.is(record.error.status_code, 507, JSON.stringify(record.error));

    const list = await fetch(`${server.url}/hazard-models`);
    assert.is(list.status, 200, 'the server keeps serving');
    assert.equal(
      filesUnder(disk, 'filler').filter((name) => !name.startsWith('cache/jobs/')),
      stored,
      'failed requests left files behind',
    );

    fs.rmSync(filler);
    const again = await fetch(`${server.url}/hazard-models`, { method: 'POST', body: fileForm(STORM, { name: 'storm2' }) });
    assert.is(again.status, 201, `the cache works again: ${await again.text()}`);
  } finally {
    server.child.kill('SIGKILL');
    await server.exited;
    unmount(disk);
  }
});

test.run();
