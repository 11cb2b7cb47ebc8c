/**
 * valibot schemas of every GDM class, derived from the same field declarations as the
 * reader's compiled checks (checks.ts) and sharing their value readers and messages: the
 * public, composable form of GDM validation, one component at a time.
 * The reader itself runs the compiled checks, which validate in place without copying,
 * to meet its speed and memory budget (docs/decisions.md).
 */
import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import type { FieldSpec, FieldType } from './fields.js';
import { readMetadata } from '../../base/infrasys.js';
import { ComponentRef, Quantity } from './model.js';
import { readGdmQuantity, readNestedQuantity, type QuantityProblem } from './quantityInput.js';
import { CLASS_SPECS } from './classes/index.js';
import type { ClassSpec } from './classSpec.js';
import { isUuid } from './uuid.js';
import { MESSAGES, readCurvePoints, readGdmReference, readInsulation, readNestedReference, TIME_PATTERN } from './values.js';

/** The two input forms: GDM JSON as gdm writes it, and the specification's (docs/specification.md) nested form. */
export type InputForm = 'gdm' | 'nested';

type Schema = v.GenericSchema;

/** Messages of object schemas: a missing required key, an unknown key, or not an object. */
function objectMessage(issue: v.BaseIssue<unknown>): string {
  if (issue.expected === 'never') return 'unknown field: gdm 2.0-2.4 does not define it for this class';
  if (issue.input === undefined && issue.expected?.startsWith('"')) return MESSAGES.missing;
  return MESSAGES.object;
}

function boundsActions(type: { min?: number; max?: number; above?: number }) {
  const actions: v.PipeItem<number, number, v.BaseIssue<unknown>>[] = [];
  if (type.above !== undefined) actions.push(v.gtValue(type.above, MESSAGES.above(type.above)));
  if (type.min !== undefined) actions.push(v.minValue(type.min, MESSAGES.min(type.min)));
  if (type.max !== undefined) actions.push(v.maxValue(type.max, MESSAGES.max(type.max)));
  return actions;
}

/** A schema running `read` on the raw value: its result, or its problem reported at an optional key inside. */
function readerSchema<T>(read: (input: unknown) => T | QuantityProblem): Schema {
  return v.pipe(
    v.unknown(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const result = read(dataset.value);
      if (result instanceof Quantity || Array.isArray(result) || typeof result === 'number') return result;
      if (typeof result === 'string') return new ComponentRef(result);
      const problem = result as QuantityProblem;
      const input = dataset.value;
      addIssue({
        message: problem.message,
        ...(problem.key
          ? {
              path: [
                {
                  type: 'object',
                  origin: 'value',
                  input: input as Record<string, unknown>,
                  key: problem.key,
                  value: (input as Record<string, unknown>)[problem.key],
                },
              ],
            }
          : {}),
      });
      return NEVER;
    }),
  );
}

const uuidString = v.pipe(v.string(MESSAGES.uuid), v.trim(), v.check<string, string>(isUuid, MESSAGES.uuid));

function typeSchema(type: FieldType, form: InputForm): Schema {
  const readQuantity = form === 'gdm' ? readGdmQuantity : readNestedQuantity;
  switch (type.kind) {
    case 'uuid':
      return v.pipe(uuidString, v.toLowerCase());
    case 'string':
      return v.pipe(v.string(MESSAGES.string), v.trim());
    case 'number':
      return v.pipe(v.number(MESSAGES.number), ...boundsActions(type));
    case 'integer':
      return v.pipe(v.number(MESSAGES.integer), v.integer(MESSAGES.integer), ...boundsActions(type));
    case 'boolean':
      return v.boolean(MESSAGES.boolean);
    case 'enum':
      return v.picklist(type.values, MESSAGES.oneOf(type.values));
    case 'literal':
      return v.literal(type.value, MESSAGES.literal(type.value));
    case 'insulation':
      return readerSchema(readInsulation);
    case 'time':
      return v.pipe(v.string(MESSAGES.time), v.regex(TIME_PATTERN, MESSAGES.time));
    case 'pair': {
      const index = v.pipe(v.number(MESSAGES.integer), v.integer(MESSAGES.integer), v.minValue(0, MESSAGES.min(0)));
      return v.strictTuple([index, index], MESSAGES.pair);
    }
    case 'list':
      return v.array(typeSchema(type.item, form), MESSAGES.list);
    case 'quantity':
      return readerSchema((input) => readQuantity(input, type.quantityClass, type.shape, type.bound));
    case 'numbersOrQuantity':
      return readerSchema((input) => readCurvePoints(input, readQuantity) as number[] | QuantityProblem);
    case 'ref':
      return readerSchema(form === 'gdm' ? readGdmReference : readNestedReference);
    case 'refs':
      return v.array(readerSchema(form === 'gdm' ? readGdmReference : readNestedReference), MESSAGES.references);
  }
}

function fieldSchema(spec: FieldSpec, form: InputForm): Schema {
  const base = typeSchema(spec.type, form);
  const inner = spec.nullable ? v.nullable(base) : base;
  if (spec.required) return inner;
  if (spec.type.kind === 'uuid') return v.optional(inner, () => randomUUID());
  return v.optional(inner, spec.defaultValue as never);
}

const entriesCache = new Map<string, v.ObjectEntries>();

function entriesOf(spec: ClassSpec, form: InputForm): v.ObjectEntries {
  const key = `${form}:${spec.name}`;
  let entries = entriesCache.get(key);
  if (!entries) {
    entries = Object.fromEntries(Object.entries(spec.fields).map(([name, field]) => [name, fieldSchema(field, form)]));
    entriesCache.set(key, entries);
  }
  return entries;
}

/** The key each form adds to a component object besides its fields. */
export const FORM_KEY: Readonly<Record<InputForm, string>> = { gdm: '__metadata__', nested: 'type' };

/**
 * The valibot schema of one GDM class in one input form, as a strictObject: unknown
 * fields rejected, strings trimmed, defaults filled and validated, uuid generated when
 * absent, quantities parsed with their dimension and bounds checked. References come out
 * as ComponentRef (by uuid); cross-field rules need the whole model (readDistributionModel).
 */
export function distributionClassSchema(className: string, form: InputForm): Schema {
  const spec = CLASS_SPECS.get(className);
  if (!spec) throw new Error(`unknown GDM class ${className}`);
  const extra: v.ObjectEntries =
    form === 'gdm'
      ? { __metadata__: v.custom((value) => typeof readMetadata(value) !== 'string', 'must be a valid __metadata__ block') }
      : { type: v.optional(v.literal(className)) };
  return v.strictObject({ ...entriesOf(spec, form), ...extra }, objectMessage);
}
