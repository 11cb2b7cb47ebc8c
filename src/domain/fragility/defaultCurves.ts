import type { Issue } from '../../base/errors.js';
import { hazardDescriptors, type HazardDescriptor, type NotVulnerableNote } from '../hazards/index.js';
import { validateCurveSet } from './curveSet.js';
import type { CurveSet } from './types.js';

/**
 * DEFAULT_CURVES: every curve with its source and its confidence (docs/fragility.md has the
 * table, every candidate found per asset type and hazard, and why each was chosen). Each
 * hazard type declares its own curves beside its physics (`defaultCurves` of its descriptor:
 * src/domain/hazards/earthquake/defaultCurves.ts, wind/, flood/, fire/), and the set is read
 * from the registered descriptors, so a hazard type added at start-up brings its defaults.
 */

export { HAZUS_CIRCUIT_FAILED_FRACTION, HAZUS_EARTHQUAKE_CLASSES } from '../hazards/earthquake/defaultCurves.js';
export type { NotVulnerableNote };

let curvesByHazard: CurveSet['curves'] = {};
let registeredCount = -1;

/** Every registered hazard type's default curves, by hazard type: built again only when a type was registered since. */
function registeredCurves(): CurveSet['curves'] {
  const descriptors = hazardDescriptors();
  if (descriptors.length !== registeredCount) {
    curvesByHazard = Object.fromEntries(descriptors.map((descriptor) => [descriptor.type, descriptor.defaultCurves.curves]));
    registeredCount = descriptors.length;
  }
  return curvesByHazard;
}

/** DEFAULT_CURVES, the default curve set; `curves` reads the registry, so it lists the types registered when it is read. */
export const DEFAULT_CURVES: CurveSet = {
  format_version: 2,
  name: 'DEFAULT_CURVES',
  description:
    'Every curve with its source and confidence: HAZUS 5.1 earthquake (distribution circuits per line asset); Darestani & Shafieezadeh (2019) wood poles, Quanta (2009) conductors per span, Watson (2018) substations, Raj et al. (2021) towers and Goodman (2015) PV in wind; Hazus functional depth for substations in flood; labelled judgement anchored on the nearest published number elsewhere (docs/fragility.md)',
  fallback: 'DEFAULT_CURVES',
  get curves() {
    return registeredCurves();
  },
};

/** Why an asset type has an empty list under a hazard in DEFAULT_CURVES (a test checks every empty list has one). */
export function notVulnerableNote(hazard: string, assetType: string): NotVulnerableNote | undefined {
  const notes = hazardDescriptors().find((descriptor) => descriptor.type === hazard)?.defaultCurves.notVulnerable;
  return notes && Object.hasOwn(notes, assetType) ? notes[assetType as keyof typeof notes] : undefined;
}

/**
 * What is wrong with a hazard type's default curves read as curves (forms, parameters, units
 * of its quantities), with paths into DEFAULT_CURVES: registration checks their shape, this
 * checks their content (a type added at start-up is not checked by the compiler or the tests).
 */
export function defaultCurvesIssues(descriptor: HazardDescriptor): Issue[] {
  return validateCurveSet({ format_version: 2, name: 'DEFAULT_CURVES', curves: { [descriptor.type]: descriptor.defaultCurves.curves } });
}
