import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

/**
 * Temporary names start with "." and carry the writer's pid, so a refresh can tell a file
 * left by a killed writer (pid gone) from one still being written, and listings skip them.
 */
export function temporaryPath(finalPath: string): string {
  const dir = path.dirname(finalPath);
  const base = path.basename(finalPath);
  return path.join(dir, `.${base}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`);
}

/**
 * A temporary name, or a side file a writer keeps beside it (`<temporary>.damage.csv`,
 * SQLite's `<temporary>-journal`): all carry the writer's pid and go with it.
 */
const TEMP_PATTERN = /^\..*\.(\d+)\.[0-9a-f]{8}\.tmp(?:[.-][A-Za-z0-9._-]+)?$/;

/** True for names made by temporaryPath and for their side files. */
export function isTemporaryName(name: string): boolean {
  return TEMP_PATTERN.test(name);
}

/** The pid that made a temporary name, or null. */
export function temporaryOwnerPid(name: string): number | null {
  const match = TEMP_PATTERN.exec(name);
  return match ? Number(match[1]) : null;
}

/** Writes `data` to a temporary file, flushes it to disk, and renames it over `finalPath`: readers see the old or the new file, never a part. */
export function writeFileAtomic(finalPath: string, data: string | Uint8Array): void {
  const tmp = temporaryPath(finalPath);
  try {
    const fd = fs.openSync(tmp, 'wx', 0o644);
    try {
      fs.writeFileSync(fd, data);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, finalPath);
  } catch (error) {
    fs.rmSync(tmp, { force: true });
    throw error;
  }
}

/** Whether a process with this pid is alive on this machine. */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
