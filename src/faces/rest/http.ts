/**
 * HTTP behaviour every endpoint shares (docs/rest-api.md, "HTTP"): request ids, CORS,
 * conditional answers with ETags, and gzip/brotli compression of JSON and SQLite downloads.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { pipeline, Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { Context, Middleware } from 'koa';

/** A client's own request id is kept when it is short visible ASCII (safe in a header and a log line). */
const USABLE_REQUEST_ID = /^[\x21-\x7e]{1,128}$/;

/**
 * Gives every request an id: the client's X-Request-Id when usable, else a random UUID. It is
 * in `ctx.state.requestId` for the access log and on every response, set again after the
 * layers below, because the error handler clears the headers of a failed answer.
 */
export function requestId(): Middleware {
  return async (ctx, next) => {
    const given = ctx.get('X-Request-Id');
    const id = USABLE_REQUEST_ID.test(given) ? given : crypto.randomUUID();
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    try {
      await next();
    } finally {
      ctx.set('X-Request-Id', id);
    }
  };
}

/** Headers a browser script may read from a cross-origin answer. */
const EXPOSED_HEADERS = ['X-Request-Id', 'X-Total-Count', 'X-Next-Cursor', 'Link', 'ETag', 'Content-Disposition'];
const ALLOWED_REQUEST_HEADERS = ['Authorization', 'Content-Type', 'If-None-Match', 'X-Request-Id'];

/**
 * CORS for the origins given (`--cors-origin`; `*` for any). Off unless origins are given:
 * then no CORS header is ever sent and browsers keep other sites' scripts out. A preflight is
 * answered here, before authentication, as browsers send it without credentials.
 */
export function cors(origins: readonly string[]): Middleware {
  const any = origins.includes('*');
  const allowed = new Set(origins);
  return async (ctx, next) => {
    const origin = ctx.get('Origin');
    if (origins.length === 0 || !origin || !(any || allowed.has(origin))) {
      await next();
      if (origins.length > 0 && !any) ctx.vary('Origin');
      return;
    }
    const allowOrigin = any ? '*' : origin;
    if (ctx.method === 'OPTIONS' && ctx.get('Access-Control-Request-Method')) {
      ctx.status = 204;
      ctx.set('Access-Control-Allow-Origin', allowOrigin);
      ctx.set('Access-Control-Allow-Methods', 'GET, POST, DELETE');
      ctx.set('Access-Control-Allow-Headers', ALLOWED_REQUEST_HEADERS.join(', '));
      ctx.set('Access-Control-Max-Age', '600');
      if (!any) ctx.vary('Origin');
      return;
    }
    await next();
    ctx.set('Access-Control-Allow-Origin', allowOrigin);
    ctx.set('Access-Control-Expose-Headers', EXPOSED_HEADERS.join(', '));
    if (!any) ctx.vary('Origin');
  };
}

/** A weak validator from a digest: weak because compression changes the bytes, not the meaning. */
const weakTag = (digest: Buffer) => `W/"${digest.toString('base64url')}"`;

/** The ETag of a text: its sha256 (weak: the same whatever the content coding). */
export function textTag(text: string): string {
  return weakTag(crypto.createHash('sha256').update(text, 'utf8').digest());
}

/**
 * Serializes a JSON answer once, tags it with an ETag, and answers 304 without a body when
 * the client's If-None-Match names it.
 */
export function answerConditionally(ctx: Context): void {
  if (ctx.status !== 200 || ctx.body === null || ctx.body === undefined || typeof ctx.body !== 'object' || ctx.body instanceof Readable) return;
  const text = JSON.stringify(ctx.body);
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = text;
  ctx.etag = textTag(text);
  if (ctx.fresh) ctx.status = 304;
}

/** The ETag of a result file (by path, or a stream of its bytes): its sha256. */
export async function fileTag(file: string | Readable): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of typeof file === 'string' ? fs.createReadStream(file) : file) hash.update(chunk as Buffer);
  return weakTag(hash.digest());
}

/** Answers worth compressing: JSON, text and SQLite; a ZIP is compressed already. */
const COMPRESSIBLE = /^(application\/(json|x-sqlite3|javascript)|text\/)/;
/** Below this many bytes compression saves less than its headers and time cost. */
const MIN_COMPRESS_BYTES = 1024;

/**
 * brotli or gzip by the client's q-values, brotli on a tie (negotiators break ties by the
 * client's order, and clients list gzip first out of habit); null when neither is acceptable
 * or the client prefers no coding.
 */
export function preferredEncoding(header: string): 'br' | 'gzip' | null {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find((value) => value !== undefined);
    if (name) weights.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const best = weight('br') >= weight('gzip') ? 'br' : 'gzip';
  if (!(weight(best) > 0) || (weights.has('identity') && weight('identity') > weight(best))) return null;
  return best;
}

/**
 * gzip or brotli, as the client's Accept-Encoding prefers (brotli on a tie). Brotli runs at
 * quality 4: near gzip's speed with a better ratio, where quality 11 would stall a large download.
 */
export function compression(): Middleware {
  return async (ctx, next) => {
    await next();
    const type = ctx.response.type;
    // An event stream is sent as it happens; a compressor would hold its events back.
    if (type === 'text/event-stream') return;
    if (!ctx.body || ctx.method === 'HEAD' || ctx.status === 204 || ctx.status === 304 || !COMPRESSIBLE.test(type)) return;
    ctx.vary('Accept-Encoding');
    if (ctx.response.get('Content-Encoding')) return;
    const length = ctx.response.length;
    if (length !== undefined && length < MIN_COMPRESS_BYTES) return;
    const encoding = preferredEncoding(ctx.get('Accept-Encoding'));
    if (!encoding) return;
    const compressor =
      encoding === 'br'
        ? zlib.createBrotliCompress({
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, ...(length ? { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: length } : {}) },
          })
        : zlib.createGzip();
    const body = ctx.body;
    const source =
      body instanceof Readable ? body : Readable.from(Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)));
    ctx.set('Content-Encoding', encoding);
    ctx.remove('Content-Length');
    // pipeline destroys both streams when either fails, so a failed read ends the response.
    ctx.body = pipeline(source, compressor, () => {});
  };
}
