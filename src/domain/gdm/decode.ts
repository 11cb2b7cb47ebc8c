/**
 * Turns each input form into a flat list of component objects to validate, each with its
 * JSON path and class. GDM files are flat already; the nested form's inline components
 * are lifted out (one component per uuid) and replaced by references.
 */
import { randomUUID } from 'node:crypto';
import type { Issue } from '../../base/errors.js';
import { CLASS_SPECS } from './classes/index.js';
import type { ClassSpec } from './classSpec.js';
import { isObject } from '../../base/json.js';
import { readMetadata } from '../../base/infrasys.js';
import { ComponentRef } from './model.js';

/** One component object to validate. */
export interface RawComponent {
  /** JSON path of the object in the input. */
  path: string;
  spec: ClassSpec;
  input: Record<string, unknown>;
}

/** `components[3] (DistributionBus "b1")`: where a component is, and what it is, for messages. */
export function componentLabel(path: string, type: string, name: unknown): string {
  const trimmed = typeof name === 'string' ? name.trim() : '';
  return `${path} (${type}${trimmed ? ` ${JSON.stringify(trimmed)}` : ''})`;
}

/**
 * Components that could not be read at all, by uuid, so that references to them say so
 * (`inline`: the reference is the component itself, already reported where it stands).
 */
export type Unreadable = Map<string, { label: string; inline: boolean }>;

function noteUnreadable(unreadable: Unreadable, uuid: unknown, label: string, inline: boolean): void {
  if (typeof uuid === 'string') unreadable.set(uuid.trim().toLowerCase(), { label, inline });
}

/** The class of a well-formed component `__metadata__` block (either dialect), without allocating; else undefined. */
function baseComponentClass(wrapper: unknown): ClassSpec | undefined {
  if (!isObject(wrapper)) return undefined;
  const block = isObject(wrapper.fields) ? wrapper.fields : wrapper;
  if (block.serialized_type !== 'base' || typeof block.module !== 'string' || typeof block.type !== 'string') return undefined;
  return CLASS_SPECS.get(block.type);
}

/** Reports why a component's `__metadata__` names no readable class; returns the component's label. */
function reportBadMetadata(input: Record<string, unknown>, path: string, issues: Issue[]): string {
  const metadata = readMetadata(input.__metadata__);
  const type = typeof metadata === 'string' ? 'unknown class' : metadata.type;
  const label = componentLabel(path, type, input.name);
  if (typeof metadata === 'string') issues.push({ path: `${label}.__metadata__`, message: metadata });
  else if (!CLASS_SPECS.has(type))
    issues.push({ path: `${label}.__metadata__.type`, message: `unknown class "${type}": gdm 2.0-2.4 defines no such component` });
  else issues.push({ path: `${label}.__metadata__.serialized_type`, message: `must be "base" for an entry of components, not "${metadata.serializedType}"` });
  return label;
}

