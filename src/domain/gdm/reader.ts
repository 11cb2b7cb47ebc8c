/**
 * Reads a distribution model in any accepted form into one typed, linked model, and
 * collects every problem on the way (field checks, unknown fields, duplicate and dangling
 * uuids, reference types, gdm's cross-field rules), each with its JSON path. Components
 * are kept in flat arrays indexed by position, with one uuid map for the whole file.
 */
import type { Issue } from '../../base/errors.js';
import { formatPath } from '../../base/validation.js';
import { classChecker, type ModelProblem } from './checks.js';
import type { ClassSpec } from './classSpec.js';
import { componentLabel, decodeGdmComponents, decodeNestedComponents, type RawComponent, type Unreadable } from './decode.js';
import { distributionForm } from './detect.js';
import type { Component, DistributionModel, FieldValue } from './model.js';
import type { InputForm } from './schemas.js';
import { checkSystem, parseVersion } from './system.js';

export interface ReadResult {
  /** The model, or null when any problem was found. */
  model: DistributionModel | null;
  issues: Issue[];
}

/** Reference fields of a class, computed once per class. */
const referenceFieldsCache = new Map<string, [string, readonly string[]][]>();
function referenceFields(spec: ClassSpec): [string, readonly string[]][] {
  let fields = referenceFieldsCache.get(spec.name);
  if (!fields) {
    fields = Object.entries(spec.fields).flatMap(([key, field]) =>
      field.type.kind === 'ref' || field.type.kind === 'refs' ? [[key, field.type.to] as [string, readonly string[]]] : [],
    );
    referenceFieldsCache.set(spec.name, fields);
  }
  return fields;
}

function at(label: string, segments: readonly (string | number)[]): string {
  if (segments.length === 0) return label;
  const tail = formatPath(segments);
  return tail.startsWith('[') ? label + tail : `${label}.${tail}`;
}

/** A read-only uuid index over the components array (one string-keyed map for the whole model). */
class ComponentIndex implements ReadonlyMap<string, Component> {
  constructor(
    private readonly positions: Map<string, number>,
    private readonly components: readonly Component[],
  ) {}
  get size() {
    return this.positions.size;
  }
  get(uuid: string) {
    const position = this.positions.get(uuid);
    return position === undefined ? undefined : this.components[position];
  }
  has(uuid: string) {
    return this.positions.has(uuid);
  }
  *entries(): MapIterator<[string, Component]> {
    for (const [uuid, position] of this.positions) yield [uuid, this.components[position]];
  }
  keys() {
    return this.positions.keys();
  }
  *values(): MapIterator<Component> {
    for (const position of this.positions.values()) yield this.components[position];
  }
  forEach(callback: (value: Component, key: string, map: ReadonlyMap<string, Component>) => void) {
    for (const [uuid, position] of this.positions) callback(this.components[position], uuid, this);
  }
  [Symbol.iterator]() {
    return this.entries();
  }
}

const SOUNDNESS_UNKNOWN = 0;
const SOUNDNESS_VISITING = 1;
const SOUNDNESS_SOUND = 2;
const SOUNDNESS_UNSOUND = 3;

/** The work of one read: components with their validity and links, and the issues found. */
class Reading {
  readonly components: Component[];
  readonly valid: Uint8Array;
  readonly positions = new Map<string, number>();
  /** References as a flat list of target positions; those of component i are referenceStart[i]..referenceStart[i+1]. */
  readonly referenceTargets: number[] = [];
  readonly referenceStart: Int32Array;
  private readonly soundness: Uint8Array;

  constructor(
    readonly raw: RawComponent[],
    readonly issues: Issue[],
    private readonly unreadable: Unreadable,
  ) {
    this.components = new Array(raw.length);
    this.valid = new Uint8Array(raw.length);
    this.soundness = new Uint8Array(raw.length);
    this.referenceStart = new Int32Array(raw.length + 1);
  }

  /** `components[3] (DistributionBus "b1")`, computed only when a message needs it. */
  label(position: number): string {
    const entry = this.raw[position];
    return componentLabel(entry.path, entry.spec.name, entry.input.name);
  }

  report(position: number, segments: readonly (string | number)[], message: string): void {
    this.issues.push({ path: at(this.label(position), segments), message });
  }

  /** Checks every component object against its class, unknown keys included. */
  validate(form: InputForm): void {
    const problems: ModelProblem[] = [];
    for (let position = 0; position < this.raw.length; position += 1) {
      const { spec, input, path } = this.raw[position];
      problems.length = 0;
      const fields = classChecker(spec, form).run(input, problems) as Record<string, FieldValue>;
      const uuid = typeof fields.uuid === 'string' ? fields.uuid : '';
      this.components[position] = { uuid, type: spec.name, name: typeof fields.name === 'string' ? fields.name : '', path, fields };
      this.valid[position] = problems.length === 0 ? 1 : 0;
      for (const problem of problems) this.report(position, problem.segments, problem.message);
    }
  }

