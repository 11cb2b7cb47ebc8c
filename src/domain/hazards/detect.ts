import { isObject } from '../../base/json.js';
import { metadataFields } from '../../base/infrasys.js';

import type { HazardFileEntry } from './descriptor.js';
import { hazardFileEntries } from './registry.js';

/** The hazard file entry read from each ERAD (infrasys) class, by class name. */
export function eradClasses(): Map<string, HazardFileEntry> {
  return new Map(hazardFileEntries().flatMap((entry) => (entry.erad ? [[entry.erad.className, entry] as const] : [])));
}

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
  const classes = eradClasses();
  if (Array.isArray(content.components) && content.components.some((component) => classes.has(infrasysTypeOf(component) ?? ''))) return 'erad';
  return null;
}
