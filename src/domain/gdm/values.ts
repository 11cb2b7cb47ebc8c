/**
 * Readers and messages for GDM field values, shared by the valibot schemas (schemas.ts)
 * and the compiled checks the reader runs (checks.ts), so both say the same thing.
 */
import { WIRE_INSULATION } from './enums.js';
import { isObject } from '../../base/json.js';
import { readMetadata } from '../../base/infrasys.js';
import { ComponentRef } from './model.js';
import type { QuantityProblem } from './quantityInput.js';
import { canonicalUuid, UUID_MESSAGE } from './uuid.js';

export const MESSAGES = {
  string: 'must be a string',
  number: 'must be a number',
  integer: 'must be an integer',
  boolean: 'must be true or false',
  list: 'must be a list',
  references: 'must be a list of references',
  time: 'must be a time "HH:MM:SS"',
  pair: 'must be a pair [from, to] of winding indices',
  uuid: UUID_MESSAGE,
  missing: 'required field is missing',
  object: 'must be an object',
  above: (bound: number) => `must be > ${bound}`,
  min: (bound: number) => `must be >= ${bound}`,
  max: (bound: number) => `must be <= ${bound}`,
  oneOf: (values: readonly string[]) => `must be one of ${values.map((value) => JSON.stringify(value)).join(', ')} (case-sensitive)`,
  literal: (value: string) => `must be "${value}"`,
  unknownField: (key: string, className: string) => `unknown field: gdm 2.0-2.4 does not define "${key}" for ${className}`,
} as const;

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?$/;

const INSULATION_VALUES: readonly number[] = Object.values(WIRE_INSULATION);

/** WireInsulationType: its float value (as gdm writes it) or its member name ("XLPE"). */
export function readInsulation(input: unknown): number | QuantityProblem {
  if (typeof input === 'number' && INSULATION_VALUES.includes(input)) return input;
  if (typeof input === 'string' && Object.hasOwn(WIRE_INSULATION, input)) return WIRE_INSULATION[input as keyof typeof WIRE_INSULATION];
  return {
    message: `must be a WireInsulationType: ${Object.entries(WIRE_INSULATION)
      .map(([name, value]) => `${value} (${name})`)
      .join(', ')}`,
  };
}

/**
 * A GDM reference `{"__metadata__": {..., "serialized_type": "composed_component", "uuid": U}}`,
 * read as the referenced uuid (lowercase); components are linked by uuid afterwards.
 */
export function readGdmReference(input: unknown): string | QuantityProblem {
  if (isObject(input)) {
    const wrapper = input.__metadata__;
    const block = isObject(wrapper) ? (isObject(wrapper.fields) ? wrapper.fields : wrapper) : null;
    // Fast path: a well-formed reference allocates nothing.
    if (
      block &&
      block.serialized_type === 'composed_component' &&
      typeof block.uuid === 'string' &&
      typeof block.type === 'string' &&
      typeof block.module === 'string' &&
      hasOnlyMetadata(input)
    ) {
      const uuid = canonicalUuid(block.uuid);
      if (uuid) return uuid;
    }
  }
  return referenceProblem(input);
}

function hasOnlyMetadata(input: Record<string, unknown>): boolean {
  for (const key in input) if (key !== '__metadata__') return false;
  return true;
}

function referenceProblem(input: unknown): QuantityProblem {
  if (!isObject(input)) return { message: 'must be a reference {"__metadata__": {"serialized_type": "composed_component", "uuid": ...}}' };
  for (const key in input) {
    if (key !== '__metadata__')
      return { key, message: 'a reference holds only "__metadata__"; GDM files refer to components by uuid (inline components belong to the nested form)' };
  }
  const metadata = readMetadata(input.__metadata__);
  if (typeof metadata === 'string') return { key: '__metadata__', message: metadata };
  if (metadata.serializedType !== 'composed_component')
    return { key: '__metadata__', message: `serialized_type must be "composed_component" in a reference, not "${metadata.serializedType}"` };
  return { key: '__metadata__', message: `the reference's uuid ${UUID_MESSAGE}` };
}

/** In the nested form, inline components were replaced by references before validation. */
export function readNestedReference(input: unknown): string | QuantityProblem {
  if (input instanceof ComponentRef) return input.uuid;
  return { message: 'must be a component object, written inline (the same uuid may appear in several places)' };
}

/** Curve points: a list of numbers, or a quantity of any dimension. */
export function readCurvePoints(input: unknown, readQuantity: (input: unknown, quantityClass: null, shape: 'any') => unknown): unknown {
  if (Array.isArray(input) && input.every((item) => typeof item === 'number')) return input;
  return readQuantity(input, null, 'any');
}
