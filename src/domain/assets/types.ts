/**
 * Asset types of hazsim (docs/input-distribution.md, the same names ERAD uses). The order is fixed: it
 * is the index stored in AssetTable.assetTypeIndex and used by compiled curve sets.
 */
export const ASSET_TYPES = [
  'substation',
  'solar_panels',
  'battery_storage',
  'switch',
  'transformer_pole_mount',
  'transformer_pad_mount',
  'distribution_overhead_lines',
  'distribution_underground_cables',
  'transmission_overhead_lines',
  'transmission_underground_cables',
  'distribution_poles',
  'distribution_junction_box',
  'transmission_tower',
  'transmission_junction_box',
] as const;

export type AssetType = (typeof ASSET_TYPES)[number];

export function isAssetType(value: string): value is AssetType {
  return (ASSET_TYPES as readonly string[]).includes(value);
}

/**
 * The located assets of a distribution model as columns (structure of arrays), so the
 * physics and fragility loops run over typed arrays. Row i of every column is one asset.
 */
export interface AssetTable {
  count: number;
  /** GDM component uuid of each asset. */
  uuid: string[];
  name: string[];
  assetType: AssetType[];
  /** Index of assetType in ASSET_TYPES. */
  assetTypeIndex: Uint8Array;
  /** GDM class name, e.g. "MatrixImpedanceBranch". */
  componentType: string[];
  /** Degrees, WGS-84 (GDM Location x). */
  longitude: Float64Array;
  /** Degrees, WGS-84 (GDM Location y). */
  latitude: Float64Array;
  /** Height of the asset above ground, metres (docs/input-distribution.md), used for flood depth. */
  heightM: Float64Array;
  /**
   * Lines only (NaN for other assets): the straight path between the line's two buses, as
   * [from longitude, from latitude, to longitude, to latitude] at 4·i, degrees.
   */
  route: Float64Array;
  /** Lines only (NaN for other assets): the line's length as the model gives it (GDM `length`), metres. */
  lengthM: Float64Array;
}

/** A component that is not turned into a located asset, and why. */
export interface ComponentNote {
  uuid: string;
  name: string;
  componentType: string;
  /** The asset type it would have had, for components that are assets but have no location. */
  assetType?: AssetType;
  reason: string;
}

/** What extractAssets returns: the located assets plus a reason for every other component. */
export interface AssetExtraction {
  assets: AssetTable;
  /** Asset components whose location cannot be found (never placed at 0,0). */
  unlocated: ComponentNote[];
  /** Components that are not assets (equipment, controllers, loads, ...). */
  notAssets: ComponentNote[];
}
