import fs from 'node:fs';
import type { Context } from 'koa';
import type { HazsimService } from '../../../app/service.js';
import type * as v from 'valibot';
import { ReportRequest, scenarioRequestFor, SimulationRequest } from '../../../app/contract/schemas.js';
import type { Route } from '../routeTable.js';
import { REPORT_EXAMPLE, SCENARIO_EXAMPLE, SIMULATION_EXAMPLE } from '../examples.js';
import { fileTag } from '../http.js';
import { SCENARIO_FILE_FORMATS, SCENARIO_FORMATS } from '../../../app/results/scenarioFormats.js';

const TAG = 'Simulation';
export const SQLITE_CONTENT_TYPE = 'application/x-sqlite3';
export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';

/** A result file the service wrote to a private temporary path (the route owns it once returned), or one it opened for the route. */
interface ResultFile {
  filePath: string;
  /** Name offered to the client in Content-Disposition. */
  fileName: string;
  /** The file already opened by the service (a job's result, checked on this handle): read from it, never from the path again. */
  fd?: number;
}

/** A result file and the media type it is sent as. */
interface TypedResultFile extends ResultFile {
  contentType: string;
}

/**
 * Streams a file from disk as an attachment with its sha256 as ETag; `afterwards` runs once
 * the response is over, whether it was sent completely or the client went away. A handle the
 * file came with is read and closed here.
 */
export async function sendFile(ctx: Context, file: ResultFile, contentType: string, afterwards: () => void = () => undefined): Promise<void> {
  const closeHandle = () => {
    if (file.fd !== undefined) fs.close(file.fd, () => {});
  };
  if (ctx.res.destroyed) {
    closeHandle();
    afterwards();
    return;
  }
  try {
    if (file.fd === undefined) {
      const { size } = await fs.promises.stat(file.filePath);
      ctx.res.once('close', afterwards);
      ctx.etag = await fileTag(file.filePath);
      ctx.length = size;
      ctx.body = fs.createReadStream(file.filePath);
    } else {
      const { size } = fs.fstatSync(file.fd);
      ctx.etag = await fileTag(fs.createReadStream('', { fd: file.fd, autoClose: false, start: 0 }));
      ctx.res.once('close', afterwards);
      ctx.length = size;
      ctx.body = fs.createReadStream('', { fd: file.fd, autoClose: true, start: 0 });
    }
    ctx.type = contentType;
    ctx.attachment(file.fileName);
  } catch (error) {
    closeHandle();
    afterwards();
    throw error;
  }
}

/** Streams a result file the service wrote for this request only, and removes it once the response is over. */
function sendAndRemove(ctx: Context, file: ResultFile, contentType: string): Promise<void> {
  return sendFile(ctx, file, contentType, () => fs.rm(file.filePath, { force: true }, () => {}));
}

/** Runs `run` with a signal that aborts when the client disconnects first: the run stops, and the service removes what it wrote. */
export async function whileConnected<T>(ctx: Context, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const abandoned = new AbortController();
  const onClose = () => abandoned.abort();
  ctx.res.once('close', onClose);
  try {
    return await run(abandoned.signal);
  } finally {
    ctx.res.off('close', onClose);
  }
}

interface RunEndpoint {
  path: string;
  operationId: string;
  summary: string;
  description: string;
  /** The request's schema, for the OpenAPI document; the service call in `run` validates the body with it (once). */
  schema: v.GenericSchema;
  example: Record<string, unknown>;
  /** The media types the endpoint may answer with, for the OpenAPI document. */
  contentType: string | readonly string[];
  fileName: string;
  /** Validates the request and runs it in a worker thread (the service does both), resolving to the temporary result file and its media type; `signal` aborts when the client goes away. */
  run(body: unknown, signal: AbortSignal): Promise<TypedResultFile>;
}

