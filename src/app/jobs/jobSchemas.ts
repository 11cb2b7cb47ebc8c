/**
 * Jobs: long runs submitted now and fetched later (docs/jobs.md). The request of each kind is
 * the very schema of its synchronous endpoint, so a body that POST /simulate accepts is the
 * `request` of a simulate job, checked by the same rules.
 */
import * as v from 'valibot';
import { scenarioRequestFor, schemaPerBound, SimulationRequest } from '../contract/schemas.js';
import { impactRequestFor } from '../impact/impactSchemas.js';

export const JOB_KINDS = ['simulate', 'scenarios', 'impact'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const JOB_STATES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** States a job never leaves. */
export const FINISHED_STATES: readonly JobState[] = ['succeeded', 'failed', 'cancelled'];

/** What POST /jobs takes: the kind of run and its request, bounded by the server's sample limit (as scenarioRequestFor). */
export const jobRequestFor = schemaPerBound((maxSamples: number) =>
  v.variant('kind', [
    v.strictObject({
      kind: v.pipe(v.literal('simulate'), v.description('survival probabilities as a SQLite file, as POST /simulate')),
      request: SimulationRequest,
    }),
    v.strictObject({
      kind: v.pipe(v.literal('scenarios'), v.description('Monte Carlo outage scenarios as a ZIP, as POST /generate-scenarios')),
      request: scenarioRequestFor(maxSamples),
    }),
    v.strictObject({
      kind: v.pipe(v.literal('impact'), v.description('the network impact of the scenarios as a SQLite file, as POST /impact')),
      request: impactRequestFor(maxSamples),
    }),
  ]),
);
export type JobRequest = v.InferOutput<ReturnType<typeof jobRequestFor>>;

const Count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** The latest progress a running job reported. */
export const JobProgress = v.strictObject({
  phase: v.pipe(
    v.string(),
    v.description('what the run is doing: reading models, computing survival, sampling scenarios, energizing samples, writing results'),
  ),
  done: v.pipe(Count, v.description('steps of this phase done')),
  total: v.pipe(Count, v.description('steps of this phase')),
});

/** Why a job failed, in the shape of the error body of the synchronous endpoint. */
export const JobError = v.strictObject({
  detail: v.string(),
  status_code: v.pipe(v.number(), v.integer(), v.minValue(400), v.maxValue(599), v.description('the status the synchronous endpoint would have answered')),
  errors: v.optional(v.array(v.strictObject({ path: v.string(), message: v.string() }))),
});

/** A job as GET /jobs/{job_id} shows it. */
export const JobRecord = v.strictObject({
  id: v.pipe(v.string(), v.description('the job id, a UUID version 7: ids sort in submission order')),
  kind: v.pipe(v.picklist(JOB_KINDS), v.description('the kind of run')),
  state: v.pipe(
    v.picklist(JOB_STATES),
    v.description('queued (waiting for a free worker), running, succeeded (the result can be downloaded), failed (see error) or cancelled'),
  ),
  request: v.pipe(v.record(v.string(), v.unknown()), v.description('the request of the run, with its defaults filled in')),
  created_at: v.pipe(v.string(), v.description('ISO 8601 UTC date-time of the submission')),
  started_at: v.pipe(v.nullable(v.string()), v.description('ISO 8601 UTC date-time the run started; null while queued')),
  finished_at: v.pipe(v.nullable(v.string()), v.description('ISO 8601 UTC date-time the job reached its final state')),
  progress: v.pipe(v.nullable(JobProgress), v.description('the latest progress reported; null before the first report')),
  result: v.pipe(
    v.nullable(
      v.strictObject({
        file_name: v.pipe(v.string(), v.description('the name the download carries, as the synchronous endpoint names it')),
        size_bytes: Count,
        summary: v.pipe(v.record(v.string(), v.unknown()), v.description('what the run reports about its result, as the CLI prints it with --json')),
      }),
    ),
    v.description('set once the job succeeded'),
  ),
  error: v.pipe(v.nullable(JobError), v.description('set once the job failed')),
  expires_at: v.pipe(
    v.nullable(v.string()),
    v.description(
      'ISO 8601 UTC date-time from which the finished job and its result are gone (404) and their files removed (hazsim serve --job-ttl); null while the job runs, or when the server keeps finished jobs until they are deleted',
    ),
  ),
});
export type JobRecord = v.InferOutput<typeof JobRecord>;
