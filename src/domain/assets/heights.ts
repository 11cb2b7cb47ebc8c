/**
 * Asset heights above ground in metres (docs/input-distribution.md), used for flood depth. Overhead
 * lines stand at 0 because their poles and towers are what stands in the water;
 * underground cables and junction boxes sit 1 m below ground.
 */
import type { AssetType } from './types.js';

export const ASSET_HEIGHTS_M = {
  substation: 0,
  solar_panels: 3,
  battery_storage: 1,
  switch: 4,
  transformer_pole_mount: 4,
  transformer_pad_mount: 0.3,
  distribution_overhead_lines: 0,
  distribution_underground_cables: -1,
  transmission_overhead_lines: 0,
  transmission_underground_cables: -1,
  distribution_poles: 0,
  distribution_junction_box: -1,
  transmission_tower: 0,
  transmission_junction_box: -1,
} as const satisfies Record<AssetType, number>;
