import { ASSET_HEIGHTS_M, ASSET_TYPES, type AssetTable, type AssetType } from '../../src/domain/assets/index.js';
import { groupAssetsByType } from '../../src/domain/simulation/combine.js';

/** An asset of a hand-made table: its place, and for a line its route and modelled length. */
export interface AssetRow {
  name: string;
  type: AssetType;
  at: [number, number];
  /** Lines: [from, to] and the modelled length, metres. */
  route?: [[number, number], [number, number], number];
}

/** The asset table of `rows`, grouped by type as the simulation reads it; uuids are `uuid-<name>`. */
export function assetTable(rows: AssetRow[]): AssetTable {
  return groupAssetsByType({
    count: rows.length,
    uuid: rows.map((row) => `uuid-${row.name}`),
    name: rows.map((row) => row.name),
    assetType: rows.map((row) => row.type),
    assetTypeIndex: Uint8Array.from(rows, (row) => ASSET_TYPES.indexOf(row.type)),
    componentType: rows.map(() => 'test'),
    longitude: Float64Array.from(rows, (row) => row.at[0]),
    latitude: Float64Array.from(rows, (row) => row.at[1]),
    heightM: Float64Array.from(rows, (row) => ASSET_HEIGHTS_M[row.type]),
    route: Float64Array.from(rows.flatMap((row) => (row.route ? [...row.route[0], ...row.route[1]] : [NaN, NaN, NaN, NaN]))),
    lengthM: Float64Array.from(rows, (row) => (row.route ? row.route[2] : NaN)),
  });
}
