/**
 * Reading quantity fields in both input forms (docs/input-distribution.md):
 * GDM's `{value, units, __metadata__}` objects or a bare number (read in the class's
 * base unit, as gdm does), and the nested form's "12.47 kilovolt" strings, lists and
 * matrices of them, or `{value, units}` objects. Units are checked against the class's
 * dimension and the stored units are kept beside the SI value.
 */
import { dimensionProblem, readScalarQuantity, resolveUnit, type Unit } from '../../base/units/index.js';
import type { QuantityShape } from './fields.js';
import { isObject } from '../../base/json.js';
import { readMetadata } from '../../base/infrasys.js';
import { Quantity, type QuantityValue } from './model.js';
import { isKnownQuantityClassName, QUANTITY_CLASSES, type QuantityClass } from './quantityClasses.js';

/** A problem found in a quantity, at an optional key inside it. */
export interface QuantityProblem {
  key?: string;
  message: string;
}

const classUnits = new Map<QuantityClass, { units: string; unit: Unit }>();

/** The base unit of a quantity class, parsed once. */
export function baseUnitOf(quantityClass: QuantityClass): { units: string; unit: Unit } {
  let known = classUnits.get(quantityClass);
  if (!known) {
    const units = QUANTITY_CLASSES[quantityClass];
    known = { units, unit: resolveUnit(units) as Unit };
    classUnits.set(quantityClass, known);
  }
  return known;
}

const isFiniteNumber = (item: unknown): item is number => typeof item === 'number' && Number.isFinite(item);

function isVector(item: unknown): item is number[] {
  if (!Array.isArray(item)) return false;
  for (let i = 0; i < item.length; i += 1) if (!isFiniteNumber(item[i])) return false;
  return true;
}

function isMatrix(item: unknown): item is number[][] {
  if (!Array.isArray(item) || item.length === 0 || !Array.isArray(item[0]) || item[0].length === 0) return false;
  const columns = (item[0] as unknown[]).length;
  for (let i = 0; i < item.length; i += 1) if (!isVector(item[i]) || (item[i] as unknown[]).length !== columns) return false;
  return true;
}

const SHAPE_PROBLEMS: Readonly<Record<QuantityShape, string>> = {
  scalar: 'the value must be a number',
  vector: 'the value must be a list of numbers',
  matrix: 'the value must be a matrix: a non-empty list of equally long lists of numbers',
  any: 'the value must be a number, a list of numbers or a matrix',
};

function hasShape(value: unknown, shape: QuantityShape): boolean {
  switch (shape) {
    case 'scalar':
      return isFiniteNumber(value);
    case 'vector':
      return isVector(value);
    case 'matrix':
      return isMatrix(value);
    case 'any':
      return isFiniteNumber(value) || isVector(value) || isMatrix(value);
  }
}

function shapeProblem(value: unknown, shape: QuantityShape): string | null {
  return hasShape(value, shape) ? null : SHAPE_PROBLEMS[shape];
}

function scale(value: QuantityValue, factor: number): QuantityValue {
  if (typeof value === 'number') return value * factor;
  return (value as (number | number[])[]).map((item) => (typeof item === 'number' ? item * factor : item.map((x) => x * factor))) as QuantityValue;
}

/** Applies the dimension check and the bound; builds the Quantity. */
function finish(
  value: QuantityValue,
  units: string,
  unit: Unit,
  quantityClass: QuantityClass | null,
  bound: '> 0' | '>= 0' | undefined,
): Quantity | QuantityProblem {
  if (quantityClass) {
    const problem = dimensionProblem(units, unit, baseUnitOf(quantityClass).unit.dimension);
    if (problem) return { key: 'units', message: `${problem} (a ${quantityClass} field)` };
  }
  const si = unit.factor === 1 ? value : scale(value, unit.factor);
  if (bound && typeof si === 'number' && (bound === '> 0' ? !(si > 0) : !(si >= 0))) return { message: `must be ${bound}` };
  return new Quantity(value, units, si);
}

/**
 * A GDM-form quantity: `{value, units, __metadata__}` or a bare number (or list) in the
 * class's base unit. `quantityClass` null accepts any dimension (Curve points).
 */