  /** Registers uuids (reporting duplicates) and replaces every referenced uuid by its component. */
  link(): void {
    const { components, positions } = this;
    for (let position = 0; position < components.length; position += 1) {
      const { uuid } = components[position];
      if (!uuid) continue;
      const earlier = positions.get(uuid);
      if (earlier === undefined) positions.set(uuid, position);
      else {
        this.report(position, ['uuid'], `duplicate uuid ${uuid}: ${this.label(earlier)} has it too`);
        this.valid[position] = 0;
      }
    }
    for (let position = 0; position < components.length; position += 1) {
      this.referenceStart[position] = this.referenceTargets.length;
      const fields = components[position].fields;
      for (const [key, to] of referenceFields(this.raw[position].spec)) {
        const value = fields[key];
        if (typeof value === 'string') fields[key] = this.resolve(position, value, to, [key]);
        else if (Array.isArray(value)) {
          for (let index = 0; index < value.length; index += 1) {
            const item = value[index];
            if (typeof item === 'string') value[index] = this.resolve(position, item, to, [key, index]);
          }
        }
      }
    }
    this.referenceStart[components.length] = this.referenceTargets.length;
  }

  /** The component a uuid names, or null after reporting why it cannot be linked. */
  private resolve(position: number, uuid: string, to: readonly string[], segments: (string | number)[]): Component | null {
    const target = this.positions.get(uuid);
    if (target === undefined) {
      const unreadable = this.unreadable.get(uuid);
      if (!unreadable) this.report(position, segments, `references uuid ${uuid}, which no component in the file has`);
      else if (!unreadable.inline) this.report(position, segments, `references ${unreadable.label}, which could not be read (see its own problem)`);
    } else if (!to.includes(this.components[target].type)) {
      this.report(position, segments, `references ${this.label(target)}, a ${this.components[target].type}; expected ${to.join(' or ')}`);
    } else {
      this.referenceTargets.push(target);
      return this.components[target];
    }
    this.valid[position] = 0;
    return null;
  }

  /** A component is sound when its fields are valid and everything it refers to is sound. */
  private isSound(position: number): boolean {
    const state = this.soundness[position];
    if (state === SOUNDNESS_SOUND) return true;
    if (state !== SOUNDNESS_UNKNOWN) return false;
    this.soundness[position] = SOUNDNESS_VISITING;
    let sound = this.valid[position] === 1;
    for (let index = this.referenceStart[position]; sound && index < this.referenceStart[position + 1]; index += 1)
      sound = this.isSound(this.referenceTargets[index]);
    this.soundness[position] = sound ? SOUNDNESS_SOUND : SOUNDNESS_UNSOUND;
    return sound;
  }

  /** Runs gdm's cross-field rules on sound components (a broken reference is reported once, where it is). */
  applyRules(version: [number, number, number] | null): void {
    let current = 0;
    const context = { version, report: (segments: readonly (string | number)[], message: string) => this.report(current, segments, message) };
    for (let position = 0; position < this.components.length; position += 1) {
      const rules = this.raw[position].spec.rules;
      if (rules.length === 0 || !this.isSound(position)) continue;
      current = position;
      for (const rule of rules) rule(this.components[position], context);
    }
  }

  model(system: Record<string, unknown>, form: InputForm): DistributionModel {
    const byType = new Map<string, Component[]>();
    for (const component of this.components) {
      const list = byType.get(component.type);
      if (list) list.push(component);
      else byType.set(component.type, [component]);
    }
    const text = (value: unknown) => (typeof value === 'string' ? value.trim() : null);
    return {
      form,
      name: text(system.name),
      description: text(system.description),
      uuid: typeof system.uuid === 'string' ? system.uuid.toLowerCase() : null,
      dataFormatVersion: form === 'gdm' ? text(system.data_format_version) : null,
      properties:
        form === 'nested' && typeof system.properties === 'object' && system.properties !== null ? (system.properties as Record<string, unknown>) : {},
      components: this.components,
      byUuid: new ComponentIndex(this.positions, this.components),
      byType,
    };
  }
}

/** Position of the component an issue path starts with (`components[12]...`), for ordering; -1 for top-level keys. */
function componentPosition(path: string): number {
  const match = /^components\[(\d+)\]/.exec(path);
  return match ? Number(match[1]) : -1;
}

/** Reads content in either form; the model is returned only when there is no issue at all. */
export function readContent(content: unknown): ReadResult {
  const form = distributionForm(content);
  if (!form) return { model: null, issues: [{ path: '', message: 'expected a distribution model: GDM JSON or {name, components, properties}' }] };
  const system = content as Record<string, unknown>;
  const issues: Issue[] = [];
  checkSystem(system, form, issues);
  if (!Array.isArray(system.components)) return { model: null, issues };
  const unreadable: Unreadable = new Map();
  const raw = form === 'gdm' ? decodeGdmComponents(system.components, issues, unreadable) : decodeNestedComponents(system.components, issues, unreadable);
  const reading = new Reading(raw, issues, unreadable);
  reading.validate(form);
  reading.link();
  reading.applyRules(form === 'gdm' ? parseVersion(system.data_format_version) : null);
  if (issues.length > 0) {
    // Stable sort: issues of one component stay together, in file order.
    const ordered = issues.map((issue, index) => ({ issue, index, position: componentPosition(issue.path) }));
    ordered.sort((a, b) => a.position - b.position || a.index - b.index);
    return { model: null, issues: ordered.map((item) => item.issue) };
  }
  return { model: reading.model(system, form), issues };
}
