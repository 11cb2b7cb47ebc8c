import type { AssetTable } from './types.js';

/** The assets at `rows` of a table (indices, in the order given), as a table of their own. */
export function pickAssets(assets: AssetTable, rows: ArrayLike<number>): AssetTable {
  const count = rows.length;
  const pick = <T>(values: readonly T[]) => Array.from({ length: count }, (_, index) => values[rows[index]]);
  const pickTyped = <T extends Float64Array | Uint8Array>(values: T): T => {
    const out = new (values.constructor as { new (length: number): T })(count);
    for (let index = 0; index < count; index += 1) out[index] = values[rows[index]];
    return out;
  };
  const route = new Float64Array(4 * count);
  for (let index = 0; index < count; index += 1) route.set(assets.route.subarray(4 * rows[index], 4 * rows[index] + 4), 4 * index);
  return {
    count,
    uuid: pick(assets.uuid),
    name: pick(assets.name),
    assetType: pick(assets.assetType),
    assetTypeIndex: pickTyped(assets.assetTypeIndex),
    componentType: pick(assets.componentType),
    longitude: pickTyped(assets.longitude),
    latitude: pickTyped(assets.latitude),
    heightM: pickTyped(assets.heightM),
    route,
    lengthM: pickTyped(assets.lengthM),
  };
}
