import type { AssetType } from '../assets/types.js';
import type { CurveSpec } from './types.js';

/** One quantity's curves of a built-in table: one curve per asset type, made from its row. */
export function tableColumn<Row>(table: Readonly<Record<AssetType, Row>>, make: (row: Row) => CurveSpec): Record<AssetType, CurveSpec> {
  return Object.fromEntries(Object.entries(table).map(([type, row]) => [type, make(row as Row)])) as Record<AssetType, CurveSpec>;
}
