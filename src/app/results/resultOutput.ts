import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { HazsimError } from '../../base/errors.js';
import { sha256Hex } from '../../base/sha256.js';
import { isTemporaryName, temporaryOwnerPid, writeFileAtomic } from '../../base/atomic.js';
import { ownerGone } from '../../base/processOwner.js';
import { isInside } from '../../base/cacheFile.js';
import { trackWrite } from './writesInProgress.js';

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
  /** True when `buildPath` is a private file of the run, not the destination itself. */
  privateFile: boolean;
  /** The cache whose `writing/` folder records the write (writesInProgress.ts). */
  cacheRoot: string;
}

/** Private result files: `hazsim-<pid>-<random>-<name>` in the system temp folder, swept when their process is gone. */
const PRIVATE_PATTERN = /^hazsim-(\d+)-[0-9a-f]{12}-/;

/** A private temporary result file (REST downloads, write-through builds), recognisable by the start-up sweep. */
export function privateResultPath(fileName: string): string {
  return path.join(os.tmpdir(), `hazsim-${process.pid}-${crypto.randomBytes(6).toString('hex')}-${fileName}`);
}

function outputProblem(message: string, options: DestinationOptions): HazsimError {
  return new HazsimError('invalid_input', message, [{ path: options.option ?? 'output', message }]);
}

/** The option that named the destination, for messages; null for a default path. */
function optionOf(options: DestinationOptions): string | null {
  return options.option === undefined ? '-o' : options.option;
}

