import fs from 'node:fs';
import path from 'node:path';
import { HazsimError } from '../../base/errors.js';
import { MODEL_KINDS, type ModelKind, type ModelKindId } from './kinds.js';
import { readUpload, type UploadContent } from './uploadInput.js';
import type { TrackUploadOptions } from '../../domain/hazards/index.js';
import { hazardForm } from '../../domain/hazards/detect.js';
import { distributionForm } from '../../domain/gdm/detect.js';
import { readDistributionModel } from '../../domain/gdm/index.js';
import { coordinateWarnings, extractAssets, GDM_READING, type CoordinateReading } from '../../domain/assets/index.js';
import { DERIVED_ASSETS_FILE, derivedAssetsText } from './assetCache.js';
import { sha256Hex } from '../../base/sha256.js';
import type { UploadCoordinates } from '../contract/schemas.js';

/** Decides the kind of uploaded content from its shape (hazard first: ERAD hazard files also have components). */
export function detectKind(content: unknown): ModelKindId {
  if (hazardForm(content)) return 'hazard';
  if (distributionForm(content)) return 'distribution';
  throw new HazsimError(
    'invalid_input',
    'Cannot tell what kind of model this is: expected a distribution model (GDM JSON, or {name, components, properties}) or a hazard model ({models, timestamps}, or ERAD infrasys hazard JSON)',
  );
}

/** Validates content as `kind`, throwing invalid_input with every issue. */
export function assertValid(kind: ModelKind, content: unknown): void {
  const issues = kind.validate(content);
  if (issues.length > 0) {
    throw new HazsimError('invalid_input', `Invalid ${kind.label.toLowerCase()}: ${issues.length} problem${issues.length === 1 ? '' : 's'} found`, issues);
  }
}

/** Where a new model's files are staged before the store takes them, for each kind it may turn out to be. */
export interface StagingPaths {
  jsonPath: Record<ModelKindId, string>;
  timeSeriesDir: Record<ModelKindId, string>;
}

/** An upload to check and stage: the file (by path or bytes), its name as uploaded, the kind if known. */
export interface PrepareUploadTask {
  fileName: string;
  /** The file by path (`folderReadable`: the user named this path, so an OpenDSS script may read its folder) or by bytes. */
  source: { path: string; folderReadable?: boolean } | { bytes: Uint8Array };
  kind?: ModelKindId;
  /** Storm, time window, wind profile and terrain of a best-track upload. */
  track?: TrackUploadOptions;
  /** How a distribution model's Location x and y are read (coordinate_order, place_at; OpenDSS: crs, coordinate_units); GDM's reading when absent. */
  coordinates?: UploadCoordinates;
  staging: StagingPaths;
}

export interface PreparedUpload {
  kind: ModelKindId;
  jsonPath: string;
  timeSeriesDir?: string;
  /** Data derived from the model to store beside it (docs/cache.md), e.g. a distribution model's asset table. */
  derived?: { fileName: string; text: string };
  /** A best-track upload: what was read and what was assumed. */
  track?: UploadContent['track'];
  /** What the user should know about a distribution model that was stored (e.g. its coordinates are not longitude/latitude). */
  warnings?: string[];
  /** True when the stored model was converted (OpenDSS) to longitude/latitude: it is read with GDM's reading, whatever placed it. */
  convertedCoordinates?: boolean;
}

function stage(upload: UploadContent, jsonPath: string, seriesDir: string): PreparedUpload['timeSeriesDir'] {
  fs.writeFileSync(jsonPath, upload.jsonBytes, { flag: 'wx' });
  if (upload.timeSeries.length === 0) return undefined;
  try {
    for (const file of upload.timeSeries) {
      const target = path.join(seriesDir, ...file.relativePath.split('/'));
      // readUpload already refused escaping names; this re-check keeps the invariant local.
      if (!target.startsWith(seriesDir + path.sep)) throw new HazsimError('invalid_input', `ZIP entry ${file.relativePath} would escape the cache`);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, file.data);
    }
  } catch (error) {
    fs.rmSync(jsonPath, { force: true });
    fs.rmSync(seriesDir, { recursive: true, force: true });
    throw error;
  }
  return seriesDir;
}

