/**
 * Valibot schemas of the payloads only the REST interface has: its front page, its health
 * report, its upload form and its list query.
 * Like src/core/schemas.ts they are the single source of the OpenAPI document.
 */
import * as v from 'valibot';
import { TrackUploadFields } from '../../app/schemas.js';

/** GET /: what this service is and where its documentation lives. */
export const ApiInfo = v.strictObject({
  name: v.literal('hazsim'),
  message: v.string(),
  version: v.string(),
  docs: v.pipe(v.string(), v.description('Swagger UI')),
  redoc: v.pipe(v.string(), v.description('ReDoc')),
  openapi: v.pipe(v.string(), v.description('the OpenAPI 3.1 document')),
});

/**
 * GET /health. An unreachable cache makes the service useless, so that answer is a 503
 * that also carries the error body's detail and status_code.
 */
export const HealthReport = v.strictObject({
  status: v.picklist(['healthy', 'unhealthy']),
  version: v.string(),
  uptime_seconds: v.pipe(v.number(), v.description('seconds since the server started')),
  cache: v.strictObject({
    directory: v.string(),
    reachable: v.pipe(v.boolean(), v.description('the cache root exists and is readable and writable')),
    problem: v.optional(v.string()),
  }),
  detail: v.optional(v.string()),
  status_code: v.optional(v.number()),
});

/**
 * The text fields of an upload form. Unknown fields are refused so a misspelt field is
 * reported instead of silently dropped; an empty name counts as no name.
 */
export const UploadFields = v.strictObject({
  name: v.pipe(v.optional(v.string()), v.description('name to store it under (default: the uploaded file name without .json or .zip)')),
  description: v.pipe(v.optional(v.string()), v.description('free text (default: empty)')),
  overwrite: v.pipe(v.optional(v.picklist(['true', 'false'])), v.description('replace a stored entry of the same name (default false: a taken name is a 409)')),
  ...TrackUploadFields,
});

/** The whole upload form as the OpenAPI document shows it: the file part plus the text fields. */
export const UploadForm = v.strictObject({
  file: v.pipe(
    v.blob(),
    v.description('the file to store: JSON; a model may also come as a ZIP holding one JSON file and optionally its <stem>_time_series/ folder'),
  ),
  ...UploadFields.entries,
});

/** Query of the list endpoints; other query parameters (cache busters) are ignored. */
export const ListQuery = v.object({
  refresh: v.pipe(v.optional(v.picklist(['true', 'false'])), v.description('rescan the cache directory before listing')),
});

/** The JSON shape of every path parameter naming a stored entry. */
export const EntryName = v.pipe(v.string(), v.description('name of a stored entry'));
