/**
 * The OpenAPI 3.1 document, derived from the route table and the valibot schemas (JSON
 * Schema draft 2020-12 is OpenAPI 3.1's schema dialect). Nothing here is written by hand
 * except the prose; a schema change shows up in /openapi.json, /docs and /redoc at once.
 */
import { toJsonSchema, toJsonSchemaDefs, type ConversionConfig, type JsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import {
  CacheRefreshResult,
  CurveSetRecord,
  CurveSetWithContent,
  DefaultCurveSets,
  ErrorBody,
  HazardTypesResponse,
  ModelRecord,
  ModelRecordWithContent,
  scenarioRequestFor,
  SimulationRequest,
  StatusMessage,
  UploadResponse,
} from '../../app/contract/schemas.js';
import { HAZSIM_VERSION } from '../../base/version.js';
import { JSON_SCHEMA_CONVERSION } from '../../base/jsonSchema.js';
import { ImpactRequest } from '../../app/impact/impactSchemas.js';
import { jobRequestFor } from '../../app/jobs/jobSchemas.js';
import { ApiInfo, EntryName, HealthReport, JobResource, RestCacheInfo, UploadForm } from './schemas.js';
import type { Route } from './routeTable.js';

/** Schemas shown by name under components.schemas and referenced from the operations; ScenarioRequest carries the server's sample bound. */
const namedSchemas = (maxSamples: number) => ({
  ErrorBody,
  ApiInfo,
  HealthReport,
  ModelRecord,
  ModelRecordWithContent,
  UploadForm,
  UploadResponse,
  StatusMessage,
  CacheInfo: RestCacheInfo,
  CacheRefreshResult,
  HazardTypesResponse,
  SimulationRequest,
  ScenarioRequest: scenarioRequestFor(maxSamples),
  ImpactRequest,
  JobRequest: jobRequestFor(maxSamples),
  JobResource,
  DefaultCurveSets,
  CurveSetRecord,
  CurveSetWithContent,
});
type NamedSchemas = ReturnType<typeof namedSchemas>;

/** What each tag groups, for the side menus of Swagger UI and ReDoc. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  Service: 'What the service is, whether it is healthy, and which hazard types it knows',
  'Distribution models': 'Upload, list, read and delete the cached distribution (feeder) models',
  'Hazard models': 'Upload, list, read and delete the cached hazard models',
  Simulation: 'Survival probabilities (SQLite) and Monte Carlo outage scenarios (ZIP) for a feeder under a hazard',
  'Curve sets': 'The fragility curve sets: built-in ones and custom uploads',
  Jobs: 'Long runs submitted now and fetched later: state, progress (also as Server-Sent Events), cancellation and the result download',
  Cache: 'Statistics and maintenance of the on-disk cache shared with the CLI and the MCP server',
};

const REQUEST_ID_HEADER = {
  description: "the request id: the client's X-Request-Id when it sent a usable one, else one the server made; also in the access log",
  schema: { type: 'string' },
};

const CONVERSION: ConversionConfig = {
  ...JSON_SCHEMA_CONVERSION,
  overrideRef: ({ referenceId }) => `#/components/schemas/${referenceId}`,
  overrideSchema: ({ valibotSchema }) =>
    valibotSchema.type === 'blob' ? { type: 'string', contentMediaType: 'application/octet-stream', format: 'binary' } : undefined,
};

const ERROR_MEANINGS: Record<number, string> = {
  400: 'unreadable upload (not JSON, corrupt ZIP), a body that is not JSON, or a malformed request',
  401: 'missing or wrong API key',
  404: 'unknown model, curve set or path',
  409: 'the name is taken',
  413: 'upload or body larger than the limit',
  415: 'wrong Content-Type',
  422: 'invalid body, form or content; `errors` lists every problem with its path',
  500: 'server fault (details in the server log only)',
  503: 'the cache directory is not usable',
  507: "the server's disk is full (or its quota reached); nothing was stored (docs/hardening.md)",
};

/** Turns valibot schemas into the document's JSON Schemas, $ref-ing the named ones. */
function schemaConverter(named: NamedSchemas) {
  return (schema: v.GenericSchema): JsonSchema => {
    const { $schema: _schema, $defs: _defs, ...rest } = toJsonSchema(schema, { ...CONVERSION, definitions: named }) as JsonSchema & { $defs?: unknown };
    return rest;
  };
}
type SchemaOf = ReturnType<typeof schemaConverter>;

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

function successResponse(route: Route, schemaOf: SchemaOf) {
  const { success } = route;
  const headers: Record<string, unknown> = {
    'X-Request-Id': headerRef('X-Request-Id'),
    ...(route.conditional
      ? { ETag: { description: 'validator of this answer; send it in If-None-Match to get 304 while it is unchanged', schema: { type: 'string' } } }
      : {}),
    ...Object.fromEntries(Object.entries(route.successHeaders ?? {}).map(([name, description]) => [name, { description, schema: { type: 'string' } }])),
  };
  if ('json' in success) return { description: success.description, headers, content: { 'application/json': { schema: schemaOf(success.json) } } };
  if ('html' in success) return { description: success.description, headers, content: { 'text/html': { schema: schemaOf(v.string()) } } };
  if ('eventStream' in success) return { description: success.description, headers, content: { 'text/event-stream': { schema: schemaOf(v.string()) } } };
  const contentTypes: readonly string[] = typeof success.file.contentType === 'string' ? [success.file.contentType] : success.file.contentType;
  return {
    description: `${success.description}, named ${success.file.fileName}`,
    headers: {
      ...headers,
      'Content-Disposition': { description: `attachment; filename="${success.file.fileName}"`, schema: schemaOf(v.string()) },
      ETag: { description: 'the sha256 of the file sent (a weak validator: the same whatever the content coding)', schema: { type: 'string' } },
    },
    content: Object.fromEntries(contentTypes.map((contentType) => [contentType, { schema: schemaOf(v.blob()) }])),
  };
}

function parameters(route: Route, schemaOf: SchemaOf) {
  const path = Object.entries(route.params ?? {}).map(([name, param]) => ({
    name,
    in: 'path',
    required: true,
    description: param.description,
    schema: schemaOf(EntryName),
    example: param.example,
  }));
  const query = Object.entries(route.query?.entries ?? {}).map(([name, schema]) => {
    const { description, ...converted } = schemaOf(schema) as JsonSchema & { description?: string };
    return { name, in: 'query', required: false, ...(description ? { description } : {}), schema: converted };
  });
  return [...path, ...query];
}

function operation(route: Route, apiKey: boolean, schemaOf: SchemaOf) {
  // Every request that writes to the server's disk can meet a full one.
  const writes = route.method !== 'GET' ? [507] : [];
  const statuses = [...new Set([...route.errors, ...(apiKey && !route.public ? [401] : []), 500, ...writes])].sort((a, b) => a - b);
  const errors = Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: route.errorMeanings?.[status] ?? ERROR_MEANINGS[status],
        headers: { 'X-Request-Id': headerRef('X-Request-Id') },
        content: { 'application/json': { schema: schemaOf(route.errorBodies?.[status] ?? ErrorBody) } },
      },
    ]),
  );
  const notModified = route.conditional
    ? { 304: { description: 'Not Modified: the If-None-Match header names the current ETag', headers: { 'X-Request-Id': headerRef('X-Request-Id') } } }
    : {};
  const media = route.body?.kind === 'json' ? 'application/json' : 'multipart/form-data';
  const body = route.body
    ? { required: true, content: { [media]: { schema: schemaOf(route.body.schema), ...(route.body.kind === 'json' ? { example: route.body.example } : {}) } } }
    : undefined;
  const params = parameters(route, schemaOf);
  return {
    operationId: route.operationId,
    summary: route.summary,
    description: route.description,
    tags: [route.tag],
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: { [route.success.status]: successResponse(route, schemaOf), ...notModified, ...errors },
    // Public operations say so explicitly; without a key every operation is open.
    ...(!apiKey || route.public ? { security: [] } : {}),
  };
}

