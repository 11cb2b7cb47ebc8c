/**
 * The job endpoints (docs/jobs.md): submit a run and get its id at once, follow its state and
 * progress (polled, or as Server-Sent Events), cancel it, download its result.
 */
import { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import * as v from 'valibot';
import type { HazsimService } from '../../../app/service.js';
import { FINISHED_STATES, jobRequestFor, type JobKind, type JobRecord } from '../../../app/jobs/jobSchemas.js';
import { JobListQuery, JobResource } from '../schemas.js';
import { SCENARIO_EXAMPLE } from '../examples.js';
import { PAGE_HEADERS, sendPage } from '../paging.js';
import type { Route } from '../routeTable.js';
import { clientError } from '../clientPaths.js';
import { SQLITE_CONTENT_TYPE, sendFile } from './simulation.js';
import { SCENARIO_FILE_FORMATS, SCENARIO_FORMATS, type ScenarioFormat } from '../../../app/results/scenarioFormats.js';

const TAG = 'Jobs';
const EVENT_STREAM = 'text/event-stream';
/** A comment line this often keeps proxies and clients from closing an event stream that has nothing new to say. */
const KEEP_ALIVE_MS = 15_000;
/** How often an event stream looks at a job that another hazsim process over the same cache runs. */
const FOREIGN_POLL_MS = 1_000;

/** The media type of a job's result, from its kind and request (a scenario job's `format`; records from before that field are ZIPs). */
const RESULT_TYPES: Record<JobKind, (request: JobRecord['request']) => string> = {
  simulate: () => SQLITE_CONTENT_TYPE,
  scenarios: (request) => SCENARIO_FILE_FORMATS[scenarioFormatOf(request)].contentType,
  impact: () => SQLITE_CONTENT_TYPE,
};

function scenarioFormatOf(request: JobRecord['request']): ScenarioFormat {
  return SCENARIO_FORMATS.find((format) => format === request.format) ?? SCENARIO_FORMATS[0];
}

/** The id the documentation's examples show (a UUID version 7 of no stored job: trying it answers 404). */
const EXAMPLE_JOB_ID = '01936b2e-7c4a-7d3e-9f1b-2a6c8e0d4f5a';
const jobParam = { job_id: { description: 'the job id that POST /jobs answered', example: EXAMPLE_JOB_ID } };

type Resource = v.InferOutput<typeof JobResource>;

function resourceOf(cacheRoot: string, record: JobRecord): Resource {
  const self = `/jobs/${record.id}`;
  return {
    ...record,
    // A failed run's message names files as the core does: by absolute paths.
    error: record.error && clientError(cacheRoot, record.error),
    links: [
      { rel: 'self', href: self, type: 'application/json' },
      { rel: 'events', href: `${self}/events`, type: EVENT_STREAM },
      ...(record.state === 'succeeded' ? [{ rel: 'result' as const, href: `${self}/result`, type: RESULT_TYPES[record.kind](record.request) }] : []),
    ],
  };
}

/** Submission order, by id (ids are UUID version 7), for the list's cursors. */
const JOB_ORDER = { list: 'jobs', key: (job: Resource) => job.id, compare: (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0) };

/**
 * Streams a job's record as Server-Sent Events: first as it is now (event `state`), then at
 * every change (`progress` while the state stays, `state` when it changes), each `data` the
 * job as GET /jobs/{job_id} shows it. The stream ends after the job's final state; it also
 * ends when the client leaves (the job goes on) or the server shuts down.
 */
function streamEvents(ctx: Context, service: HazsimService, id: string): void {
  const stream = new PassThrough();
  let sequence = 0;
  let lastState: string | null = null;
  let lastText = '';
  const cleanups: (() => void)[] = [];
  const close = () => {
    for (const cleanup of cleanups.splice(0)) cleanup();
    stream.end();
  };
  const send = (record: JobRecord) => {
    if (stream.writableEnded) return;
    const text = JSON.stringify(resourceOf(service.cache.root, record));
    if (text === lastText) return;
    lastText = text;
    sequence += 1;
    const event = record.state === lastState ? 'progress' : 'state';
    lastState = record.state;
    stream.write(`id: ${sequence}\nevent: ${event}\ndata: ${text}\n\n`);
    if (FINISHED_STATES.includes(record.state)) close();
  };

  // An unknown job throws here, before any header is sent: the client gets the 404 error body.
  const watch = service.jobs.watch(id, send);
  cleanups.push(watch.stop);
  ctx.status = 200;
  ctx.type = EVENT_STREAM;
  ctx.set('Cache-Control', 'no-cache');
  // Reverse proxies (nginx) would otherwise buffer the stream.
  ctx.set('X-Accel-Buffering', 'no');
  ctx.body = stream;
  ctx.req.socket.setNoDelay(true);
  send(watch.record);
  if (stream.writableEnded) return;
  if (!watch.live) {
    const poll = setInterval(() => {
      try {
        send(service.jobs.get(id));
      } catch {
        close();
      }
    }, FOREIGN_POLL_MS);
    cleanups.push(() => clearInterval(poll));
  }
  const keepAlive = setInterval(() => stream.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  cleanups.push(() => clearInterval(keepAlive));
  ctx.res.once('close', close);
  ctx.app.once('draining', close);
  cleanups.push(() => ctx.app.off('draining', close));
}

export function jobRoutes(service: HazsimService): Route[] {
  return [
    {
      method: 'POST',
      path: '/jobs',
      operationId: 'submitJob',
      summary: 'Submit a simulation, scenario or impact run as a job',
      description:
        'Starts the run in the background and answers at once with the job (202, its URL in Location). `request` is exactly the body of the synchronous endpoint of its kind (POST /simulate, /generate-scenarios or /impact), checked by the same rules, and unknown model or curve-set names are refused now. The job runs whether or not any client stays connected; follow it with GET /jobs/{job_id} or its events, and download its result once it has succeeded.',
      tag: TAG,
      body: { kind: 'json', schema: jobRequestFor(service.limits.maxSamples), example: { kind: 'scenarios', request: SCENARIO_EXAMPLE } },
      success: { status: 202, description: 'the job, queued or already running', json: JobResource },
      successHeaders: { Location: 'the path of the job, /jobs/{job_id}' },
      errors: [400, 404, 413, 415, 422],
      errorMeanings: { 404: 'unknown distribution model, hazard model or curve set in the request' },
      handle(ctx, { body }) {
        const record = service.jobs.submit(body);
        ctx.status = 202;
        ctx.set('Location', `/jobs/${record.id}`);
        ctx.body = resourceOf(service.cache.root, record);
      },
    },
    {
      method: 'GET',
      path: '/jobs',
      operationId: 'listJobs',
      summary: 'List jobs',
      description:
        'Every job of the cache, finished or not, in submission order (optionally only those in one state). Without `limit` the whole list comes back; with it, one page, and the X-Next-Cursor header (and a Link rel="next") leads to the next. X-Total-Count counts the whole list.',
      tag: TAG,
      query: JobListQuery,
      success: { status: 200, description: 'the jobs, oldest first', json: v.array(JobResource) },
      successHeaders: PAGE_HEADERS,
      errors: [422],
      handle(ctx, { query }) {
        const state = query.state as string | undefined;
        const jobs = service.jobs
          .list()
          .filter((job) => state === undefined || job.state === state)
          .map((record) => resourceOf(service.cache.root, record));
        sendPage(ctx, jobs, query as { limit?: number; cursor?: string }, JOB_ORDER);
      },
    },
    {
      method: 'GET',
      path: '/jobs/{job_id}',
      operationId: 'getJob',
      summary: 'Get the state and progress of a job',
      description:
        'The job: its state (queued, running, succeeded, failed, cancelled), the latest progress of its run, and once finished its result (file name, size, summary, and a `result` link to download it) or its error (as the synchronous endpoint would have answered it). A job whose server stopped before it finished is failed ("Interrupted by server restart"). Poll with If-None-Match to get 304 while nothing changed.',
      tag: TAG,
      params: jobParam,
      success: { status: 200, description: 'the job', json: JobResource },
      conditional: true,
      errors: [404],
      errorMeanings: { 404: 'no job with this id' },
      handle(ctx, { params }) {
        ctx.body = resourceOf(service.cache.root, service.jobs.get(params.job_id));
      },
    },
    {
      method: 'GET',
      path: '/jobs/{job_id}/events',
      operationId: 'streamJobEvents',
      summary: 'Follow a job as Server-Sent Events',
      description:
        'A text/event-stream of the job: first its record as it is now (event `state`), then every change, `progress` while the state stays and `state` when it changes, each with the job as GET /jobs/{job_id} shows it in `data`. The stream ends after the final state (close an EventSource then, or it reconnects and gets the final state again). Leaving the stream does not stop the job.',
      tag: TAG,
      params: jobParam,
      success: { status: 200, description: 'the events of the job, until its final state', eventStream: true },
      errors: [404],
      errorMeanings: { 404: 'no job with this id' },
      handle(ctx, { params }) {
        streamEvents(ctx, service, params.job_id);
      },
    },
    {
      method: 'DELETE',
      path: '/jobs/{job_id}',
      operationId: 'cancelJob',
      summary: 'Cancel a job, or remove a finished one',
      description:
        'A queued or running job is cancelled: its run stops, the files it was writing are removed, and the answer is the job in state cancelled (it stays listed). A finished job (succeeded, failed or cancelled) is removed with its result; the answer is the job as it was, and the id is unknown afterwards.',
      tag: TAG,
      params: jobParam,
      success: { status: 200, description: 'the job after the call', json: JobResource },
      errors: [404, 409],
      errorMeanings: { 404: 'no job with this id', 409: 'the job runs in another hazsim server over the same cache' },
      async handle(ctx, { params }) {
        ctx.body = resourceOf(service.cache.root, await service.jobs.cancel(params.job_id));
      },
    },
    {
      method: 'GET',
      path: '/jobs/{job_id}/result',
      operationId: 'downloadJobResult',
      summary: 'Download the result of a job',
      description:
        "The file the run wrote, as its synchronous endpoint sends it: a SQLite database (simulate, impact) or the scenario file in the request's format (scenarios: ZIP or Parquet), with the same file name and content type. It stays available until the job is removed (DELETE /jobs/{job_id}).",
      tag: TAG,
      params: jobParam,
      success: {
        status: 200,
        description: 'the result file',
        file: {
          contentType: [SQLITE_CONTENT_TYPE, ...SCENARIO_FORMATS.map((format) => SCENARIO_FILE_FORMATS[format].contentType)],
          fileName: '<result.file_name of the job>',
        },
      },
      errors: [404, 409],
      errorMeanings: { 404: 'no job with this id, or its result is gone', 409: 'the job has not succeeded (yet): queued, running, failed or cancelled' },
      async handle(ctx, { params }) {
        const result = service.jobs.result(params.job_id);
        await sendFile(ctx, result, RESULT_TYPES[result.kind](result.request));
      },
    },
  ];
}