/** A coordinate reading is for distribution models only: given for another kind, it is refused naming the field. */
export function assertCoordinatesApply(fileName: string, kind: ModelKindId, coordinates: CoordinateReading | undefined): void {
  if (coordinates && kind !== 'distribution')
    throw new HazsimError(
      'invalid_input',
      `${fileName} is a hazard model: coordinate_order and place_at (--coordinate-order, --place-at) apply to distribution models only`,
      [{ path: coordinates.placeAt ? 'place_at' : 'coordinate_order', message: 'only for distribution models' }],
    );
}

/** crs and coordinate_units read OpenDSS bus coordinates; given for a model in another format they are refused naming the field. */
export function assertProjectionApplies(fileName: string, upload: UploadContent, coordinates: UploadCoordinates | undefined): void {
  if (upload.converted || !coordinates) return;
  const field = coordinates.crs !== undefined ? 'crs' : coordinates.units !== undefined ? 'coordinate_units' : null;
  if (field)
    throw new HazsimError('invalid_input', `${fileName} is no OpenDSS model: ${field} (--${field.replace('_', '-')}) applies to OpenDSS bus coordinates only`, [
      { path: field, message: 'only for OpenDSS models' },
    ]);
}

/**
 * Reads an upload (JSON or ZIP), decides and checks its kind, and writes its files to the
 * staging paths; the store then moves them into place under its lock. CPU-heavy for big
 * models (JSON parsing and validation), so large uploads run it in a worker thread.
 */
export async function prepareUpload(task: PrepareUploadTask): Promise<PreparedUpload> {
  const bytes =
    'path' in task.source
      ? fs.readFileSync(task.source.path)
      : Buffer.from(task.source.bytes.buffer, task.source.bytes.byteOffset, task.source.bytes.byteLength);
  const folder = 'path' in task.source && task.source.folderReadable ? path.dirname(task.source.path) : null;
  const upload = await readUpload(task.fileName, bytes, task.track, { folder, ...(task.coordinates ? { coordinates: task.coordinates } : {}) });
  if (upload.track && task.kind === 'distribution')
    throw new HazsimError('invalid_input', `${task.fileName} is a best track, which makes a hazard model, not a distribution model`);
  const kind = task.kind ?? detectKind(upload.content);
  assertCoordinatesApply(task.fileName, kind, task.coordinates);
  assertProjectionApplies(task.fileName, upload, task.coordinates);
  let derived: PreparedUpload['derived'];
  let warnings: string[] = [];
  if (kind === 'distribution') {
    // Reading the model validates it (same issues as the kind's validator) and gives the asset
    // table a simulation needs, so the first simulation does not parse the model again.
    const model = readDistributionModel(upload.content);
    // A converted model already holds longitude/latitude: the options were spent placing it.
    const reading = upload.converted ? GDM_READING : (task.coordinates ?? GDM_READING);
    derived = { fileName: DERIVED_ASSETS_FILE, text: derivedAssetsText(sha256Hex(upload.jsonBytes), reading, extractAssets(model, reading)) };
    warnings = [...(upload.converted?.warnings ?? []), ...coordinateWarnings(model, reading)];
  } else {
    assertValid(MODEL_KINDS[kind], upload.content);
  }
  const jsonPath = task.staging.jsonPath[kind];
  return {
    kind,
    jsonPath,
    timeSeriesDir: stage(upload, jsonPath, task.staging.timeSeriesDir[kind]),
    derived,
    ...(upload.track ? { track: upload.track } : {}),
    ...(warnings.length > 0 ? { warnings } : {}),
    ...(upload.converted ? { convertedCoordinates: true } : {}),
  };
}
