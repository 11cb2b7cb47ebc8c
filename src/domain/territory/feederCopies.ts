/**
 * Copies of a template feeder (GDM JSON) moved to anchors in a county, each serving its share
 * of the county's customers: one ordinary distribution model per county (docs/hindcast.md,
 * "What a territory model is"). Works on the JSON as read, so every field of the template
 * that hazsim does not interpret is carried over unchanged.
 */
import { sha256Hex } from '../../base/sha256.js';
import { evenShares, type PlacedCopy } from './placement.js';

type Json = Record<string, unknown>;

interface ComponentJson extends Json {
  uuid: string;
  name?: string;
  __metadata__: { type: string; module?: string };
}

/** GDM modules of grid components (buses, lines, loads, sources...): each copy has its own. Equipment is shared by all copies. */
const COMPONENT_MODULE_PREFIX = 'gdm.distribution.components.';
const LOCATION_TYPE = 'Location';

export interface TemplateFeeder {
  /** The template's name, for messages and the model's description. */
  name: string;
  json: Json;
}

function componentsOf(template: TemplateFeeder): ComponentJson[] {
  const components = template.json.components;
  if (!Array.isArray(components)) throw new Error(`template ${template.name} has no components list`);
  return components as ComponentJson[];
}

/** A uuid (RFC 9562 layout, version 8: custom) from a hash, so the same inputs name the same copies on every build. */
function derivedUuid(key: string): string {
  const hex = sha256Hex(key);
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function referencedUuid(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const metadata = (value as Json).__metadata__;
  if (typeof metadata !== 'object' || metadata === null) return undefined;
  const { serialized_type: kind, uuid } = metadata as Json;
  return kind === 'composed_component' && typeof uuid === 'string' ? uuid : undefined;
}

/** A deep copy of `value` with every reference to a uuid in `renamed` pointing at its new uuid. */
function relinked(value: unknown, renamed: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => relinked(item, renamed));
  if (typeof value !== 'object' || value === null) return value;
  const target = referencedUuid(value);
  if (target !== undefined) {
    const metadata = (value as Json).__metadata__ as Json;
    return { ...(value as Json), __metadata__: { ...metadata, uuid: renamed.get(target) ?? target } };
  }
  const out: Json = {};
  for (const [key, field] of Object.entries(value)) out[key] = relinked(field, renamed);
  return out;
}

/** The template's centre: the mean of its Location points (longitude, latitude). */
export function templateCentre(template: TemplateFeeder): [number, number] {
  const locations = componentsOf(template).filter((component) => component.__metadata__.type === LOCATION_TYPE);
  if (locations.length === 0) throw new Error(`template ${template.name} has no Location components: a feeder without coordinates cannot be placed`);
  const sum = locations.reduce((acc, location) => [acc[0] + Number(location.x), acc[1] + Number(location.y)], [0, 0]);
  return [sum[0] / locations.length, sum[1] / locations.length];
}

export interface CountyModelInput {
  template: TemplateFeeder;
  /** The model's name; also salts the copies' uuids. */
  modelName: string;
  description: string;
  /** Prefix of every copied component's name: the county FIPS, so an asset names the county it serves. */
  fips: string;
  copies: readonly PlacedCopy[];
}

/**
 * One GDM model holding every copy of the county. Per copy: each Location is shifted so the
 * template's centre lands on the anchor (east-west offsets kept in km: scaled by
 * cos(template latitude) / cos(anchor latitude)); each grid component gets a new uuid and the
 * name `<fips>-<copy>_<name>`; each load gets its own load equipment, with the copy's customers
 * split over the template's loads (in proportion to the template's num_customers where every
 * load gives some, else evenly) and written as num_customers on its first phase load (null on
 * the others, so the phases' sum is the load's customers; GDM allows no 0). A load whose share
 * is 0, only possible when a copy serves fewer customers than the template has loads, keeps
 * null and so counts as the impact analysis's customers_per_load (default 1).
 */
