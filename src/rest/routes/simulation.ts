import fs from 'node:fs';
import type { Context } from 'koa';
import { ScenarioRequest, SimulationRequest } from '../../core/schemas.js';
import type { DownloadFile, SimulationOps } from '../simulationOps.js';
import type { Route } from '../routeTable.js';

const TAG = 'Simulation';
export const SQLITE_CONTENT_TYPE = 'application/x-sqlite3';
export const ZIP_CONTENT_TYPE = 'application/zip';

/** The answer of every engine endpoint while the server runs without the simulation engine. */
export function engineMissing(ctx: Context): never {
  ctx.throw(501, 'This server was started without the simulation engine, so simulations, scenarios and curve sets are not available', { expose: true });
}

/**
 * Streams a result file from disk as an attachment and removes it once the response is
 * over, whether it was sent completely or the client went away.
 */
async function sendAndRemove(ctx: Context, file: DownloadFile, contentType: string): Promise<void> {
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
  schema: typeof SimulationRequest | typeof ScenarioRequest;
  contentType: string;
  fileName: string;
  run(ops: SimulationOps, body: unknown): Promise<DownloadFile>;
}

/** A JSON request in, a result file streamed out. */
function runRoute(ops: SimulationOps | undefined, endpoint: RunEndpoint): Route {
  return {
    method: 'POST',
    path: endpoint.path,
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    description: endpoint.description,
    tag: TAG,
    body: { kind: 'json', schema: endpoint.schema },
    success: { status: 200, description: `the ${endpoint.contentType} result`, file: { contentType: endpoint.contentType, fileName: endpoint.fileName } },
    errors: [404, 415, 422, 501],
    async handle(ctx, { body }) {
      if (!ops) engineMissing(ctx);
      await sendAndRemove(ctx, await endpoint.run(ops, body), endpoint.contentType);
    },
  };
}

/** POST /simulate and POST /generate-scenarios (spec §4.1 rules 1 and 2). */
export function simulationRoutes(ops: SimulationOps | undefined): Route[] {
  return [
    runRoute(ops, {
      path: '/simulate',
      operationId: 'simulate',
      summary: 'Run a hazard simulation and download the result database',
      description: 'Computes survival probabilities of every asset of the distribution model at every timestamp of the hazard model with the chosen fragility curve set, and returns them as a SQLite file.',
      schema: SimulationRequest,
      contentType: SQLITE_CONTENT_TYPE,
      fileName: '{distribution_name}_{hazard_name}_results.sqlite',
      run: (engine, body) => engine.simulate(body as SimulationRequest),
    }),
    runRoute(ops, {
      path: '/generate-scenarios',
      operationId: 'generateScenarios',
      summary: 'Generate Monte Carlo outage scenarios and download them as a ZIP',
      description: 'The ZIP holds tracked_changes.json (one record per sample and timestamp with failures) and time_series/ with one CSV per asset component. The same inputs and seed give the same bytes.',
      schema: ScenarioRequest,
      contentType: ZIP_CONTENT_TYPE,
      fileName: '{distribution_name}_scenarios_{number_of_samples}samples.zip',
      run: (engine, body) => engine.generateScenarios(body as ScenarioRequest),
    }),
  ];
}
