import os from 'node:os';
import path from 'node:path';

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
