import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { largeFeeder } from '../../examples/generate-large-feeder.js';
import { tempDir } from '../helpers/cli.js';
import {
  EXAMPLE_FEEDER,
  exampleHazard,
  expectError,
  expectJson,
  fileForm,
  postJson,
  spawnServer,
  sqliteContents,
  startTestServer,
  uploadForm,
  type TestServer,
} from '../helpers/rest.js';

type Job = Record<string, any>;

// The long runs here are cancelled or left long before they write much; the output limit
// (HAZSIM_MAX_OUTPUT_MB, docs/hardening.md) would refuse them up front, so it is raised.
process.env.HAZSIM_MAX_OUTPUT_MB = '1000000';

const FEEDER = 'example_feeder';
const QUAKE = 'earthquake';
/** A run that takes minutes on this feeder: long enough to cancel, kill the server under, or leave. */
const LONG_SCENARIOS = {
  kind: 'scenarios',
  request: { distribution_system_name: 'large', hazard_system_name: 'hurricane', number_of_samples: 100000, seed: 9 },
};

async function seed(base: string): Promise<void> {
  await expectJson(await fetch(`${base}/distribution-models`, { method: 'POST', body: fileForm(EXAMPLE_FEEDER) }), 201);
  await expectJson(await fetch(`${base}/distribution-models`, { method: 'POST', body: uploadForm('large.json', JSON.stringify(largeFeeder(3000))) }), 201);
  for (const hazard of [QUAKE, 'hurricane']) {
    await expectJson(await fetch(`${base}/hazard-models`, { method: 'POST', body: fileForm(exampleHazard(hazard)) }), 201);
  }
}

async function submit(base: string, body: unknown): Promise<Job> {
  const response = await postJson(`${base}/jobs`, body);
  const job = await expectJson(response, 202);
  assert.is(response.headers.get('location'), `/jobs/${job.id}`);
  return job;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls the job until `done` holds (or fails after `timeoutMs`), returning the states seen on the way and the last record. */
async function pollUntil(base: string, id: string, done: (job: Job) => boolean, timeoutMs = 300_000): Promise<{ job: Job; seen: Job[] }> {
  const seen: Job[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await expectJson(await fetch(`${base}/jobs/${id}`));
    seen.push(job);
    if (done(job)) return { job, seen };
    if (Date.now() > deadline) throw new Error(`job ${id} did not get there: ${JSON.stringify(job)}`);
    await sleep(100);
  }
}
const finished = (job: Job) => ['succeeded', 'failed', 'cancelled'].includes(job.state);
const sampling = (job: Job) => job.state === 'running' && job.progress?.phase === 'sampling scenarios';

interface ServerSentEvent {
  id: string;
  event: string;
  data: Job;
}

/** Reads an event stream as it arrives; `until` may stop reading early (the client leaves). */
async function readEvents(response: Response, until: (events: ServerSentEvent[]) => boolean = () => false): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return events;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const fields = Object.fromEntries(
        block
          .split('\n')
          .filter((line) => !line.startsWith(':'))
          .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trimStart()]),
      );
      if (fields.data !== undefined) events.push({ id: fields.id, event: fields.event, data: JSON.parse(fields.data) });
    }
    if (until(events)) {
      await reader.cancel();
      return events;
    }
  }
}

/** The files under a job's folder in the cache, and the temporary files of the jobs folder. */
function jobLeftovers(cacheDir: string, id: string): string[] {
  const jobsDir = path.join(cacheDir, 'jobs');
  const folder = path.join(jobsDir, id);
  const inFolder = fs.existsSync(folder) ? fs.readdirSync(folder).map((name) => `${id}/${name}`) : [];
  return [...inFolder, ...fs.readdirSync(jobsDir).filter((name) => name.endsWith('.tmp'))];
}

const test = suite<{ server: TestServer }>('jobs over real HTTP', { server: undefined as unknown as TestServer });
test.before(async (context) => {
  context.server = await startTestServer();
  await seed(context.server.base);
});
test.after(async ({ server }) => server.stop());