/** The real path of `target`, or of its nearest existing ancestor joined with the rest. */
export function realPathOf(target: string): string {
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

/** `-o -`: the result streams to standard output (the CLI then prints its summary on stderr). */
export const STDOUT_OUTPUT = '-';

/** Names of this process's standard output: links that would be replaced, or written through, if taken as paths. */
const STDOUT_ALIASES = new Set(['/dev/stdout', '/dev/fd/1', '/proc/self/fd/1']);

/** True when `requested` asks for the result on standard output (`-`, `/dev/stdout`). */
export function streamsToStdout(requested: string | undefined): boolean {
  return requested !== undefined && (requested === STDOUT_OUTPUT || STDOUT_ALIASES.has(path.resolve(requested)));
}

/** A kind of file hazsim writes: how messages call it and how its first bytes tell it. */
export interface OutputFileKind {
  label: string;
  begins: (head: Buffer) => boolean;
}

/** What a user-chosen destination may do besides the default rules. */
export interface DestinationOptions {
  /** Replace an existing file of another kind (not a result of the same format, nor empty). */
  overwrite?: boolean;
  /**
   * How the user named this destination, for messages: the CLI's option (default `-o`;
   * `--restoration-output`...), or null for a path the user did not name (a default beside the input).
   */
  option?: string | null;
  /** Whether `-` (or /dev/stdout) streams the file to standard output; side files never do, the result may be there (default true). */
  toStdout?: boolean;
  /** The kind of file written, when the extension of its file name does not tell it (RESULT_KINDS). */
  kind?: OutputFileKind;
}

/** The file formats hazsim writes, by the extension of the name it gives them, and how each begins. */
const RESULT_KINDS: Readonly<Record<string, OutputFileKind>> = {
  '.sqlite': { label: 'a SQLite file', begins: (head) => head.subarray(0, 16).toString('latin1') === 'SQLite format 3\0' },
  '.zip': { label: 'a ZIP', begins: (head) => head[0] === 0x50 && head[1] === 0x4b },
  '.parquet': { label: 'a Parquet file', begins: (head) => head.subarray(0, 4).toString('latin1') === 'PAR1' },
  '.html': { label: 'an HTML page', begins: (head) => /^\s*<!doctype html/i.test(head.toString('latin1')) },
  '.hzshard': { label: 'a hazsim part file', begins: (head) => head.subarray(0, 7).toString('latin1') === 'HAZSIM-' },
  '.geojson': { label: 'a GeoJSON FeatureCollection', begins: (head) => head.toString('latin1').startsWith('{"type":"FeatureCollection"') },
  '.svg': { label: 'an SVG image', begins: (head) => /^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/.test(head.toString('latin1')) },
};

/** The first bytes of a regular file, or null when it cannot be read. */
function headOf(file: string): Buffer | null {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    const head = Buffer.alloc(64);
    return head.subarray(0, fs.readSync(fd, head, 0, head.length, 0));
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Refuses (conflict, naming --overwrite) to replace an existing non-empty file that is not of
 * the kind about to be written: a second command's ZIP never silently replaces a SQLite
 * result, and no result replaces a file hazsim did not write.
 */
function checkReplaceable(finalPath: string, fileName: string, size: number, options: DestinationOptions): void {
  if (options.overwrite || size === 0) return;
  const kind = options.kind ?? RESULT_KINDS[path.extname(fileName).toLowerCase()] ?? RESULT_KINDS[path.extname(finalPath).toLowerCase()];
  const head = headOf(finalPath);
  if (kind && head && kind.begins(head)) return;
  const what = kind
    ? `it is not ${kind.label}, the kind of file this command writes`
    : 'hazsim cannot tell whether it is a file of the kind this command writes';
  throw new HazsimError('conflict', `Will not replace ${finalPath}: ${what}; add --overwrite to replace it, or choose another path`, [
    { path: options.option ?? 'output', message: 'an existing file of another kind (add --overwrite to replace it)' },
  ]);
}

/** The start of every message about a destination: the path, and how the user named it. */
function cannotWrite(target: string, options: DestinationOptions): string {
  const option = optionOf(options);
  return `Cannot write to ${target}${option ? ` (${option})` : ''}`;
}

/** `-o folder/`: a trailing separator names a folder, created when missing (its parent must exist). */
function folderNamed(requested: string, options: DestinationOptions): string {
  const folder = path.resolve(requested);
  const stat = fs.statSync(folder, { throwIfNoEntry: false });
  if (stat && !stat.isDirectory())
    throw outputProblem(`${cannotWrite(requested, options)}: the trailing "/" names a folder, and ${folder} is not one`, options);
  if (!stat) {
    const parent = path.dirname(folder);
    if (!fs.statSync(parent, { throwIfNoEntry: false })?.isDirectory())
      throw outputProblem(`${cannotWrite(requested, options)}: cannot create the folder ${folder}, the folder ${parent} does not exist`, options);
    try {
      fs.mkdirSync(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
        throw outputProblem(`${cannotWrite(requested, options)}: cannot create the folder ${folder}: ${(error as Error).message}`, options);
    }
  }
  return folder;
}

/**
 * Checks a user-chosen destination before any work is done and says how to write it; every
 * file the CLI writes at a path the user names goes through here (docs/hardening.md, "Files
 * the CLI writes"). `requested` may name a file or an existing folder (the result then takes
 * `fileName` inside it); a trailing "/" always names a folder; `-` (or /dev/stdout) streams the
 * result to standard output unless `options.toStdout` is false. Refused with invalid_input
 * naming the path and `options.option`: an empty path, a symbolic link (hazsim never writes
 * through or replaces one), a directory, a missing parent folder, a folder that is not
 * writable, and any path inside the cache (its files are the cache's own). An existing file
 * of another kind is a conflict unless `options.overwrite`.
 */
export function prepareResultDestination(requested: string, fileName: string, cacheRoot: string, options: DestinationOptions = {}): ResultDestination {
  const toStdout = options.toStdout ?? true;
  const stdoutHint = toStdout ? `, or "${optionOf(options) ?? '-o'} -" for standard output` : '';
  if (requested.trim() === '') {
    throw outputProblem(
      `The output path is empty${optionOf(options) ? ` (${optionOf(options)})` : ''}: was a shell variable unset? Name a file or folder${stdoutHint}`,
      options,
    );
  }
  if (streamsToStdout(requested)) {
    if (toStdout) return stdoutDestination(fileName, cacheRoot);
    throw outputProblem(
      `${cannotWrite(requested, options)}: this file does not go to standard output (the command's own output may be there); name a file or folder`,
      options,
    );
  }
  let finalPath = /[\\/]$/.test(requested) ? path.join(folderNamed(requested, options), fileName) : path.resolve(requested);
  let link = fs.lstatSync(finalPath, { throwIfNoEntry: false });
  // A link to a folder is a folder to write into: the link itself is neither replaced nor written through.
  if (link?.isDirectory() || (link?.isSymbolicLink() && fs.statSync(finalPath, { throwIfNoEntry: false })?.isDirectory())) {
    finalPath = path.join(finalPath, fileName);
    link = fs.lstatSync(finalPath, { throwIfNoEntry: false });
    if (link?.isDirectory()) throw outputProblem(`${cannotWrite(finalPath, options)}: it is a directory`, options);
  }
  if (link?.isSymbolicLink()) {
    throw outputProblem(
      `${cannotWrite(finalPath, options)}: it is a symbolic link, which hazsim neither replaces nor writes through; name the file it points to${stdoutHint}`,
      options,
    );
  }
  const realCache = realPathOf(path.resolve(cacheRoot));
  if (isInside(realCache, realPathOf(finalPath))) {
    throw outputProblem(
      `${cannotWrite(finalPath, options)}: it is inside the cache ${cacheRoot}, whose files hazsim manages; choose a path outside it`,
      options,
    );
  }
  if (link && !link.isFile()) return writeThrough(finalPath, fileName, cacheRoot, options);
  const folder = path.dirname(finalPath);
  const folderStat = fs.statSync(folder, { throwIfNoEntry: false });
  if (!folderStat) throw outputProblem(`${cannotWrite(finalPath, options)}: the folder ${folder} does not exist`, options);
  if (!folderStat.isDirectory()) throw outputProblem(`${cannotWrite(finalPath, options)}: ${folder} is not a folder`, options);
  try {
    fs.accessSync(folder, fs.constants.W_OK);
  } catch {
    throw outputProblem(`${cannotWrite(finalPath, options)}: the folder ${folder} is not writable`, options);
  }
  if (link) checkReplaceable(finalPath, fileName, link.size, options);
  sweepStaleSiblings(finalPath);
  return { buildPath: finalPath, finalPath, privateFile: false, cacheRoot, finish: async () => undefined, discard: () => undefined };
}

/**
 * Writes `data`, made in memory (a plot, a CSV table), to a destination prepared by
 * prepareResultDestination: atomically beside a regular file, through a device or FIFO, or to
 * standard output; its partial file is removed on failure and on Ctrl-C.
 */
export async function deliverBytes(destination: ResultDestination, data: string | Uint8Array): Promise<string> {
  await deliver(destination, async () => writeFileAtomic(destination.buildPath, data));
  return destination.finalPath;
}

/**
 * `-o -`: the result is built in a private file, then copied to standard output (honouring
 * back-pressure); the file is removed either way.
 */
function stdoutDestination(fileName: string, cacheRoot: string): ResultDestination {
  const buildPath = privateResultPath(fileName);
  const discard = () => fs.rmSync(buildPath, { force: true });
  return {
    buildPath,
    finalPath: STDOUT_OUTPUT,
    privateFile: true,
    cacheRoot,
    discard,
    async finish() {
      try {
        for await (const chunk of fs.createReadStream(buildPath)) {
          if (!process.stdout.write(chunk as Buffer)) await once(process.stdout, 'drain');
        }
      } catch (error) {
        throw outputProblem(`Cannot write the result to standard output: ${(error as Error).message}`, {});
      } finally {
        discard();
      }
    },
  };
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
  options: { inResultsDir?: boolean; cacheFolder?: string; outputPath?: string; outputDir?: string } & DestinationOptions,
  cache: { resultsDir: string; cacheRoot: string },
): ResultDestination {
  if (options.inResultsDir) return resultsFolderDestination(cache.resultsDir, names.stored, cache.cacheRoot);
  if (options.cacheFolder) return resultsFolderDestination(options.cacheFolder, names.download, cache.cacheRoot);
  if (options.outputPath !== undefined) return prepareResultDestination(options.outputPath, names.stored, cache.cacheRoot, options);
  // The working folder when no -o is given: the same rules, for a path the user did not name.
  if (options.outputDir !== undefined) return prepareResultDestination(options.outputDir, names.stored, cache.cacheRoot, { ...options, option: null });
  return privateResultDestination(names.download, cache.cacheRoot);
}

/**
 * Runs `write` into the destination, then delivers it; on any failure nothing of the run is
 * left: the destination's private file and every partial file the writer made beside it. The
 * write is tracked meanwhile (writesInProgress.ts), so Ctrl-C removes it and `cache prune`
 * finds what a killed run left.
 */
export async function deliver<T>(destination: ResultDestination, write: () => Promise<T>): Promise<T> {
  const tracked = trackWrite(destination.cacheRoot, destination.buildPath, destination.privateFile);
  try {
    const value = await write();
    await destination.finish();
    return value;
  } catch (error) {
    destination.discard();
    tracked.removePartialFiles();
    throw error;
  } finally {
    tracked.end();
  }
}

/** A private temporary destination (REST downloads), removed by `discard`. */
function privateResultDestination(fileName: string, cacheRoot: string): ResultDestination {
  const filePath = privateResultPath(fileName);
  return {
    buildPath: filePath,
    finalPath: filePath,
    privateFile: true,
    cacheRoot,
    finish: async () => undefined,
    discard: () => fs.rmSync(filePath, { force: true }),
  };
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
  vegetation?: unknown;
}): string {
  const parts = [request.distribution_system_name, request.hazard_system_name, request.curve_set];
  if (request.physics !== undefined && request.physics !== 'default') parts.push(request.physics);
  // `integrated` is the default: naming it would give two names to one content.
  if (request.ground_motion_variability !== undefined && request.ground_motion_variability !== 'integrated')
    parts.push(`${request.ground_motion_variability}_ground_motion`);
  // Trees change the content: "default" by name, a profile by the start of its JSON's sha256 (docs/vegetation.md).
  if (request.vegetation === 'default') parts.push('vegetation');
  else if (request.vegetation !== undefined) parts.push(`vegetation-${sha256Hex(JSON.stringify(request.vegetation)).slice(0, 12)}`);
  return parts.join(INPUT_SEPARATOR);
}

/** A destination inside the cache's own results folder (MCP, TUI). */
function resultsFolderDestination(resultsDir: string, fileName: string, cacheRoot: string): ResultDestination {
  fs.mkdirSync(resultsDir, { recursive: true });
  const finalPath = path.join(resultsDir, fileName);
  sweepStaleSiblings(finalPath);
  return { buildPath: finalPath, finalPath, privateFile: false, cacheRoot, finish: async () => undefined, discard: () => undefined };
}

/**
 * A device, FIFO or socket: build privately, then open the destination for writing without
 * creating or truncating anything and copy the bytes. /dev/null swallows them; /dev/full
 * fails with a clear error; the node itself is never replaced.
 */
function writeThrough(finalPath: string, fileName: string, cacheRoot: string, options: DestinationOptions): ResultDestination {
  const buildPath = privateResultPath(fileName);
  const discard = () => fs.rmSync(buildPath, { force: true });
  return {
    buildPath,
    finalPath,
    privateFile: true,
    cacheRoot,
    discard,
    async finish() {
      try {
        // O_NOFOLLOW: a link planted after the check is refused, not followed.
        const handle = await fs.promises.open(finalPath, fs.constants.O_WRONLY | fs.constants.O_NOFOLLOW);
        await pipeline(fs.createReadStream(buildPath), handle.createWriteStream());
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? '';
        throw outputProblem(`${cannotWrite(finalPath, options)}: ${code === 'ENOSPC' ? 'no space left on the device' : (error as Error).message}`, options);
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
