import type { Fields } from './fields.js';
import type { Component } from './model.js';

/** Where a class sits in gdm's package (components, equipment, controllers, common, market). */
export type ClassGroup = 'component' | 'equipment' | 'controller' | 'common' | 'market';

/** What a cross-field rule gets besides the component: the writer's gdm version and a way to report. */
export interface RuleContext {
  /** gdm version that wrote the file as [major, minor, patch]; null for the nested form (newest rules apply). */
  version: readonly [number, number, number] | null;
  /** Reports a problem at a path inside the component (["buses", 0]). */
  report(path: readonly (string | number)[], message: string): void;
}

/** A gdm model validator: runs on a component whose fields and references are all valid. */
export type Rule = (component: Component, context: RuleContext) => void;

export interface ClassSpec {
  /** GDM class name, the `type` in `__metadata__`. */
  name: string;
  group: ClassGroup;
  /** Listed in spec section 2.6 (the rest are validated the same way; this only documents coverage). */
  inSpec: boolean;
  fields: Fields;
  rules: readonly Rule[];
  /** First gdm release defining the class, when later than 2.0. */
  since?: string;
}

/** True when `version` is at least major.minor (a null version, the nested form, counts as newest). */
export function versionAtLeast(version: RuleContext['version'], major: number, minor: number): boolean {
  if (!version) return true;
  return version[0] > major || (version[0] === major && version[1] >= minor);
}
