import type Database from 'better-sqlite3';
import { intensityQuantities } from '../hazards/quantities.js';
import type { SurvivalResult } from './types.js';

/**
 * The `asset_summary` table of a default-physics result (docs/output-sqlite.md): one row per
 * asset with its event peak of each quantity (SI units, the most severe over its elements),
 * the hazard that governs its survival, its final survival, and for lines their modelled
 * length and element count.
 */

/** The peak column of a quantity: `peak_` and the quantity's SI view column (`peak_wind_speed__meter_per_second`). */
export function peakColumn(siColumn: string): string {
  return `peak_${siColumn}`;
}

export function assetSummarySql(): string {
  const peaks = intensityQuantities()
    .map((quantity) => `  ${peakColumn(quantity.siColumn)} REAL,\n`)
    .join('');
  return `
CREATE TABLE asset_summary (
  distribution_asset TEXT PRIMARY KEY,
  asset_name TEXT NOT NULL,
  asset_type TEXT NOT NULL,
${peaks}  governing_hazard TEXT,
  final_survival REAL NOT NULL,
  line_length_m REAL,
  element_count INTEGER NOT NULL
);
`;
}

/** One row per asset; `result.events` must be present (default physics). */
export function insertAssetSummary(db: Database.Database, result: SurvivalResult): void {
  const { assets, timestamps, survival, events } = result;
  const quantities = intensityQuantities();
  const statement = db.prepare(`INSERT INTO asset_summary VALUES (${new Array(quantities.length + 7).fill('?').join(', ')})`);
  const lastOffset = (timestamps.length - 1) * assets.count;
  const row: (string | number | null)[] = [];
  for (let a = 0; a < assets.count; a += 1) {
    row.length = 0;
    row.push(assets.uuid[a], assets.name[a], assets.assetType[a]);
    for (const quantity of quantities) {
      const peak = timestamps.length > 0 ? result.intensities[quantity.name]?.[lastOffset + a] : undefined;
      row.push(peak === undefined || Number.isNaN(peak) ? null : peak);
    }
    const length = assets.lengthM[a];
    row.push(events!.governingHazard[a], timestamps.length > 0 ? survival[lastOffset + a] : 1, Number.isNaN(length) ? null : length, events!.elementCount[a]);
    statement.run(row);
  }
}
