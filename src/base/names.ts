import { HazsimError } from './errors.js';

/** docs/cache.md: 1–128 characters of [A-Za-z0-9._-], not starting with a dot. */
const NAME_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
export const MAX_NAME_LENGTH = 128;
/** The stem of every store's index file, models_metadata.json: no model may be stored under it. */
export const RESERVED_INDEX_NAME = 'models_metadata';

/** Why a model name is refused, or null when it is acceptable. Names become file names, so no path can escape. */
export function nameProblem(name: string): string | null {
  if (name.length === 0) return 'name must not be empty';
  if (name.length > MAX_NAME_LENGTH) return `name must be at most ${MAX_NAME_LENGTH} characters (got ${name.length})`;
  if (name.startsWith('.')) return 'name must not start with "."';
  // The metadata is a JSON object keyed by name; this key would set its prototype instead of an entry.
  if (name === '__proto__') return 'name must not be "__proto__"';
  // Its file would be the store's index (docs/cache.md); any letter case, for case-insensitive file systems.
  if (name.toLowerCase() === RESERVED_INDEX_NAME) return `name "${RESERVED_INDEX_NAME}" is reserved for the cache's index`;
  if (!NAME_PATTERN.test(name)) return 'name may only contain letters, digits, ".", "_" and "-" (no path separators, spaces or control characters)';
  return null;
}

/** Throws a usage error naming the rule when `name` cannot be a model name. */
export function assertModelName(name: string): string {
  const problem = nameProblem(name);
  if (problem) throw new HazsimError('invalid_input', `Invalid model name ${JSON.stringify(truncate(name))}: ${problem}`, [{ path: 'name', message: problem }]);
  return name;
}

/** Derives a default model name from an uploaded file name: the stem, with characters outside the name alphabet replaced. */
export function nameFromFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  return base.replace(/\.(json|zip|xml|dss)$/i, '');
}

function truncate(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
