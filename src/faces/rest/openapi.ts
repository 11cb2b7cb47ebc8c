/**
 * The OpenAPI 3.1 document, derived from the route table and the valibot schemas (JSON
 * Schema draft 2020-12 is OpenAPI 3.1's schema dialect). Nothing here is written by hand
 * except the prose; a schema change shows up in /openapi.json, /docs and /redoc at once.
 */
import { toJsonSchema, toJsonSchemaDefs, type ConversionConfig, type JsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import {
  CacheInfo,
  CacheRefreshResult,
  CurveSetRecord,
  CurveSetWithContent,
  DefaultCurveSets,
  ErrorBody,
  HazardTypesResponse,
  ModelRecord,
  ModelRecordWithContent,
  ScenarioRequest,
  SimulationRequest,
  StatusMessage,
  UploadResponse,
} from '../../app/schemas.js';
import { HAZSIM_VERSION } from '../../base/version.js';
import { JSON_SCHEMA_CONVERSION } from '../../base/jsonSchema.js';
import { ApiInfo, EntryName, HealthReport, UploadForm } from './schemas.js';
import type { Route } from './routeTable.js';

/** Schemas shown by name under components.schemas and referenced from the operations. */
const NAMED_SCHEMAS = {
  ErrorBody,
  ApiInfo,
  HealthReport,
  ModelRecord,
  ModelRecordWithContent,
  UploadForm,
  UploadResponse,
  StatusMessage,
  CacheInfo,
  CacheRefreshResult,
  HazardTypesResponse,
  SimulationRequest,
  ScenarioRequest,
  DefaultCurveSets,
  CurveSetRecord,
  CurveSetWithContent,
};

const CONVERSION: ConversionConfig = {
  ...JSON_SCHEMA_CONVERSION,
  overrideRef: ({ referenceId }) => `#/components/schemas/${referenceId}`,
  overrideSchema: ({ valibotSchema }) =>
    valibotSchema.type === 'blob' ? { type: 'string', contentMediaType: 'application/octet-stream', format: 'binary' } : undefined,
};

const ERROR_MEANINGS: Record<number, string> = {
  400: 'unreadable upload (not JSON, corrupt ZIP) or malformed request',
  401: 'missing or wrong API key',
  404: 'unknown model, curve set or path',
  409: 'the name is taken',
  413: 'upload or body larger than the limit',
  415: 'wrong Content-Type',
  422: 'invalid body, form or content; `errors` lists every problem with its path',
  500: 'server fault (details in the server log only)',
  503: 'the cache directory is not usable',
};

/** A schema as the document uses it: a $ref for named schemas, else inline (with $refs inside). */
function schemaOf(schema: v.GenericSchema): JsonSchema {
  const { $schema: _schema, $defs: _defs, ...rest } = toJsonSchema(schema, { ...CONVERSION, definitions: NAMED_SCHEMAS }) as JsonSchema & { $defs?: unknown };
  return rest;
}

const json = (schema: v.GenericSchema) => ({ 'application/json': { schema: schemaOf(schema) } });

function successResponse(route: Route) {
  const { success } = route;
  if ('json' in success) return { description: success.description, content: json(success.json) };
  if ('html' in success) return { description: success.description, content: { 'text/html': { schema: schemaOf(v.string()) } } };
  return {
    description: `${success.description}, named ${success.file.fileName}`,
    headers: { 'Content-Disposition': { description: `attachment; filename="${success.file.fileName}"`, schema: schemaOf(v.string()) } },
    content: { [success.file.contentType]: { schema: schemaOf(v.blob()) } },
  };
}

function parameters(route: Route) {
  const path = Object.entries(route.params ?? {}).map(([name, description]) => ({
    name,
    in: 'path',
    required: true,
    description,
    schema: schemaOf(EntryName),
  }));
  const query = Object.entries(route.query?.entries ?? {}).map(([name, schema]) => ({ name, in: 'query', required: false, schema: schemaOf(schema) }));
  return [...path, ...query];
}

function operation(route: Route, apiKey: boolean) {
  const statuses = [...new Set([...route.errors, ...(apiKey && !route.public ? [401] : []), 500])].sort((a, b) => a - b);
  const errors = Object.fromEntries(
    statuses.map((status) => [status, { description: ERROR_MEANINGS[status], content: json(route.errorBodies?.[status] ?? ErrorBody) }]),
  );
  const body = route.body
    ? { required: true, content: { [route.body.kind === 'json' ? 'application/json' : 'multipart/form-data']: { schema: schemaOf(route.body.schema) } } }
    : undefined;
  const params = parameters(route);
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [route.tag],
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: { [route.success.status]: successResponse(route), ...errors },
    ...(apiKey && route.public ? { security: [] } : {}),
  };
}

/** The OpenAPI 3.1 document of `routes`; with an API key, non-public operations require bearer auth. */
export function buildOpenApiDocument(routes: readonly Route[], options: { apiKey: boolean }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes.filter((candidate) => !candidate.undocumented)) {
    paths[route.path] ??= {};
    paths[route.path][route.method.toLowerCase()] = operation(route, options.apiKey);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'hazsim API',
      version: HAZSIM_VERSION,
      description:
        'Natural-hazard survival simulation and Monte Carlo outage scenarios for distribution feeders. Every error answers `{"detail", "status_code"}`; a 422 adds `errors: [{path, message}]`.',
      license: { name: 'BSD-3-Clause', identifier: 'BSD-3-Clause' },
    },
    tags: [...new Set(routes.filter((route) => !route.undocumented).map((route) => route.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: toJsonSchemaDefs(NAMED_SCHEMAS, CONVERSION),
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'the API key the server was started with (--api-key or HAZSIM_API_KEY)' } },
    },
    ...(options.apiKey ? { security: [{ bearerAuth: [] }] } : {}),
  };
}