export function countyModel(input: CountyModelInput): Json {
  const { template, modelName, fips, copies } = input;
  const components = componentsOf(template);
  const byUuid = new Map(components.map((component) => [component.uuid, component]));
  const [centreLongitude, centreLatitude] = templateCentre(template);
  const copied = components.filter(
    (component) => component.__metadata__.type === LOCATION_TYPE || (component.__metadata__.module ?? '').startsWith(COMPONENT_MODULE_PREFIX),
  );
  const loads = copied.filter((component) => component.__metadata__.type === 'DistributionLoad');
  // Each copy's loads get their own load equipment below; the template's stays behind.
  const loadEquipment = new Set(loads.flatMap((load) => loadEquipmentUuids(load, byUuid)));
  const shared = components.filter((component) => !copied.includes(component) && !loadEquipment.has(component.uuid));
  const loadWeights = loads.map((load) => templateCustomers(load, byUuid));
  const weights = loadWeights.every((weight) => weight !== null && weight > 0) ? (loadWeights as number[]) : loads.map(() => 1);

  const out: Json[] = [...shared];
  for (const copy of copies) {
    const label = `${fips}-${String(copy.index).padStart(3, '0')}`;
    const salt = `${modelName}|${copy.index}|`;
    const renamed = new Map(copied.map((component) => [component.uuid, derivedUuid(salt + component.uuid)]));
    const scaleX = Math.cos((centreLatitude * Math.PI) / 180) / Math.cos((copy.latitude * Math.PI) / 180);
    const loadCustomers = proportionalShares(copy.customers, weights);
    for (const component of copied) {
      const next = relinked(component, renamed) as ComponentJson;
      next.uuid = renamed.get(component.uuid)!;
      if (typeof next.name === 'string' && next.name !== '') next.name = `${label}_${next.name}`;
      if (next.__metadata__.type === LOCATION_TYPE) {
        next.x = copy.longitude + (Number(component.x) - centreLongitude) * scaleX;
        next.y = copy.latitude + (Number(component.y) - centreLatitude);
      }
      const loadIndex = loads.indexOf(component);
      if (loadIndex >= 0) out.push(...ownLoadEquipment(next, byUuid, `${salt}${component.uuid}|`, loadCustomers[loadIndex]));
      out.push(next);
    }
  }
  const { components: _components, ...rest } = template.json;
  return { ...rest, name: modelName, uuid: derivedUuid(`${modelName}|model`), description: input.description, components: out };
}

/** The uuids of a load's LoadEquipment and its PhaseLoadEquipment. */
function loadEquipmentUuids(load: ComponentJson, byUuid: ReadonlyMap<string, ComponentJson>): string[] {
  const equipmentUuid = referencedUuid(load.equipment);
  const equipment = byUuid.get(equipmentUuid ?? '');
  const phases = Array.isArray(equipment?.phase_loads) ? (equipment.phase_loads as unknown[]) : [];
  return [equipmentUuid ?? '', ...phases.map((phase) => referencedUuid(phase) ?? '')];
}

/** The customers a template load gives (sum of its phase loads' num_customers), or null when it gives none. */
function templateCustomers(load: ComponentJson, byUuid: ReadonlyMap<string, ComponentJson>): number | null {
  const equipment = byUuid.get(referencedUuid(load.equipment) ?? '');
  const phases = Array.isArray(equipment?.phase_loads) ? (equipment.phase_loads as unknown[]) : [];
  let total: number | null = null;
  for (const phase of phases) {
    const count = byUuid.get(referencedUuid(phase) ?? '')?.num_customers;
    if (typeof count === 'number') total = (total ?? 0) + count;
  }
  return total;
}

/** `total` split in proportion to `weights` by largest remainder (ties to the earlier part): whole numbers summing to `total`. */
export function proportionalShares(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return evenShares(total, weights.length);
  const exact = weights.map((weight) => (total * weight) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    shares[index] += 1;
    left -= 1;
  }
  return shares;
}

/** A load's own LoadEquipment and PhaseLoadEquipment, the first phase carrying the customers; points the load at them. */
function ownLoadEquipment(load: ComponentJson, byUuid: ReadonlyMap<string, ComponentJson>, salt: string, customers: number): Json[] {
  const equipmentUuid = referencedUuid(load.equipment);
  const equipment = byUuid.get(equipmentUuid ?? '');
  if (!equipment || !Array.isArray(equipment.phase_loads)) throw new Error(`load ${load.name ?? load.uuid} has no load equipment with phase loads`);
  const made: Json[] = [];
  const phaseReferences = (equipment.phase_loads as unknown[]).map((reference, index) => {
    const phase = byUuid.get(referencedUuid(reference) ?? '');
    if (!phase) throw new Error(`load ${load.name ?? load.uuid}: phase load ${String(referencedUuid(reference))} is not in the template`);
    const uuid = derivedUuid(`${salt}phase${index}`);
    made.push({ ...phase, uuid, num_customers: index === 0 && customers > 0 ? customers : null });
    return { ...(reference as Json), __metadata__: { ...((reference as Json).__metadata__ as Json), uuid } };
  });
  const ownUuid = derivedUuid(`${salt}equipment`);
  made.push({ ...equipment, uuid: ownUuid, phase_loads: phaseReferences });
  load.equipment = { ...(load.equipment as Json), __metadata__: { ...((load.equipment as Json).__metadata__ as Json), uuid: ownUuid } };
  return made;
}
