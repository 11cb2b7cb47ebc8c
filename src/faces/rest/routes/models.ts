import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { Context } from 'koa';
import * as v from 'valibot';
import { MODEL_KINDS, type ModelKindId } from '../../../app/models/kinds.js';
import { uploadResponse, type HazsimService } from '../../../app/service.js';
import { ModelRecord, ModelRecordWithContent, StatusMessage, UploadResponse } from '../../../app/contract/schemas.js';
import { ListQuery, UploadForm } from '../schemas.js';
import { EXAMPLE_DISTRIBUTION, EXAMPLE_HAZARD } from '../examples.js';
import { PAGE_HEADERS, sendPage } from '../paging.js';
import type { Route } from '../routeTable.js';
import { clientPath, clientRecord } from '../clientPaths.js';
import { textTag } from '../http.js';

const COLLECTIONS: Record<ModelKindId, { path: string; tag: string; noun: string; operationNoun: string; example: string }> = {
  distribution: {
    path: '/distribution-models',
    tag: 'Distribution models',
    noun: 'distribution model',
    operationNoun: 'DistributionModel',
    example: EXAMPLE_DISTRIBUTION,
  },
  hazard: { path: '/hazard-models', tag: 'Hazard models', noun: 'hazard model', operationNoun: 'HazardModel', example: EXAMPLE_HAZARD },
};

/** The order of a model list (the store's: by name), for its cursors. */
const modelOrder = (kind: ModelKindId) => ({
  list: `${kind}-models`,
  key: (record: { name: string }) => record.name,
  compare: (a: string, b: string) => a.localeCompare(b),
});

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Answers a model with its content by streaming the stored file between the record's fields
 * and the closing brace, never parsing or serializing it: a 90 MB model would otherwise hold
 * the event loop for seconds per request (docs/hardening.md, "Serving"). The stored file is
 * JSON checked when it entered the cache. The ETag comes from the record and the file's
 * identity (inode, size, modification time), which every overwrite changes.
 */
function sendModel(ctx: Context, service: HazsimService, kind: ModelKindId, name: string): void {
  const { record, fd, stat } = service.models.openFile(kind, name);
  const head = JSON.stringify(clientRecord(service.cache.root, record));
  ctx.type = 'application/json; charset=utf-8';
  ctx.etag = textTag(`${head}\n${stat.ino}:${stat.size}:${stat.mtimeMs}`);
  // Koa counts a response as fresh only once its status is a success.
  ctx.status = 200;
  if (ctx.fresh) {
    fs.closeSync(fd);
    ctx.status = 304;
    return;
  }
  const start = Buffer.alloc(3);
  const bom = fs.readSync(fd, start, 0, 3, 0) === 3 && start.equals(UTF8_BOM);
  const opening = Buffer.from(`${head.slice(0, -1)},"content":`);
  const file = fs.createReadStream('', { fd, autoClose: true, start: bom ? 3 : 0 });
  async function* parts() {
    yield opening;
    for await (const chunk of file) yield chunk as Buffer;
    yield Buffer.from('}');
  }
  const body = Readable.from(parts(), { objectMode: false });
  // A client that leaves before the file is read: the handle is closed all the same.
  body.once('close', () => file.destroy());
  ctx.status = 200;
  ctx.body = body;
  // Known in advance, so clients can show progress (and compression, when asked, replaces it).
  ctx.length = opening.length + stat.size - (bom ? 3 : 0) + 1;
}

/** Upload, list, get and delete for one kind of cached model (docs/specification.md §4.1). */
export function modelRoutes(service: HazsimService, kind: ModelKindId): Route[] {
  const { path, tag, noun, operationNoun, example } = COLLECTIONS[kind];
  const label = MODEL_KINDS[kind].label;
  const one = `${path}/{model_name}`;
  const params = { model_name: { description: `name of a cached ${noun}`, example } };
  return [
    {
      method: 'POST',
      path,
      operationId: `upload${operationNoun}`,
      summary: `Upload a ${noun}`,
      description: `Stores a ${noun} (JSON, or a ZIP holding one JSON and optionally its _time_series folder${
        kind === 'hazard' ? '; or a USGS ShakeMap grid.xml, or a ZIP holding grid.xml and its uncertainty.xml, converted to an earthquake' : ''
      }) under a unique name. The content is validated; every problem is listed with its JSON path.${kind === 'hazard' ? ' A best track (HURDAT2, IBTrACS CSV or ATCF b-deck) becomes a hazard model of hourly wind models: choose the storm with storm and a time window with from/to; the response lists the fixes read and every assumption in warnings.' : ''}`,
      tag,
      body: { kind: 'multipart', schema: UploadForm },
      success: { status: 201, description: `${label} stored`, json: UploadResponse },
      errors: [400, 409, 413, 415, 422],
      async handle(ctx, { upload }) {
        const { filePath, ...form } = upload!;
        const result = await service.models.uploadFile(filePath, { ...form, kind });
        ctx.status = 201;
        ctx.body = uploadResponse(result, (filePath) => clientPath(service.cache.root, filePath));
      },
    },
    {
      method: 'GET',
      path,
      operationId: `list${operationNoun}s`,
      summary: `List cached ${noun}s`,
      description: `The records of the cached ${noun}s (without content), sorted by name. Without \`limit\` the whole list comes back; with it, one page, and the X-Next-Cursor header (and a Link rel="next") leads to the next. X-Total-Count counts the whole list.`,
      tag,
      query: ListQuery,
      success: { status: 200, description: 'records without content, sorted by name', json: v.array(ModelRecord) },
      successHeaders: PAGE_HEADERS,
      conditional: true,
      errors: [422],
      async handle(ctx, { query }) {
        sendPage(
          ctx,
          (await service.models.list(kind, { refresh: query.refresh === 'true' })).map((record) => clientRecord(service.cache.root, record)),
          query,
          modelOrder(kind),
        );
      },
    },
    {
      method: 'GET',
      path: one,
      operationId: `get${operationNoun}`,
      summary: `Get a ${noun} with its content`,
      description: `The record of a cached ${noun} with the uploaded JSON as \`content\`. The answer carries an ETag; send it back in If-None-Match to get 304 while the model is unchanged.`,
      tag,
      conditional: true,
      params,
      success: { status: 200, description: 'the record with the uploaded JSON as content', json: ModelRecordWithContent },
      errors: [404],
      handle(ctx, { params: { model_name } }) {
        sendModel(ctx, service, kind, model_name);
      },
    },
    {
      method: 'DELETE',
      path: one,
      operationId: `delete${operationNoun}`,
      summary: `Delete a ${noun} and its files`,
      description: `Removes a cached ${noun}, its stored JSON and everything derived from it.`,
      tag,
      params,
      success: { status: 200, description: 'deleted', json: StatusMessage },
      errors: [404],
      async handle(ctx, { params: { model_name } }) {
        ctx.body = await service.models.delete(kind, model_name);
      },
    },
  ];
}
