import type Database from 'better-sqlite3';
import { batchedInsert } from '../../base/sqliteFile.js';
import { ASSET_TYPES } from '../assets/types.js';
import { damageStateProbabilitiesAt, type CompiledFragility } from '../fragility/index.js';
import type { IntensityQuantity } from '../hazards/quantities.js';
import type { SurvivalResult } from './types.js';

/**
 * Damage-state probabilities per asset, timestamp and quantity (docs/output-sqlite.md,
 * `damage_state_probabilities`): P(damage state k) for k = 0 ('none') .. n; they sum to 1.
 * Rows exist where the quantity has a value and the asset type has a curve for it.
 */

/** The compiled curve of an asset type (index in ASSET_TYPES) for a quantity, or null. */
export type FragilityLookup = (assetTypeIndex: number, quantity: IntensityQuantity) => CompiledFragility | null;

/** The column of P(damage state k) in `damage_state_cells`. */
const probabilityColumn = (k: number) => `probability_${k}`;

/**
 * The damage-state tables and the `damage_state_probabilities` view. The probabilities are
 * stored one row per asset, quantity and timestamp (`damage_state_cells`, integer keys, one
 * column per state up to the most states a curve used has), because the long form, with an
 * asset uuid, timestamp and state name in every row, made most of a result's bytes and writing
 * time; the view gives the long form from it, joining `assets`, `timestamps` and `damage_states`.
 */
export function damageStateSchemaSql(stateCount: number): string {
  const columns = Array.from({ length: stateCount }, (_, k) => `  ${probabilityColumn(k)} REAL,\n`).join('');
  const pick = Array.from({ length: stateCount }, (_, k) => `WHEN ${k} THEN c.${probabilityColumn(k)}`).join(' ');
  return `
CREATE TABLE damage_states (
  asset_type TEXT NOT NULL,
  quantity TEXT NOT NULL,
  damage_state_index INTEGER NOT NULL,
  damage_state TEXT NOT NULL,
  out_of_service INTEGER NOT NULL,
  repair_mean_hours REAL,
  repair_sd_hours REAL,
  PRIMARY KEY (asset_type, quantity, damage_state_index)
);
CREATE TABLE damage_state_cells (
  asset_index INTEGER NOT NULL,
  quantity TEXT NOT NULL,
  timestamp_index INTEGER NOT NULL,
${columns}  PRIMARY KEY (asset_index, quantity, timestamp_index)
) WITHOUT ROWID;
CREATE VIEW damage_state_probabilities AS
  SELECT a.uuid AS distribution_asset, t.timestamp AS timestamp, c.quantity AS quantity,
    d.damage_state_index AS damage_state_index, d.damage_state AS damage_state,
    CASE d.damage_state_index ${pick} END AS probability
  FROM damage_state_cells c
  JOIN assets a ON a.asset_index = c.asset_index
  JOIN timestamps t ON t.timestamp_index = c.timestamp_index
  JOIN damage_states d ON d.asset_type = a.asset_type AND d.quantity = c.quantity;
`;
}

/** The most damage states (limit states + 1) of the curves the result's assets use: the width of `damage_state_cells`. */
export function damageStateCount(result: SurvivalResult, fragilityOf: FragilityLookup): number {
  const quantities = Object.keys(result.intensities) as IntensityQuantity[];
  let most = 2;
  for (const typeIndex of new Set(result.assets.assetTypeIndex)) {
    for (const quantity of quantities) most = Math.max(most, (fragilityOf(typeIndex, quantity)?.limitStates.length ?? 0) + 1);
  }
  return most;
}

/** The name of damage state 0 (below the first limit state). */
export const NO_DAMAGE = 'none';

/**
 * P(damage state k), k = 0 ('none') .. n, of the asset and timestamp of `cell` for a quantity
 * whose curve is `fragility`, into `out`; false where there is none (the quantity absent there).
 * Default physics: from the result's probabilities of reaching no limit state, judged as
 * survival is (every element, the intensity's variability), so the out-of-service states
 * together give 1 − the quantity's survival; P(DS = k) = P(not reaching k + 1) − P(not reaching k).
 * erad_v1 (one point per asset, no `notReached`): the curve at the asset's intensity.
 */
export function damageStateProbabilitiesOf(
  result: SurvivalResult,
  quantity: IntensityQuantity,
  fragility: CompiledFragility,
  cell: number,
  out: Float64Array,
): boolean {
  const count = fragility.limitStates.length;
  if (!result.notReached) {
    const x = result.intensities[quantity]?.[cell] ?? Number.NaN;
    if (Number.isNaN(x)) return false;
    damageStateProbabilitiesAt(fragility, x, out);
    return true;
  }
  const survival = result.survivalByQuantity[quantity]?.[cell] ?? Number.NaN;
  if (Number.isNaN(survival)) return false;
  const limitStates = result.notReached[quantity];
  let below = 0;
  for (let k = 0; k < count; k += 1) {
    const notReached = k === fragility.outOfService || !limitStates ? survival : limitStates[k][cell];
    out[k] = Math.max(0, notReached - below);
    below = notReached;
  }
  out[count] = Math.max(0, 1 - below);
  return true;
}

/**
 * Writes `damage_states` (what each state means) and `damage_state_cells` (the probabilities
 * behind the `damage_state_probabilities` view, `stateCount` columns: damageStateCount) for a result.
 */
export function insertDamageStates(db: Database.Database, result: SurvivalResult, fragilityOf: FragilityLookup, stateCount: number): void {
  const { assets, timestamps } = result;
  const quantities = Object.keys(result.intensities) as IntensityQuantity[];
  const describe = db.prepare('INSERT INTO damage_states VALUES (?, ?, ?, ?, ?, ?, ?)');
  // Types in the order the assets first have them.
  for (const typeIndex of new Set(assets.assetTypeIndex)) {
    const assetType = ASSET_TYPES[typeIndex];
    for (const quantity of quantities) {
      const fragility = fragilityOf(typeIndex, quantity);
      if (!fragility) continue;
      describe.run(assetType, quantity, 0, NO_DAMAGE, 0, null, null);
      fragility.limitStateNames.forEach((name, k) => {
        const repair = fragility.repair[k];
        describe.run(assetType, quantity, k + 1, name, k >= fragility.outOfService ? 1 : 0, repair?.mean_hours ?? null, repair?.sd_hours ?? null);
      });
    }
  }

  const rows = batchedInsert(db, 'damage_state_cells', 3 + stateCount);
  const { parameters } = rows;
  const probabilities = new Float64Array(stateCount);
  // Rows in key order (asset, quantity, timestamp), so the table's B-tree is appended to, never split in the middle.
  const quantitiesInKeyOrder = [...quantities].sort();
  for (let a = 0; a < assets.count; a += 1) {
    for (const quantity of quantitiesInKeyOrder) {
      const fragility = fragilityOf(assets.assetTypeIndex[a], quantity);
      if (!fragility) continue;
      const states = fragility.limitStates.length + 1;
      for (let t = 0; t < timestamps.length; t += 1) {
        if (!damageStateProbabilitiesOf(result, quantity, fragility, t * assets.count + a, probabilities)) continue;
        let p = rows.offset;
        parameters[p++] = a;
        parameters[p++] = quantity;
        parameters[p++] = t;
        for (let k = 0; k < stateCount; k += 1) parameters[p++] = k < states ? probabilities[k] : null;
        rows.added();
      }
    }
  }
  rows.finish();
}
