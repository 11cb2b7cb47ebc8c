import type Database from 'better-sqlite3';
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

export const DAMAGE_STATE_SCHEMA = `
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
CREATE TABLE damage_state_probabilities (
  distribution_asset TEXT NOT NULL,
  timestamp TEXT NOT NULL,
  quantity TEXT NOT NULL,
  damage_state_index INTEGER NOT NULL,
  damage_state TEXT NOT NULL,
  probability REAL NOT NULL
);
`;

/** The name of damage state 0 (below the first limit state). */
export const NO_DAMAGE = 'none';

const ROWS_PER_STATEMENT = 128;

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

/** Writes `damage_states` (what each state means) and `damage_state_probabilities` for a result. */
export function insertDamageStates(db: Database.Database, result: SurvivalResult, fragilityOf: FragilityLookup): void {
  const { assets, timestamps } = result;
  const quantities = Object.keys(result.intensities);
  const describe = db.prepare('INSERT INTO damage_states VALUES (?, ?, ?, ?, ?, ?, ?)');
  const described = new Set<string>();
  for (let a = 0; a < assets.count; a += 1) {
    for (const quantity of quantities) {
      const key = `${assets.assetType[a]}\u0000${quantity}`;
      const fragility = fragilityOf(assets.assetTypeIndex[a], quantity);
      if (!fragility || described.has(key)) continue;
      described.add(key);
      describe.run(assets.assetType[a], quantity, 0, NO_DAMAGE, 0, null, null);
      fragility.limitStateNames.forEach((name, k) => {
        const repair = fragility.repair[k];
        describe.run(assets.assetType[a], quantity, k + 1, name, k >= fragility.outOfService ? 1 : 0, repair?.mean_hours ?? null, repair?.sd_hours ?? null);
      });
    }
  }

  const rowSql = '(?, ?, ?, ?, ?, ?)';
  const full = db.prepare(`INSERT INTO damage_state_probabilities VALUES ${new Array(ROWS_PER_STATEMENT).fill(rowSql).join(',')}`);
  const parameters: (string | number)[] = [];
  const flush = (force: boolean) => {
    if (parameters.length === ROWS_PER_STATEMENT * 6) {
      full.run(parameters);
      parameters.length = 0;
    } else if (force && parameters.length > 0) {
      db.prepare(`INSERT INTO damage_state_probabilities VALUES ${new Array(parameters.length / 6).fill(rowSql).join(',')}`).run(parameters);
      parameters.length = 0;
    }
  };
  const probabilities = new Float64Array(64);
  for (let a = 0; a < assets.count; a += 1) {
    for (const quantity of quantities) {
      const fragility = fragilityOf(assets.assetTypeIndex[a], quantity);
      if (!fragility) continue;
      const names = [NO_DAMAGE, ...fragility.limitStateNames];
      for (let t = 0; t < timestamps.length; t += 1) {
        if (!damageStateProbabilitiesOf(result, quantity as IntensityQuantity, fragility, t * assets.count + a, probabilities)) continue;
        for (let k = 0; k < names.length; k += 1) {
          parameters.push(assets.uuid[a], timestamps[t], quantity, k, names[k], probabilities[k]);
          flush(false);
        }
      }
    }
  }
  flush(true);
}
