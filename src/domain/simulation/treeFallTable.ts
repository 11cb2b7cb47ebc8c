import type Database from 'better-sqlite3';
import type { SurvivalResult } from './types.js';

/**
 * The `tree_fall` table of a run with vegetation (docs/vegetation.md, docs/output-sqlite.md): per
 * overhead line with trees beside it and per timestamp, the survival of tree fall up to then
 * and its complement, the probability that a falling tree has failed the line. The combined
 * `survival_probability` of assetstatetable already includes it; its `wind_speed_survival`
 * is the wind curves' alone, so the two causes can be told apart.
 */
export const TREE_FALL_TABLE_SQL = `
CREATE TABLE tree_fall (
  distribution_asset TEXT NOT NULL,
  asset_name TEXT NOT NULL,
  asset_type TEXT NOT NULL,
  timestamp TEXT NOT NULL,
  tree_fall_survival REAL NOT NULL,
  tree_fall_failure_probability REAL NOT NULL,
  PRIMARY KEY (distribution_asset, timestamp)
);
`;

/** One row per asset with trees and timestamp, asset-major like assetstatetable; `result.treeFall` must be present. */
export function insertTreeFall(db: Database.Database, result: SurvivalResult): void {
  const { assets, timestamps } = result;
  const treeFall = result.treeFall!;
  const statement = db.prepare('INSERT INTO tree_fall VALUES (?, ?, ?, ?, ?, ?)');
  for (let a = 0; a < assets.count; a += 1) {
    for (let t = 0; t < timestamps.length; t += 1) {
      const value = treeFall[t * assets.count + a];
      if (value !== value) continue;
      statement.run(assets.uuid[a], assets.name[a], assets.assetType[a], timestamps[t], value, 1 - value);
    }
  }
}

/** Expected number of lines failed by falling trees over the event (the sum over lines of the final failure probability), and the lines with trees. */
export function treeFallTotals(result: SurvivalResult): { lines_with_trees: number; expected_tree_fall_failures: number } | null {
  const { treeFall, assets, timestamps } = result;
  if (!treeFall || timestamps.length === 0) return null;
  const last = (timestamps.length - 1) * assets.count;
  let lines = 0;
  let expected = 0;
  for (let a = 0; a < assets.count; a += 1) {
    const value = treeFall[last + a];
    if (value !== value) continue;
    lines += 1;
    expected += 1 - value;
  }
  return { lines_with_trees: lines, expected_tree_fall_failures: expected };
}
