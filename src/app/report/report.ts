/**
 * `hazsim report`, POST /report and the MCP tool generate_report: one self-contained HTML
 * page from a simulation result (and optionally its scenario ZIP). This module does the I/O
 * (SQLite, ZIP, the cached models for routes and the hazard footprint, the inlined
 * libraries); src/domain/report turns plain data into the page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import Database from 'better-sqlite3';
import yauzl from 'yauzl';
import { HazsimError } from '../../base/errors.js';
import { parseJsonBytes } from '../../base/json.js';
import { sha256Hex } from '../../base/sha256.js';
import { writeFileAtomic } from '../../base/atomic.js';
import { readDistributionModel } from '../../domain/gdm/index.js';
import { GDM_READING, isReadingRecord, lineRoutes, readingOfRecord, type CoordinateReading } from '../../domain/assets/index.js';
import { readHazardModel } from '../../domain/hazards/index.js';
import { intensityQuantities } from '../../domain/hazards/quantities.js';
import { buildReportPayload, renderReportHtml, type ReportInput, type UsedCurve } from '../../domain/report/index.js';
import type { ModelStore } from '../cache/store.js';
import { parseOrThrow } from '../../base/validation.js';
import { runWorkerTask } from '../../base/workerTask.js';
import { ReportRequest, type ReportSummary } from '../contract/schemas.js';
import { basemapLayers } from './basemap.js';
import { pageFile } from './pageAssets.js';
import type { RunOutputOptions, ScenarioOutcome, SimulationOutcome } from '../simulation/simulation.js';
import { deliver, prepareResultDestination, resultsFolderStem, runDestination, type DestinationOptions } from '../results/resultOutput.js';

/** The files a report is made from. */
export interface ReportSources {
  resultPath: string;
  scenariosPath?: string;
  /** The SQLite of `hazsim impact` for the same inputs (docs/output-impact.md). */
  impactPath?: string;
}

export type { ReportSummary };

/** tracked_changes.json larger than this is not read for a report (its metadata is all the report needs, but it comes last). */
const MAX_TRACKED_CHANGES_BYTES = 512 * 1024 * 1024;

const require = createRequire(import.meta.url);

/** Leaflet (map) and uPlot (charts), inlined from their installed packages, then the page's own files. */
function reportAssets() {
  const read = (specifier: string) => fs.readFileSync(require.resolve(specifier), 'utf8');
  return {
    scripts: [read('leaflet/dist/leaflet.js'), read('uplot/dist/uPlot.iife.min.js'), pageFile('basemap.js'), pageFile('dom.js'), pageFile('page.js')],
    styles: [read('leaflet/dist/leaflet.css'), read('uplot/dist/uPlot.min.css'), pageFile('page.css')],
  };
}

export function openResult(resultPath: string): Database.Database {
  if (!fs.existsSync(resultPath)) throw new HazsimError('not_found', `result file ${resultPath} does not exist`);
  let db: Database.Database;
  try {
    db = new Database(resultPath, { readonly: true, fileMustExist: true });
    const tables = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')").all() as { name: string }[]).map((row) => row.name));
    const missing = ['assetstatetable', 'assetstatetable_si', 'assets', 'fragility_curves', 'run_info'].filter((table) => !tables.has(table));
    if (missing.length > 0) {
      db.close();
      throw new HazsimError('invalid_input', `${resultPath} is not a hazsim simulation result: it lacks ${missing.join(', ')} (see docs/output-sqlite.md)`);
    }
  } catch (error) {
    if (error instanceof HazsimError) throw error;
    throw new HazsimError('invalid_input', `${resultPath} is not a readable SQLite file: ${(error as Error).message}`);
  }
  return db;
}

interface ResultData {
  runInfo: Record<string, string>;
  timestamps: string[];
  uuids: string[];
  names: string[];
  assetTypes: string[];
  longitude: Float64Array;
  latitude: Float64Array;
  survival: Float64Array;
  peaks: Map<string, Float64Array>;
  curves: UsedCurve[];
}