test('a simulate job: 202 with Location at once, queued or running, then succeeded; its download equals the synchronous result', async ({ server }) => {
  const request = { distribution_system_name: FEEDER, hazard_system_name: QUAKE };
  const submitted = await submit(server.base, { kind: 'simulate', request });
  assert.ok(['queued', 'running'].includes(submitted.state), submitted.state);
  assert.equal(submitted.request, { ...request, curve_set: 'DEFAULT_CURVES', physics: 'default' });
  assert.equal(
    submitted.links.map((link: Job) => link.rel),
    ['self', 'events'],
  );
  const { job } = await pollUntil(server.base, submitted.id, finished);
  assert.is(job.state, 'succeeded', JSON.stringify(job.error));
  assert.is(job.result.file_name, `${FEEDER}_${QUAKE}_results.sqlite`);
  assert.ok(job.started_at && job.finished_at && job.finished_at >= job.started_at);
  assert.is(job.progress.phase, 'writing results');
  assert.is(job.progress.done, job.progress.total);
  const resultLink = job.links.find((link: Job) => link.rel === 'result');
  assert.equal(resultLink, { rel: 'result', href: `/jobs/${job.id}/result`, type: 'application/x-sqlite3' });

  const download = await fetch(`${server.base}${resultLink.href}`);
  assert.is(download.status, 200);
  assert.match(download.headers.get('content-disposition') ?? '', new RegExp(`${FEEDER}_${QUAKE}_results\\.sqlite`));
  const bytes = Buffer.from(await download.arrayBuffer());
  assert.is(bytes.length, job.result.size_bytes);
  const dir = tempDir();
  fs.writeFileSync(path.join(dir, 'job.sqlite'), bytes);
  const synchronous = await postJson(`${server.base}/simulate`, request);
  fs.writeFileSync(path.join(dir, 'sync.sqlite'), Buffer.from(await synchronous.arrayBuffer()));
  const [fromJob, fromSync] = [sqliteContents(path.join(dir, 'job.sqlite')), sqliteContents(path.join(dir, 'sync.sqlite'))];
  assert.equal(fromJob.assetstatetable, fromSync.assetstatetable);
  assert.equal(fromJob.assets, fromSync.assets);
  // The result stays until the job is removed: a second download gets the same bytes.
  assert.equal(Buffer.from(await (await fetch(`${server.base}${resultLink.href}`)).arrayBuffer()), bytes);
});

test('a scenarios job gives the same ZIP bytes as POST /generate-scenarios; an impact job gives its SQLite', async ({ server }) => {
  const request = { distribution_system_name: FEEDER, hazard_system_name: QUAKE, number_of_samples: 50, seed: 7 };
  const scenarios = await submit(server.base, { kind: 'scenarios', request });
  const impact = await submit(server.base, { kind: 'impact', request: { ...request, crews: 2 } });
  const scenariosDone = (await pollUntil(server.base, scenarios.id, finished)).job;
  assert.is(scenariosDone.state, 'succeeded', JSON.stringify(scenariosDone.error));
  assert.is(scenariosDone.result.file_name, `${FEEDER}_scenarios_50samples.zip`);
  assert.is(scenariosDone.result.summary.number_of_samples, 50);
  assert.is(scenariosDone.result.summary.records, undefined, 'the records are in the ZIP, not the job record');
  const zip = await fetch(`${server.base}/jobs/${scenarios.id}/result`);
  assert.is(zip.headers.get('content-type'), 'application/zip');
  const synchronous = await postJson(`${server.base}/generate-scenarios`, request);
  assert.equal(Buffer.from(await zip.arrayBuffer()), Buffer.from(await synchronous.arrayBuffer()));

  const impactDone = (await pollUntil(server.base, impact.id, finished)).job;
  assert.is(impactDone.state, 'succeeded', JSON.stringify(impactDone.error));
  assert.is(impactDone.result.summary.crews, 2);
  const file = path.join(tempDir(), 'impact.sqlite');
  fs.writeFileSync(file, Buffer.from(await (await fetch(`${server.base}/jobs/${impact.id}/result`)).arrayBuffer()));
  assert.ok(sqliteContents(file).metrics.length > 0);
});

test('the events stream: the state now, progress as it happens, every state change, and it ends after the final one', async ({ server }) => {
  const job = await submit(server.base, {
    kind: 'scenarios',
    request: { distribution_system_name: 'large', hazard_system_name: 'hurricane', number_of_samples: 3000, seed: 3 },
  });
  const response = await fetch(`${server.base}/jobs/${job.id}/events`, { headers: { 'accept-encoding': 'gzip, br' } });
  assert.is(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/event-stream/);
  assert.is(response.headers.get('content-encoding'), null, 'events are not held back by a compressor');
  const events = await readEvents(response);
  assert.is(events[0].event, 'state');
  assert.equal(
    events.map((event) => Number(event.id)),
    events.map((_event, index) => index + 1),
  );
  const states = events.filter((event) => event.event === 'state').map((event) => event.data.state);
  assert.is(states[states.length - 1], 'succeeded');
  assert.ok(states.includes('running') || events[0].data.state === 'running', states.join());
  const progress = events.filter((event) => event.event === 'progress').map((event) => event.data.progress);
  const samplingDone = progress.filter((event) => event.phase === 'sampling scenarios').map((event) => event.done);
  assert.ok(samplingDone.length >= 2, JSON.stringify(progress));
  assert.ok(
    samplingDone.every((done, index) => index === 0 || done >= samplingDone[index - 1]),
    'progress counts up',
  );
  // A finished job's stream gives its final state once and ends.
  const again = await readEvents(await fetch(`${server.base}/jobs/${job.id}/events`));
  assert.equal(
    again.map((event) => [event.event, event.data.state]),
    [['state', 'succeeded']],
  );
});

