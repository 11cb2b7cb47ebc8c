import path from 'node:path';

/**
 * Paths as REST clients see them: relative to the cache root, never the server's absolute
 * paths (docs/hardening.md, "Serving"). The cache root itself is ".".
 */
export function clientPath(cacheRoot: string, absolutePath: string): string {
  const relative = path.relative(cacheRoot, absolutePath);
  return relative === '' ? '.' : relative.split(path.sep).join('/');
}

/** A record with its file_path made relative to the cache (null stays null: built-in curve sets). */
export function clientRecord<T extends { file_path: string | null }>(cacheRoot: string, record: T): T {
  return { ...record, file_path: record.file_path === null ? null : clientPath(cacheRoot, record.file_path) };
}
