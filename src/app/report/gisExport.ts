/**
 * `hazsim export`: a simulation result as a map layer (docs/output-gis.md). Reads the SQLite
 * result (assets, survival, damage states) and, for line routes, the cached distribution model
 * the run used, as the report does; picks each asset's values at one time; writes GeoJSON or
 * GeoParquet through the domain writers.
 */
import path from 'node:path';
import type Database from 'better-sqlite3';
import { HazsimError } from '../../base/errors.js';
import { parseJsonBytes } from '../../base/json.js';
import { lineRoutes } from '../../domain/assets/index.js';
import { readDistributionModel } from '../../domain/gdm/index.js';
import { intensityQuantityNames } from '../../domain/hazards/quantities.js';
import { survivalColumn } from '../../domain/simulation/columns.js';
import { writeGeoJson } from '../../domain/simulation/geojson.js';
import { writeGeoParquet } from '../../domain/simulation/geoparquet.js';
import { assetGeometry, type AssetFeature } from '../../domain/simulation/gisFeatures.js';
import type { ModelStore } from '../cache/store.js';
import { cachedInput, modelFilesOf, openResult, runReading } from './report.js';
import { deliver, prepareResultDestination, type DestinationOptions } from '../results/resultOutput.js';

/** The map formats `hazsim export` writes: each one's file extension and writer. */
export const GIS_FORMATS = {
  geojson: { extension: '.geojson', write: writeGeoJson },
  geoparquet: { extension: '.parquet', write: writeGeoParquet },
} as const;
export type GisFormat = keyof typeof GIS_FORMATS;

/** `lowest`: each asset at the first timestamp of its lowest survival; else one timestamp of the run for every asset. */
export const LOWEST_SURVIVAL = 'lowest';

export interface GisExportRequest extends DestinationOptions {
  resultPath: string;
  format: GisFormat;
  /** A timestamp of the run, or LOWEST_SURVIVAL (the default). */
  at?: string;
  /** The file or folder to write; without it the layer goes beside the result. */
  outputPath?: string;
}

export interface GisExportSummary {
  filePath: string;
  format: GisFormat;
  asset_count: number;
  lines_with_routes: number;
  at: string;
  notes: string[];
}

/** One asset's row of assetstatetable chosen for the map: its values and the quantity whose survival is lowest there. */
interface ChosenRow {
  timestamp: string;
  survival: number;
  governing: string | null;
}

/** The run's timestamps, from the result's `timestamps` table (or assetstatetable's, in files before that table). */
function resultTimestamps(db: Database.Database): string[] {
  const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'timestamps'").get() !== undefined;
  const sql = hasTable ? 'SELECT timestamp FROM timestamps ORDER BY timestamp_index' : 'SELECT DISTINCT timestamp FROM assetstatetable ORDER BY timestamp';
  return (db.prepare(sql).all() as { timestamp: string }[]).map((row) => row.timestamp);
}

/** Per asset uuid, the row at `at` (a timestamp) or at its lowest survival (the first such timestamp). */
function chooseRows(db: Database.Database, at: string): Map<string, ChosenRow> {
  const columns = new Set((db.prepare("SELECT name FROM pragma_table_info('assetstatetable')").all() as { name: string }[]).map((row) => row.name));
  const quantities = intensityQuantityNames().filter((quantity) => columns.has(survivalColumn(quantity)));
  const select = ['distribution_asset', 'timestamp', 'survival_probability', ...quantities.map((quantity) => `"${survivalColumn(quantity)}"`)].join(', ');
  const where = at === LOWEST_SURVIVAL ? '' : ' WHERE timestamp = ?';
  const statement = db.prepare(`SELECT ${select} FROM assetstatetable${where} ORDER BY id`).raw();
  const rows = (at === LOWEST_SURVIVAL ? statement.iterate() : statement.iterate(at)) as Iterable<unknown[]>;
  const chosen = new Map<string, ChosenRow>();
  for (const row of rows) {
    const uuid = row[0] as string;
    const survival = (row[2] as number | null) ?? 1;
    const previous = chosen.get(uuid);
    if (previous && !(survival < previous.survival)) continue;
    let governing: string | null = null;
    let lowest = Infinity;
    quantities.forEach((quantity, q) => {
      const value = row[3 + q] as number | null;
      if (value !== null && value < lowest) {
        lowest = value;
        governing = quantity;
      }
    });
    chosen.set(uuid, { timestamp: row[1] as string, survival, governing });
  }
  return chosen;
}

