import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { HazsimError } from '../../base/errors.js';
import { isTemporaryName, temporaryOwnerPid } from '../../base/atomic.js';
import { ownerGone } from '../../base/processOwner.js';

/**
 * Where a run builds its result and how the file reaches its destination (docs/hardening.md,
 * "Result files"). A regular destination is built beside itself and renamed into place; a
 * destination that is not a regular file (a device such as /dev/null or /dev/stdout, a FIFO)
 * is never replaced: the result is built in a private temporary file and its bytes are written
 * through to the destination.
 */
export interface ResultDestination {
  /** The path the writer builds (the destination itself for regular files: writers rename into it). */
  buildPath: string;
  /** The path the user asked for, as reported. */
  finalPath: string;
  /** Moves the built file to its destination once the writer succeeded. */
  finish(): Promise<void>;
  /** Removes what a failed or abandoned run left behind. */
  discard(): void;
}

/** Private result files: `hazsim-<pid>-<random>-<name>` in the system temp folder, swept when their process is gone. */
const PRIVATE_PATTERN = /^hazsim-(\d+)-[0-9a-f]{12}-/;

/** A private temporary result file (REST downloads, write-through builds), recognisable by the start-up sweep. */
export function privateResultPath(fileName: string): string {
  return path.join(os.tmpdir(), `hazsim-${process.pid}-${crypto.randomBytes(6).toString('hex')}-${fileName}`);
}

function outputProblem(message: string): HazsimError {
  return new HazsimError('invalid_input', message, [{ path: 'output', message }]);
}

