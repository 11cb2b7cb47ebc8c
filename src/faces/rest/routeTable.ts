/**
 * The one table of REST endpoints. Each entry states its path, input schemas, responses
 * and errors, and its handler; the router, the input validation, the authentication
 * rule and the OpenAPI document are all derived from it, so they cannot drift apart.
 */
import { HazsimError } from '../../base/errors.js';
import Router from '@koa/router';
import type { Context } from 'koa';
import type * as v from 'valibot';
import { parseOrThrow } from '../../base/validation.js';
import type { BodyReaders, UploadInput } from './body.js';
import { answerConditionally } from './http.js';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/** A successful response: JSON with a schema, a file download (of one of the content types), an HTML page, or a stream of Server-Sent Events. */
export type SuccessSpec =
  | { status: 200 | 201 | 202; description: string; json: v.GenericSchema }
  | { status: 200; description: string; file: { contentType: string | readonly string[]; fileName: string } }
  | { status: 200; description: string; html: true }
  | { status: 200; description: string; eventStream: true };

/** What a handler receives, already validated against the route's schemas. */
export interface RouteInput {
  params: Record<string, string>;
  query: Record<string, unknown>;
  /** The JSON body's schema output (routes with a JSON body). */
  body: unknown;
  /** The upload form (routes with a multipart body). */
  upload: UploadInput | undefined;
}

/** A path parameter: what it names, and a value for the documentation's examples. */
export interface PathParam {
  description: string;
  example: string;
}

export interface Route {
  method: HttpMethod;
  /** OpenAPI path template, e.g. `/distribution-models/{model_name}`. */
  path: string;
  operationId: string;
  summary: string;
  /** What the operation does, for the reader of /docs and /redoc. */
  description: string;
  tag: string;
  /** Reachable without the API key. */
  public?: boolean;
  /** Left out of the OpenAPI document (the documentation itself and its assets). */
  undocumented?: boolean;
  /** Path parameters. */
  params?: Record<string, PathParam>;
  query?: v.ObjectSchema<v.ObjectEntries, undefined>;
  /**
   * The request body; a JSON body carries a realistic example for Swagger UI's "Try it out".
   * `validatedBy: 'service'`: the service call validates it with the same schema (the run
   * endpoints), so the handler gets the JSON object as sent and it is validated once.
   */
  body?: { kind: 'json'; schema: v.GenericSchema; example: Record<string, unknown>; validatedBy?: 'service' } | { kind: 'multipart'; schema: v.GenericSchema };
  success: SuccessSpec;
  /** Headers of the success response other than X-Request-Id (added everywhere), by name with their description. */
  successHeaders?: Record<string, string>;
  /** The JSON answer carries an ETag and a matching If-None-Match gets 304 Not Modified. */
  conditional?: boolean;
  /** Error statuses this endpoint can answer (401 and 500 are added for every endpoint). */
  errors: number[];
  /** What an error status means on this endpoint, where the general meaning (openapi.ts) would mislead. */
  errorMeanings?: Record<number, string>;
  /** Error statuses whose body is not the plain error body. */
  errorBodies?: Record<number, v.GenericSchema>;
  handle(ctx: Context, input: RouteInput): unknown;
}

/** `/a/{b}` → `/a/:b` for the router. */
export function routerPath(openApiPath: string): string {
  return openApiPath.replace(/\{(\w+)\}/g, ':$1');
}

/**
 * Query values arrive as text: those whose schema is a number are read as numbers when they
 * look like one, so the schema (and the OpenAPI document) can say `integer`. Anything else
 * is left as sent, for the schema to refuse with its path.
 */
function numericQuery(schema: v.ObjectSchema<v.ObjectEntries, undefined>, query: Record<string, unknown>): Record<string, unknown> {
  const converted = { ...query };
  for (const [name, entry] of Object.entries(schema.entries)) {
    const inner = entry.type === 'optional' ? (entry as v.OptionalSchema<v.GenericSchema, undefined>).wrapped : entry;
    const value = converted[name];
    if (inner.type === 'number' && typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) converted[name] = Number(value);
  }
  return converted;
}

/**
 * Every JSON request body is an object. valibot's object schemas let an array through (its
 * fields then read as missing), so `[]` would be told its fields are required rather than
 * that it is not an object.
 */
function jsonObjectBody(body: unknown): unknown {
  if (Array.isArray(body))
    throw new HazsimError('invalid_input', `Invalid request body: expected a JSON object, not an array (${body.length} item${body.length === 1 ? '' : 's'})`, [
      { path: '', message: 'expected a JSON object, not an array' },
    ]);
  return body;
}

/** Reads and validates a route's input, runs its handler, and removes spooled uploads afterwards. */
async function serve(route: Route, ctx: Context, readers: BodyReaders, authorize: ((ctx: Context) => void) | null): Promise<void> {
  if (authorize && !route.public) authorize(ctx);
  const disposals: (() => Promise<void>)[] = [];
  try {
    const query = route.query ? parseOrThrow(route.query, numericQuery(route.query, ctx.query), 'query', []) : {};
    let body: unknown;
    let upload: UploadInput | undefined;
    if (route.body?.kind === 'json') {
      const json = jsonObjectBody(await readers.json(ctx));
      body = route.body.validatedBy === 'service' ? json : parseOrThrow(route.body.schema, json, 'request body');
    }
    if (route.body?.kind === 'multipart') upload = await readers.upload(ctx, (dispose) => disposals.push(dispose));
    const params = (ctx as Context & { params?: Record<string, string> }).params ?? {};
    await route.handle(ctx, { params, query: query as Record<string, unknown>, body, upload });
    if (route.conditional) answerConditionally(ctx);
  } finally {
    await Promise.all(disposals.map((dispose) => dispose()));
  }
}

/**
 * A router serving `routes`, ending in the answer for everything else: 404 for an
 * unknown path, 405 with `Allow` for a known path and a wrong method, 204 with `Allow`
 * for OPTIONS. Those are thrown like every other error, so they get the error body.
 */
export function buildRouter(routes: readonly Route[], readers: BodyReaders, authorize: ((ctx: Context) => void) | null) {
  const router = new Router();
  for (const route of routes) {
    const handler = (ctx: Context) => serve(route, ctx, readers, authorize);
    if (route.method === 'GET') router.get(routerPath(route.path), handler);
    else if (route.method === 'POST') router.post(routerPath(route.path), handler);
    else router.delete(routerPath(route.path), handler);
  }
  const fallback = async (ctx: Context) => {
    const allowed = [...new Set(router.match(ctx.path, ctx.method).path.flatMap((layer) => layer.methods))];
    const shownPath = JSON.stringify(ctx.path.length > 200 ? `${ctx.path.slice(0, 200)}...` : ctx.path);
    if (allowed.length === 0) ctx.throw(404, `Not found: no endpoint at ${shownPath}; the API is described at /docs`);
    if (ctx.method === 'OPTIONS') {
      ctx.status = 204;
      ctx.set('Allow', allowed.join(', '));
      return;
    }
    ctx.throw(405, `Method ${ctx.method} is not allowed on ${shownPath}; allowed: ${allowed.join(', ')}`, { headers: { Allow: allowed.join(', ') } });
  };
  return { routes: router.routes(), fallback };
}
