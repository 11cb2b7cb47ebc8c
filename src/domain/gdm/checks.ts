/**
 * The reader's per-class validators, compiled once from the field declarations: they
 * check a component object in one pass, keep input arrays that need no change, build one
 * output object per component and allocate nothing else unless a value is wrong. The
 * same declarations produce the valibot schemas (schemas.ts); both use values.ts.
 */
import { randomUUID } from 'node:crypto';
import type { ClassSpec } from './classSpec.js';
import type { FieldSpec, FieldType } from './fields.js';
import { Quantity } from './model.js';
import { readGdmQuantity, readNestedQuantity, type QuantityProblem } from './quantityInput.js';
import { FORM_KEY, type InputForm } from './schemas.js';
import { canonicalUuid } from './uuid.js';
import { MESSAGES, readCurvePoints, readGdmReference, readInsulation, readNestedReference, TIME_PATTERN } from './values.js';

/** One problem, at a path relative to the value checked. */
export interface ModelProblem {
  segments: (string | number)[];
  message: string;
}

/** What a failed check returns. */
export class Problems {
  constructor(readonly list: ModelProblem[]) {}
}

/** Returns the checked (possibly converted) value, or Problems. */
type Check = (value: unknown) => unknown;

const fail = (message: string, segments: (string | number)[] = []) => new Problems([{ segments, message }]);

function numberCheck(type: { min?: number; max?: number; above?: number }, integer: boolean): Check {
  const { min, max, above } = type;
  const typeMessage = integer ? MESSAGES.integer : MESSAGES.number;
  return (value) => {
    if (typeof value !== 'number' || !Number.isFinite(value) || (integer && !Number.isInteger(value))) return fail(typeMessage);
    if (above !== undefined && !(value > above)) return fail(MESSAGES.above(above));
    if (min !== undefined && value < min) return fail(MESSAGES.min(min));
    if (max !== undefined && value > max) return fail(MESSAGES.max(max));
    return value;
  };
}

/** Adapts a value reader (quantity, reference, ...) to a check. */
function fromReader(read: (value: unknown) => unknown): Check {
  return (value) => {
    const result = read(value);
    if (typeof result === 'object' && result !== null && !(result instanceof Quantity) && !Array.isArray(result) && 'message' in result) {
      const problem = result as QuantityProblem;
      return fail(problem.message, problem.key ? [problem.key] : []);
    }
    return result;
  };
}

function listCheck(item: Check): Check {
  return (value) => {
    if (!Array.isArray(value)) return fail(MESSAGES.list);
    let output: unknown[] | null = null;
    let problems: ModelProblem[] | null = null;
    for (let index = 0; index < value.length; index += 1) {
      const result = item(value[index]);
      if (result instanceof Problems) {
        problems ??= [];
        for (const problem of result.list) problems.push({ segments: [index, ...problem.segments], message: problem.message });
      } else if (result !== value[index]) {
        output ??= value.slice();
        output[index] = result;
      }
    }
    if (problems) return new Problems(problems);
    return output ?? value;
  };
}

function compileType(type: FieldType, form: InputForm): Check {
  const readQuantity = form === 'gdm' ? readGdmQuantity : readNestedQuantity;
  switch (type.kind) {
    case 'uuid':
      return (value) => {
        if (typeof value !== 'string') return fail(MESSAGES.uuid);
        return canonicalUuid(value.trim()) ?? fail(MESSAGES.uuid);
      };
    case 'string':
      return (value) => (typeof value === 'string' ? value.trim() : fail(MESSAGES.string));
    case 'number':
      return numberCheck(type, false);
    case 'integer':
      return numberCheck(type, true);
    case 'boolean':
      return (value) => (typeof value === 'boolean' ? value : fail(MESSAGES.boolean));
    case 'enum': {
      const allowed = new Set<unknown>(type.values);
      const message = MESSAGES.oneOf(type.values);
      return (value) => (allowed.has(value) ? value : fail(message));
    }
    case 'literal':
      return (value) => (value === type.value ? value : fail(MESSAGES.literal(type.value)));
    case 'insulation':
      return fromReader(readInsulation);
    case 'time':
      return (value) => (typeof value === 'string' && TIME_PATTERN.test(value) ? value : fail(MESSAGES.time));
    case 'pair': {
      const index = numberCheck({ min: 0 }, true);
      return (value) => {
        if (!Array.isArray(value) || value.length !== 2) return fail(MESSAGES.pair);
        const problems = [index(value[0]), index(value[1])].flatMap((result, position) =>
          result instanceof Problems ? result.list.map((problem) => ({ ...problem, segments: [position] })) : [],
        );
        return problems.length ? new Problems(problems) : value;
      };
    }
    case 'list':
      return listCheck(compileType(type.item, form));
    case 'quantity':
      return fromReader((value) => readQuantity(value, type.quantityClass, type.shape, type.bound));
    case 'numbersOrQuantity':
      return fromReader((value) => readCurvePoints(value, readQuantity));
    case 'ref':
      return fromReader(form === 'gdm' ? readGdmReference : readNestedReference);
    case 'refs': {
      const list = listCheck(fromReader(form === 'gdm' ? readGdmReference : readNestedReference));
      return (value) => (Array.isArray(value) ? list(value) : fail(MESSAGES.references));
    }
  }
}

