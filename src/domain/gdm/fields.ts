/**
 * The field vocabulary of GDM classes: one declaration per field, from which the valibot
 * schemas (schemas.ts), inline-component discovery (nested form) and reference
 * resolution are all derived, so each field is described once.
 */
import { PHASES } from './enums.js';
import type { QuantityClass } from './quantityClasses.js';

/** Array shape of a quantity's value: a number, a list, a matrix, or any of these. */
export type QuantityShape = 'scalar' | 'vector' | 'matrix' | 'any';

export type FieldType =
  | { kind: 'uuid' }
  | { kind: 'string' }
  | { kind: 'number'; min?: number; max?: number; above?: number }
  | { kind: 'integer'; min?: number; max?: number }
  | { kind: 'boolean' }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'literal'; value: string }
  | { kind: 'insulation' }
  | { kind: 'time' }
  | { kind: 'pair' }
  | { kind: 'list'; item: FieldType }
  | { kind: 'quantity'; quantityClass: QuantityClass; shape: QuantityShape; bound?: '> 0' | '>= 0' }
  | { kind: 'numbersOrQuantity' }
  | { kind: 'ref'; to: readonly string[] }
  | { kind: 'refs'; to: readonly string[] };

export interface FieldSpec {
  type: FieldType;
  /** The key must be present (pydantic "required" or "required, may be null"). */
  required: boolean;
  nullable: boolean;
  /** Default for an absent key; validated like any input (gdm's validate_default). */
  defaultValue?: unknown;
}

export type Fields = Readonly<Record<string, FieldSpec>>;

/** A list of Phase values. */
export const PHASE_LIST: FieldType = { kind: 'list', item: { kind: 'enum', values: PHASES } };

const required = (type: FieldType): FieldSpec => ({ type, required: true, nullable: false });

/** Field constructors; all fields are required unless wrapped with optional(). */
export const f = {
  uuid: (): FieldSpec => ({ type: { kind: 'uuid' }, required: false, nullable: false }),
  string: () => required({ kind: 'string' }),
  /** A JSON number; `above` is an exclusive lower bound (pydantic gt). */
  number: (bounds: { min?: number; max?: number; above?: number } = {}) => required({ kind: 'number', ...bounds }),
  percent: () => required({ kind: 'number', min: 0, max: 100 }),
  integer: (bounds: { min?: number; max?: number } = {}) => required({ kind: 'integer', ...bounds }),
  boolean: () => required({ kind: 'boolean' }),
  enum: (values: readonly string[]) => required({ kind: 'enum', values }),
  literal: (value: string) => required({ kind: 'literal', value }),
  insulation: () => required({ kind: 'insulation' }),
  time: () => required({ kind: 'time' }),
  phases: () => required(PHASE_LIST),
  list: (item: FieldType) => required({ kind: 'list', item }),
  pairs: () => required({ kind: 'list', item: { kind: 'pair' } }),
  quantity: (quantityClass: QuantityClass, options: { bound?: '> 0' | '>= 0'; shape?: QuantityShape } = {}) =>
    required({ kind: 'quantity', quantityClass, shape: options.shape ?? 'scalar', bound: options.bound }),
  numbersOrQuantity: () => required({ kind: 'numbersOrQuantity' }),
  ref: (...to: string[]) => required({ kind: 'ref', to }),
  refs: (...to: string[]) => required({ kind: 'refs', to }),
};

/** The field may be absent; `defaultValue` is then used (and validated). */
export function optional(spec: FieldSpec, defaultValue: unknown): FieldSpec {
  return { ...spec, required: false, defaultValue };
}

/** The field may be null. */
export function nullable(spec: FieldSpec): FieldSpec {
  return { ...spec, nullable: true };
}

/** Absent means null: an optional reference or value that defaults to null. */
export function optionalNull(spec: FieldSpec): FieldSpec {
  return optional(nullable(spec), null);
}