/** True when `inner` is `outer` or lies below it. */
function isInside(inner: string, outer: string): boolean {
  const relative = path.relative(outer, inner);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** The real path of `target`, or of its nearest existing ancestor joined with the rest. */
function realPathOf(target: string): string {
  const missing: string[] = [];
  let current = target;
  for (;;) {
    try {
      return path.join(fs.realpathSync(current), ...missing.reverse());
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return target;
      missing.push(path.basename(current));
      current = parent;
    }
  }
}

/**
 * Checks a user-chosen destination before any work is done and says how to write it.
 * `requested` may name a file or an existing folder (the result then takes `fileName` inside
 * it). Refused with invalid_input naming the path: a missing parent folder, a folder that is
 * not writable, and any path inside the cache (its files are the cache's own).
 */
export function prepareResultDestination(requested: string, fileName: string, cacheRoot: string): ResultDestination {
  let finalPath = path.resolve(requested);
  let stat = fs.statSync(finalPath, { throwIfNoEntry: false });
  if (stat?.isDirectory()) {
    finalPath = path.join(finalPath, fileName);
    stat = fs.statSync(finalPath, { throwIfNoEntry: false });
    if (stat?.isDirectory()) throw outputProblem(`Cannot write the result to ${finalPath}: it is a directory`);
  }
  const realCache = realPathOf(path.resolve(cacheRoot));
  if (isInside(realPathOf(finalPath), realCache)) {
    throw outputProblem(`Cannot write the result to ${finalPath}: it is inside the cache ${cacheRoot}, whose files hazsim manages; choose a path outside it`);
  }
  if (stat && !stat.isFile()) return writeThrough(finalPath, fileName);
  const folder = path.dirname(finalPath);
  const folderStat = fs.statSync(folder, { throwIfNoEntry: false });
  if (!folderStat) throw outputProblem(`Cannot write the result to ${finalPath}: the folder ${folder} does not exist`);
  if (!folderStat.isDirectory()) throw outputProblem(`Cannot write the result to ${finalPath}: ${folder} is not a folder`);
  try {
    fs.accessSync(folder, fs.constants.W_OK);
  } catch {
    throw outputProblem(`Cannot write the result to ${finalPath}: the folder ${folder} is not writable`);
  }
  sweepStaleSiblings(finalPath);
  return { buildPath: finalPath, finalPath, finish: async () => undefined, discard: () => undefined };
}

/**
 * Where a run's file goes: the cache's results folder under its stored name (MCP, TUI), a
 * folder of the cache's own under its download name (a job's), the exact path or folder
 * asked for (checked before any work by prepareResultDestination; a folder gets the stored
 * name), or else a private temporary file under the download name (the REST server deletes
 * it after sending).
 */
export function runDestination(
  names: { stored: string; download: string },
  options: { inResultsDir?: boolean; cacheFolder?: string; outputPath?: string; outputDir?: string },
  cache: { resultsDir: string; cacheRoot: string },
): ResultDestination {
  if (options.inResultsDir) return resultsFolderDestination(cache.resultsDir, names.stored);
  if (options.cacheFolder) return resultsFolderDestination(options.cacheFolder, names.download);
  const requested = options.outputPath ?? options.outputDir;
  if (requested) return prepareResultDestination(requested, names.stored, cache.cacheRoot);
  return privateResultDestination(names.download);
}

/** Runs `write` into the destination, then delivers it; on any failure nothing of the run is left. */
export async function deliver<T>(destination: ResultDestination, write: () => Promise<T>): Promise<T> {
  try {
    const value = await write();
    await destination.finish();
    return value;
  } catch (error) {
    destination.discard();
    throw error;
  }
}

/** A private temporary destination (REST downloads), removed by `discard`. */
function privateResultDestination(fileName: string): ResultDestination {
  const filePath = privateResultPath(fileName);
  return { buildPath: filePath, finalPath: filePath, finish: async () => undefined, discard: () => fs.rmSync(filePath, { force: true }) };
}

/** Separates the inputs in a results-folder file name: no model or curve-set name may contain it (docs/cache.md). */
const INPUT_SEPARATOR = '+';

/**
 * The stem of a run's file in the cache's results folder (MCP, TUI): every input that changes
 * the content, joined with "+". Model and curve-set names may hold "_" but never "+", so
 * (feeder_x, hurricane) and (feeder, x_hurricane) get different files; options at their
 * defaults are left out so common names stay short.
 */
export function resultsFolderStem(request: {
  distribution_system_name: string;
  hazard_system_name: string;
  curve_set: string;
  physics?: string;
  ground_motion_variability?: string;
}): string {
  const parts = [request.distribution_system_name, request.hazard_system_name, request.curve_set];
  if (request.physics !== undefined && request.physics !== 'default') parts.push(request.physics);
  // `integrated` is the default: naming it would give two names to one content.
  if (request.ground_motion_variability !== undefined && request.ground_motion_variability !== 'integrated')
    parts.push(`${request.ground_motion_variability}_ground_motion`);
  return parts.join(INPUT_SEPARATOR);
}

/** A destination inside the cache's own results folder (MCP, TUI). */
function resultsFolderDestination(resultsDir: string, fileName: string): ResultDestination {
  fs.mkdirSync(resultsDir, { recursive: true });
  const finalPath = path.join(resultsDir, fileName);
  sweepStaleSiblings(finalPath);
  return { buildPath: finalPath, finalPath, finish: async () => undefined, discard: () => undefined };
}

/**
 * A device, FIFO or socket: build privately, then open the destination for writing without
 * creating or truncating anything and copy the bytes. /dev/null swallows them; /dev/full
 * fails with a clear error; the node itself is never replaced.
 */
function writeThrough(finalPath: string, fileName: string): ResultDestination {
  const buildPath = privateResultPath(fileName);
  const discard = () => fs.rmSync(buildPath, { force: true });
  return {
    buildPath,
    finalPath,
    discard,
    async finish() {
      try {
        const handle = await fs.promises.open(finalPath, fs.constants.O_WRONLY);
        await pipeline(fs.createReadStream(buildPath), handle.createWriteStream());
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? '';
        throw outputProblem(`Cannot write the result to ${finalPath}: ${code === 'ENOSPC' ? 'no space left on the device' : (error as Error).message}`);
      } finally {
        discard();
      }
    },
  };
}

/** Removes temporary files a killed writer left next to `finalPath` (same destination, owner gone). */
function sweepStaleSiblings(finalPath: string): void {
  const folder = path.dirname(finalPath);
  const prefix = `.${path.basename(finalPath)}.`;
  let names: string[];
  try {
    names = fs.readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !isTemporaryName(name)) continue;
    const full = path.join(folder, name);
    const owner = temporaryOwnerPid(name);
    const stat = fs.lstatSync(full, { throwIfNoEntry: false });
    if (owner !== null && stat?.isFile() && ownerGone(owner, stat.mtimeMs)) fs.rmSync(full, { force: true });
  }
}

/**
 * Removes private result files (`hazsim-<pid>-...` in the system temp folder, and their
 * build files) whose process is gone: what killed servers and CLI runs left behind. Only
 * files of this user are touched.
 */
export function sweepPrivateResults(): number {
  const folder = os.tmpdir();
  const uid = process.getuid?.();
  let removed = 0;
  let names: string[];
  try {
    names = fs.readdirSync(folder);
  } catch {
    return 0;
  }
  for (const name of names) {
    const privateName = name.startsWith('.') && isTemporaryName(name) ? name.slice(1) : name;
    const match = PRIVATE_PATTERN.exec(privateName);
    if (!match) continue;
    const full = path.join(folder, name);
    const stat = fs.lstatSync(full, { throwIfNoEntry: false });
    if (!stat?.isFile() || (uid !== undefined && stat.uid !== uid)) continue;
    const owner = isTemporaryName(name) ? temporaryOwnerPid(name) : Number(match[1]);
    if (owner === null) continue;
    if (ownerGone(owner, stat.birthtimeMs || stat.mtimeMs) && ownerGone(Number(match[1]), stat.birthtimeMs || stat.mtimeMs)) {
      fs.rmSync(full, { force: true });
      removed += 1;
    }
  }
  return removed;
}
