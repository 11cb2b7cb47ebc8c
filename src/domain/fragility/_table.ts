import type { AssetType } from '../assets/types.js';
import type { CurveSet, CurveSpec } from './types.js';

/** One quantity's curves of a built-in table: one curve per asset type, made from its row. */
export function tableColumn<Row>(table: Readonly<Record<AssetType, Row>>, make: (row: Row) => CurveSpec): Record<AssetType, CurveSpec> {
  return Object.fromEntries(Object.entries(table).map(([type, row]) => [type, make(row as Row)])) as Record<AssetType, CurveSpec>;
}

/** The set with `source` on every curve (the built-in sets made from tables share one). */
export function withSource(set: CurveSet, source: string): CurveSet {
  const curves: CurveSet['curves'] = {};
  for (const [hazard, byType] of Object.entries(set.curves))
    curves[hazard] = Object.fromEntries(Object.entries(byType).map(([type, list]) => [type, list!.map((curve) => ({ ...curve, source }))]));
  return { ...set, curves };
}