/** Reads what the report needs from a result file, asset-major in assetstatetable order. */
function readResult(resultPath: string): ResultData {
  const db = openResult(resultPath);
  try {
    const runInfo = Object.fromEntries(
      (db.prepare('SELECT key, value FROM run_info').all() as { key: string; value: string }[]).map((row) => [row.key, row.value]),
    );
    const timestamps = (db.prepare('SELECT DISTINCT timestamp FROM assetstatetable ORDER BY timestamp').all() as { timestamp: string }[]).map(
      (row) => row.timestamp,
    );
    const slot = new Map(timestamps.map((timestamp, index) => [timestamp, index]));
    const siColumns = new Set((db.prepare("SELECT name FROM pragma_table_info('assetstatetable_si')").all() as { name: string }[]).map((row) => row.name));
    const quantities = intensityQuantities().filter((quantity) => siColumns.has(quantity.siColumn));
    const location = new Map(
      (db.prepare('SELECT uuid, longitude, latitude FROM assets').all() as { uuid: string; longitude: number; latitude: number }[]).map((row) => [
        row.uuid,
        row,
      ]),
    );
    const uuids: string[] = [];
    const names: string[] = [];
    const assetTypes: string[] = [];
    const survivalValues: number[] = [];
    const peakValues = quantities.map(() => [] as number[]);
    const columns = ['distribution_asset', 'asset_name', 'asset_type', 'timestamp', 'survival_probability', ...quantities.map((quantity) => quantity.siColumn)];
    const rows = db
      .prepare(`SELECT ${columns.map((column) => `"${column}"`).join(', ')} FROM assetstatetable_si ORDER BY id`)
      .raw()
      .iterate() as Iterable<unknown[]>;
    let current = '';
    for (const row of rows) {
      const uuid = row[0] as string;
      if (uuid !== current) {
        current = uuid;
        uuids.push(uuid);
        names.push(row[1] as string);
        assetTypes.push(row[2] as string);
        for (let t = 0; t < timestamps.length; t += 1) survivalValues.push(1);
        for (const values of peakValues) values.push(Number.NaN);
      }
      const asset = uuids.length - 1;
      survivalValues[asset * timestamps.length + slot.get(row[3] as string)!] = row[4] as number;
      quantities.forEach((quantity, q) => {
        const value = row[5 + q] as number | null;
        if (value === null) return;
        const stored = peakValues[q][asset];
        const moreSevere = quantity.mostSevere === 'max' ? value > stored : value < stored;
        if (Number.isNaN(stored) || moreSevere) peakValues[q][asset] = value;
      });
    }
    const peaks = new Map<string, Float64Array>();
    quantities.forEach((quantity, q) => {
      if (peakValues[q].some((value) => !Number.isNaN(value))) peaks.set(quantity.name, Float64Array.from(peakValues[q]));
    });
    const curves = (
      db.prepare('SELECT asset_type, quantity, curve_set, definition FROM fragility_curves ORDER BY asset_type, quantity').all() as Record<string, string>[]
    ).map((row) => ({ asset_type: row.asset_type, quantity: row.quantity, curve_set: row.curve_set, definition: JSON.parse(row.definition) }));
    return {
      runInfo,
      timestamps,
      uuids,
      names,
      assetTypes,
      longitude: Float64Array.from(uuids, (uuid) => location.get(uuid)?.longitude ?? Number.NaN),
      latitude: Float64Array.from(uuids, (uuid) => location.get(uuid)?.latitude ?? Number.NaN),
      survival: Float64Array.from(survivalValues),
      peaks,
      curves,
    };
  } finally {
    db.close();
  }
}