export interface DocumentOptions {
  /** The server requires a bearer API key on non-public operations. */
  apiKey: boolean;
  /** The server's bound on number_of_samples. */
  maxSamples: number;
}

/** The OpenAPI 3.1 document of `routes`; with an API key, non-public operations require bearer auth. */
export function buildOpenApiDocument(routes: readonly Route[], options: DocumentOptions) {
  const named = namedSchemas(options.maxSamples);
  const schemaOf = schemaConverter(named);
  const documented = routes.filter((candidate) => !candidate.undocumented);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of documented) {
    paths[route.path] ??= {};
    paths[route.path][route.method.toLowerCase()] = operation(route, options.apiKey, schemaOf);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'hazsim API',
      version: HAZSIM_VERSION,
      description:
        'Natural-hazard survival simulation and Monte Carlo outage scenarios for distribution feeders. Every error answers `{"detail", "status_code"}`; a 422 adds `errors: [{path, message}]`. Every response carries X-Request-Id. Interactive documentation: /docs (Swagger UI) and /redoc (ReDoc).',
      contact: { name: 'hazsim maintainers' },
      license: { name: 'BSD-3-Clause', identifier: 'BSD-3-Clause' },
    },
    servers: [{ url: '.', description: 'this server' }],
    tags: [...new Set(documented.map((route) => route.tag))].map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
    paths,
    components: {
      schemas: toJsonSchemaDefs(named, CONVERSION),
      headers: { 'X-Request-Id': REQUEST_ID_HEADER },
      // Without a key there is nothing to authorize: no scheme, so Swagger UI shows no Authorize button.
      ...(options.apiKey
        ? {
            securitySchemes: {
              bearerAuth: { type: 'http', scheme: 'bearer', description: 'the API key the server was started with (--api-key or HAZSIM_API_KEY)' },
            },
          }
        : {}),
    },
    ...(options.apiKey ? { security: [{ bearerAuth: [] }] } : {}),
  };
}
