import Database from 'better-sqlite3';
import { batchedInsert, writeSqliteFile } from '../../base/sqliteFile.js';
import { intensityQuantityNames } from '../hazards/quantities.js';
import { intensityColumns, survivalColumn } from './columns.js';
import { assetSummarySql, insertAssetSummary } from './assetSummary.js';
import type { CurveUsed, SurvivalResult } from './types.js';
import { insertTreeFall, TREE_FALL_TABLE_SQL } from './treeFallTable.js';
import { damageStateCount, damageStateSchemaSql, insertDamageStates, type FragilityLookup } from './damageStates.js';

/** Progress is reported every this many rows, when a batch of rows has just been written. */
const PROGRESS_EVERY_ROWS = 65_536;

const FIXED_COLUMNS = ['id', 'asset_name', 'asset_type', 'distribution_asset', 'timestamp', 'survival_probability'] as const;

/** Every column of assetstatetable, in table order: fixed, intensities (quantity registry), survivals. */
export function assetStateColumns(): string[] {
  return [...FIXED_COLUMNS, ...intensityColumns().map((c) => c.column), ...intensityQuantityNames().map(survivalColumn)];
}

function schemaSql(damageStates: number | null): string {
  const intensities = intensityColumns();
  const intensityColumnsSql = intensities.map((c) => `  ${c.column} REAL`).join(',\n');
  const survivalColumns = intensityQuantityNames()
    .map((q) => `  ${survivalColumn(q)} REAL`)
    .join(',\n');
  const siIntensity = intensities.map((c) => `${c.column} * ${c.siPerUnit} AS ${c.siColumn}`).join(',\n    ');
  return `
CREATE TABLE assetstatetable (
  id INTEGER PRIMARY KEY,
  asset_name TEXT NOT NULL,
  asset_type TEXT NOT NULL,
  distribution_asset TEXT NOT NULL,
  timestamp TEXT NOT NULL,
  survival_probability REAL,
${intensityColumnsSql},
${survivalColumns}
);
CREATE TABLE assets (
  uuid TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  asset_type TEXT NOT NULL,
  component_type TEXT NOT NULL,
  longitude REAL NOT NULL,
  latitude REAL NOT NULL,
  height_m REAL NOT NULL,
  asset_index INTEGER NOT NULL UNIQUE
);
CREATE TABLE timestamps (
  timestamp_index INTEGER PRIMARY KEY,
  timestamp TEXT NOT NULL
);
CREATE TABLE fragility_curves (
  asset_type TEXT NOT NULL,
  quantity TEXT NOT NULL,
  curve_set TEXT NOT NULL,
  definition TEXT NOT NULL,
  hazard_type TEXT NOT NULL,
  source TEXT,
  PRIMARY KEY (asset_type, quantity)
);${damageStates === null ? '' : damageStateSchemaSql(damageStates)}
CREATE TABLE run_info (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE VIEW assetstatetable_si AS
  SELECT id, asset_name, asset_type, distribution_asset, timestamp, survival_probability,
    ${siIntensity},
    ${intensityQuantityNames().map(survivalColumn).join(', ')}
  FROM assetstatetable;
CREATE VIEW asset_lowest_survival AS
  SELECT distribution_asset, asset_name, asset_type, MIN(survival_probability) AS lowest_survival_probability
  FROM assetstatetable GROUP BY distribution_asset;
`;
}

/**
 * Writes a simulation result as the SQLite file of docs/output-sqlite.md, in one transaction with
 * prepared statements (see writeSqliteFile). `damageStates: false` leaves out the damage-state
 * tables and view: an `erad_v1` run is ERAD-shaped and pays only for what ERAD wrote plus the
 * small tables that describe it (docs/output-sqlite.md, "erad_v1 results").
 */
export function writeResultsSqlite(
  outputPath: string,
  result: SurvivalResult,
  curves: readonly CurveUsed[],
  runInfo: Readonly<Record<string, string>>,
  fragilityOf: FragilityLookup,
  options: { damageStates: boolean; onRows?: (done: number, total: number) => void },
): void {
  const { onRows } = options;
  const stateCount = options.damageStates ? damageStateCount(result, fragilityOf) : null;
  const schema = schemaSql(stateCount) + (result.events ? assetSummarySql() : '') + (result.treeFall ? TREE_FALL_TABLE_SQL : '');
  writeSqliteFile(outputPath, schema, (db) => {
    insertAssetStates(db, result, onRows);
    if (result.events) insertAssetSummary(db, result);
    if (result.treeFall) insertTreeFall(db, result);
    const insertAsset = db.prepare('INSERT INTO assets VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    const { assets } = result;
    for (let a = 0; a < assets.count; a += 1) {
      insertAsset.run(
        assets.uuid[a],
        assets.name[a],
        assets.assetType[a],
        assets.componentType[a],
        assets.longitude[a],
        assets.latitude[a],
        assets.heightM[a],
        a,
      );
    }
    const insertTimestamp = db.prepare('INSERT INTO timestamps VALUES (?, ?)');
    result.timestamps.forEach((timestamp, index) => insertTimestamp.run(index, timestamp));
    const insertCurve = db.prepare('INSERT INTO fragility_curves VALUES (?, ?, ?, ?, ?, ?)');
    for (const curve of curves) insertCurve.run(curve.asset_type, curve.quantity, curve.curve_set, curve.definition, curve.hazard_type, curve.source);
    if (stateCount !== null) insertDamageStates(db, result, fragilityOf, stateCount);
    const insertInfo = db.prepare('INSERT INTO run_info VALUES (?, ?)');
    for (const key of Object.keys(runInfo).sort()) insertInfo.run(key, runInfo[key]);
  });
}

/** Rows asset-major (an asset's timestamps together, chronological), as ERAD wrote them. */
function insertAssetStates(db: Database.Database, result: SurvivalResult, onRows?: (done: number, total: number) => void): void {
  const { assets, timestamps, survival } = result;
  const assetCount = assets.count;
  const rowCount = assetCount * timestamps.length;
  const rows = batchedInsert(db, 'assetstatetable', assetStateColumns().length);
  const { parameters } = rows;
  const intensityArrays = intensityColumns().map((c) => ({ values: result.intensities[c.quantity], siPerUnit: c.siPerUnit }));
  const survivalArrays = intensityQuantityNames().map((q) => result.survivalByQuantity[q]);
  let id = 0;
  for (let a = 0; a < assetCount; a += 1) {
    for (let t = 0; t < timestamps.length; t += 1) {
      const index = t * assetCount + a;
      let p = rows.offset;
      id += 1;
      parameters[p++] = id;
      parameters[p++] = assets.name[a];
      parameters[p++] = assets.assetType[a];
      parameters[p++] = assets.uuid[a];
      parameters[p++] = timestamps[t];
      parameters[p++] = survival[index];
      for (const { values, siPerUnit } of intensityArrays) {
        const value = values ? values[index] : NaN;
        parameters[p++] = Number.isNaN(value) ? null : value / siPerUnit;
      }
      for (const values of survivalArrays) {
        const value = values ? values[index] : NaN;
        parameters[p++] = Number.isNaN(value) ? null : value;
      }
      if (rows.added() && onRows && id % PROGRESS_EVERY_ROWS === 0) onRows(id, rowCount);
    }
  }
  rows.finish();
  if (id !== rowCount) throw new Error(`internal: wrote ${id} rows, expected ${rowCount}`);
  onRows?.(rowCount, rowCount);
}
