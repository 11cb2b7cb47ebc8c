import { HazsimError } from './errors.js';

/** A JSON object (not null, not an array): the shape every reader of parsed input checks first. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses JSON text, turning a syntax error into an `unreadable` error that names the file and position. */
export function parseJsonBytes(bytes: Buffer, fileName: string): unknown {
  return parseJsonText(bytes.toString('utf8'), fileName);
}

/** parseJsonBytes for text already decoded (a stored model read as text), without encoding it again. */
export function parseJsonText(text: string, fileName: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return JSON.parse(body);
  } catch (error) {
    throw new HazsimError('unreadable', `${fileName} is not valid JSON: ${(error as Error).message}`);
  }
}
