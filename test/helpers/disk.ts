/**
 * A small disk for tests of a full disk: a tmpfs mounted on a new folder (root only; the
 * tests that need it are skipped with a notice elsewhere), and a way to fill it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from './cli.js';
import { skipTest } from './skip.js';

/** Mounts a tmpfs of `kilobytes` on a new folder; null (test skipped) when this machine does not allow it. */
export function smallDisk(kilobytes: number): string | null {
  const mountPoint = tempDir('hazsim-full-');
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${kilobytes}k`, 'tmpfs', mountPoint]);
  if (mounted.error || mounted.status !== 0) {
    skipTest(`cannot mount a tmpfs here (needs root): ${mounted.stderr?.toString().trim() ?? mounted.error?.message}`);
    return null;
  }
  return mountPoint;
}

export function unmount(mountPoint: string): void {
  spawnSync('umount', ['-l', mountPoint]);
}

/** Fills the disk of `folder` to the last byte with one file, and returns its path (remove it to free the space). */
export function fill(folder: string): string {
  const filler = path.join(folder, 'filler');
  const fd = fs.openSync(filler, 'w');
  const block = Buffer.alloc(4096);
  try {
    for (let bytes = block.length; bytes > 0; bytes = Math.floor(bytes / 2)) {
      try {
        for (;;) fs.writeSync(fd, block, 0, bytes);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    fs.closeSync(fd);
  }
  return filler;
}
