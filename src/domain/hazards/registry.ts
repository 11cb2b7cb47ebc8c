import { isObject } from '../../base/json.js';
import { ASSET_TYPES, isAssetType } from '../assets/types.js';
import { earthquake } from './earthquake.js';
import { fire } from './fire.js';
import { flood } from './flood.js';
import { wind } from './wind.js';
import { areasFootprint, type HazardDescriptor, type HazardFileEntry } from './descriptor.js';
import { quantitiesOfHazardType, registerIntensityQuantity, type IntensityQuantityDefinition } from './quantities.js';
import type { HazardEntry } from './types.js';

/**
 * The one home of every hazard type: its file entries (schema, title, ERAD class) and its
 * physics (descriptor.ts). /supported-hazard-types, hazard file reading, ERAD import,
 * summaries and the engine all read this registry; nothing else switches on a hazard type.
 * Adding a type is a module with its descriptor, registered here or at start-up through
 * registerHazardType (docs/architecture.md).
 */

const descriptors: HazardDescriptor[] = [];
const descriptorByType = new Map<string, HazardDescriptor>();
const entryByType = new Map<string, HazardFileEntry>();

/**
 * What is missing from a descriptor's default curves (docs/architecture.md, "Adding a hazard
 * type"), or undefined when nothing is: a list for every asset type, each curve for one of
 * `quantities`, and a note for every empty list. Read as plain data, since a module added at
 * start-up is not checked by the compiler.
 */
function defaultCurvesProblem(descriptor: HazardDescriptor, quantities: readonly string[]): string | undefined {
  const declared: unknown = descriptor.defaultCurves;
  if (!isObject(declared) || !isObject(declared.curves))
    return 'no default curves: its descriptor needs defaultCurves.curves, a list of fragility curves for every asset type, for DEFAULT_CURVES';
  const curves = declared.curves;
  const unknown = Object.keys(curves).filter((key) => !isAssetType(key));
  if (unknown.length > 0) return `its default curves name no asset type as ${unknown.join(', ')} (asset types: ${ASSET_TYPES.join(', ')})`;
  const missing = ASSET_TYPES.filter((assetType) => !Array.isArray(curves[assetType]));
  if (missing.length > 0)
    return `its default curves give no list for ${missing.join(', ')} (give each asset type its curves, or an empty list and a notVulnerable note saying why it does not fail)`;
  const notes = isObject(declared.notVulnerable) ? declared.notVulnerable : {};
  for (const assetType of ASSET_TYPES) {
    const list = curves[assetType] as unknown[];
    if (list.length === 0 && !isObject(notes[assetType]))
      return `its default curves list none for ${assetType} and no notVulnerable note says why it does not fail`;
    for (const curve of list) {
      const quantity = isObject(curve) ? curve.quantity : undefined;
      if (typeof quantity !== 'string' || !quantities.includes(quantity))
        return `its default curve for ${assetType} is for ${JSON.stringify(quantity)}, not one of its quantities (${quantities.join(', ')})`;
    }
  }
  return undefined;
}

/**
 * Registers a hazard type and the intensity quantities it produces. Throws when the type
 * or one of its file entry types is taken, when it counts areas under an entry type it does
 * not declare, when its default curves leave something out, or when it has no quantity to
 * produce.
 */
export function registerHazardType<M extends HazardEntry>(descriptor: HazardDescriptor<M>, quantities: readonly IntensityQuantityDefinition[] = []): void {
  if (descriptorByType.has(descriptor.type)) throw new Error(`hazard type ${descriptor.type} is registered already`);
  if (descriptor.entries[0]?.type !== descriptor.type) throw new Error(`hazard type ${descriptor.type}: its first file entry must be its own type`);
  for (const entry of descriptor.entries) {
    if (entryByType.has(entry.type)) throw new Error(`hazard file entry type ${entry.type} is registered already`);
  }
  // areasFootprint counts every area under `<type>_area`: the entry must exist, or summaries would count under a type no list has.
  const areaEntry = `${descriptor.type}_area`;
  if ((descriptor.footprint as unknown) === areasFootprint && !descriptor.entries.some((entry) => entry.type === areaEntry))
    throw new Error(`hazard type ${descriptor.type} counts its areas as ${areaEntry} (areasFootprint) but declares no ${areaEntry} file entry`);
  const produced = [...quantitiesOfHazardType(descriptor.type), ...quantities.map((quantity) => quantity.name)];
  const curvesProblem = defaultCurvesProblem(descriptor as unknown as HazardDescriptor, produced);
  if (curvesProblem) throw new Error(`hazard type ${descriptor.type}: ${curvesProblem}`);
  for (const quantity of quantities) {
    if (quantity.hazard !== descriptor.type) throw new Error(`intensity quantity ${quantity.name} names hazard ${quantity.hazard}, not ${descriptor.type}`);
    registerIntensityQuantity(quantity);
  }
  if (quantitiesOfHazardType(descriptor.type).length === 0) throw new Error(`hazard type ${descriptor.type} produces no registered intensity quantity`);
  const generic = descriptor as unknown as HazardDescriptor;
  descriptors.push(generic);
  descriptorByType.set(descriptor.type, generic);
  for (const entry of descriptor.entries) entryByType.set(entry.type, entry);
}

// docs/specification.md §2.4 order: earthquake, flood, flood_area, wind, fire, fire_area.
registerHazardType(earthquake);
registerHazardType(flood);
registerHazardType(wind);
registerHazardType(fire);

/** Every registered hazard type, in registration order. */
export function hazardDescriptors(): readonly HazardDescriptor[] {
  return descriptors;
}

/** Every entry type a hazard file may hold, in registration order. */
export function hazardFileEntries(): HazardFileEntry[] {
  return descriptors.flatMap((descriptor) => descriptor.entries);
}

/** The names of the entry types a hazard file may hold, as listed to users (without unlisted forms such as `shakemap`). */
export function hazardFileTypes(): string[] {
  return listedEntries().map((entry) => entry.type);
}

function listedEntries(): HazardFileEntry[] {
  return hazardFileEntries().filter((entry) => !entry.unlisted);
}

/** The file entry of a type name, or undefined when no hazard type reads it. */
export function hazardFileEntry(type: string): HazardFileEntry | undefined {
  return entryByType.get(type);
}

/** The descriptor of a normalized model, typed for calling its compute. */
export function descriptorOf(model: HazardEntry): HazardDescriptor {
  const descriptor = descriptorByType.get(model.type);
  if (!descriptor) throw new Error(`no hazard type ${model.type} is registered`);
  return descriptor;
}

/** docs/specification.md §4.1 /supported-hazard-types: `{hazard_types, descriptions}` with "<Title> (<ERAD class>)" strings. */
export function supportedHazardTypes(): { hazard_types: string[]; descriptions: Record<string, string> } {
  const entries = listedEntries();
  return {
    hazard_types: entries.map((entry) => entry.type),
    descriptions: Object.fromEntries(entries.map((entry) => [entry.type, entry.erad ? `${entry.title} (${entry.erad.className})` : entry.title])),
  };
}