/** A JSON request in, a result file streamed out. */
export function runRoute(endpoint: RunEndpoint): Route {
  return {
    method: 'POST',
    path: endpoint.path,
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    description: endpoint.description,
    tag: TAG,
    body: { kind: 'json', schema: endpoint.schema, example: endpoint.example, validatedBy: 'service' },
    success: {
      status: 200,
      description: `the ${[endpoint.contentType].flat().join(' or ')} result`,
      file: { contentType: endpoint.contentType, fileName: endpoint.fileName },
    },
    // 400: the body is not JSON; 413: it is over the JSON body limit.
    errors: [400, 404, 413, 415, 422],
    async handle(ctx, { body }) {
      const file = await whileConnected(ctx, (signal) => endpoint.run(body, signal));
      await sendAndRemove(ctx, file, file.contentType);
    },
  };
}

/**
 * POST /simulate and POST /generate-scenarios (docs/specification.md §4.1 rules 1 and 2), and POST /report. The service runs
 * them in worker threads and, given no output path, writes a private temporary file.
 */
export function simulationRoutes(service: HazsimService): Route[] {
  return [
    runRoute({
      path: '/simulate',
      operationId: 'simulate',
      summary: 'Run a hazard simulation and download the result database',
      description:
        'Computes survival probabilities of every asset of the distribution model at every timestamp of the hazard model with the chosen fragility curve set, and returns them as a SQLite file.',
      schema: SimulationRequest,
      example: SIMULATION_EXAMPLE,
      contentType: SQLITE_CONTENT_TYPE,
      fileName: '{distribution_name}_{hazard_name}_results.sqlite',
      run: async (body, signal) => ({ ...(await service.runs.simulate(body, { signal })), contentType: SQLITE_CONTENT_TYPE }),
    }),
    runRoute({
      path: '/generate-scenarios',
      operationId: 'generateScenarios',
      summary: 'Generate Monte Carlo outage scenarios and download them as a ZIP (or Parquet)',
      description: `The ZIP (format zip, the default) holds tracked_changes.json (one record per sample and timestamp with failures), damage.csv and time_series/ with one CSV per asset component; format parquet returns one Parquet file with a row per failed asset and sample (docs/scenarios-parquet.md). Content types: ${SCENARIO_FORMATS.map((format) => `${format} ${SCENARIO_FILE_FORMATS[format].contentType}`).join(', ')}. The same inputs and seed give the same bytes.`,
      schema: scenarioRequestFor(service.limits.maxSamples),
      example: SCENARIO_EXAMPLE,
      contentType: SCENARIO_FORMATS.map((format) => SCENARIO_FILE_FORMATS[format].contentType),
      fileName: `{distribution_name}_scenarios_{number_of_samples}samples.zip (${SCENARIO_FORMATS.slice(1)
        .map((format) => `.${SCENARIO_FILE_FORMATS[format].extension} with format ${format}`)
        .join(', ')})`,
      // The download carries every record; none need be kept in memory for a summary.
      run: async (body, signal) => {
        const outcome = await service.runs.generateScenarios(body, { recordLimit: 0, signal });
        return { ...outcome, contentType: SCENARIO_FILE_FORMATS[outcome.format].contentType };
      },
    }),
    runRoute({
      path: '/report',
      operationId: 'generateReport',
      summary: 'Run a simulation and download a self-contained HTML report of it',
      description:
        'Runs the simulation (and the scenarios when number_of_samples is given) and returns one HTML page with every script and style inlined: a map coloured by failure probability with a time slider and the hazard footprint, expected failures over time, failures per sample, the fragility curves used and the provenance. It opens from disk with no network.',
      schema: ReportRequest,
      example: REPORT_EXAMPLE,
      contentType: HTML_CONTENT_TYPE,
      fileName: '{distribution_name}_{hazard_name}_report.html',
      run: async (body, signal) => ({ ...(await service.reports.generate(body, { signal })), contentType: HTML_CONTENT_TYPE }),
    }),
  ];
}
