/**
 * Opening a file of the cache to serve it (docs/hardening.md, "Serving only the cache's own
 * files"). The cache is a folder other processes can write to (a shared volume, a container's
 * mount); a symbolic link or a crafted job record planted there made the REST and MCP servers
 * serve any file the server could read. A file is served only when it is a regular file whose
 * real path is inside the cache's real path, and its last component is no link.
 */
import fs from 'node:fs';
import path from 'node:path';
import { HazsimError } from './errors.js';

/** The path the open handle `fd` has: from /proc where there is one (no race with a link swapped in), else resolved again. */
function realPathOf(fd: number, filePath: string): string {
  try {
    return fs.readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return fs.realpathSync(filePath);
  }
}

/** True when `target` is `root` or below it (both real paths). */
export function isInside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * Opens `filePath` for reading when it is a regular file inside `cacheRoot` (after resolving
 * every link of the folders above it); the caller closes the handle. Opened non-blocking and
 * without following a final link, then checked on the handle, so neither a FIFO nor a link
 * swapped in after a check is read. A missing file throws the system's ENOENT error unchanged
 * (callers name what is missing); a link, a non-regular file or a path that leads out of the
 * cache is an internal error naming the file: the cache was tampered with, not the request.
 */
export function openCacheFile(filePath: string, cacheRoot: string): number {
  let fd: number;
  try {
    fd = fs.openSync(filePath, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK | fs.constants.O_NOFOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') {
      throw new HazsimError('internal', `${filePath} is a symbolic link; the cache serves only its own regular files: remove it and run a cache refresh`);
    }
    throw error;
  }
  try {
    if (!fs.fstatSync(fd).isFile()) throw notRegular(filePath);
    const real = realPathOf(fd, filePath);
    if (!isInside(fs.realpathSync(cacheRoot), real)) {
      throw new HazsimError(
        'internal',
        `${filePath} leads outside the cache (a folder above it is a link); the cache serves only its own files: remove the link`,
      );
    }
    return fd;
  } catch (error) {
    fs.closeSync(fd);
    throw error;
  }
}

/**
 * The whole content of a stored model file that a run reads (following links, as a user's own
 * cache may hold them), refused unless it is a regular file: a FIFO put in a model's place
 * blocked the run's thread for good, and with it DELETE of its job and the server's SIGTERM.
 * Opened non-blocking and checked on the handle. A missing file throws ENOENT unchanged.
 */
export function readStoredFile(filePath: string): Buffer {
  const fd = fs.openSync(filePath, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  try {
    if (!fs.fstatSync(fd).isFile()) throw notRegular(filePath);
    return fs.readFileSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function notRegular(filePath: string): HazsimError {
  return new HazsimError('internal', `${filePath} is not a regular file; remove it and run a cache refresh`);
}

/** The whole content of a file of the cache, opened as {@link openCacheFile} does. */
export function readCacheFile(filePath: string, cacheRoot: string): Buffer {
  const fd = openCacheFile(filePath, cacheRoot);
  try {
    return fs.readFileSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
