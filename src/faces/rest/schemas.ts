/**
 * Valibot schemas of the payloads only the REST interface has: its front page, its health
 * report, its upload form and its list query.
 * Like src/app/contract/schemas.ts they are the single source of the OpenAPI document.
 */
import * as v from 'valibot';
import { CacheInfo, CoordinateUploadFields, TrackUploadFields } from '../../app/contract/schemas.js';
import { JOB_STATES, JobRecord } from '../../app/jobs/jobSchemas.js';

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
 * What the relative paths of a REST answer start from. REST answers never carry the server's
 * absolute paths (docs/hardening.md, "Serving"), so instead of a bare "." the answer says in
 * words which directory that is and where its operator finds the absolute path.
 */
export const CACHE_ROOT_NOTE =
  'the cache directory this server was started with (hazsim serve prints its absolute path at start-up; HTTP answers never name absolute paths)';

const PathsRelativeTo = v.pipe(v.string(), v.description('which directory the relative paths of this answer start from, in words'));

/**
 * GET /health. An unreachable cache makes the service useless, so that answer is a 503
 * that also carries the error body's detail and status_code.
 */
export const HealthReport = v.strictObject({
  status: v.picklist(['healthy', 'unhealthy']),
  version: v.string(),
  uptime_seconds: v.pipe(v.number(), v.description('seconds since the server started')),
  cache: v.strictObject({
    paths_relative_to: v.pipe(
      v.optional(PathsRelativeTo),
      v.description(
        'which directory the paths in `problem` start from; left out when the server requires an API key, so an anonymous caller learns nothing of its files',
      ),
    ),
    reachable: v.pipe(v.boolean(), v.description('the cache root exists and is readable and writable')),
    problem: v.optional(v.string()),
  }),
  detail: v.optional(v.string()),
  status_code: v.optional(v.pipe(v.number(), v.integer())),
});

/** GET /cache-info: the specification's (docs/specification.md) fields with every path relative to the cache root ("."), and what that root is. */
export const RestCacheInfo = v.strictObject({
  ...CacheInfo.entries,
  cache_directory: v.pipe(v.literal('.'), v.description('the cache root, which every other path of this answer is relative to')),
  paths_relative_to: PathsRelativeTo,
});

/**
 * The text fields of an upload form. Unknown fields are refused so a misspelt field is
 * reported instead of silently dropped; an empty name counts as no name.
 */
export const UploadFields = v.strictObject({
  name: v.pipe(v.optional(v.string()), v.description('name to store it under (default: the uploaded file name without .json, .zip or .xml)')),
  description: v.pipe(v.optional(v.string()), v.description('free text (default: empty)')),
  overwrite: v.pipe(v.optional(v.picklist(['true', 'false'])), v.description('replace a stored entry of the same name (default false: a taken name is a 409)')),
  ...TrackUploadFields,
  ...CoordinateUploadFields,
});

/** The whole upload form as the OpenAPI document shows it: the file part plus the text fields. */
export const UploadForm = v.strictObject({
  file: v.pipe(
    v.blob(),
    v.description('the file to store: JSON; a model may also come as a ZIP holding one JSON file and optionally its <stem>_time_series/ folder'),
  ),
  ...UploadFields.entries,
});

/** Largest page a list endpoint returns. */
export const MAX_PAGE_LIMIT = 1000;

/**
 * Query of the list endpoints; other query parameters (cache busters) are ignored. Without
 * `limit` and `cursor` the whole list comes back, as before paging existed; the total and
 * the next page's cursor travel in headers, so the body stays the specified array.
 */
export const ListQuery = v.object({
  refresh: v.pipe(v.optional(v.picklist(['true', 'false'])), v.description('rescan the cache directory before listing')),
  limit: v.pipe(
    v.optional(
      v.pipe(
        v.number(`must be a whole number from 1 to ${MAX_PAGE_LIMIT}`),
        v.integer('must be an integer'),
        v.minValue(1, 'must be at least 1'),
        v.maxValue(MAX_PAGE_LIMIT, `must be at most ${MAX_PAGE_LIMIT}`),
      ),
    ),
    v.description(`records per page, 1 to ${MAX_PAGE_LIMIT} (default: all); the next page's cursor is in the X-Next-Cursor and Link headers`),
  ),
  cursor: v.pipe(v.optional(v.string()), v.description('opaque cursor from the X-Next-Cursor header of the previous page')),
});

/** The JSON shape of every path parameter naming a stored entry. */
export const EntryName = v.pipe(v.string(), v.description('name of a stored entry'));

/** A job as the REST interface shows it: its record with links to itself, its events and, once it succeeded, its result. */
export const JobResource = v.strictObject({
  ...JobRecord.entries,
  links: v.pipe(
    v.array(
      v.strictObject({
        rel: v.pipe(v.picklist(['self', 'events', 'result']), v.description('self: this job; events: its Server-Sent Events; result: the download')),
        href: v.pipe(v.string(), v.description('path on this server')),
        type: v.pipe(v.optional(v.string()), v.description('media type of what the link leads to')),
      }),
    ),
    v.description('where to find the job, its events and (once it succeeded) its result'),
  ),
});

/** Query of GET /jobs: the list endpoints' paging, and a state to keep. */
export const JobListQuery = v.object({
  state: v.pipe(v.optional(v.picklist(JOB_STATES)), v.description('only jobs in this state')),
  limit: ListQuery.entries.limit,
  cursor: ListQuery.entries.cursor,
});