test('a client that leaves (the events stream, or a poll) does not stop the job', async ({ server }) => {
  const job = await submit(server.base, {
    kind: 'scenarios',
    request: { distribution_system_name: 'large', hazard_system_name: 'hurricane', number_of_samples: 2000, seed: 4 },
  });
  const controller = new AbortController();
  const response = await fetch(`${server.base}/jobs/${job.id}/events`, { signal: controller.signal });
  const seen = await readEvents(response, (events) => events.some((event) => event.event === 'progress'));
  controller.abort();
  assert.ok(seen.length >= 2);
  const { job: done } = await pollUntil(server.base, job.id, finished);
  assert.is(done.state, 'succeeded', JSON.stringify(done.error));
});

test('cancel: DELETE stops the run, removes its partial files, and the job stays listed as cancelled; its worker is free again', async ({ server }) => {
  const job = await submit(server.base, LONG_SCENARIOS);
  await pollUntil(server.base, job.id, sampling);
  const cancelled = await expectJson(await fetch(`${server.base}/jobs/${job.id}`, { method: 'DELETE' }));
  assert.is(cancelled.state, 'cancelled');
  assert.equal(jobLeftovers(server.cacheDir, job.id), [], 'no partial ZIP nor temporary file');
  assert.is((await expectJson(await fetch(`${server.base}/jobs/${job.id}`))).state, 'cancelled');
  const stored = JSON.parse(fs.readFileSync(path.join(server.cacheDir, 'jobs', `${job.id}.json`), 'utf8'));
  assert.is(stored.state, 'cancelled', 'the record on disk says so too');
  await expectError(await fetch(`${server.base}/jobs/${job.id}/result`), 409, /cancelled/);
  // Both worker slots are free: were the cancelled run still going, one of these would wait for it.
  const started = Date.now();
  const runs = await Promise.all([1, 2].map(() => postJson(`${server.base}/simulate`, { distribution_system_name: FEEDER, hazard_system_name: QUAKE })));
  for (const run of runs) assert.is(run.status, 200);
  assert.ok(Date.now() - started < 60_000);
  // Removing the finished job takes its record away.
  assert.is((await expectJson(await fetch(`${server.base}/jobs/${job.id}`, { method: 'DELETE' }))).state, 'cancelled');
  await expectError(await fetch(`${server.base}/jobs/${job.id}`), 404);
  assert.not.ok(fs.existsSync(path.join(server.cacheDir, 'jobs', `${job.id}.json`)));
});

test('a finished job removed with DELETE takes its result with it', async ({ server }) => {
  const job = await submit(server.base, { kind: 'simulate', request: { distribution_system_name: FEEDER, hazard_system_name: QUAKE } });
  await pollUntil(server.base, job.id, finished);
  assert.ok(fs.existsSync(path.join(server.cacheDir, 'jobs', job.id)));
  assert.is((await expectJson(await fetch(`${server.base}/jobs/${job.id}`, { method: 'DELETE' }))).state, 'succeeded');
  assert.not.ok(fs.existsSync(path.join(server.cacheDir, 'jobs', job.id)));
  await expectError(await fetch(`${server.base}/jobs/${job.id}/result`), 404);
  await expectError(await fetch(`${server.base}/jobs/${job.id}`, { method: 'DELETE' }), 404);
});

test('bad submissions: the same rules and paths as the synchronous endpoints, unknown names 404, unknown ids 404, a running job has no result', async ({
  server,
}) => {
  const kind = await expectError(await postJson(`${server.base}/jobs`, { kind: 'dance', request: {} }), 422);
  assert.is(kind.errors![0].path, 'kind');
  const samples = await expectError(
    await postJson(`${server.base}/jobs`, {
      kind: 'scenarios',
      request: { distribution_system_name: FEEDER, hazard_system_name: QUAKE, number_of_samples: 0 },
    }),
    422,
  );
  assert.is(samples.errors![0].path, 'request.number_of_samples');
  const unknownField = await expectError(
    await postJson(`${server.base}/jobs`, { kind: 'simulate', request: { distribution_system_name: FEEDER, hazard_system_name: QUAKE, colour: 'red' } }),
    422,
  );
  assert.is(unknownField.errors![0].path, 'request.colour');
  await expectError(
    await postJson(`${server.base}/jobs`, { kind: 'simulate', request: { distribution_system_name: 'nope', hazard_system_name: QUAKE } }),
    404,
    /nope/,
  );
  await expectError(
    await postJson(`${server.base}/jobs`, {
      kind: 'impact',
      request: { distribution_system_name: FEEDER, hazard_system_name: QUAKE, curve_set: 'no_such_set' },
    }),
    404,
  );
  for (const id of ['01936b2e-7c4a-7d3e-9f1b-2a6c8e0d4f5a', '..%2F..%2Fetc', 'x']) {
    await expectError(await fetch(`${server.base}/jobs/${id}`), 404);
    await expectError(await fetch(`${server.base}/jobs/${id}/events`), 404);
    await expectError(await fetch(`${server.base}/jobs/${id}/result`), 404);
    await expectError(await fetch(`${server.base}/jobs/${id}`, { method: 'DELETE' }), 404);
  }
  const running = await submit(server.base, LONG_SCENARIOS);
  try {
    await expectError(await fetch(`${server.base}/jobs/${running.id}/result`), 409, /(queued|running)/);
  } finally {
    assert.is((await expectJson(await fetch(`${server.base}/jobs/${running.id}`, { method: 'DELETE' }))).state, 'cancelled');
  }
});