/** The text of one entry of a ZIP file on disk. */
export function readZipEntry(zipPath: string, entryName: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const fail = (message: string) => reject(new HazsimError('invalid_input', `${zipPath}: ${message}`));
    yauzl.open(zipPath, { lazyEntries: true, validateEntrySizes: true }, (openError, zip) => {
      if (openError || !zip) return fail(`not a readable ZIP file (${openError?.message ?? 'unknown error'})`);
      let found = false;
      zip.on('error', (error: Error) => fail(`corrupt ZIP file (${error.message})`));
      zip.on('end', () => {
        if (!found) fail(`holds no ${entryName}; is it a hazsim scenario ZIP (docs/scenarios-zip.md)?`);
      });
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== entryName) return zip.readEntry();
        found = true;
        if (entry.uncompressedSize > MAX_TRACKED_CHANGES_BYTES) {
          zip.close();
          return reject(new HazsimError('too_large', `${zipPath}: ${entryName} expands to more than ${MAX_TRACKED_CHANGES_BYTES / 1024 ** 2} MiB`));
        }
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return fail(`cannot read ${entryName} (${streamError?.message})`);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', (error: Error) => fail(`corrupt entry ${entryName} (${error.message})`));
          stream.on('end', () => {
            zip.close();
            resolve(Buffer.concat(chunks));
          });
        });
      });
      zip.readEntry();
    });
  });
}

async function readScenarios(zipPath: string, result: ResultData): Promise<NonNullable<ReportInput['scenarios']>> {
  if (!fs.existsSync(zipPath)) throw new HazsimError('not_found', `scenario file ${zipPath} does not exist`);
  const content = parseJsonBytes(await readZipEntry(zipPath, 'tracked_changes.json'), 'tracked_changes.json') as { metadata?: Record<string, unknown> };
  const metadata = content.metadata ?? {};
  const failures = metadata.failures_per_sample;
  if (!Array.isArray(failures) || !failures.every((value) => Number.isInteger(value))) {
    throw new HazsimError('invalid_input', `${zipPath}: tracked_changes.json metadata.failures_per_sample is missing or not a list of integers`);
  }
  for (const key of ['distribution_sha256', 'hazard_sha256'] as const) {
    if (typeof metadata[key] === 'string' && result.runInfo[key] && metadata[key] !== result.runInfo[key]) {
      throw new HazsimError(
        'invalid_input',
        `${zipPath} was drawn from other inputs than ${path.basename(result.runInfo.distribution_name ?? 'the result')} (${key} differs)`,
      );
    }
  }
  const shown = ['seed', 'method', 'number_of_samples', 'curve_set', 'total_failures', 'samples_with_failures'];
  return {
    failuresPerSample: failures as number[],
    metadata: Object.fromEntries(shown.filter((key) => key in metadata).map((key) => [key, String(metadata[key])])),
  };
}

