/**
 * GDM components to assets (docs/input-distribution.md): each asset component gets its asset type and
 * location; every other component, and every asset without a location, gets a reason.
 */
import { componentsOfType, type Component, type DistributionModel } from '../gdm/model.js';
import type { Quantity } from '../gdm/index.js';
import { ASSET_HEIGHTS_M } from './heights.js';
import { LINE_CLASSES, lineAssetType, STRUCTURE_OF_LINE, STRUCTURE_PREFERENCE } from './lines.js';
import { busPoint, coordinateOrderWarning, midpoint, type CoordinateReading, type Located, type Point } from './locate.js';
import { implausibleCoordinatesWarning } from './coordinatePlausibility.js';
import { ASSET_TYPES, type AssetExtraction, type AssetType, type ComponentNote } from './types.js';

export { ASSET_HEIGHTS_M } from './heights.js';
export * from './types.js';
export { lineRoutes } from './routes.js';
export {
  COORDINATE_ORDERS,
  GDM_READING,
  readingLabel,
  isReadingRecord,
  readingOfRecord,
  readingRecord,
  type CoordinateOrder,
  type CoordinateReading,
  type CoordinateReadingRecord,
} from './locate.js';

/** Switch-like branches: all are "switch" assets. */
const SWITCH_CLASSES: ReadonlySet<string> = new Set(['MatrixImpedanceSwitch', 'MatrixImpedanceFuse', 'MatrixImpedanceRecloser', 'GeometrySwitch']);

/** Why a component class is not an asset, for classes that never are. */
function notAssetReason(component: Component): string {
  switch (component.type) {
    case 'DistributionLoad':
      return 'loads are not assets (docs/input-distribution.md); their bus and lines are';
    case 'DistributionCapacitor':
    case 'DistributionRegulator':
    case 'DistributionReactor':
      return `${component.type} is not an asset type (docs/input-distribution.md)`;
    case 'DistributionFeeder':
    case 'DistributionSubstation':
      return 'a grouping of components, not a physical asset (the voltage source is the substation asset)';
    case 'Location':
      return 'a coordinate, used by buses';
    default:
      return component.type.endsWith('Equipment') || component.type.endsWith('Controller') || component.type.endsWith('ControlSetting')
        ? 'equipment or control data, used by the components that refer to it'
        : `${component.type} is supporting data, not a physical asset`;
  }
}

/** For each bus uuid, the structure types implied by the lines at it. */
function structuresByBus(lineTypes: Map<Component, AssetType>): Map<string, AssetType[]> {
  const implied = new Map<string, AssetType[]>();
  for (const [line, assetType] of lineTypes) {
    const structure = STRUCTURE_OF_LINE[assetType]!;
    for (const bus of new Set(line.fields.buses as Component[])) {
      const list = implied.get(bus.uuid);
      if (list) list.push(structure);
      else implied.set(bus.uuid, [structure]);
    }
  }
  return implied;
}

/** The most common structure; ties go to overhead (poles, towers) first. */
function mostCommon(structures: AssetType[]): AssetType {
  const counts = new Map<AssetType, number>();
  for (const structure of structures) counts.set(structure, (counts.get(structure) ?? 0) + 1);
  return STRUCTURE_PREFERENCE.reduce((best, candidate) => ((counts.get(candidate) ?? 0) > (counts.get(best) ?? 0) ? candidate : best));
}

/** The ends of a line's straight path (its first and last distinct bus) and its modelled length; null when a bus is unlocated. */
function lineRoute(line: Component, reading: CoordinateReading): { from: Point; to: Point; lengthM: number } | null {
  const buses = line.fields.buses as Component[];
  const from = busPoint(buses[0], reading);
  const to = busPoint(buses[buses.length - 1], reading);
  if ('reason' in from || 'reason' in to) return null;
  return { from, to, lengthM: (line.fields.length as Quantity).siScalar };
}

