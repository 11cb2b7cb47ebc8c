/**
 * The result files being written, so that what an interrupted or killed run leaves is removed
 * (docs/hardening.md, "Interrupted and killed runs"). A writer builds `.<name>.<pid>.<random>.tmp`
 * beside its destination, plus side files that start with that name (`….tmp.damage.csv`,
 * SQLite's `….tmp-journal`). This process's writes are removed at once on Ctrl-C or SIGTERM
 * (removeAbandonedWrites); a killed process cannot clean up, so each write is also recorded in
 * the cache (`<cache>/writing/<pid>-<random>.json`) and `cache prune` finds the files of records
 * whose process is gone (leftoverWrites).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isTemporaryName, temporaryOwnerPid } from '../../base/atomic.js';
import { bootId, ownerGone } from '../../base/processOwner.js';

/** One write: the file its writer builds (the destination, or a private file) and its record in the cache. */
interface Write {
  buildPath: string;
  /** True when `buildPath` itself is a private file of the run (removed with it). */
  privateFile: boolean;
  record: string | null;
}

interface WriteRecord {
  pid: number;
  host: string;
  boot_id: string | null;
  started_at_ms: number;
  build_path: string;
  private_file: boolean;
}

const inFlight = new Set<Write>();

/** The folder of write records in a cache. */
function recordsFolder(cacheRoot: string): string {
  return path.join(cacheRoot, 'writing');
}

/**
 * The partial files of `pid` for `buildPath`: its temporary siblings and their side files,
 * plus `buildPath` itself when it is a private file.
 */
function partialFiles(buildPath: string, pid: number, privateFile: boolean): string[] {
  const folder = path.dirname(buildPath);
  const prefix = `.${path.basename(buildPath)}.${pid}.`;
  let names: string[];
  try {
    names = fs.readdirSync(folder);
  } catch {
    return [];
  }
  const files = names
    .filter((name) => name.startsWith(prefix) && isTemporaryName(name) && temporaryOwnerPid(name) === pid)
    .map((name) => path.join(folder, name));
  if (privateFile && fs.lstatSync(buildPath, { throwIfNoEntry: false })?.isFile()) files.push(buildPath);
  return files;
}

/**
 * Starts tracking a write of this process; the returned function ends it. The record in the
 * cache is best effort: a cache that cannot take it (full, read-only) does not stop the run.
 */
export function trackWrite(cacheRoot: string, buildPath: string, privateFile: boolean): { end: () => void; removePartialFiles: () => void } {
  const write: Write = { buildPath, privateFile, record: null };
  const record: WriteRecord = {
    pid: process.pid,
    host: os.hostname(),
    boot_id: bootId(),
    started_at_ms: Date.now(),
    build_path: buildPath,
    private_file: privateFile,
  };
  const file = path.join(recordsFolder(cacheRoot), `${process.pid}-${crypto.randomBytes(6).toString('hex')}.json`);
  try {
    fs.mkdirSync(recordsFolder(cacheRoot), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(record), { flag: 'wx' });
    write.record = file;
  } catch {
    // On a full disk the file is created and its content refused: an empty record is no record.
    fs.rmSync(file, { force: true });
    write.record = null;
  }
  inFlight.add(write);
  const end = () => {
    inFlight.delete(write);
    if (write.record) fs.rmSync(write.record, { force: true });
  };
  // Two runs of this process on one destination share the sibling prefix: then only the private file goes.
  const sharedDestination = () => [...inFlight].some((other) => other !== write && other.buildPath === write.buildPath);
  const removePartialFiles = () => {
    const files = partialFiles(buildPath, process.pid, privateFile);
    for (const file of files) if (!sharedDestination() || file === buildPath) fs.rmSync(file, { force: true });
  };
  return { end, removePartialFiles };
}

/** Removes every partial file of this process's writes in flight (Ctrl-C, SIGTERM), synchronously. */
export function removeAbandonedWrites(): void {
  for (const write of [...inFlight]) {
    for (const file of partialFiles(write.buildPath, process.pid, write.privateFile)) fs.rmSync(file, { force: true });
    if (write.record) fs.rmSync(write.record, { force: true });
    inFlight.delete(write);
  }
}

/** A killed run's partial file, found through its record. */
export interface LeftoverFile {
  path: string;
  size_bytes: number;
}

/** True when the process of `record` cannot still be writing: on this host, its boot is over or its pid is gone or reused. */
function recordOwnerGone(record: WriteRecord): boolean {
  if (record.host !== os.hostname()) return false;
  const boot = bootId();
  if (record.boot_id !== null && boot !== null && record.boot_id !== boot) return true;
  return ownerGone(record.pid, record.started_at_ms);
}

function readRecord(file: string): WriteRecord | null {
  try {
    const record = JSON.parse(fs.readFileSync(file, 'utf8')) as WriteRecord;
    return typeof record.pid === 'number' && typeof record.build_path === 'string' && typeof record.host === 'string' ? record : null;
  } catch {
    return null;
  }
}

/**
 * The partial files of killed runs of this host (their records' processes are gone), wherever
 * their destination was; with `remove`, they and their records are removed. Records of other
 * hosts are left to them.
 */
export function leftoverWrites(cacheRoot: string, remove: boolean): LeftoverFile[] {
  const folder = recordsFolder(cacheRoot);
  let names: string[];
  try {
    names = fs.readdirSync(folder);
  } catch {
    return [];
  }
  const leftovers: LeftoverFile[] = [];
  for (const name of names.sort()) {
    if (!name.endsWith('.json')) continue;
    const file = path.join(folder, name);
    const record = readRecord(file);
    // A record too damaged to read names no file: only the record itself goes, once it is
    // old enough not to be one another process is writing this moment.
    if (record ? !recordOwnerGone(record) : Date.now() - (fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0) < 60_000) continue;
    const files = record ? partialFiles(record.build_path, record.pid, record.private_file) : [];
    for (const partial of files) leftovers.push({ path: partial, size_bytes: fs.lstatSync(partial, { throwIfNoEntry: false })?.size ?? 0 });
    if (remove) {
      for (const partial of files) fs.rmSync(partial, { force: true });
      fs.rmSync(file, { force: true });
    }
  }
  return leftovers;
}
