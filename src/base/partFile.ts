/**
 * The framing the part files of sharded runs share (scenario shards, impact parts; docs/scale-out.md):
 * a magic line, the header's byte length as a little-endian u32, the header as JSON, then the
 * part's own body. `hazsim merge` tells the kinds of part apart by their magic line.
 */
import fs from 'node:fs';
import * as v from 'valibot';
import { HazsimError } from './errors.js';
import { issuesFromValibot } from './validation.js';

/** What a part that ends early is told (a job stopped before it finished leaves one). */
export const TRUNCATED_PART = 'it is truncated (was its job stopped before it finished?)';

/** The errors of a damaged part of `kind` (e.g. "hazsim shard file"), naming the file and what is wrong. */
export function partErrors(kind: string): { corrupt: (path: string, message: string) => HazsimError; truncated: (path: string) => HazsimError } {
  const corrupt = (path: string, message: string) => new HazsimError('invalid_input', `${path} is not a ${kind}: ${message}`, [{ path, message }]);
  return { corrupt, truncated: (path) => corrupt(path, TRUNCATED_PART) };
}

/** Opens a part for reading; one that cannot be opened is an invalid input naming it and the system's error code. */
export function openPartForReading(path: string): number {
  try {
    return fs.openSync(path, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new HazsimError('invalid_input', `Cannot read shard file ${path} (${code})`, [{ path, message: `cannot be read (${code})` }]);
  }
}

/** Writes the magic line, the header's length and the header at the start of the open file `fd`. */
export function writePartHeader(fd: number, magic: string, header: object): void {
  const headerJson = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(headerJson.length);
  fs.writeSync(fd, Buffer.from(magic));
  fs.writeSync(fd, length);
  fs.writeSync(fd, headerJson);
}

/**
 * Reads the header of the part open as `fd` and where its body starts; a file without `magic`
 * is `corrupt(notPart)`, a short one `corrupt(TRUNCATED_PART)`, a header that is not JSON
 * `corrupt('its header is not JSON')`, and one that does not fit `schema` (a damaged or
 * hand-edited part; it crashed the merge) `corrupt` naming the first field that is wrong.
 */
export function readPartHeader<Header>(
  fd: number,
  magic: string,
  schema: v.GenericSchema<unknown, Header>,
  corrupt: (message: string) => Error,
  notPart: string,
): { header: Header; bodyOffset: number } {
  const magicBytes = Buffer.from(magic);
  const start = Buffer.alloc(magicBytes.length + 4);
  if (fs.readSync(fd, start, 0, start.length, 0) !== start.length || !start.subarray(0, magicBytes.length).equals(magicBytes)) throw corrupt(notPart);
  const headerLength = start.readUInt32LE(magicBytes.length);
  if (start.length + headerLength > fs.fstatSync(fd).size) throw corrupt(TRUNCATED_PART);
  const headerBytes = Buffer.alloc(headerLength);
  if (fs.readSync(fd, headerBytes, 0, headerLength, start.length) !== headerLength) throw corrupt(TRUNCATED_PART);
  let json: unknown;
  try {
    json = JSON.parse(headerBytes.toString('utf8'));
  } catch {
    throw corrupt('its header is not JSON');
  }
  const parsed = v.safeParse(schema, json);
  if (!parsed.success) {
    const [issue] = issuesFromValibot(parsed.issues, ['header']);
    throw corrupt(`its header does not fit the format: ${issue.path}: ${issue.message}`);
  }
  return { header: parsed.output, bodyOffset: start.length + headerLength };
}

/** True when the file at `filePath` starts with `magic` (false when it cannot be read). */
export function startsWithMagic(filePath: string, magic: string): boolean {
  const magicBytes = Buffer.from(magic);
  const start = Buffer.alloc(magicBytes.length);
  let fd: number;
  try {
    fd = fs.openSync(filePath, 'r');
  } catch {
    return false;
  }
  try {
    return fs.readSync(fd, start, 0, start.length, 0) === start.length && start.equals(magicBytes);
  } finally {
    fs.closeSync(fd);
  }
}
