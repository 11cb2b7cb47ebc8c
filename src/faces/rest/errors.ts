/**
 * The REST interface's one error path (docs/architecture.md; koa's own error handling: one catch as the first middleware): every
 * failure, whoever raised it, becomes `{detail, status_code}` (plus `errors` on 422) here
 * and nowhere else. HazsimError kinds go through ERROR_KIND_TABLE; errors of the HTTP
 * libraries carry their own status (`status` from Koa and co-body, `httpCode` from
 * formidable, whose upload size error is a 413 without a `status`).
 */
import type { Context, Middleware } from 'koa';
import type * as v from 'valibot';
import { ERROR_KIND_TABLE, isHazsimError, isNoSpaceError, toHazsimError, type Issue } from '../../base/errors.js';
import type { ErrorBody } from '../../app/contract/schemas.js';
import { clientError } from './clientPaths.js';

/** What the client is told about a failure. */
export interface Problem {
  status: number;
  /** A server fault: logged, and its message withheld from the client. */
  fault?: boolean;
  detail: string;
  errors?: Issue[];
  headers?: Record<string, string>;
}

interface HttpLibraryError extends Error {
  status?: unknown;
  statusCode?: unknown;
  httpCode?: unknown;
  headers?: Record<string, string>;
  type?: string;
  limit?: number;
}

const GENERIC_SERVER_ERROR = 'Internal server error; the server log has the details';
/** A full disk is the operator's to fix, but the client should know to retry later rather than change its request. */
const NO_SPACE_DETAIL = "Insufficient storage: the server's disk is full (or its quota reached); nothing was stored, try again once space is freed";

function httpStatus(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599 ? value : null;
}

/** Wording for the body-parser failures a client can cause (co-body's `type` values). */
function bodyParserDetail(error: HttpLibraryError, maxUploadMb: number): string {
  if (error instanceof SyntaxError || error.type === 'entity.parse.failed') return `Request body is not valid JSON: ${error.message}`;
  if (error.type === 'entity.too.large') return `Request body too large: JSON bodies may be at most ${error.limit} bytes`;
  if (httpStatus(error.httpCode) === 413) return `Upload too large: an upload may be at most ${maxUploadMb} MB`;
  if (error.httpCode !== undefined) return `Malformed multipart body: ${error.message}`;
  return error.message;
}

/**
 * Classifies anything thrown while serving a request. Messages of 4xx errors are kept (the
 * client made the mistake and needs to know which); 5xx messages are replaced, and the
 * error goes to the log.
 */
export function problemFrom(error: unknown, maxUploadMb: number): Problem {
  if (isNoSpaceError(error)) error = toHazsimError(error);
  if (isHazsimError(error)) {
    const status = ERROR_KIND_TABLE[error.kind].httpStatus;
    if (error.kind === 'no_space') return { status, fault: true, detail: NO_SPACE_DETAIL };
    if (status >= 500) return { status, fault: true, detail: GENERIC_SERVER_ERROR };
    if (status !== 422) return { status, detail: error.message };
    return { status, detail: error.message, errors: error.issues ?? [{ path: '', message: error.message }] };
  }
  const libraryError = (error ?? {}) as HttpLibraryError;
  const status = httpStatus(libraryError.status) ?? httpStatus(libraryError.statusCode) ?? httpStatus(libraryError.httpCode);
  if (status === null || status >= 500) return { status: status ?? 500, fault: true, detail: GENERIC_SERVER_ERROR };
  const detail = bodyParserDetail(libraryError, maxUploadMb);
  return {
    status,
    detail,
    ...(status === 422 ? { errors: [{ path: '', message: detail }] } : {}),
    ...(libraryError.headers ? { headers: libraryError.headers } : {}),
  };
}

/** The body for a problem. */
export function errorBody(problem: Problem): v.InferOutput<typeof ErrorBody> {
  return { detail: problem.detail, status_code: problem.status, ...(problem.errors ? { errors: problem.errors } : {}) };
}

/**
 * The first middleware: turns every failure below it into the error body. Server faults
 * are emitted as the app's 'error' event for the log; client mistakes are not incidents.
 * Files the message names are shown relative to the cache (`cacheRoot`), as every REST answer shows them.
 */
export function errorMiddleware(options: { maxUploadMb: number; cacheRoot: string }): Middleware {
  return async (ctx: Context, next) => {
    try {
      await next();
    } catch (error) {
      const problem = problemFrom(error, options.maxUploadMb);
      if (problem.fault) ctx.app.emit('error', error, ctx);
      if (ctx.headerSent || !ctx.writable) {
        // A download failed after its headers went out: the only honest signal left is a cut connection.
        ctx.req.socket.destroy();
        return;
      }
      for (const name of ctx.res.getHeaderNames()) ctx.remove(name);
      for (const [name, value] of Object.entries(problem.headers ?? {})) ctx.set(name, value);
      ctx.status = problem.status;
      ctx.body = clientError(options.cacheRoot, errorBody(problem));
    }
  };
}
