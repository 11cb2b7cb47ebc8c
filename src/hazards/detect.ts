import { isObject } from '../core/json.js';
import { metadataFields } from '../gdm/metadata.js';

/** The ERAD (infrasys) class names of hazard components, by hazsim hazard type (spec §2.4). */
export const ERAD_HAZARD_CLASSES = {
  earthquake: 'EarthQuakeModel',
  flood: 'FloodModel',
  flood_area: 'FloodModelArea',
  wind: 'WindModel',
  fire: 'FireModel',
  fire_area: 'FireModelArea',
} as const;

const ERAD_CLASS_NAMES = new Set<string>(Object.values(ERAD_HAZARD_CLASSES));

/** The infrasys class name of a serialized component, in either `__metadata__` dialect. */
export function infrasysTypeOf(component: unknown): string | undefined {
  if (!isObject(component) || !isObject(component.__metadata__)) return undefined;
  const fields = metadataFields(component.__metadata__);
  return typeof fields.type === 'string' ? fields.type : undefined;
}

/** The form of a hazard model's content: hazsim's `{models, timestamps}`, ERAD's infrasys JSON, or null. */
export function hazardForm(content: unknown): 'hazsim' | 'erad' | null {
  if (!isObject(content)) return null;
  if (Array.isArray(content.models)) return 'hazsim';
  if (Array.isArray(content.components) && content.components.some((component) => ERAD_CLASS_NAMES.has(infrasysTypeOf(component) ?? ''))) return 'erad';
  return null;
}