interface CompiledField {
  key: string;
  spec: FieldSpec;
  check: Check;
}

/** A compiled class: validates one component object in one pass. */
export interface ClassChecker {
  spec: ClassSpec;
  /**
   * Validates one component object: returns its fields (every field, defaults filled) and
   * appends each problem, unknown keys included, to `problems`.
   */
  run(input: Record<string, unknown>, problems: ModelProblem[]): Record<string, unknown>;
}

function compileField(key: string, spec: FieldSpec, form: InputForm): CompiledField {
  const check = compileType(spec.type, form);
  if (!spec.required && spec.type.kind !== 'uuid' && !(spec.nullable && spec.defaultValue === null)) {
    // Defaults are validated like input (gdm's validate_default); a bad one is a bug in the declarations.
    if (check(spec.defaultValue) instanceof Problems) throw new Error(`invalid default for ${key}`);
  }
  return { key, spec, check };
}

function reportAt(problems: ModelProblem[], key: string, found: Problems): void {
  for (const problem of found.list) problems.push({ segments: [key, ...problem.segments], message: problem.message });
}

/**
 * Generates the class's validating function: one straight-line read per field with a
 * constant key and its own call site, and an object literal of fixed shape for the
 * result, so V8 sees one object shape per class instead of a generic loop over keys.
 * The code is built only from the class's own field names (JSON-quoted).
 */
function generateRun(spec: ClassSpec, fields: CompiledField[], formKey: string): ClassChecker['run'] {
  const body: string[] = ['for (const key in input) if (!known.has(key)) problems.push({ segments: [key], message: unknown(key) });'];
  fields.forEach((field, i) => {
    const key = JSON.stringify(field.key);
    const missing = field.spec.required
      ? `problems.push({ segments: [${key}], message: MISSING }); o${i} = null;`
      : field.spec.type.kind === 'uuid'
        ? `o${i} = newUuid();`
        : // A fresh list per component, so no two components share one default array.
          Array.isArray(field.spec.defaultValue)
          ? `o${i} = [];`
          : `o${i} = d${i};`;
    body.push(
      `let o${i}; const v${i} = input[${key}];`,
      `if (v${i} === undefined) { ${missing} }`,
      field.spec.nullable ? `else if (v${i} === null) o${i} = null;` : '',
      `else { o${i} = c${i}(v${i}); if (o${i} instanceof Problems) { reportAt(problems, ${key}, o${i}); o${i} = null; } }`,
    );
  });
  body.push(`return { ${fields.map((field, i) => `${JSON.stringify(field.key)}: o${i}`).join(', ')} };`);
  const locals = fields.map((_, i) => `const c${i} = checks[${i}], d${i} = defaults[${i}];`).join('\n');
  const factory = new Function(
    'checks',
    'defaults',
    'known',
    'unknown',
    'MISSING',
    'Problems',
    'reportAt',
    'newUuid',
    `${locals}\nreturn function run(input, problems) {\n${body.join('\n')}\n};`,
  );
  return factory(
    fields.map((field) => field.check),
    fields.map((field) => field.spec.defaultValue),
    new Set([...fields.map((field) => field.key), formKey]),
    (key: string) => MESSAGES.unknownField(key, spec.name),
    MESSAGES.missing,
    Problems,
    reportAt,
    randomUUID,
  ) as ClassChecker['run'];
}

const cache: Record<InputForm, Map<ClassSpec, ClassChecker>> = { gdm: new Map(), nested: new Map() };

/** The compiled checker of a class in one input form (built once, then cached). */
export function classChecker(spec: ClassSpec, form: InputForm): ClassChecker {
  const known = cache[form].get(spec);
  if (known) return known;
  const fields = Object.entries(spec.fields).map(([key, field]) => compileField(key, field, form));
  const checker: ClassChecker = { spec, run: generateRun(spec, fields, FORM_KEY[form]) };
  cache[form].set(spec, checker);
  return checker;
}
