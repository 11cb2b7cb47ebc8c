import * as v from 'valibot';
import { HazsimError } from '../../../base/errors.js';
import type { HazsimService } from '../../../app/service.js';
import { CurveSetRecord, CurveSetWithContent, DefaultCurveSets, StatusMessage, UploadResponse } from '../../../app/schemas.js';
import { ListQuery, UploadForm } from '../schemas.js';
import type { Route } from '../routeTable.js';

const TAG = 'Curve sets';
const params = { name: 'name of a curve set' };

/** GET /default-curve-sets and the curve set collection /curve-sets (built-in and custom sets). */
export function curveSetRoutes(service: HazsimService): Route[] {
  return [
    {
      method: 'GET',
      path: '/default-curve-sets',
      operationId: 'defaultCurveSets',
      summary: 'Names of every fragility curve set (built-in and custom) and the default one',
      tag: TAG,
      success: { status: 200, description: 'curve set names', json: DefaultCurveSets },
      errors: [],
      handle(ctx) {
        ctx.body = service.defaultCurveSets();
      },
    },
    {
      method: 'POST',
      path: '/curve-sets',
      operationId: 'uploadCurveSet',
      summary: 'Upload a custom fragility curve set (JSON)',
      description:
        'Asset types the set leaves out fall back to DEFAULT_CURVES. The name defaults to the set\'s own "name", else the file name without .json. A built-in set name cannot be taken.',
      tag: TAG,
      body: { kind: 'multipart', schema: UploadForm },
      success: { status: 201, description: 'Curve set stored', json: UploadResponse },
      errors: [400, 409, 413, 415, 422],
      async handle(ctx, { upload }) {
        const { filePath, track, ...form } = upload!;
        if (track) throw new HazsimError('usage', 'storm, from, to, wind_profile and terrain apply to best-track hazard uploads, not to curve sets');
        const { record, message } = await service.uploadCurveSetFile(filePath, form);
        ctx.status = 201;
        ctx.body = { status: 'success', message, name: record.name, file_path: record.file_path };
      },
    },
    {
      method: 'GET',
      path: '/curve-sets',
      operationId: 'listCurveSets',
      summary: 'List the curve sets: built-in ones first, then custom ones by name',
      tag: TAG,
      query: ListQuery,
      success: { status: 200, description: 'records without content', json: v.array(CurveSetRecord) },
      errors: [422],
      async handle(ctx, { query }) {
        ctx.body = await service.listCurveSets({ refresh: query.refresh === 'true' });
      },
    },
    {
      method: 'GET',
      path: '/curve-sets/{name}',
      operationId: 'getCurveSet',
      summary: 'Get a curve set with its curves',
      tag: TAG,
      params,
      success: { status: 200, description: 'the record with the curve set as content', json: CurveSetWithContent },
      errors: [404],
      handle(ctx, { params: { name } }) {
        ctx.body = service.getCurveSet(name);
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
      errors: [404, 409],
      async handle(ctx, { params: { name } }) {
        ctx.body = await service.deleteCurveSet(name);
      },
    },
  ];
}
