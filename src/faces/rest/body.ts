/**
 * Request bodies, read with koa-body: JSON for the run endpoints, multipart uploads for
 * the model and curve-set endpoints. Upload files are spooled to a temporary file by
 * formidable (never held in memory while they arrive) and removed when the request ends.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import type { Context } from 'koa';
import { koaBody } from 'koa-body';
import type { File, Part } from 'formidable';
import * as v from 'valibot';
import { HazsimError, toHazsimError, type Issue } from '../../base/errors.js';
import { issuesFromValibot } from '../../base/validation.js';
import { UploadFields } from './schemas.js';
import { coordinateReading, trackUploadOptions, type TrackUploadOptions } from '../../app/contract/schemas.js';
import type { CoordinateReading } from '../../domain/assets/index.js';

/** JSON request bodies are small (names and numbers); anything bigger is a mistake. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
const FORM_FIELDS_LIMIT_BYTES = 1024 * 1024;
const FILE_FIELD = 'file';

/** A validated upload: the spooled file and the form's text fields. */
export interface UploadInput {
  /** Temporary file holding the uploaded bytes; removed after the request. */
  filePath: string;
  /** The client's file name (its stem is the default name). */
  fileName: string;
  name?: string;
  description?: string;
  overwrite: boolean;
  /** Storm, time window, wind profile and terrain of a best-track upload. */
  track?: TrackUploadOptions;
  /** How a distribution model's Location x and y are read (coordinate_order, place_at). */
  coordinates?: CoordinateReading;
}

export interface BodyReaders {
  json(ctx: Context): Promise<unknown>;
  /** Reads an upload form; `cleanup` must run when the request is done, whatever happened. */
  upload(ctx: Context, cleanup: (dispose: () => Promise<void>) => void): Promise<UploadInput>;
}

function requireContentType(ctx: Context, expected: string, ...types: string[]): void {
  if (ctx.is(...types)) return;
  const sent = ctx.get('Content-Type') || 'none';
  ctx.throw(415, `Unsupported Content-Type ${JSON.stringify(sent)}: this endpoint takes ${expected}`);
}

const isSystemError = (error: unknown) =>
  typeof (error as NodeJS.ErrnoException)?.code === 'string' && typeof (error as NodeJS.ErrnoException)?.syscall === 'string';

/** formidable's error codes for a server-side fault (cannot create its directory). */
const FORMIDABLE_SERVER_FAULTS = new Set([1018]);

/**
 * formidable reports client mistakes (a request cut short, a broken part) with httpCode 500;
 * those become `unreadable`. Disk failures and formidable's own faults stay server errors.
 */
function classifyUploadError(error: unknown): unknown {
  const httpCode = (error as { httpCode?: number })?.httpCode;
  const code = (error as { code?: unknown })?.code;
  if (isSystemError(error) || (typeof code === 'number' && FORMIDABLE_SERVER_FAULTS.has(code))) return toHazsimError(error);
  if (typeof httpCode === 'number' && httpCode < 500) return error;
  return new HazsimError('unreadable', `Malformed multipart body: ${(error as Error)?.message ?? String(error)}`);
}

/** The request's Content-Encoding when it is not the identity, else null. */
function contentEncoding(ctx: Context): string | null {
  const encoding = ctx.get('Content-Encoding').trim().toLowerCase();
  return encoding === '' || encoding === 'identity' ? null : encoding;
}

/**
 * A JSON body whose Content-Encoding does not decode (not gzip at all, cut short) is the
 * client's mistake: zlib's errors carry no HTTP status and would otherwise read as a server fault.
 */
function classifyDecodingError(ctx: Context, error: unknown): unknown {
  const encoding = contentEncoding(ctx);
  const httpCode = (error as { status?: unknown })?.status;
  if (encoding === null || typeof httpCode === 'number') return error;
  return new HazsimError('unreadable', `Request body does not decode as Content-Encoding ${encoding}: ${(error as Error)?.message ?? String(error)}`);
}