/** Asset type and location of one component, or why it is not an asset. */
function assetOf(
  component: Component,
  lineTypes: Map<Component, AssetType>,
  structures: Map<string, AssetType[]>,
  reading: CoordinateReading,
): { assetType: AssetType; located: Located; route?: ReturnType<typeof lineRoute> } | { reason: string } {
  const { type, fields } = component;
  if (type === 'DistributionVoltageSource') return { assetType: 'substation', located: busPoint(fields.bus as Component, reading) };
  if (type === 'DistributionSolar') return { assetType: 'solar_panels', located: busPoint(fields.bus as Component, reading) };
  if (type === 'DistributionBattery') return { assetType: 'battery_storage', located: busPoint(fields.bus as Component, reading) };
  if (SWITCH_CLASSES.has(type)) return { assetType: 'switch', located: midpoint(fields.buses as Component[], reading) };
  if (type === 'DistributionTransformer') {
    const mounting = (fields.equipment as Component).fields.mounting;
    return {
      assetType: mounting === 'POLE_MOUNT' ? 'transformer_pole_mount' : 'transformer_pad_mount',
      located: midpoint(fields.buses as Component[], reading),
    };
  }
  const lineType = lineTypes.get(component);
  if (lineType) return { assetType: lineType, located: midpoint(fields.buses as Component[], reading), route: lineRoute(component, reading) };
  if (type === 'DistributionBus') {
    const implied = structures.get(component.uuid);
    if (!implied) return { reason: 'no line connects to this bus, so it implies no pole, tower or junction box' };
    return { assetType: mostCommon(implied), located: busPoint(component, reading) };
  }
  return { reason: notAssetReason(component) };
}

/**
 * Warnings about the model's coordinates as a whole, as `reading` reads them: shown on upload and
 * validation. An implausible set (coordinatePlausibility.ts: one point, strays in range, too wide)
 * or, when every coordinate is out of range, the order or local x/y (locate.ts, coordinateOrderWarning).
 */
export function coordinateWarnings(model: DistributionModel, reading: CoordinateReading): string[] {
  const buses = componentsOfType(model, 'DistributionBus');
  const warning = implausibleCoordinatesWarning(buses, reading) ?? coordinateOrderWarning(buses, reading);
  return warning ? [warning] : [];
}

/**
 * The assets of a distribution model with their locations (Location x and y read as `reading`
 * says: GDM's x = longitude, y = latitude unless the model was uploaded otherwise) and heights,
 * in file order, plus a reason for every component that is not a located asset.
 */
export function extractAssets(model: DistributionModel, reading: CoordinateReading): AssetExtraction {
  const lineTypes = new Map<Component, AssetType>();
  for (const type of LINE_CLASSES) for (const line of componentsOfType(model, type)) lineTypes.set(line, lineAssetType(line));
  const structures = structuresByBus(lineTypes);

  const uuid: string[] = [];
  const name: string[] = [];
  const assetType: AssetType[] = [];
  const componentType: string[] = [];
  const longitude: number[] = [];
  const latitude: number[] = [];
  const route: number[] = [];
  const lengthM: number[] = [];
  const unlocated: ComponentNote[] = [];
  const notAssets: ComponentNote[] = [];
  for (const component of model.components) {
    const note = { uuid: component.uuid, name: component.name, componentType: component.type };
    const asset = assetOf(component, lineTypes, structures, reading);
    if ('reason' in asset) {
      notAssets.push({ ...note, reason: asset.reason });
      continue;
    }
    if ('reason' in asset.located) {
      unlocated.push({ ...note, assetType: asset.assetType, reason: asset.located.reason });
      continue;
    }
    uuid.push(component.uuid);
    name.push(component.name);
    assetType.push(asset.assetType);
    componentType.push(component.type);
    longitude.push(asset.located.longitude);
    latitude.push(asset.located.latitude);
    const path = asset.route;
    if (path) route.push(path.from.longitude, path.from.latitude, path.to.longitude, path.to.latitude);
    else route.push(NaN, NaN, NaN, NaN);
    lengthM.push(path ? path.lengthM : NaN);
  }
  return {
    assets: {
      count: uuid.length,
      uuid,
      name,
      assetType,
      assetTypeIndex: Uint8Array.from(assetType, (type) => ASSET_TYPES.indexOf(type)),
      componentType,
      longitude: Float64Array.from(longitude),
      latitude: Float64Array.from(latitude),
      heightM: Float64Array.from(assetType, (type) => ASSET_HEIGHTS_M[type]),
      route: Float64Array.from(route),
      lengthM: Float64Array.from(lengthM),
    },
    unlocated,
    notAssets,
  };
}
