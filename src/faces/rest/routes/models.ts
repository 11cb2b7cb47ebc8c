import * as v from 'valibot';
import { MODEL_KINDS, type ModelKindId } from '../../../app/kinds.js';
import type { HazsimService } from '../../../app/service.js';
import { ModelRecord, ModelRecordWithContent, StatusMessage, UploadResponse } from '../../../app/schemas.js';
import { ListQuery, UploadForm } from '../schemas.js';
import type { Route } from '../routeTable.js';

const COLLECTIONS: Record<ModelKindId, { path: string; tag: string; noun: string; operationNoun: string }> = {
  distribution: { path: '/distribution-models', tag: 'Distribution models', noun: 'distribution model', operationNoun: 'DistributionModel' },
  hazard: { path: '/hazard-models', tag: 'Hazard models', noun: 'hazard model', operationNoun: 'HazardModel' },
};

/** Upload, list, get and delete for one kind of cached model (spec §4.1). */
export function modelRoutes(service: HazsimService, kind: ModelKindId): Route[] {
  const { path, tag, noun, operationNoun } = COLLECTIONS[kind];
  const label = MODEL_KINDS[kind].label;
  const one = `${path}/{model_name}`;
  const params = { model_name: `name of a cached ${noun}` };
  return [
    {
      method: 'POST',
      path,
      operationId: `upload${operationNoun}`,
      summary: `Upload a ${noun}`,
      description: `Stores a ${noun} (JSON, or a ZIP holding one JSON and optionally its _time_series folder) under a unique name. The content is validated; every problem is listed with its JSON path.${kind === 'hazard' ? ' A best track (HURDAT2, IBTrACS CSV or ATCF b-deck) becomes a hazard model of hourly wind models: choose the storm with storm and a time window with from/to; the response lists the fixes read and every assumption in warnings.' : ''}`,
      tag,
      body: { kind: 'multipart', schema: UploadForm },
      success: { status: 201, description: `${label} stored`, json: UploadResponse },
      errors: [400, 409, 413, 415, 422],
      async handle(ctx, { upload }) {
        const { filePath, ...form } = upload!;
        const result = await service.uploadModelFile(filePath, { ...form, kind });
        ctx.status = 201;
        ctx.body = {
          status: 'success',
          message: result.message,
          name: result.record.name,
          file_path: result.record.file_path,
          ...(result.time_series_path ? { time_series_path: result.time_series_path } : {}),
          ...(result.track ? { track: result.track, warnings: result.warnings ?? [] } : {}),
        };
      },
    },
    {
      method: 'GET',
      path,
      operationId: `list${operationNoun}s`,
      summary: `List cached ${noun}s`,
      tag,
      query: ListQuery,
      success: { status: 200, description: 'records without content, sorted by name', json: v.array(ModelRecord) },
      errors: [422],
      async handle(ctx, { query }) {
        ctx.body = await service.listModels(kind, { refresh: query.refresh === 'true' });
      },
    },
    {
      method: 'GET',
      path: one,
      operationId: `get${operationNoun}`,
      summary: `Get a ${noun} with its content`,
      tag,
      params,
      success: { status: 200, description: 'the record with the uploaded JSON as content', json: ModelRecordWithContent },
      errors: [404],
      handle(ctx, { params: { model_name } }) {
        ctx.body = service.getModel(kind, model_name);
      },
    },
    {
      method: 'DELETE',
      path: one,
      operationId: `delete${operationNoun}`,
      summary: `Delete a ${noun} and its files`,
      tag,
      params,
      success: { status: 200, description: 'deleted', json: StatusMessage },
      errors: [404],
      async handle(ctx, { params: { model_name } }) {
        ctx.body = await service.deleteModel(kind, model_name);
      },
    },
  ];
}
