/** The registry of every GDM class hazsim reads, by class name. */
import type { ClassSpec } from '../classSpec.js';
import { COMMON_CLASSES } from './common.js';
import { COMPONENT_CLASSES } from './components.js';
import { CONTROLLER_CLASSES } from './controllers.js';
import { EQUIPMENT_CLASSES } from './equipment.js';

export const CLASS_SPECS: ReadonlyMap<string, ClassSpec> = new Map(
  [...COMPONENT_CLASSES, ...EQUIPMENT_CLASSES, ...CONTROLLER_CLASSES, ...COMMON_CLASSES].map((spec) => [spec.name, spec]),
);

/** The definition of a class by name, or undefined for a class gdm 2.0-2.4 does not define. */
export function classSpec(name: string): ClassSpec | undefined {
  return CLASS_SPECS.get(name);
}
