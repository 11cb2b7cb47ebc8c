import fs from 'node:fs';
import type { Context } from 'koa';
import type { HazsimService } from '../../../app/service.js';
import { ReportRequest, ScenarioRequest, SimulationRequest } from '../../../app/schemas.js';
import type { Route } from '../routeTable.js';

const TAG = 'Simulation';
export const SQLITE_CONTENT_TYPE = 'application/x-sqlite3';
export const ZIP_CONTENT_TYPE = 'application/zip';
export const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';

/** A result file the service wrote to a private temporary path; the route owns it once returned. */
interface ResultFile {
  filePath: string;
  /** Name offered to the client in Content-Disposition. */
  fileName: string;
}

/**
 * Streams a result file from disk as an attachment and removes it once the response is
 * over, whether it was sent completely or the client went away.
 */
async function sendAndRemove(ctx: Context, file: ResultFile, contentType: string): Promise<void> {
  const remove = () => fs.rm(file.filePath, { force: true }, () => {});
  try {
    const { size } = await fs.promises.stat(file.filePath);
    ctx.res.once('close', remove);
    ctx.type = contentType;
    ctx.attachment(file.fileName);
    ctx.length = size;
    ctx.body = fs.createReadStream(file.filePath);
  } catch (error) {
    remove();
    throw error;
  }
}

interface RunEndpoint {
  path: string;
  operationId: string;
  summary: string;
  description: string;
  schema: typeof SimulationRequest | typeof ScenarioRequest | typeof ReportRequest;
  contentType: string;
  fileName: string;
  /** Runs the request in a worker thread and resolves to the temporary result file. */
  run(body: unknown): Promise<ResultFile>;
}

/** A JSON request in, a result file streamed out. */
function runRoute(endpoint: RunEndpoint): Route {
  return {
    method: 'POST',
    path: endpoint.path,
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    description: endpoint.description,
    tag: TAG,
    body: { kind: 'json', schema: endpoint.schema },
    success: { status: 200, description: `the ${endpoint.contentType} result`, file: { contentType: endpoint.contentType, fileName: endpoint.fileName } },
    errors: [404, 415, 422],
    async handle(ctx, { body }) {
      await sendAndRemove(ctx, await endpoint.run(body), endpoint.contentType);
    },
  };
}

/**
 * POST /simulate and POST /generate-scenarios (spec §4.1 rules 1 and 2), and POST /report. The service runs
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
      contentType: SQLITE_CONTENT_TYPE,
      fileName: '{distribution_name}_{hazard_name}_results.sqlite',
      run: (body) => service.simulate(body),
    }),
    runRoute({
      path: '/generate-scenarios',
      operationId: 'generateScenarios',
      summary: 'Generate Monte Carlo outage scenarios and download them as a ZIP',
      description:
        'The ZIP holds tracked_changes.json (one record per sample and timestamp with failures) and time_series/ with one CSV per asset component. The same inputs and seed give the same bytes.',
      schema: ScenarioRequest,
      contentType: ZIP_CONTENT_TYPE,
      fileName: '{distribution_name}_scenarios_{number_of_samples}samples.zip',
      // The download carries every record; none need be kept in memory for a summary.
      run: (body) => service.generateScenarios(body, { recordLimit: 0 }),
    }),
    runRoute({
      path: '/report',
      operationId: 'generateReport',
      summary: 'Run a simulation and download a self-contained HTML report of it',
      description:
        'Runs the simulation (and the scenarios when number_of_samples is given) and returns one HTML page with every script and style inlined: a map coloured by failure probability with a time slider and the hazard footprint, expected failures over time, failures per sample, the fragility curves used and the provenance. It opens from disk with no network.',
      schema: ReportRequest,
      contentType: HTML_CONTENT_TYPE,
      fileName: '{distribution_name}_{hazard_name}_report.html',
      run: (body) => service.generateReport(body),
    }),
  ];
}