/** The most likely damage state of (asset, quantity, timestamp) and its probability, from damage_state_cells; null without one. */
function damageStateReader(db: Database.Database, timestamps: string[]) {
  const hasCells = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'damage_state_cells'").get() !== undefined;
  if (!hasCells) return () => null;
  const timestampIndex = new Map(timestamps.map((timestamp, index) => [timestamp, index]));
  const cell = db.prepare('SELECT * FROM damage_state_cells WHERE asset_index = ? AND quantity = ? AND timestamp_index = ?');
  const names = db.prepare('SELECT damage_state FROM damage_states WHERE asset_type = ? AND quantity = ? ORDER BY damage_state_index').pluck();
  return (assetIndex: number, assetType: string, quantity: string, timestamp: string): { state: string; probability: number } | null => {
    const row = cell.get(assetIndex, quantity, timestampIndex.get(timestamp)) as Record<string, number | null> | undefined;
    if (!row) return null;
    const states = names.all(assetType, quantity) as string[];
    let best = -1;
    for (let k = 0; k < states.length; k += 1) if (best < 0 || (row[`probability_${k}`] ?? 0) > (row[`probability_${best}`] ?? 0)) best = k;
    return best < 0 ? null : { state: states[best], probability: row[`probability_${best}`] ?? 0 };
  };
}

interface AssetRow {
  uuid: string;
  name: string;
  asset_type: string;
  component_type: string;
  longitude: number;
  latitude: number;
  asset_index: number;
}

/** The features of a result at `at`, with the run's provenance; routes (by uuid) draw lines along them. */
function readFeatures(resultPath: string, at: string, routeOf: (runInfo: Record<string, string>, notes: string[]) => Map<string, number[]>) {
  const db = openResult(resultPath);
  try {
    const runInfo = Object.fromEntries(
      (db.prepare('SELECT key, value FROM run_info').all() as { key: string; value: string }[]).map((row) => [row.key, row.value]),
    );
    const timestamps = resultTimestamps(db);
    if (at !== LOWEST_SURVIVAL && !timestamps.includes(at)) {
      throw new HazsimError(
        'invalid_input',
        `--at ${at} is not a timestamp of this run: give one of ${timestamps[0]} … ${timestamps.at(-1)}, or ${LOWEST_SURVIVAL}`,
        [{ path: 'at', message: `not one of the run's ${timestamps.length} timestamps` }],
      );
    }
    const notes: string[] = [];
    const routes = routeOf(runInfo, notes);
    const chosen = chooseRows(db, at);
    const damageOf = damageStateReader(db, timestamps);
    const assets = db
      .prepare('SELECT uuid, name, asset_type, component_type, longitude, latitude, asset_index FROM assets ORDER BY asset_index')
      .all() as AssetRow[];
    let linesWithRoutes = 0;
    const features: AssetFeature[] = assets.map((asset) => {
      const row = chosen.get(asset.uuid) ?? { timestamp: at === LOWEST_SURVIVAL ? (timestamps[0] ?? '') : at, survival: 1, governing: null };
      const route = routes.get(asset.uuid) ?? null;
      if (route) linesWithRoutes += 1;
      const damage = row.governing ? damageOf(asset.asset_index, asset.asset_type, row.governing, row.timestamp) : null;
      return {
        geometry: assetGeometry(asset.longitude, asset.latitude, route),
        properties: {
          uuid: asset.uuid,
          name: asset.name,
          asset_type: asset.asset_type,
          component_type: asset.component_type,
          timestamp: row.timestamp,
          survival_probability: row.survival,
          failure_probability: 1 - row.survival,
          governing_quantity: row.governing,
          damage_state: damage?.state ?? null,
          damage_state_probability: damage?.probability ?? null,
        },
      };
    });
    return { features, runInfo: { ...runInfo, exported_at: at }, notes, linesWithRoutes };
  } finally {
    db.close();
  }
}

/** The export operation of the service: `exportResult(request)` writes the map file and says what it holds. */
export function createGisExportOps(dependencies: { stores: { distribution: ModelStore }; cacheRoot: string }) {
  const routeOf = (runInfo: Record<string, string>, notes: string[]): Map<string, number[]> => {
    const bytes = cachedInput(modelFilesOf(dependencies.stores.distribution), runInfo.distribution_name, runInfo.distribution_sha256, 'distribution', notes);
    const reading = runReading(runInfo);
    if (bytes && !reading) notes.push('The result does not say how its model coordinates were read, so lines are drawn as points.');
    return bytes && reading ? lineRoutes(readDistributionModel(parseJsonBytes(bytes, 'distribution model')), reading) : new Map();
  };

  async function exportResult(request: GisExportRequest): Promise<GisExportSummary> {
    const at = request.at ?? LOWEST_SURVIVAL;
    const stem = path.basename(request.resultPath).replace(/(_results)?\.sqlite$/i, '');
    const format = GIS_FORMATS[request.format];
    const fileName = `${stem}_assets${format.extension}`;
    // Beside the result unless -o names a place: either way under the result-file rules (docs/hardening.md).
    const destination =
      request.outputPath === undefined
        ? prepareResultDestination(path.join(path.dirname(request.resultPath), fileName), fileName, dependencies.cacheRoot, { ...request, option: null })
        : prepareResultDestination(request.outputPath, fileName, dependencies.cacheRoot, request);
    return deliver(destination, async () => {
      const { features, runInfo, notes, linesWithRoutes } = readFeatures(request.resultPath, at, routeOf);
      format.write(destination.buildPath, features, runInfo);
      return { filePath: destination.finalPath, format: request.format, asset_count: features.length, lines_with_routes: linesWithRoutes, at, notes };
    });
  }

  return { exportResult };
}
