import type { IntensityQuantity } from '../hazards/types.js';

/**
 * The intensity columns of `assetstatetable`: ERAD's names and units (reference/erad-notes.md
 * §6), so tools reading ERAD results read ours. Values are held in SI and divided by
 * `siPerUnit` on the way out (e.g. 1 mile/hour = 0.44704 m/s exactly).
 */
export const INTENSITY_COLUMNS: readonly { quantity: IntensityQuantity; column: string; siPerUnit: number; siColumn: string }[] = [
  { quantity: 'wind_speed', column: 'wind_speed__miles_per_hour', siPerUnit: 0.44704, siColumn: 'wind_speed__meter_per_second' },
  { quantity: 'fire_boundary_distance', column: 'fire_boundary_dist__feet', siPerUnit: 0.3048, siColumn: 'fire_boundary_distance__meter' },
  { quantity: 'flood_depth', column: 'flood_depth__feet', siPerUnit: 0.3048, siColumn: 'flood_depth__meter' },
  { quantity: 'flood_velocity', column: 'flood_velocity__feet_per_second', siPerUnit: 0.3048, siColumn: 'flood_velocity__meter_per_second' },
  { quantity: 'pga', column: 'peak_ground_acceleration__feet_per_second2', siPerUnit: 0.3048, siColumn: 'peak_ground_acceleration__meter_per_second2' },
  { quantity: 'pgv', column: 'peak_ground_velocity__inch_per_second', siPerUnit: 0.0254, siColumn: 'peak_ground_velocity__meter_per_second' },
];

/** Per-quantity survival column, e.g. `wind_speed_survival`. */
export function survivalColumn(quantity: IntensityQuantity): string {
  return `${quantity}_survival`;
}
