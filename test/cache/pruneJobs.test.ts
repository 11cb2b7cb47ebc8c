import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { json, runCli } from '../helpers/cli.js';
import { expectJson, fileForm, startTestServer, TINY_FEEDER, TINY_QUAKE, type TestServer } from '../helpers/rest.js';

// Finished REST jobs live in the cache like results (docs/jobs.md, docs/cache.md "Pruning"):
// `cache info` and GET /cache-info count them, `cache prune` removes those that ended more than
// --older-than days ago and never touches a queued or running job.

const DAY_MS = 86_400_000;
const test = suite<{ server: TestServer; old: string; recent: string; running: string }>('finished REST jobs in cache info and prune', {} as never);

async function finishedJob(server: TestServer): Promise<string> {
  const body = { kind: 'simulate', request: { distribution_system_name: 'tiny_feeder', hazard_system_name: 'tiny_quake' } };
  const submitted = await expectJson(
    await fetch(`${server.base}/jobs`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    202,
  );
  for (;;) {
    const job = await expectJson(await fetch(`${server.base}/jobs/${submitted.id}`));
    if (job.state === 'succeeded') return job.id;
    if (job.state !== 'queued' && job.state !== 'running') throw new Error(`job ended ${job.state}: ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const jobs = (context: { server: TestServer }) => path.join(context.server.cacheDir, 'jobs');
const run = (context: { server: TestServer }, args: string[]) => runCli([...args, '--cache-dir', context.server.cacheDir]);
const bytesOf = (target: string): number =>
  fs.statSync(target).isDirectory() ? fs.readdirSync(target).reduce((sum, name) => sum + bytesOf(path.join(target, name)), 0) : fs.statSync(target).size;

test.before(async (context) => {
  context.server = await startTestServer();
  await expectJson(await fetch(`${context.server.base}/distribution-models`, { method: 'POST', body: fileForm(TINY_FEEDER) }), 201);
  await expectJson(await fetch(`${context.server.base}/hazard-models`, { method: 'POST', body: fileForm(TINY_QUAKE) }), 201);
  context.old = await finishedJob(context.server);
  context.recent = await finishedJob(context.server);
  // The first job ended 45 days ago, as far as its record says.
  const record = path.join(jobs(context), `${context.old}.json`);
  const stored = JSON.parse(fs.readFileSync(record, 'utf8'));
  fs.writeFileSync(record, JSON.stringify({ ...stored, finished_at: new Date(Date.now() - 45 * DAY_MS).toISOString() }));
  // A job still running in a live process (this one; created after it started, so the pid is
  // taken for its owner), with an id of long ago: neither counted nor pruned.
  context.running = '01890000-0000-7000-8000-000000000001';
  const created = new Date().toISOString();
  fs.writeFileSync(
    path.join(jobs(context), `${context.running}.json`),
    JSON.stringify({ ...stored, id: context.running, state: 'running', result: null, finished_at: null, created_at: created, owner_pid: process.pid }),
  );
});
test.after(async ({ server }) => server.stop());

test('cache info and GET /cache-info count the finished jobs with their results, beside the totals', async (context) => {
  const expectedBytes = [context.old, context.recent].reduce(
    (sum, id) => sum + bytesOf(path.join(jobs(context), `${id}.json`)) + bytesOf(path.join(jobs(context), id)),
    0,
  );
  const info = json(run(context, ['cache', 'info', '--json']));
  assert.equal(info.jobs, { directory: jobs(context), finished_jobs: 2, total_size_bytes: expectedBytes, total_size_mb: info.jobs.total_size_mb });
  assert.ok(Math.abs(info.jobs.total_size_mb - expectedBytes / 1_048_576) < 0.01);
  assert.match(run(context, ['cache', 'info']).stdout, new RegExp(`jobs \\(2 finished, not in total\\)\\t-\\t-\\t${expectedBytes}`));
  const rest = await expectJson(await fetch(`${context.server.base}/cache-info`));
  assert.equal(rest.jobs, { ...info.jobs, directory: 'jobs' });
});

test('prune lists the job that ended before --older-than days, removes it with --yes, and leaves the recent and the running one', (context) => {
  const oldRecord = path.join(jobs(context), `${context.old}.json`);
  const oldSize = bytesOf(oldRecord) + bytesOf(path.join(jobs(context), context.old));
  const dry = json(run(context, ['cache', 'prune', '--json']));
  assert.equal(dry.entries, [{ path: oldRecord, kind: 'old_job', size_bytes: oldSize }]);
  assert.ok(fs.existsSync(oldRecord));
  const removed = json(run(context, ['cache', 'prune', '--yes', '--json']));
  assert.equal(removed.entries, dry.entries);
  assert.not.ok(fs.existsSync(oldRecord));
  assert.not.ok(fs.existsSync(path.join(jobs(context), context.old)), 'its result folder goes with it');
  for (const id of [context.recent, context.running]) assert.ok(fs.existsSync(path.join(jobs(context), `${id}.json`)), id);
  assert.ok(fs.existsSync(path.join(jobs(context), context.recent)), 'the recent result stays');
  assert.equal(
    json(run(context, ['cache', 'prune', '--older-than', '0', '--json'])).entries.map((entry: { path: string }) => path.basename(entry.path)),
    [`${context.recent}.json`],
  );
});

test('GET /jobs no longer lists the pruned job; the recent one still downloads', async (context) => {
  const listed = await expectJson(await fetch(`${context.server.base}/jobs`));
  const ids = (Array.isArray(listed) ? listed : (listed.jobs ?? listed.items)).map((job: { id: string }) => job.id);
  assert.not.ok(ids.includes(context.old));
  assert.ok(ids.includes(context.recent));
  const download = await fetch(`${context.server.base}/jobs/${context.recent}/result`);
  assert.is(download.status, 200);
});

test.run();
