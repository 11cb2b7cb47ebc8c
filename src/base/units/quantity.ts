/**
 * Quantities written as pint strings ("12.47 kilovolt", "1e-3 ohm / meter") or
 * `{value, units}` objects, converted to SI base units with their dimension checked.
 */
import { HazsimError } from '../errors.js';
import { describeDimension } from './dimensions.js';
import { resolveUnit, sameDimension, type DimensionExponents, type Unit } from './parse.js';

/** A scalar quantity read from text or an object: the value as written, its units, and SI. */
export interface ScalarQuantity {
  value: number;
  units: string;
  /** value in SI base units (metre, kilogram, second, ampere, ...). */
  si: number;
  unit: Unit;
}

const NUMBER_THEN_UNITS = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)(?:\s*(?:\*\s*)?(\S.*?))?\s*$/;

/** Splits "12.47 kilovolt" into 12.47 and "kilovolt"; a message when the text is not a number followed by units. */
function splitQuantityText(text: string): { value: number; units: string } | string {
  const match = NUMBER_THEN_UNITS.exec(text);
  if (!match) return `"${text}" is not a quantity: expected a number followed by units, e.g. "12.47 kilovolt"`;
  return { value: Number(match[1]), units: match[2] ?? '' };
}

/** Reads a quantity string or `{value, units}` object; a message when it cannot be read. */
export function readScalarQuantity(input: unknown): ScalarQuantity | string {
  let value: unknown;
  let units: unknown;
  if (typeof input === 'string') {
    const split = splitQuantityText(input);
    if (typeof split === 'string') return split;
    ({ value, units } = split);
  } else if (typeof input === 'object' && input !== null && 'value' in input && 'units' in input) {
    ({ value, units } = input as { value: unknown; units: unknown });
  } else {
    return 'expected a quantity: a string such as "12.47 kilovolt" or {"value": 12.47, "units": "kilovolt"}';
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'the value of a quantity must be a finite number';
  if (typeof units !== 'string') return 'the units of a quantity must be a string';
  const unit = resolveUnit(units);
  if (typeof unit === 'string') return unit;
  return { value, units, si: value * unit.factor, unit };
}

/** A message when `unit` does not have `expected` dimension ("ampere is a current, not a voltage"), else null. */
export function dimensionProblem(units: string, unit: Unit, expected: DimensionExponents): string | null {
  if (sameDimension(unit.dimension, expected)) return null;
  return `units "${units}" measure ${describeDimension(unit.dimension)}, not ${describeDimension(expected)}`;
}

function unitOrThrow(units: string): Unit {
  const unit = resolveUnit(units);
  if (typeof unit === 'string') throw new HazsimError('invalid_input', unit);
  return unit;
}

/** Converts `value` from one unit to another of the same dimension; throws invalid_input otherwise. */
export function convert(value: number, fromUnits: string, toUnits: string): number {
  const from = unitOrThrow(fromUnits);
  const to = unitOrThrow(toUnits);
  const problem = dimensionProblem(fromUnits, from, to.dimension);
  if (problem) throw new HazsimError('invalid_input', `cannot convert ${fromUnits} to ${toUnits}: ${problem}`);
  return (value * from.factor) / to.factor;
}

/** The SI value of a quantity string or `{value, units}` object of the expected dimension; throws invalid_input otherwise. */
export function toSI(input: unknown, expected?: DimensionExponents): number {
  const quantity = readScalarQuantity(input);
  if (typeof quantity === 'string') throw new HazsimError('invalid_input', quantity);
  const problem = expected ? dimensionProblem(quantity.units, quantity.unit, expected) : null;
  if (problem) throw new HazsimError('invalid_input', problem);
  return quantity.si;
}
