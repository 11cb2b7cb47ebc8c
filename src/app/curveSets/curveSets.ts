import fs from 'node:fs';
import path from 'node:path';
import { sha256Hex } from '../../base/sha256.js';
import { ModelStore, type ModelRecord, type RefreshReport } from '../cache/store.js';
import {
  DEFAULT_CURVES,
  ERAD_V1_CURVES,
  LEGACY_DEFAULT_CURVES,
  checkCurveSet,
  importSimCenterFragility,
  parseImportMap,
  plotCurveSetSvg,
  readCurveSet,
  withReportedConfidence,
  type CurveSet,
  type SimCenterImport,
} from '../../domain/fragility/index.js';
import type * as v from 'valibot';
import { HazsimError } from '../../base/errors.js';
import { ASSET_TYPES, isAssetType } from '../../domain/assets/types.js';
import { DEFAULT_CURVE_SET, type CurveSetRecord as CurveSetRecordSchema, type DefaultCurveSets as DefaultCurveSetsSchema } from '../contract/schemas.js';
import { nameFromFileName, nameProblem } from '../../base/names.js';
import { parseJsonBytes, parseJsonText } from '../../base/json.js';
import { deliverBytes, prepareResultDestination, type DestinationOptions } from '../results/resultOutput.js';

/**
 * Fragility curve sets: the built-in ones and custom sets stored by name under
 * `<root>/curve_sets/` (docs/fragility.md), with the same on-disk store as models.
 */

/** The built-in curve sets by name; these names cannot be taken by custom sets. */
export const BUILTIN_CURVE_SETS: Readonly<Record<string, CurveSet>> = { DEFAULT_CURVES, ERAD_V1_CURVES, LEGACY_DEFAULT_CURVES };

/** A curve set's record: built-in sets have no file and no creation time. */
export type CurveSetRecord = v.InferOutput<typeof CurveSetRecordSchema>;

export interface CurveSetUpload {
  /** File name as uploaded; its stem is the last choice of name. */
  fileName: string;
  bytes: Buffer;
  /** The name to store under; default: the set's own "name", else the file stem. */
  name?: string;
  /** Default: the set's own "description", else ''. */
  description?: string;
  overwrite?: boolean;
}

/** A curve set ready for a run: its content checked, and the sha256 of what it was read from. */
export interface ResolvedCurveSet {
  name: string;
  builtin: boolean;
  curveSet: CurveSet;
  /** sha256 of the stored file, or of the built-in set's JSON. */
  sha256: string;
}

/** docs/specification.md §4.1 /default-curve-sets. */
export type DefaultCurveSets = v.InferOutput<typeof DefaultCurveSetsSchema>;

function builtinRecord(name: string): CurveSetRecord {
  return { name, description: BUILTIN_CURVE_SETS[name].description ?? '', builtin: true, created_at: null, file_path: null };
}

function customRecord(record: ModelRecord): CurveSetRecord {
  return { name: record.name, description: record.description, builtin: false, created_at: record.created_at, file_path: record.file_path };
}

function isBuiltin(name: string): boolean {
  return Object.hasOwn(BUILTIN_CURVE_SETS, name);
}

