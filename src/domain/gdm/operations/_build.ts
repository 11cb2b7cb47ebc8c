/** Building new components and quantities, for operations that return them. */
import { randomUUID } from 'node:crypto';
import { HazsimError } from '../../../base/errors.js';
import { resolveUnit } from '../../../base/units/index.js';
import { Quantity, type Component, type FieldValue, type QuantityValue } from '../model.js';

/** A Quantity in the given units, with its SI value computed. */
export function quantityIn(value: QuantityValue, units: string): Quantity {
  const factor = unitFactor(units);
  const scale = (item: number) => item * factor;
  const si =
    typeof value === 'number' ? scale(value) : (value as (number | number[])[]).map((item) => (typeof item === 'number' ? scale(item) : item.map(scale)));
  return new Quantity(value, units, si as QuantityValue);
}

/** SI value of one of `units`. */
export function unitFactor(units: string): number {
  const unit = resolveUnit(units);
  if (typeof unit === 'string') throw new HazsimError('internal', unit);
  return unit.factor;
}

/** A value given in SI, expressed in the units of `like` (e.g. a sum in the first operand's units). */
export function siIn(siValue: QuantityValue, units: string): Quantity {
  const factor = unitFactor(units);
  const scale = (item: number) => item / factor;
  const value =
    typeof siValue === 'number' ? scale(siValue) : (siValue as (number | number[])[]).map((item) => (typeof item === 'number' ? scale(item) : item.map(scale)));
  return new Quantity(value as QuantityValue, units, siValue);
}

/** A component made by an operation (no input path); a fresh uuid unless one is given. */
export function newComponent(type: string, name: string, fields: Record<string, FieldValue>, uuid: string = randomUUID()): Component {
  return { uuid, type, name, path: '', fields: { ...fields, uuid, name } };
}

/** Throws invalid_input unless the component is of one of the classes an operation takes. */
export function expectType(component: Component, ...types: string[]): void {
  if (!types.includes(component.type)) throw new HazsimError('invalid_input', `expected ${types.join(' or ')}, got ${component.type} "${component.name}"`);
}
