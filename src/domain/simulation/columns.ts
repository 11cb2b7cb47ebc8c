import { intensityQuantities, type IntensityQuantity } from '../hazards/quantities.js';

export { survivalColumn } from '../hazards/quantities.js';

/** One intensity column of `assetstatetable`, derived from the quantity registry. */
export interface IntensityColumn {
  quantity: IntensityQuantity;
  column: string;
  /** SI value of one unit of the column (1 mile/hour = 0.44704 m/s); values are divided by it on the way out. */
  siPerUnit: number;
  siColumn: string;
}

/**
 * ERAD wrote its intensity columns in this order (docs/output-sqlite.md), so tools reading
 * ERAD results read ours; quantities ERAD did not have follow in registry order.
 */
const ERAD_COLUMN_ORDER: readonly IntensityQuantity[] = ['wind_speed', 'fire_boundary_distance', 'flood_depth', 'flood_velocity', 'pga', 'pgv'];

function eradRank(quantity: IntensityQuantity): number {
  const rank = ERAD_COLUMN_ORDER.indexOf(quantity);
  return rank === -1 ? ERAD_COLUMN_ORDER.length : rank;
}

/** The intensity columns of `assetstatetable`, in table order. */
export function intensityColumns(): IntensityColumn[] {
  const quantities = [...intensityQuantities()];
  // Array.prototype.sort is stable: quantities outside ERAD's layout keep registry order.
  quantities.sort((a, b) => eradRank(a.name) - eradRank(b.name));
  return quantities.map((quantity) => ({
    quantity: quantity.name,
    column: quantity.column.name,
    siPerUnit: quantity.columnSiPerUnit,
    siColumn: quantity.siColumn,
  }));
}