/** Customers and kW out over time (mean, P10, P90 over samples) from an impact result of the same distribution model. */
function readImpact(impactPath: string, result: ResultData): NonNullable<ReportInput['impact']> {
  if (!fs.existsSync(impactPath)) throw new HazsimError('not_found', `impact file ${impactPath} does not exist`);
  let db: Database.Database;
  try {
    db = new Database(impactPath, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new HazsimError('invalid_input', `${impactPath} is not a readable SQLite file: ${(error as Error).message}`);
  }
  try {
    const tables = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((row) => row.name));
    const missing = ['curves', 'run_info'].filter((table) => !tables.has(table));
    if (missing.length > 0)
      throw new HazsimError('invalid_input', `${impactPath} is not a hazsim impact result: it lacks ${missing.join(', ')} (see docs/output-impact.md)`);
    const info = Object.fromEntries(
      (db.prepare('SELECT key, value FROM run_info').all() as { key: string; value: string }[]).map((row) => [row.key, row.value]),
    );
    if (info.distribution_sha256 && result.runInfo.distribution_sha256 && info.distribution_sha256 !== result.runInfo.distribution_sha256) {
      throw new HazsimError('invalid_input', `${impactPath} was computed for another distribution model than the result (distribution_sha256 differs)`);
    }
    const rows = db
      .prepare('SELECT timestamp, customers_out_mean, customers_out_p10, customers_out_p90, kw_out_mean, kw_out_p10, kw_out_p90 FROM curves ORDER BY hours')
      .all() as Record<string, number | string>[];
    const column = (name: string) => rows.map((row) => Number(row[name]));
    // The IEEE 1366 event indices over samples, where the result has them (results before them do not).
    const indices = tables.has('metrics')
      ? (db.prepare("SELECT metric, mean, p10, p50, p90 FROM metrics WHERE metric IN ('saifi', 'saidi_minutes', 'caidi_minutes') ORDER BY metric").all() as {
          metric: string;
          mean: number;
          p10: number;
          p50: number;
          p90: number;
        }[])
      : [];
    const band = (row: (typeof indices)[number]) =>
      `mean ${row.mean.toPrecision(4)}, P10 ${row.p10.toPrecision(4)}, P50 ${row.p50.toPrecision(4)}, P90 ${row.p90.toPrecision(4)}`;
    return {
      timestamps: rows.map((row) => String(row.timestamp)),
      customers: { mean: column('customers_out_mean'), p10: column('customers_out_p10'), p90: column('customers_out_p90') },
      kw: { mean: column('kw_out_mean'), p10: column('kw_out_p10'), p90: column('kw_out_p90') },
      metadata: {
        ...Object.fromEntries(
          ['number_of_samples', 'seed', 'crews', 'priority', 'repair_times', 'work_rule'].filter((key) => key in info).map((key) => [key, info[key]]),
        ),
        ...Object.fromEntries(indices.map((row) => [`${row.metric} (IEEE 1366, per event)`, band(row)])),
      },
    };
  } finally {
    db.close();
  }
}

/** The models a cache holds, by name: their files (ModelStore.list), for a report built in a worker thread. */
export type ModelFiles = Readonly<Record<string, string>>;

/** The files of every model in `store` (a copy of its index, taken on the caller's thread). */
export function modelFilesOf(store: ModelStore): ModelFiles {
  return Object.fromEntries(store.list().map((record) => [record.name, record.file_path]));
}

/** The cached model the run used, when the cache still holds the same bytes; otherwise a note says why it is left out. */
export function cachedInput(files: ModelFiles, name: string | undefined, sha256: string | undefined, what: string, notes: string[]): Buffer | null {
  const filePath = name !== undefined && Object.hasOwn(files, name) ? files[name] : undefined;
  let bytes: Buffer | null;
  try {
    bytes = filePath === undefined ? null : fs.readFileSync(filePath);
  } catch {
    bytes = null;
  }
  if (!bytes) {
    notes.push(
      `The ${what} model ${name ?? '(unnamed)'} is not in this cache, so the map lacks ${what === 'hazard' ? 'the hazard footprint' : 'line routes (lines are drawn as points)'}.`,
    );
    return null;
  }
  if (sha256 && sha256Hex(bytes) !== sha256) {
    notes.push(`The cached ${what} model ${name} is not the one this run used (sha256 differs), so it is not drawn.`);
    return null;
  }
  return bytes;
}

/**
 * How the run read its model's coordinates (run_info.distribution_coordinates), not how the
 * cached model is read now: the same bytes may have been uploaded again with another reading.
 * Results from before the option existed were read GDM's way; null when the key is unreadable.
 */
export function runReading(runInfo: Record<string, string | undefined>): CoordinateReading | null {
  const text = runInfo.distribution_coordinates;
  if (text === undefined) return GDM_READING;
  try {
    const record: unknown = JSON.parse(text);
    return isReadingRecord(record) ? readingOfRecord(record) : null;
  } catch {
    return null;
  }
}

