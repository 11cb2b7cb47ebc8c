import { ASSET_TYPES, type AssetType } from '../assets/types.js';
import { HazsimError } from '../../base/errors.js';
import { intensityQuantityNames, quantityDefinition, type IntensityQuantity } from '../hazards/quantities.js';
import { DEFAULT_CURVES } from './defaultCurves.js';
import { LEGACY_DEFAULT_CURVES } from './legacyDefaultCurves.js';
import { compileFragility } from './limitStates.js';
import type { CompiledCurveSet, CompiledFragility, CurveEntry, CurveSet, FallbackSet, FragilityCurveSpec } from './types.js';

const FALLBACK_SETS: Readonly<Record<FallbackSet, CurveSet>> = { DEFAULT_CURVES, LEGACY_DEFAULT_CURVES };

/**
 * Compiles a (validated) curve set once into a table indexed by asset type and quantity,
 * so a run looks curves up by index instead of searching. A (hazard, asset type) pair the
 * set leaves out is taken whole from its fallback set (DEFAULT_CURVES, or
 * LEGACY_DEFAULT_CURVES for a converted version 1 set) and listed in `fallbacks`. A
 * quantity without a curve (another quantity of its hazard governs, or no set covers the
 * pair) compiles to null and is listed in `missing`.
 */
export function compileCurveSet(set: CurveSet, name = set.name ?? ''): CompiledCurveSet {
  const quantities = intensityQuantityNames();
  const fallbackSet: FallbackSet = set.fallback ?? 'DEFAULT_CURVES';
  const fallback = FALLBACK_SETS[fallbackSet];
  const curves: CompiledCurveSet['curves'] = [];
  const fragilities: (CompiledFragility | null)[] = [];
  const entries: CurveEntry[] = [];
  const fallbacks: CompiledCurveSet['fallbacks'] = [];
  const missing: CompiledCurveSet['missing'] = [];
  const notVulnerable: CompiledCurveSet['notVulnerable'] = [];
  for (const assetType of ASSET_TYPES) {
    for (const hazard of new Set(quantities.map((quantity) => quantityDefinition(quantity).hazard))) {
      const list = set.curves[hazard]?.[assetType] ?? fallback.curves[hazard]?.[assetType];
      if (list?.length === 0) notVulnerable.push({ asset_type: assetType, hazard });
    }
    for (const quantity of quantities) {
      const { hazard, dimension } = quantityDefinition(quantity);
      const own = set.curves[hazard]?.[assetType];
      const list: FragilityCurveSpec[] | undefined = own ?? fallback.curves[hazard]?.[assetType];
      const curve = list?.find((candidate) => candidate.quantity === quantity);
      if (!curve) {
        missing.push({ asset_type: assetType, quantity });
        curves.push(null);
        fragilities.push(null);
        continue;
      }
      if (!own) fallbacks.push({ asset_type: assetType, quantity });
      const fragility = compileFragility(curve, hazard, dimension);
      fragilities.push(fragility);
      curves.push(fragility.failedShare ?? fragility.limitStates[fragility.outOfService]);
      entries.push({ asset_type: assetType, quantity, hazard, curve_set: own ? name : fallbackSet, curve });
    }
  }
  return { name, quantities, curves, fragilities, fallbackSet, fallbacks, missing, notVulnerable, entries };
}

/**
 * Throws invalid_input when, for an asset type and a hazard present, neither the set nor its
 * fallback has a curve for any of the hazard's quantities present (nor lists the type as not
 * vulnerable), naming each pair: a run never evaluates a curve it lacks.
 */
export function assertCurvesCover(compiled: CompiledCurveSet, quantities: Iterable<IntensityQuantity>, assetTypes: Iterable<AssetType>): void {
  const present = [...new Set(quantities)];
  const byHazard = new Map<string, IntensityQuantity[]>();
  for (const quantity of present) {
    const hazard = quantityDefinition(quantity).hazard;
    byHazard.set(hazard, [...(byHazard.get(hazard) ?? []), quantity]);
  }
  const gaps: { asset_type: AssetType; hazard: string; quantities: IntensityQuantity[] }[] = [];
  for (const assetType of new Set(assetTypes)) {
    const typeIndex = ASSET_TYPES.indexOf(assetType);
    for (const [hazard, hazardQuantities] of byHazard) {
      const hasCurve = hazardQuantities.some((quantity) => curveFor(compiled, typeIndex, quantity) !== null);
      const notVulnerable = compiled.notVulnerable.some((pair) => pair.asset_type === assetType && pair.hazard === hazard);
      if (!hasCurve && !notVulnerable) gaps.push({ asset_type: assetType, hazard, quantities: hazardQuantities });
    }
  }
  if (gaps.length === 0) return;
  const pairs = gaps.map((gap) => `${gap.asset_type}/${gap.quantities.join('|')}`).join(', ');
  throw new HazsimError(
    'invalid_input',
    `curve set ${compiled.name} and ${compiled.fallbackSet} have no fragility curve for ${pairs}; use a curve set that gives them`,
    gaps.map((gap) => ({
      path: `curves.${gap.hazard}.${gap.asset_type}`,
      message: `no curve for ${gap.quantities.join(' or ')} in the curve set or ${compiled.fallbackSet}`,
    })),
  );
}

/** The out-of-service curve of an asset type (by index in ASSET_TYPES) for a quantity; null when there is none. */
export function curveFor(compiled: CompiledCurveSet, assetTypeIndex: number, quantity: IntensityQuantity): CompiledCurveSet['curves'][number] {
  const quantityIndex = compiled.quantities.indexOf(quantity);
  return quantityIndex === -1 ? null : compiled.curves[assetTypeIndex * compiled.quantities.length + quantityIndex];
}

/** The whole curve (every limit state) of an asset type (by index) for a quantity; null when there is none. */
export function fragilityFor(compiled: CompiledCurveSet, assetTypeIndex: number, quantity: IntensityQuantity): CompiledFragility | null {
  const quantityIndex = compiled.quantities.indexOf(quantity);
  return quantityIndex === -1 ? null : compiled.fragilities[assetTypeIndex * compiled.quantities.length + quantityIndex];
}

/** The out-of-service curve of an asset type (by name) for a quantity; throws when there is none. */
export function curveForType(compiled: CompiledCurveSet, assetType: AssetType, quantity: IntensityQuantity): NonNullable<CompiledCurveSet['curves'][number]> {
  const curve = curveFor(compiled, ASSET_TYPES.indexOf(assetType), quantity);
  if (!curve) throw new HazsimError('invalid_input', `curve set ${compiled.name} has no curve for ${assetType}/${quantity}`);
  return curve;
}