/** The curve set use cases over one cache root. */
export function createCurveSetStore(cacheRoot: string, clock: () => Date) {
  const store = new ModelStore(path.join(cacheRoot, 'curve_sets'), 'Curve set', (content) => checkCurveSet(content).issues, {
    otherNames: () => Object.keys(BUILTIN_CURVE_SETS),
  });

  /** Built-in sets first, then custom ones by name. */
  async function listCurveSets(options: { refresh?: boolean } = {}): Promise<CurveSetRecord[]> {
    if (options.refresh) await store.refresh();
    return [...Object.keys(BUILTIN_CURVE_SETS).map(builtinRecord), ...store.list().map(customRecord)];
  }

  /** Rescans `<root>/curve_sets/` (files added or removed by hand). */
  function refreshCurveSets(): Promise<RefreshReport> {
    return store.refresh();
  }

  function resolveCurveSet(name: string): ResolvedCurveSet {
    if (isBuiltin(name)) return { name, builtin: true, curveSet: BUILTIN_CURVE_SETS[name], sha256: sha256Hex(JSON.stringify(BUILTIN_CURVE_SETS[name])) };
    const text = store.readText(name);
    const curveSet = readCurveSet(parseJsonText(text, `${name}.json`));
    return { name, builtin: false, curveSet, sha256: sha256Hex(text) };
  }

  /**
   * A curve set's record and content, every curve with its confidence as it reads (`not-stated`
   * where the set gives none); not_found `Curve set '<name>' not found` when unknown.
   */
  function getCurveSet(name: string): CurveSetRecord & { content: CurveSet } {
    const record = isBuiltin(name) ? builtinRecord(name) : customRecord(store.get(name));
    return { ...record, content: withReportedConfidence(resolveCurveSet(name).curveSet) };
  }

  /** Stores a custom curve set; the record and the success message every interface reports. */
  async function uploadCurveSet(upload: CurveSetUpload): Promise<{ record: CurveSetRecord; message: string }> {
    if (upload.bytes.length === 0) throw new HazsimError('unreadable', `${upload.fileName} is empty`);
    const curveSet = readCurveSet(parseJsonBytes(upload.bytes, path.basename(upload.fileName)));
    const name = upload.name ?? curveSet.name ?? nameFromFileName(upload.fileName);
    const problem = nameProblem(name);
    if (problem) throw new HazsimError('invalid_input', `Invalid curve set name ${JSON.stringify(name)}: ${problem}`, [{ path: 'name', message: problem }]);
    if (isBuiltin(name)) throw new HazsimError('conflict', `Curve set '${name}' is built in and cannot be replaced; choose another name`);
    const jsonPath = store.stagingPath(name);
    fs.writeFileSync(jsonPath, upload.bytes, { flag: 'wx' });
    const record = await store.commit(
      name,
      upload.description ?? curveSet.description ?? '',
      { jsonPath },
      { overwrite: upload.overwrite ?? false, now: clock() },
    );
    return { record: customRecord(record), message: `Curve set ${name} uploaded successfully` };
  }

  /**
   * Imports a SimCenter DLML fragility CSV (docs/fragility.md) as a version 2 curve set and
   * stores it like an upload; `map` is `<asset type>=<ID>[,...]`; the name defaults to the
   * CSV's file name without extension.
   */
  async function importCurveSet(
    request: { fileName: string; text: string; overwrite?: boolean; map: string } & Omit<SimCenterImport, 'fileName' | 'map'>,
  ): Promise<{ record: CurveSetRecord; message: string }> {
    const name = request.name ?? nameFromFileName(request.fileName);
    const set = importSimCenterFragility(request.text, { ...request, map: parseImportMap(request.map), name });
    return uploadCurveSet({
      fileName: `${name}.json`,
      bytes: Buffer.from(`${JSON.stringify(set, null, 2)}\n`),
      name,
      overwrite: request.overwrite,
    });
  }

  /** The SVG plot of a set's curves (docs/fragility.md), optionally of one asset type. */
  /**
   * `hazsim curve-sets plot`: the SVG of a set's curves, written to `outputPath` (a file or
   * folder; `-` for standard output) or else `<name>[_<asset type>].svg` in `outputDir`, under
   * the rules of every file the CLI writes (docs/hardening.md). Returns the path written.
   */
  async function plotCurveSet(name: string, options: { assetType?: string; outputPath?: string; outputDir: string } & DestinationOptions): Promise<string> {
    const { assetType } = options;
    if (assetType !== undefined && !isAssetType(assetType))
      throw new HazsimError('usage', `unknown asset type ${JSON.stringify(assetType)}; expected one of ${ASSET_TYPES.join(', ')}`);
    const svg = plotCurveSetSvg(resolveCurveSet(name).curveSet, assetType);
    if (svg === null) throw new HazsimError('not_found', `Curve set '${name}' has no curve${assetType ? ` for ${assetType}` : ''}`);
    const fileName = `${name}${assetType ? `_${assetType}` : ''}.svg`;
    const destination =
      options.outputPath === undefined
        ? prepareResultDestination(path.join(options.outputDir, fileName), fileName, cacheRoot, { ...options, option: null })
        : prepareResultDestination(options.outputPath, fileName, cacheRoot, options);
    return deliverBytes(destination, svg);
  }

  async function deleteCurveSet(name: string): Promise<{ status: 'success'; message: string }> {
    if (isBuiltin(name)) throw new HazsimError('conflict', `Curve set '${name}' is built in and cannot be deleted`);
    // ModelStore.delete needs its directory to exist; looking the set up first reports a missing one as not found.
    store.get(name);
    await store.delete(name);
    return { status: 'success', message: `Curve set ${name} deleted successfully` };
  }

  /** docs/specification.md §4.1 /default-curve-sets, listing the built-in and custom sets. */
  function defaultCurveSets(): DefaultCurveSets {
    return {
      curve_sets: [...Object.keys(BUILTIN_CURVE_SETS), ...store.list().map((record) => record.name)],
      default: DEFAULT_CURVE_SET,
      description: 'Default fragility curves for various hazard types and assets',
    };
  }

  return {
    curveSetStore: store,
    listCurveSets,
    refreshCurveSets,
    getCurveSet,
    uploadCurveSet,
    importCurveSet,
    plotCurveSet,
    deleteCurveSet,
    resolveCurveSet,
    defaultCurveSets,
  };
}