/** GDM form: every entry of `components` is a component with a `__metadata__` block naming its class. */
export function decodeGdmComponents(components: unknown[], issues: Issue[], unreadable: Unreadable): RawComponent[] {
  const raw: RawComponent[] = [];
  for (let index = 0; index < components.length; index += 1) {
    const input = components[index];
    const path = `components[${index}]`;
    if (!isObject(input)) {
      issues.push({ path, message: 'must be a component object' });
      continue;
    }
    const spec = baseComponentClass(input.__metadata__);
    if (spec) {
      raw.push({ path, spec, input });
      continue;
    }
    const label = reportBadMetadata(input, path, issues);
    noteUnreadable(unreadable, input.uuid, label, false);
  }
  return raw;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return keysA.length === keysB.length && keysA.every((key) => deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** The fields of an occurrence, `type` aside (written at the top level, optional inline; the class was already checked). */
function withoutType(input: Record<string, unknown>): Record<string, unknown> {
  const { type: _type, ...fields } = input;
  return fields;
}

const isReferenceOnly = (input: Record<string, unknown>) => Object.keys(input).every((key) => key === 'uuid' || key === 'type');

/**
 * The class of an inline component: its `type`, else the field's only allowed class, else
 * the one allowed class whose required fields are all present.
 */
function inlineClass(input: Record<string, unknown>, allowed: readonly string[]): ClassSpec | string {
  if (typeof input.type === 'string') return CLASS_SPECS.get(input.type) ?? `unknown class "${input.type}"`;
  if (allowed.length === 1) return CLASS_SPECS.get(allowed[0])!;
  const fits = allowed
    .map((name) => CLASS_SPECS.get(name)!)
    .filter((spec) => Object.entries(spec.fields).every(([key, field]) => !field.required || key in input));
  if (fits.length === 1) return fits[0];
  return `"type" is required here: one of ${allowed.join(', ')}`;
}

/**
 * Nested form: top-level entries name their class in `type`; a component held by another
 * is written inline, and every occurrence of one uuid denotes one component (later
 * occurrences must repeat the first or be just `{uuid}`).
 */
export function decodeNestedComponents(components: unknown[], issues: Issue[], unreadable: Unreadable): RawComponent[] {
  const raw: RawComponent[] = [];
  const definitions = new Map<string, { path: string; source: Record<string, unknown> }>();

  function visit(input: Record<string, unknown>, path: string, allowed: readonly string[] | null): ComponentRef {
    const uuid = typeof input.uuid === 'string' ? input.uuid.trim().toLowerCase() : undefined;
    if (uuid && isReferenceOnly(input) && allowed) return new ComponentRef(uuid);
    const spec = allowed
      ? inlineClass(input, allowed)
      : typeof input.type === 'string'
        ? (CLASS_SPECS.get(input.type) ?? `unknown class "${input.type}": gdm 2.0-2.4 defines no such component`)
        : '"type" is required: the GDM class name';
    if (typeof spec === 'string') {
      const label = componentLabel(path, typeof input.type === 'string' ? input.type : 'unknown class', input.name);
      issues.push({ path: `${label}.type`, message: spec });
      // Still a reference, so the holder does not report the same object a second time.
      const placeholder = uuid ?? randomUUID();
      noteUnreadable(unreadable, placeholder, label, true);
      return new ComponentRef(placeholder);
    }
    if (uuid) {
      const earlier = definitions.get(uuid);
      if (earlier) {
        if (!deepEqual(withoutType(earlier.source), withoutType(input))) {
          issues.push({
            path: `${componentLabel(path, spec.name, input.name)}.uuid`,
            message: `uuid ${uuid} is already defined at ${earlier.path} with different fields; one uuid denotes one component`,
          });
        }
        return new ComponentRef(uuid);
      }
    }
    const key = uuid ?? randomUUID();
    // A uuid that is present but not a string stays as it is, for the field check to report.
    const copy: Record<string, unknown> = { ...input, uuid: input.uuid === undefined ? key : input.uuid };
    const entry: RawComponent = { path, spec, input: copy };
    raw.push(entry);
    if (uuid) definitions.set(uuid, { path, source: input });
    for (const [key, field] of Object.entries(spec.fields)) {
      const value = copy[key];
      if (field.type.kind === 'ref' && isObject(value)) copy[key] = visit(value, `${path}.${key}`, field.type.to);
      if (field.type.kind === 'refs' && Array.isArray(value)) {
        const to = field.type.to;
        copy[key] = value.map((item, index) => (isObject(item) ? visit(item, `${path}.${key}[${index}]`, to) : item));
      }
    }
    return new ComponentRef(key);
  }

  components.forEach((input, index) => {
    if (!isObject(input)) issues.push({ path: `components[${index}]`, message: 'must be a component object with "type"' });
    else visit(input, `components[${index}]`, null);
  });
  return raw;
}
