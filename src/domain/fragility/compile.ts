import { ASSET_TYPES, type AssetType } from '../assets/types.js';
import { HazsimError } from '../../base/errors.js';
import { intensityQuantityNames, quantityDefinition, type IntensityQuantity } from '../hazards/quantities.js';
import { CURVE_FORMS } from './curveForms.js';
import { DEFAULT_CURVES } from './defaultCurves.js';
import type { CompiledCurve, CompiledCurveSet, CurveEntry, CurveSet } from './types.js';

/**
 * Compiles a (validated) curve set once into a table indexed by asset type and quantity,
 * so a run looks curves up by index instead of searching. Pairs the set leaves out are
 * taken from DEFAULT_CURVES and listed in `fallbacks`; pairs neither has (a quantity of a
 * hazard type registered at start-up) are listed in `missing` and compile to null.
 */
export function compileCurveSet(set: CurveSet, name = set.name ?? ''): CompiledCurveSet {
  const quantities = intensityQuantityNames();
  const curves: (CompiledCurve | null)[] = [];
  const entries: CurveEntry[] = [];
  const fallbacks: CompiledCurveSet['fallbacks'] = [];
  const missing: CompiledCurveSet['missing'] = [];
  for (const assetType of ASSET_TYPES) {
    for (const quantity of quantities) {
      const own = set.curves[quantity]?.[assetType];
      const spec = own ?? DEFAULT_CURVES.curves[quantity]?.[assetType];
      if (!spec) {
        missing.push({ asset_type: assetType, quantity });
        curves.push(null);
        continue;
      }
      if (!own) fallbacks.push({ asset_type: assetType, quantity });
      curves.push(CURVE_FORMS[spec.distribution].compile(spec, quantityDefinition(quantity).dimension));
      entries.push({ asset_type: assetType, quantity, source: own ? name : 'DEFAULT_CURVES', curve: spec });
    }
  }
  return { name, quantities, curves, fallbacks, missing, entries };
}

/**
 * Throws invalid_input when the set (with DEFAULT_CURVES) has no curve for one of these
 * quantities and asset types, naming each pair: a run never evaluates a curve it lacks.
 */
export function assertCurvesCover(compiled: CompiledCurveSet, quantities: Iterable<IntensityQuantity>, assetTypes: Iterable<AssetType>): void {
  const wantedQuantities = new Set(quantities);
  const wantedTypes = new Set(assetTypes);
  const gaps = compiled.missing.filter((pair) => wantedQuantities.has(pair.quantity) && wantedTypes.has(pair.asset_type));
  if (gaps.length === 0) return;
  const pairs = gaps.map((pair) => `${pair.asset_type}/${pair.quantity}`).join(', ');
  throw new HazsimError(
    'invalid_input',
    `curve set ${compiled.name} and DEFAULT_CURVES have no fragility curve for ${pairs}; use a curve set that gives them`,
    gaps.map((pair) => ({ path: `curves.${pair.quantity}.${pair.asset_type}`, message: 'no curve in the curve set or DEFAULT_CURVES' })),
  );
}

/** The curve of an asset type (by index in ASSET_TYPES) for a quantity; null when neither the set nor DEFAULT_CURVES has one. */
export function curveFor(compiled: CompiledCurveSet, assetTypeIndex: number, quantity: IntensityQuantity): CompiledCurve | null {
  const quantityIndex = compiled.quantities.indexOf(quantity);
  return quantityIndex === -1 ? null : compiled.curves[assetTypeIndex * compiled.quantities.length + quantityIndex];
}

/** The curve of an asset type (by name) for a quantity; throws when there is none. */
export function curveForType(compiled: CompiledCurveSet, assetType: AssetType, quantity: IntensityQuantity): CompiledCurve {
  const curve = curveFor(compiled, ASSET_TYPES.indexOf(assetType), quantity);
  if (!curve) throw new HazsimError('invalid_input', `curve set ${compiled.name} has no curve for ${assetType}/${quantity}`);
  return curve;
}
