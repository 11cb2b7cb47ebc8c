import * as v from 'valibot';
import { HazsimError } from '../../../base/errors.js';
import type { HazsimService } from '../../../app/service.js';
import { CurveSetRecord, CurveSetWithContent, DefaultCurveSets, StatusMessage, UploadResponse } from '../../../app/contract/schemas.js';
import { DEFAULT_CURVE_SET } from '../../../app/contract/schemas.js';
import { ListQuery, UploadForm } from '../schemas.js';
import { PAGE_HEADERS, sendPage } from '../paging.js';
import type { Route } from '../routeTable.js';
import { clientPath, clientRecord } from '../clientPaths.js';

const TAG = 'Curve sets';
const params = { name: { description: 'name of a curve set', example: DEFAULT_CURVE_SET } };

/**
 * The order of the curve-set list: built-in sets first (in their fixed order; they cannot be
 * deleted, so their cursors always find them), then custom sets by name.
 */
const CURVE_SET_ORDER = {
  list: 'curve-sets',
  key: (record: { name: string; builtin: boolean }) => `${record.builtin ? 0 : 1}${record.name}`,
  compare: (a: string, b: string) => (a[0] === b[0] ? a.slice(1).localeCompare(b.slice(1)) : a[0] < b[0] ? -1 : 1),
};

/** GET /default-curve-sets and the curve set collection /curve-sets (built-in and custom sets). */
export function curveSetRoutes(service: HazsimService): Route[] {
  return [
    {
      method: 'GET',
      path: '/default-curve-sets',
      operationId: 'defaultCurveSets',
      summary: 'Names of every fragility curve set (built-in and custom) and the default one',
      description: 'The names to pass as `curve_set` in /simulate and /generate-scenarios, and the one used when it is left out.',
      tag: TAG,
      conditional: true,
      success: { status: 200, description: 'curve set names', json: DefaultCurveSets },
      errors: [],
      handle(ctx) {
        ctx.body = service.curveSets.defaults();
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
        const { record, message } = await service.curveSets.uploadFile(filePath, form);
        ctx.status = 201;
        ctx.body = { status: 'success', message, name: record.name, file_path: clientPath(service.cache.root, record.file_path!) };
      },
    },
    {
      method: 'GET',
      path: '/curve-sets',
      operationId: 'listCurveSets',
      summary: 'List the curve sets: built-in ones first, then custom ones by name',
      description:
        'The records of every curve set without their curves. Paged like the model lists: `limit` and `cursor` in the query, X-Total-Count, X-Next-Cursor and Link in the answer.',
      tag: TAG,
      query: ListQuery,
      success: { status: 200, description: 'records without content', json: v.array(CurveSetRecord) },
      successHeaders: PAGE_HEADERS,
      conditional: true,
      errors: [422],
      async handle(ctx, { query }) {
        sendPage(
          ctx,
          (await service.curveSets.list({ refresh: query.refresh === 'true' })).map((record) => clientRecord(service.cache.root, record)),
          query,
          CURVE_SET_ORDER,
        );
      },
    },
    {
      method: 'GET',
      path: '/curve-sets/{name}',
      operationId: 'getCurveSet',
      summary: 'Get a curve set with its curves',
      description: 'The record of a built-in or custom curve set with its definition as `content`. The answer carries an ETag for conditional requests.',
      tag: TAG,
      conditional: true,
      params,
      success: { status: 200, description: 'the record with the curve set as content', json: CurveSetWithContent },
      errors: [404],
      handle(ctx, { params: { name } }) {
        ctx.body = clientRecord(service.cache.root, service.curveSets.get(name));
      },
    },
    {
      method: 'DELETE',
      path: '/curve-sets/{name}',
      operationId: 'deleteCurveSet',
      summary: 'Delete a custom curve set',
      description: 'Removes a custom curve set and its stored file. Built-in sets cannot be deleted (409).',
      tag: TAG,
      params,
      success: { status: 200, description: 'deleted', json: StatusMessage },
      errors: [404, 409],
      async handle(ctx, { params: { name } }) {
        ctx.body = await service.curveSets.delete(name);
      },
    },
  ];
}
