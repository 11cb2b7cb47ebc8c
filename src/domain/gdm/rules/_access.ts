/** Typed reads of resolved component fields, for rules that run after schema validation. */
import type { Component, Quantity, QuantityValue } from '../model.js';

export const components = (component: Component, key: string): Component[] => component.fields[key] as Component[];
export const component = (owner: Component, key: string): Component => owner.fields[key] as Component;
export const strings = (component: Component, key: string): string[] => component.fields[key] as string[];
export const numbers = (component: Component, key: string): number[] => component.fields[key] as number[];
export const num = (component: Component, key: string): number => component.fields[key] as number;
export const quantity = (component: Component, key: string): Quantity => component.fields[key] as Quantity;

/** numpy-style shape of a quantity value: [] for a number, [n] for a list, [rows, columns] for a matrix. */
export function shapeOf(value: QuantityValue): number[] {
  if (typeof value === 'number') return [];
  if (value.length > 0 && Array.isArray(value[0])) return [value.length, (value[0] as number[]).length];
  return [value.length];
}

/** A component's label for messages: `bus "b1"`, or the class name when unnamed. */
export function labelOf(target: Component): string {
  return target.name ? `"${target.name}"` : target.type;
}