/** What the report worker (src/app/workers/reportWorker.ts) builds: the page of `sources`, written to `outputPath`. */
export interface ReportTask {
  sources: ReportSources;
  outputPath: string;
  models: { distribution: ModelFiles; hazard: ModelFiles };
}

/** The report worker module, relative to this file. */
const REPORT_WORKER = '../workers/reportWorker';

/**
 * Builds the report of a result (and scenarios) in a worker thread and writes it to
 * `outputPath` in one atomic step: reading the result and compressing the page took a REST
 * server's event loop for seconds (/health stalled 12.3 s). An abort of `signal` (the client
 * left) terminates the worker.
 */
export function writeReport(
  sources: ReportSources,
  outputPath: string,
  stores: { distribution: ModelStore; hazard: ModelStore },
  signal?: AbortSignal,
): Promise<ReportSummary> {
  const task: ReportTask = { sources, outputPath, models: { distribution: modelFilesOf(stores.distribution), hazard: modelFilesOf(stores.hazard) } };
  return runWorkerTask<ReportTask, ReportSummary>(import.meta.url, REPORT_WORKER, task, undefined, signal);
}

/** The report worker's work (see writeReport). */
export async function buildReportFile(task: ReportTask): Promise<ReportSummary> {
  const { sources, outputPath, models: stores } = task;
  const result = readResult(sources.resultPath);
  const scenarios = sources.scenariosPath ? await readScenarios(sources.scenariosPath, result) : undefined;
  const impact = sources.impactPath ? readImpact(sources.impactPath, result) : undefined;
  const notes: string[] = [];
  const distributionBytes = cachedInput(stores.distribution, result.runInfo.distribution_name, result.runInfo.distribution_sha256, 'distribution', notes);
  const reading = runReading(result.runInfo);
  if (distributionBytes && !reading)
    notes.push('The result does not say how its model coordinates were read, so the map lacks line routes (lines are drawn as points).');
  const routesByUuid =
    distributionBytes && reading
      ? lineRoutes(readDistributionModel(parseJsonBytes(distributionBytes, 'distribution model')), reading)
      : new Map<string, number[]>();
  const hazardBytes = cachedInput(stores.hazard, result.runInfo.hazard_name, result.runInfo.hazard_sha256, 'hazard', notes);
  const hazardEntries = hazardBytes ? readHazardModel(parseJsonBytes(hazardBytes, 'hazard model')).models : [];
  const payload = buildReportPayload({
    runInfo: result.runInfo,
    timestamps: result.timestamps,
    assets: {
      name: result.names,
      assetType: result.assetTypes,
      longitude: result.longitude,
      latitude: result.latitude,
      routes: result.uuids.map((uuid) => routesByUuid.get(uuid) ?? null),
    },
    survival: result.survival,
    peaks: result.peaks,
    curves: result.curves,
    hazardEntries,
    scenarios,
    impact,
    notes,
    basemap: basemapLayers(result.longitude, result.latitude),
  });
  const html = renderReportHtml(payload, reportAssets());
  fs.mkdirSync(path.dirname(path.resolve(outputPath)), { recursive: true });
  writeFileAtomic(outputPath, html);
  return {
    asset_count: result.uuids.length,
    timestamp_count: result.timestamps.length,
    curve_count: payload.curves.length,
    scenario_samples: scenarios ? scenarios.failuresPerSample.length : null,
    size_bytes: Buffer.byteLength(html),
    notes,
  };
}

interface ReportDependencies {
  stores: { distribution: ModelStore; hazard: ModelStore };
  simulate(request: unknown, options: RunOutputOptions): Promise<SimulationOutcome>;
  generateScenarios(request: unknown, options: RunOutputOptions & { recordLimit?: number }): Promise<ScenarioOutcome>;
  estimateImpact(request: unknown, options: RunOutputOptions): Promise<{ filePath: string }>;
  /** The cache's results folder (RunOutputOptions.inResultsDir). */
  resultsDir: string;
  /** The cache root: no user-chosen output may land inside it. */
  cacheRoot: string;
}