/**
 * Uploads are read as sent: multipart parsing does not decode a Content-Encoding, and would
 * take compressed bytes for the form (or ignore the header). A ZIP upload is compressed already.
 */
function refuseContentEncoding(ctx: Context): void {
  const encoding = contentEncoding(ctx);
  if (encoding !== null)
    ctx.throw(415, `Unsupported Content-Encoding ${JSON.stringify(encoding)} on an upload: send the form uncompressed (a ZIP upload is compressed already)`);
}

function asList(value: File | File[] | undefined): File[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** Validates the form's parts: exactly one file part named `file`, known text fields only. */
function uploadInput(fields: Record<string, unknown>, files: Record<string, File | File[]>): UploadInput {
  const issues: Issue[] = [];
  const uploaded = asList(files[FILE_FIELD]);
  if (Object.hasOwn(fields, FILE_FIELD)) issues.push({ path: FILE_FIELD, message: 'must be a file part (with a filename), not a text field' });
  else if (uploaded.length === 0) issues.push({ path: FILE_FIELD, message: 'required: the model file (JSON or ZIP) as a file part' });
  if (uploaded.length > 1) issues.push({ path: FILE_FIELD, message: `send one file, not ${uploaded.length}` });
  for (const key of Object.keys(files)) {
    if (key !== FILE_FIELD) issues.push({ path: key, message: `unknown file field; send the model in the field "${FILE_FIELD}"` });
  }
  const textFields = Object.fromEntries(Object.entries(fields).filter(([key]) => key !== FILE_FIELD));
  const parsed = v.safeParse(UploadFields, textFields, { abortEarly: false });
  if (!parsed.success) issues.push(...issuesFromValibot(parsed.issues));
  if (issues.length > 0 || !parsed.success) {
    const listed = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
    throw new HazsimError(
      'invalid_input',
      `Invalid upload form (fields: file, name, description, overwrite; best tracks: storm, from, to, wind_profile, terrain; distribution models: coordinate_order, place_at, crs, coordinate_units): ${listed}`,
      issues,
    );
  }
  const name = parsed.output.name?.trim();
  const track = trackUploadOptions(parsed.output);
  const coordinates = coordinateReading(parsed.output);
  return {
    ...(track ? { track } : {}),
    ...(coordinates ? { coordinates } : {}),
    filePath: uploaded[0].filepath,
    fileName: uploaded[0].originalFilename ?? '',
    ...(name ? { name } : {}),
    ...(parsed.output.description !== undefined ? { description: parsed.output.description } : {}),
    overwrite: parsed.output.overwrite === 'true',
  };
}

/**
 * formidable reads a part without its own Content-Type as a text field and one with a type as
 * a file, but RFC 7578 makes the part's `filename` what marks a file (§4.2) and lets any part
 * carry a Content-Type (§4.4). Clients differ: Python `requests` sends file parts without a
 * type, and .NET's HttpClient (StringContent) and PowerShell's `-Form` label every text part
 * `text/plain; charset=utf-8`. So a part with a filename is a file, and one without is a text
 * field (read as UTF-8, RFC 7578's default), whatever its type.
 */
function fileByFilename(part: Part, handle: (part: Part) => void): void {
  if (part.originalFilename === null || part.originalFilename === undefined) part.mimetype = null;
  else if (!part.mimetype) part.mimetype = 'application/octet-stream';
  handle(part);
}

/**
 * Write errors of spooled upload files. formidable ends the form without reporting one when
 * the part ends first (a full spool disk): the upload then read as an empty file ("hurricane.json
 * is empty"). A file that failed is the server's fault, a full disk a 507 (docs/hardening.md).
 */
const spoolFailures = new WeakMap<File, Error>();

/**
 * Throws when a spooled file did not get all its bytes: its write error (a full disk is
 * no_space, 507), or an internal error when the bytes on disk fall short of those received.
 * The stream may report its error only after formidable has ended the form, so a short file
 * waits a moment for it.
 */
async function checkSpooledFiles(files: File[]): Promise<void> {
  for (const file of files) {
    const onDisk = fs.statSync(file.filepath, { throwIfNoEntry: false })?.size ?? 0;
    if (onDisk === file.size && !spoolFailures.has(file)) continue;
    const failure = spoolFailures.get(file) ?? (await errorWithin(file, SPOOL_ERROR_WAIT_MS));
    if (failure) throw toHazsimError(failure);
    throw new HazsimError('internal', `The upload's spool file ${file.filepath} holds ${onDisk} of the ${file.size} bytes received`);
  }
}

/** How long a short spool file waits for its write error. */
const SPOOL_ERROR_WAIT_MS = 1000;

/** The error `file` emits within `ms`, or undefined. */
async function errorWithin(file: File, ms: number): Promise<Error | undefined> {
  try {
    const [error] = (await once(file as unknown as NodeJS.EventEmitter, 'error', { signal: AbortSignal.timeout(ms) })) as [Error];
    return error;
  } catch {
    return spoolFailures.get(file);
  }
}

/** Builds the body readers for one app. */
export function createBodyReaders(options: { maxUploadBytes: number; uploadDir?: string }): BodyReaders {
  const parseJson = koaBody({
    json: true,
    multipart: false,
    urlencoded: false,
    text: false,
    // Any JSON value is parsed, so a scalar body is a schema error (422), not a parse error.
    jsonStrict: false,
    jsonLimit: JSON_BODY_LIMIT_BYTES,
    jsonTypes: ['application/json', '+json'],
  });
  const parseMultipart = koaBody({
    json: false,
    multipart: true,
    urlencoded: false,
    text: false,
    formidable: {
      uploadDir: options.uploadDir ?? os.tmpdir(),
      maxFileSize: options.maxUploadBytes,
      maxTotalFileSize: options.maxUploadBytes,
      maxFieldsSize: FORM_FIELDS_LIMIT_BYTES,
      maxFields: 20,
      allowEmptyFiles: true,
      minFileSize: 0,
      hashAlgorithm: false,
      filename: () => `hazsim-upload-${process.pid}-${crypto.randomBytes(8).toString('hex')}`,
      onPart: fileByFilename,
      // formidable's File is an EventEmitter at run time (its PersistentFile); the typings omit it.
      onFileBegin: (_name, file) => (file as unknown as NodeJS.EventEmitter).on('error', (error: Error) => spoolFailures.set(file, error)),
    },
  });
  const noop = async () => {};

  return {
    async json(ctx) {
      // A POST without any body reads as {} so the client learns which fields are required.
      if (!ctx.request.length && !ctx.get('Transfer-Encoding')) return {};
      requireContentType(ctx, 'application/json', 'application/json', '+json');
      try {
        await parseJson(ctx, noop);
      } catch (error) {
        throw classifyDecodingError(ctx, error);
      }
      return ctx.request.body;
    },
    async upload(ctx, cleanup) {
      requireContentType(ctx, 'multipart/form-data', 'multipart/form-data');
      refuseContentEncoding(ctx);
      cleanup(async () => {
        const files = (ctx.request.files ?? {}) as Record<string, File | File[]>;
        await Promise.all(
          Object.values(files)
            .flatMap(asList)
            .map((file) => fs.promises.rm(file.filepath, { force: true })),
        );
      });
      try {
        await parseMultipart(ctx, noop);
      } catch (error) {
        throw classifyUploadError(error);
      }
      await checkSpooledFiles(Object.values((ctx.request.files ?? {}) as Record<string, File | File[]>).flatMap(asList));
      return uploadInput((ctx.request.body ?? {}) as Record<string, unknown>, (ctx.request.files ?? {}) as Record<string, File | File[]>);
    },
  };
}
