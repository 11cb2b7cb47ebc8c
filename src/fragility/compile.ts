import { ASSET_TYPES, type AssetType } from '../assets/types.js';
import { INTENSITY_QUANTITIES, type IntensityQuantity } from '../hazards/types.js';
import { QUANTITY_DIMENSIONS } from './_schema.js';
import { CURVE_FORMS } from './curveForms.js';
import { DEFAULT_CURVES } from './defaultCurves.js';
import type { CompiledCurve, CompiledCurveSet, CurveEntry, CurveSet } from './types.js';

const QUANTITY_COUNT = INTENSITY_QUANTITIES.length;
const QUANTITY_INDEX = new Map<IntensityQuantity, number>(INTENSITY_QUANTITIES.map((quantity, index) => [quantity, index]));

/**
 * Compiles a (validated) curve set once into a table indexed by asset type and quantity,
 * so a run looks curves up by index instead of searching. Pairs the set leaves out are
 * taken from DEFAULT_CURVES and listed in `fallbacks`.
 */
export function compileCurveSet(set: CurveSet, name = set.name ?? ''): CompiledCurveSet {
  const curves: CompiledCurve[] = [];
  const entries: CurveEntry[] = [];
  const fallbacks: CompiledCurveSet['fallbacks'] = [];
  for (const assetType of ASSET_TYPES) {
    for (const quantity of INTENSITY_QUANTITIES) {
      const own = set.curves[quantity]?.[assetType];
      const spec = own ?? DEFAULT_CURVES.curves[quantity]![assetType]!;
      if (!own) fallbacks.push({ asset_type: assetType, quantity });
      curves.push(CURVE_FORMS[spec.distribution].compile(spec, QUANTITY_DIMENSIONS[quantity]));
      entries.push({ asset_type: assetType, quantity, source: own ? name : 'DEFAULT_CURVES', curve: spec });
    }
  }
  return { name, curves, fallbacks, entries };
}

/** The curve of an asset type (by index in ASSET_TYPES) for a quantity. */
export function curveFor(compiled: CompiledCurveSet, assetTypeIndex: number, quantity: IntensityQuantity): CompiledCurve {
  return compiled.curves[assetTypeIndex * QUANTITY_COUNT + QUANTITY_INDEX.get(quantity)!];
}

/** The curve of an asset type (by name) for a quantity. */
export function curveForType(compiled: CompiledCurveSet, assetType: AssetType, quantity: IntensityQuantity): CompiledCurve {
  return curveFor(compiled, ASSET_TYPES.indexOf(assetType), quantity);
}
