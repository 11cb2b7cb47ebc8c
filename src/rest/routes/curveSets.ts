import fs from 'node:fs';
import * as v from 'valibot';
import { ModelRecord, ModelRecordWithContent, StatusMessage, UploadResponse } from '../../core/schemas.js';
import { DefaultCurveSets, UploadForm } from '../schemas.js';
import type { SimulationOps } from '../simulationOps.js';
import type { Route } from '../routeTable.js';
import { engineMissing } from './simulation.js';

const TAG = 'Curve sets';
const params = { name: 'name of a custom curve set' };

/** GET /default-curve-sets and the custom curve set collection /curve-sets. */
export function curveSetRoutes(ops: SimulationOps | undefined): Route[] {
  return [
    {
      method: 'GET',
      path: '/default-curve-sets',
      operationId: 'defaultCurveSets',
      summary: 'Names of every fragility curve set (built-in and custom) and the default one',
      tag: TAG,
      success: { status: 200, description: 'curve set names', json: DefaultCurveSets },
      errors: [501],
      async handle(ctx) {
        if (!ops) engineMissing(ctx);
        ctx.body = await ops.defaultCurveSets();
      },
    },
    {
      method: 'POST',
      path: '/curve-sets',
      operationId: 'uploadCurveSet',
      summary: 'Upload a custom fragility curve set (JSON)',
      description: 'Asset types the set leaves out fall back to DEFAULT_CURVES. A built-in set name cannot be taken.',
      tag: TAG,
      body: { kind: 'multipart', schema: UploadForm },
      success: { status: 201, description: 'Curve set stored', json: UploadResponse },
      errors: [400, 409, 413, 415, 422, 501],
      async handle(ctx, { upload }) {
        if (!ops) engineMissing(ctx);
        const { filePath, ...form } = upload!;
        const record = await ops.uploadCurveSet({ ...form, bytes: await fs.promises.readFile(filePath) });
        ctx.status = 201;
        ctx.body = { status: 'success', message: `Curve set ${record.name} uploaded successfully`, name: record.name, file_path: record.file_path };
      },
    },
    {
      method: 'GET',
      path: '/curve-sets',
      operationId: 'listCurveSets',
      summary: 'List custom curve sets',
      tag: TAG,
      success: { status: 200, description: 'records without content, sorted by name', json: v.array(ModelRecord) },
      errors: [501],
      async handle(ctx) {
        if (!ops) engineMissing(ctx);
        ctx.body = await ops.listCurveSets();
      },
    },
    {
      method: 'GET',
      path: '/curve-sets/{name}',
      operationId: 'getCurveSet',
      summary: 'Get a custom curve set with its content',
      tag: TAG,
      params,
      success: { status: 200, description: 'the record with the curve set as content', json: ModelRecordWithContent },
      errors: [404, 501],
      async handle(ctx, { params: { name } }) {
        if (!ops) engineMissing(ctx);
        ctx.body = await ops.getCurveSet(name);
      },
    },
    {
      method: 'DELETE',
      path: '/curve-sets/{name}',
      operationId: 'deleteCurveSet',
      summary: 'Delete a custom curve set',
      tag: TAG,
      params,
      success: { status: 200, description: 'deleted', json: StatusMessage },
      errors: [404, 501],
      async handle(ctx, { params: { name } }) {
        if (!ops) engineMissing(ctx);
        await ops.deleteCurveSet(name);
        ctx.body = { status: 'success', message: `Curve set ${name} deleted successfully` };
      },
    },
  ];
}
