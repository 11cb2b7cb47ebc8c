import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HazsimError } from '../../base/errors.js';

/**
 * Resolves the cache root (docs/cache.md): an explicit --cache-dir wins, then
 * $HAZSIM_CACHE_DIR, then %LOCALAPPDATA%\hazsim on Windows, then $XDG_CACHE_HOME/hazsim,
 * then ~/.cache/hazsim. Relative paths are made absolute against the working directory so
 * every stored file_path is absolute.
 */
export function resolveCacheRoot(
  explicitDir: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  homeDir: string = os.homedir(),
): string {
  if (explicitDir) return path.resolve(explicitDir);
  if (env.HAZSIM_CACHE_DIR) return path.resolve(env.HAZSIM_CACHE_DIR);
  if (platform === 'win32' && env.LOCALAPPDATA) return path.resolve(env.LOCALAPPDATA, 'hazsim');
  if (env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME)) return path.join(env.XDG_CACHE_HOME, 'hazsim');
  return path.join(homeDir, '.cache', 'hazsim');
}

/**
 * Refuses a cache root that can never be a folder: it, or a folder above it, is a regular file
 * (the raw ENOTDIR of the first read or write said nothing about which). `what` names where the
 * path came from (`--cache-dir`, `HAZSIM_CACHE_DIR`). A root that does not exist yet is fine: it is made on first write.
 */
export function assertCacheRootUsable(cacheRoot: string, what: string): void {
  for (let dir = cacheRoot; ; dir = path.dirname(dir)) {
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(dir, { throwIfNoEntry: false });
    } catch (error) {
      // ENOTDIR: something above is a file; the walk up finds which.
      if ((error as NodeJS.ErrnoException).code !== 'ENOTDIR') throw error;
    }
    if (stat && !stat.isDirectory()) {
      const where = dir === cacheRoot ? `${cacheRoot} is a file` : `${dir}, a folder above it, is a file`;
      throw new HazsimError('usage', `${what} ${cacheRoot} cannot be the cache: ${where}, not a folder; give a folder (it is made when missing)`);
    }
    if (stat || path.dirname(dir) === dir) return;
  }
}
