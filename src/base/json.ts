import { constants } from 'node:buffer';
import { HazsimError } from './errors.js';
import { requireUtf8 } from './utf8.js';

/** A JSON object (not null, not an array): the shape every reader of parsed input checks first. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The most JSON one file may hold: the longest string the JavaScript engine can make
 * (512 MiB in Node 20). Longer text cannot be decoded at all, so it is refused as too large.
 */
export const MAX_JSON_BYTES = constants.MAX_STRING_LENGTH;

/**
 * How deep arrays and objects may nest. Real models nest a dozen levels (GeoJSON polygons
 * inside components inside the model); JSON.parse copes with any depth, but serializing and
 * walking a value are recursive and overflow the stack at a few thousand levels, so deeper
 * input is refused when it is read rather than failing every later use (docs/hardening.md).
 */
export const MAX_JSON_DEPTH = 256;

/**
 * Parses JSON bytes, turning a syntax error into an `unreadable` error that names the file and
 * position; bytes that are not UTF-8 (RFC 8259 §8.1) are invalid_input (src/base/utf8.ts).
 */
export function parseJsonBytes(bytes: Buffer, fileName: string): unknown {
  if (bytes.length > MAX_JSON_BYTES)
    throw new HazsimError(
      'too_large',
      `${fileName} is ${(bytes.length / 1024 ** 2).toFixed(0)} MiB of JSON; at most ${Math.floor(MAX_JSON_BYTES / 1024 ** 2)} MiB can be read`,
    );
  requireUtf8(bytes, fileName);
  return parseJsonText(bytes.toString('utf8'), fileName);
}

/** parseJsonBytes for text already decoded (a stored model read as text), without encoding it again. */
export function parseJsonText(text: string, fileName: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    throw new HazsimError('unreadable', `${fileName} is not valid JSON: ${(error as Error).message}`);
  }
  if (nestingDepth(body) > MAX_JSON_DEPTH) {
    const path = pathBeyondDepth(value, MAX_JSON_DEPTH);
    throw new HazsimError('invalid_input', `${fileName} nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep`, [
      { path, message: `nested more than ${MAX_JSON_DEPTH} levels deep; no model needs that many` },
    ]);
  }
  return value;
}

/** The deepest nesting of arrays and objects in valid JSON text, counted in one pass over the characters. */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i += 1;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (code === 0x7d || code === 0x5d) depth -= 1;
  }
  return deepest;
}

/** The JSON path of the first array or object nested deeper than `limit` (found without recursion). */
function pathBeyondDepth(root: unknown, limit: number): string {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: '', depth: 1 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > limit) return path;
    const entries: [string, unknown][] = Array.isArray(value)
      ? value.map((item, index) => [`${path}[${index}]`, item])
      : Object.entries(value).map(([key, item]) => [
          /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}${path ? '.' : ''}${key}` : `${path}[${JSON.stringify(key)}]`,
          item,
        ]);
    for (const [childPath, item] of entries) stack.push({ value: item, path: childPath, depth: depth + 1 });
  }
  return '';
}
