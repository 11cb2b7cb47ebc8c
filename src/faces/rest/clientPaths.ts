import path from 'node:path';

/**
 * Paths as REST clients see them: relative to the cache root, never the server's absolute
 * paths (docs/hardening.md, "Serving"). The cache root itself is ".".
 */
export function clientPath(cacheRoot: string, absolutePath: string): string {
  const relative = path.relative(cacheRoot, absolutePath);
  return relative === '' ? '.' : relative.split(path.sep).join('/');
}

/**
 * A message of the core as REST clients see it: the core names files by their absolute paths
 * (right for the CLI and MCP, whose users are on the machine), so every path inside the cache
 * becomes relative to it, and the cache root itself ".".
 */
export function clientText(cacheRoot: string, text: string): string {
  // The root only where its name ends: `/srv/cache2` is not inside `/srv/cache`.
  const root = new RegExp(`${escapeRegExp(cacheRoot)}(${escapeRegExp(path.sep)}|(?![\\w-]|\\.[\\w-]))`, 'g');
  return text.replace(root, (_match, separator: string) => (separator ? '' : '.'));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** An error body (or a job's error) with its message and issues as clientText makes them. */
export function clientError<T extends { detail: string; errors?: { path: string; message: string }[] }>(cacheRoot: string, body: T): T {
  const text = (value: string) => clientText(cacheRoot, value);
  return {
    ...body,
    detail: text(body.detail),
    ...(body.errors ? { errors: body.errors.map((issue) => ({ path: text(issue.path), message: text(issue.message) })) } : {}),
  };
}

/** A record with its file_path made relative to the cache (null stays null: built-in curve sets). */
export function clientRecord<T extends { file_path: string | null }>(cacheRoot: string, record: T): T {
  return { ...record, file_path: record.file_path === null ? null : clientPath(cacheRoot, record.file_path) };
}