export function readGdmQuantity(input: unknown, quantityClass: QuantityClass | null, shape: QuantityShape, bound?: '> 0' | '>= 0'): Quantity | QuantityProblem {
  if (input instanceof Quantity) return input;
  if (!isObject(input)) {
    const problem = shapeProblem(input, shape);
    if (problem || !quantityClass)
      return { message: `must be a quantity {"value", "units", "__metadata__"}${quantityClass ? ' or a bare number in the base unit' : ''}` };
    const base = baseUnitOf(quantityClass);
    return finish(input as QuantityValue, base.units, base.unit, quantityClass, bound);
  }
  for (const key in input) {
    if (key !== 'value' && key !== 'units' && key !== '__metadata__')
      return { key, message: 'unknown key in a quantity; expected only value, units and __metadata__' };
  }
  const metadata = readMetadata(input.__metadata__);
  if (typeof metadata === 'string')
    return {
      key: '__metadata__',
      message: input.__metadata__ === undefined ? 'required: gdm rejects a quantity {value, units} without "__metadata__"' : metadata,
    };
  if (metadata.serializedType !== 'quantity') return { key: '__metadata__', message: `serialized_type must be "quantity", not "${metadata.serializedType}"` };
  if (!isKnownQuantityClassName(metadata.type)) return { key: '__metadata__', message: `unknown quantity class "${metadata.type}"` };
  return fromValueAndUnits(input, quantityClass, shape, bound);
}

/** The `value` and `units` of a quantity object, checked for shape, units, dimension and bound. */
function fromValueAndUnits(
  input: Record<string, unknown>,
  quantityClass: QuantityClass | null,
  shape: QuantityShape,
  bound: '> 0' | '>= 0' | undefined,
): Quantity | QuantityProblem {
  const problem = shapeProblem(input.value, shape);
  if (problem) return { key: 'value', message: problem };
  if (typeof input.units !== 'string') return { key: 'units', message: 'must be a pint unit string such as "kilovolt"' };
  const unit = resolveUnit(input.units);
  if (typeof unit === 'string') return { key: 'units', message: unit };
  return finish(input.value as QuantityValue, input.units, unit, quantityClass, bound);
}

/** Reads one nested-form quantity string or {value, units} object. */
function readNestedScalar(input: unknown): { value: number; units: string; unit: Unit } | string {
  if (isObject(input)) {
    for (const key in input) if (key !== 'value' && key !== 'units') return `unknown key "${key}" in a quantity; expected only value and units`;
  }
  const scalar = readScalarQuantity(input);
  if (typeof scalar === 'string') return scalar;
  return { value: scalar.value, units: scalar.units, unit: scalar.unit };
}

/**
 * A nested-form quantity: "12.47 kilovolt", a list of such strings (a 1-D quantity), a
 * list of lists (a matrix), or {value, units} with a numeric or array value. List entries
 * may use different units of one dimension; they are stored in the first entry's units.
 */
export function readNestedQuantity(
  input: unknown,
  quantityClass: QuantityClass | null,
  shape: QuantityShape,
  bound?: '> 0' | '>= 0',
): Quantity | QuantityProblem {
  if (input instanceof Quantity) return input;
  if (isObject(input) && Array.isArray(input.value)) return fromValueAndUnits(input, quantityClass, shape, bound);
  if (!Array.isArray(input)) {
    if (shape !== 'scalar' && shape !== 'any') return { message: 'must be a list of quantity strings such as ["0 foot", "2.5 foot"]' };
    const scalar = readNestedScalar(input);
    if (typeof scalar === 'string') return { message: scalar };
    return finish(scalar.value, scalar.units, scalar.unit, quantityClass, bound);
  }
  const isMatrix = input.length > 0 && input.every(Array.isArray);
  if ((isMatrix && shape !== 'matrix' && shape !== 'any') || (!isMatrix && shape !== 'vector' && shape !== 'any')) {
    return {
      message:
        shape === 'matrix'
          ? 'must be a matrix: a list of lists of quantity strings'
          : shape === 'vector'
            ? 'must be a list of quantity strings'
            : 'must be a quantity string such as "12.47 kilovolt"',
    };
  }
  let first: { units: string; unit: Unit } | null = null;
  const read = (item: unknown): number | string => {
    const scalar = readNestedScalar(item);
    if (typeof scalar === 'string') return scalar;
    if (!first) first = scalar;
    const problem = dimensionProblem(scalar.units, scalar.unit, first.unit.dimension);
    if (problem) return `entries mix dimensions: ${problem}`;
    return scalar.units === first.units ? scalar.value : (scalar.value * scalar.unit.factor) / first.unit.factor;
  };
  const rows: unknown[] = isMatrix ? input : [input];
  const values: number[][] = [];
  for (const row of rows as unknown[][]) {
    const numbers: number[] = [];
    for (const item of row) {
      const value = read(item);
      if (typeof value === 'string') return { message: value };
      numbers.push(value);
    }
    values.push(numbers);
  }
  if (!first) return { message: 'must not be empty' };
  const value = isMatrix ? values : values[0];
  const problem = shapeProblem(value, shape);
  if (problem) return { message: problem };
  const { units, unit } = first as { units: string; unit: Unit };
  return finish(value, units, unit, quantityClass, bound);
}