test('GET /jobs lists in submission order, filters by state and pages with a cursor like the other lists', async ({ server }) => {
  const all = await expectJson<Job[]>(await fetch(`${server.base}/jobs`));
  assert.ok(all.length >= 5);
  assert.equal(
    all.map((job) => job.id),
    all.map((job) => job.id).sort(),
  );
  const first = await fetch(`${server.base}/jobs?limit=2`);
  const page = await expectJson<Job[]>(first);
  assert.equal(
    page.map((job) => job.id),
    all.slice(0, 2).map((job) => job.id),
  );
  assert.is(first.headers.get('x-total-count'), String(all.length));
  const cursor = first.headers.get('x-next-cursor')!;
  assert.match(first.headers.get('link') ?? '', /rel="next"/);
  const second = await expectJson<Job[]>(await fetch(`${server.base}/jobs?limit=2&cursor=${cursor}`));
  assert.equal(
    second.map((job) => job.id),
    all.slice(2, 4).map((job) => job.id),
  );
  const succeeded = await expectJson<Job[]>(await fetch(`${server.base}/jobs?state=succeeded`));
  assert.ok(succeeded.length > 0 && succeeded.every((job) => job.state === 'succeeded'));
  await expectError(await fetch(`${server.base}/jobs?cursor=nonsense`), 422);
  await expectError(await fetch(`${server.base}/jobs?state=sleeping`), 422);
  // Polling with the ETag: 304 while nothing changed (node:http, as fetch adds Cache-Control: no-cache to a conditional request).
  const one = await fetch(`${server.base}/jobs/${succeeded[0].id}`);
  await one.arrayBuffer();
  const unchanged = await new Promise<number | undefined>((resolve, reject) =>
    http
      .get(`${server.base}/jobs/${succeeded[0].id}`, { headers: { 'if-none-match': one.headers.get('etag')! } }, (response) => {
        response.resume();
        resolve(response.statusCode);
      })
      .on('error', reject),
  );
  assert.is(unchanged, 304);
});

test.run();

const restart = suite('jobs across a server restart');

restart('a server killed under a running job, started again, reports the job failed "interrupted by server restart", its files gone', async () => {
  const cacheDir = tempDir();
  const first = await spawnServer(['--cache-dir', cacheDir]);
  let job: Job;
  try {
    await seed(first.url);
    job = await submit(first.url, LONG_SCENARIOS);
    await pollUntil(first.url, job.id, sampling);
    first.child.kill('SIGKILL');
    await first.exited;
  } finally {
    first.child.kill('SIGKILL');
  }
  const stored = JSON.parse(fs.readFileSync(path.join(cacheDir, 'jobs', `${job.id}.json`), 'utf8'));
  assert.is(stored.state, 'running', 'the killed server could not write anything more');
  const second = await spawnServer(['--cache-dir', cacheDir]);
  try {
    const after = await expectJson(await fetch(`${second.url}/jobs/${job.id}`));
    assert.is(after.state, 'failed');
    assert.match(after.error.detail, /interrupted by server restart/i);
    assert.ok(after.finished_at);
    assert.equal(jobLeftovers(cacheDir, job.id), []);
    await expectError(await fetch(`${second.url}/jobs/${job.id}/result`), 409, /failed/);

    // A graceful stop (SIGTERM) ends a running job failed at once, saying why.
    const next = await submit(second.url, LONG_SCENARIOS);
    await pollUntil(second.url, next.id, sampling);
    assert.is(await second.stop(), 0, second.stderr());
    const ended = JSON.parse(fs.readFileSync(path.join(cacheDir, 'jobs', `${next.id}.json`), 'utf8'));
    assert.is(ended.state, 'failed');
    assert.match(ended.error.detail, /server shut down/);
    assert.equal(jobLeftovers(cacheDir, next.id), []);
  } finally {
    second.child.kill('SIGKILL');
  }
});

restart.run();