export interface ReportOutcome {
  filePath: string;
  /** `{distribution}_{hazard}_report.html`, for downloads. */
  fileName: string;
  summary: ReportSummary;
}

export function createReportOps(dependencies: ReportDependencies) {
  /**
   * `hazsim report`: the page of result files a user already has. Its destination, `-o` or by
   * default the page beside the result, is checked like every file the CLI writes before any
   * work (docs/hardening.md, "Result files"): links, directories, a missing or unwritable
   * folder and any path inside the cache are refused, and a device or FIFO is written
   * through, never replaced.
   */
  async function reportFromFiles(
    sources: ReportSources,
    options: { outputPath?: string } & DestinationOptions = {},
  ): Promise<ReportSummary & { filePath: string }> {
    const besideResult = path.join(path.dirname(sources.resultPath), `${path.basename(sources.resultPath).replace(/(_results)?\.sqlite$/i, '')}_report.html`);
    const destination =
      options.outputPath === undefined
        ? prepareResultDestination(besideResult, path.basename(besideResult), dependencies.cacheRoot, { ...options, option: null })
        : prepareResultDestination(options.outputPath, path.basename(besideResult), dependencies.cacheRoot, options);
    const summary = await deliver(destination, () => writeReport(sources, destination.buildPath, dependencies.stores));
    return { ...summary, filePath: destination.finalPath };
  }

  /**
   * POST /report, MCP generate_report: runs the simulation (and the scenarios when asked)
   * into temporary files, makes the page, and removes the temporary files.
   */
  async function generateReport(requestInput: unknown, options: RunOutputOptions = {}): Promise<ReportOutcome> {
    const request = parseOrThrow(ReportRequest, requestInput, 'report request');
    const fileName = options.inResultsDir
      ? `${resultsFolderStem(request)}${request.number_of_samples ? `+${request.number_of_samples}samples_seed${request.seed}_${request.method}` : ''}_report.html`
      : `${request.distribution_system_name}_${request.hazard_system_name}_report.html`;
    const { number_of_samples: samples, seed, method, impact, ...simulation } = request;
    if (impact && samples === undefined) {
      throw new HazsimError('invalid_input', 'impact needs number_of_samples: the outage is estimated over that many scenarios', [
        { path: 'impact', message: 'give number_of_samples with impact: true' },
      ]);
    }
    const temporary: string[] = [];
    try {
      // The client leaving (options.signal) stops every step: the runs, then the page's worker.
      const result = await dependencies.simulate(simulation, { onProgress: options.onProgress, signal: options.signal });
      temporary.push(result.filePath);
      let scenariosPath: string | undefined;
      if (samples !== undefined) {
        const scenarios = await dependencies.generateScenarios(
          { ...simulation, number_of_samples: samples, seed, method },
          { recordLimit: 0, onProgress: options.onProgress, signal: options.signal },
        );
        temporary.push(scenarios.filePath);
        scenariosPath = scenarios.filePath;
      }
      let impactPath: string | undefined;
      if (impact) {
        const estimate = await dependencies.estimateImpact(
          { ...simulation, number_of_samples: samples, seed, method },
          { onProgress: options.onProgress, signal: options.signal },
        );
        temporary.push(estimate.filePath);
        impactPath = estimate.filePath;
      }
      const destination = runDestination({ stored: fileName, download: fileName }, options, dependencies);
      const summary = await deliver(destination, () =>
        writeReport({ resultPath: result.filePath, scenariosPath, impactPath }, destination.buildPath, dependencies.stores, options.signal),
      );
      return { filePath: destination.finalPath, fileName, summary };
    } finally {
      for (const file of temporary) fs.rmSync(file, { force: true });
    }
  }

  return { reportFromFiles, generateReport };
}
