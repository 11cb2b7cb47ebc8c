import { ERAD_HAZARD_CLASSES } from '../hazards/detect.js';

/** Spec §2.4: the hazard types with their model class, in the spec's order. */
export const HAZARD_TYPES = Object.keys(ERAD_HAZARD_CLASSES) as (keyof typeof ERAD_HAZARD_CLASSES)[];

const TITLES: Record<keyof typeof ERAD_HAZARD_CLASSES, string> = {
  earthquake: 'Earthquake Model',
  flood: 'Flood Model',
  flood_area: 'Flood Area Model',
  wind: 'Wind Model',
  fire: 'Fire Model',
  fire_area: 'Fire Area Model',
};

/** Spec §4.1 /supported-hazard-types: `{hazard_types, descriptions}` with "<Title> (<Class>)" strings. */
export function supportedHazardTypes(): { hazard_types: string[]; descriptions: Record<string, string> } {
  return {
    hazard_types: [...HAZARD_TYPES],
    descriptions: Object.fromEntries(HAZARD_TYPES.map((type) => [type, `${TITLES[type]} (${ERAD_HAZARD_CLASSES[type]})`])),
  };
}
