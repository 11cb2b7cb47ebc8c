/**
 * OpenDSS uploads (docs/input-distribution.md, "OpenDSS models"): a script file named by path
 * (its folder holds what it redirects to) or a ZIP of a feeder folder, converted to the
 * distribution model hazsim stores. The stored model has longitude/latitude coordinates, so it
 * is read with GDM's own reading afterwards, whatever options placed it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { HazsimError } from '../../base/errors.js';
import { looksLikeOpenDss, readOpenDssModel, reportWarnings, type CoordinateOptions, type ScriptFiles } from '../../domain/opendss/index.js';
import { folderFiles, zipFiles } from './openDssFiles.js';
import type { UploadCoordinates } from '../contract/schemas.js';
import type { UploadContent } from './uploadInput.js';

/** Where an OpenDSS upload may read the files its script names, and how to read its coordinates. */
export interface OpenDssUploadContext {
  /** The folder of a script uploaded from a path the user named; null when only the bytes are known (REST). */
  folder: string | null;
  coordinates?: UploadCoordinates;
}

function coordinateOptions(coordinates: UploadCoordinates | undefined): CoordinateOptions {
  return {
    ...(coordinates?.crs ? { crs: coordinates.crs } : {}),
    ...(coordinates?.placeAt ? { placeAt: coordinates.placeAt } : {}),
    ...(coordinates?.units ? { units: coordinates.units } : {}),
  };
}

function converted(fileName: string, model: ReturnType<typeof readOpenDssModel>, warnings: string[]): UploadContent {
  const jsonBytes = Buffer.from(`${JSON.stringify(model.content)}\n`);
  return { jsonFileName: `${model.content.name}.json`, jsonBytes, content: model.content, timeSeries: [], converted: { from: 'opendss', warnings } };
}

const stemOf = (fileName: string) => path.basename(fileName).replace(/\.[^.]*$/, '') || 'opendss';

/** An uploaded script file: read with its folder when it came from a path, else alone (its Redirects then fail naming the file). */
export function openDssFileUpload(fileName: string, text: string, context: OpenDssUploadContext): UploadContent {
  const base = path.basename(fileName);
  const files: ScriptFiles = context.folder
    ? folderFiles(context.folder)
    : { read: (relativePath: string) => (relativePath.toLowerCase() === base.toLowerCase() ? { path: base, text } : null) };
  const model = readOpenDssModel(files, base, coordinateOptions(context.coordinates), stemOf(fileName));
  return converted(fileName, model, reportWarnings(model.report));
}

const REDIRECT = /^\s*(?:redirect|compile)\s+[[("'{]?\s*([^\])"'}!\s]+)/gim;
const DEFINES_CIRCUIT = /^\s*new\s+(?:object\s*=\s*)?circuit\./im;

/**
 * The entry script of a ZIP of a feeder folder: the one .dss file no other file redirects to
 * and that defines a circuit (itself or through the files it redirects to); among several, the
 * topmost Master.dss; otherwise the ZIP is refused naming the candidates.
 */
export function zipEntryScript(entries: readonly { name: string; data: Buffer }[], fileName: string): string {
  const scripts = entries.filter((entry) => /\.dss$/i.test(entry.name));
  const texts = new Map(scripts.map((entry) => [entry.name.toLowerCase(), entry.data.toString('latin1')]));
  const targets = new Map<string, string[]>();
  for (const [name, text] of texts) {
    const dir = path.posix.dirname(name);
    targets.set(
      name,
      [...text.matchAll(REDIRECT)].map((match) => path.posix.normalize(path.posix.join(dir === '.' ? '' : dir, match[1].replace(/\\/g, '/'))).toLowerCase()),
    );
  }
  const reached = new Set([...targets.values()].flat());
  const definesCircuit = (name: string, seen = new Set<string>()): boolean => {
    if (seen.has(name)) return false;
    seen.add(name);
    return DEFINES_CIRCUIT.test(texts.get(name) ?? '') || (targets.get(name) ?? []).some((target) => definesCircuit(target, seen));
  };
  const roots = scripts.filter((entry) => !reached.has(entry.name.toLowerCase()) && definesCircuit(entry.name.toLowerCase()));
  if (roots.length === 1) return roots[0].name;
  // A folder of several feeders (SMART-DS: a Master per region, substation and feeder): the topmost Master.dss runs them all.
  const depth = (name: string) => name.split('/').length;
  const masters = roots.filter((entry) => /^master\.dss$/i.test(path.posix.basename(entry.name)));
  const top = Math.min(...masters.map((entry) => depth(entry.name)));
  const topMasters = masters.filter((entry) => depth(entry.name) === top);
  if (topMasters.length === 1) return topMasters[0].name;
  if (roots.length === 0) throw new HazsimError('invalid_input', `${fileName} holds no OpenDSS script that defines a circuit (New Circuit.<name>)`);
  throw new HazsimError(
    'invalid_input',
    `${fileName} holds ${roots.length} OpenDSS scripts that each run a feeder (${roots.map((entry) => entry.name).join(', ')}); upload a ZIP with one of them, or the script itself from its folder`,
  );
}

/** A ZIP of a feeder folder: its entry script (zipEntryScript) read with the ZIP's files. */
export function openDssZipUpload(all: readonly { name: string; data: Buffer }[], fileName: string, context: OpenDssUploadContext): UploadContent {
  // As for JSON ZIPs: macOS resource forks and dot-files are no part of the feeder.
  const entries = all.filter((entry) => !entry.name.startsWith('__MACOSX/') && !entry.name.split('/').some((segment) => segment.startsWith('.')));
  const entry = zipEntryScript(entries, fileName);
  const model = readOpenDssModel(zipFiles(entries), entry, coordinateOptions(context.coordinates), stemOf(fileName));
  return converted(fileName, model, reportWarnings(model.report));
}

/** True when a ZIP holds OpenDSS scripts (and so is a feeder folder, not a model JSON). */
export function holdsOpenDss(entries: readonly { name: string }[]): boolean {
  return entries.some((entry) => /\.dss$/i.test(entry.name));
}

/**
 * True when an upload may be an OpenDSS feeder (a script, or a ZIP that may hold one): its
 * conversion reads more than the uploaded bytes say (the folder of a script, a whole feeder's
 * scripts in a few compressed MB), so it is prepared in a worker thread whatever its size.
 */
export function mayBeOpenDss(source: { path: string } | { bytes: Uint8Array }): boolean {
  let head: Buffer;
  if ('bytes' in source) head = Buffer.from(source.bytes.buffer, source.bytes.byteOffset, Math.min(source.bytes.byteLength, 4096));
  else {
    head = Buffer.alloc(4096);
    let descriptor: number | undefined;
    try {
      descriptor = fs.openSync(source.path, 'r');
      head = head.subarray(0, fs.readSync(descriptor, head, 0, 4096, 0));
    } catch {
      // Unreadable here: the upload itself reports it.
      return false;
    } finally {
      if (descriptor !== undefined) fs.closeSync(descriptor);
    }
  }
  const zip = head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b;
  return zip || looksLikeOpenDss(head.toString('latin1'));
}
