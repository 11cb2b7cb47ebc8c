/**
 * The graph of a feeder for energization (docs/output-impact.md). Phases are ignored: an
 * edge conducts if any of its phases does, and a bus is energized or not as a whole.
 */
import { componentsOfType, type Component, type DistributionModel, type Quantity } from '../gdm/index.js';
import { extractAssets, GDM_READING } from '../assets/index.js';
import type { AssetType } from '../assets/types.js';
import type { ElementKind, Topology } from './types.js';

/** Branch classes that join two buses: lines, reactors and switching devices. */
const BRANCH_CLASSES = [
  'MatrixImpedanceBranch',
  'SequenceImpedanceBranch',
  'GeometryBranch',
  'DistributionReactor',
  'MatrixImpedanceSwitch',
  'MatrixImpedanceFuse',
  'MatrixImpedanceRecloser',
  'GeometrySwitch',
] as const;

/** Switching devices: they interrupt a fault downstream and sectionalize the feeder. */
const SWITCHING_CLASSES: ReadonlySet<string> = new Set(['MatrixImpedanceSwitch', 'MatrixImpedanceFuse', 'MatrixImpedanceRecloser', 'GeometrySwitch']);

/** Transformer classes: the first winding's bus joins every other winding's bus. */
const TRANSFORMER_CLASSES = ['DistributionTransformer', 'DistributionRegulator'] as const;

/** Customers of a load whose phase loads give no num_customers (docs/output-impact.md). */
export const DEFAULT_CUSTOMERS_PER_LOAD = 1;

/** Depth of elements no source reaches in the normal state: repaired after every reachable one. */
export const UNREACHABLE_DEPTH = 0x3fffffff;

export interface TopologyOptions {
  /** Customers of a load whose model gives none (default DEFAULT_CUSTOMERS_PER_LOAD). */
  customersPerLoad?: number;
}

class ElementBuilder {
  readonly uuid: string[] = [];
  readonly name: string[] = [];
  readonly kind: ElementKind[] = [];
  readonly componentType: string[] = [];
  readonly index = new Map<string, number>();

  add(component: Component, kind: ElementKind): number {
    const existing = this.index.get(component.uuid);
    if (existing !== undefined) return existing;
    const index = this.uuid.length;
    this.uuid.push(component.uuid);
    this.name.push(component.name);
    this.kind.push(kind);
    this.componentType.push(component.type);
    this.index.set(component.uuid, index);
    return index;
  }
}

/** True when a switching device conducts: any phase closed. Other branches always conduct. */
function isClosed(component: Component): boolean {
  const closed = component.fields.is_closed;
  return Array.isArray(closed) ? closed.some((phase) => phase === true) : true;
}

function inService(component: Component): boolean {
  return component.fields.in_service !== false;
}

/** kW and customers of a load from its phase loads. */
function loadSize(load: Component, customersPerLoad: number): { kw: number; customers: number; fromModel: boolean } {
  const equipment = load.fields.equipment as Component;
  let watts = 0;
  let customers = 0;
  let fromModel = false;
  for (const phase of equipment.fields.phase_loads as Component[]) {
    watts += (phase.fields.real_power as Quantity).siScalar;
    const count = phase.fields.num_customers;
    if (typeof count === 'number') {
      customers += count;
      fromModel = true;
    }
  }
  return { kw: watts / 1000, customers: fromModel ? customers : customersPerLoad, fromModel };
}

/** Builds the graph of a distribution model: buses, edges in their normal state, sources and loads. */
export function buildTopology(model: DistributionModel, options: TopologyOptions = {}): Topology {
  const customersPerLoad = options.customersPerLoad ?? DEFAULT_CUSTOMERS_PER_LOAD;
  const elements = new ElementBuilder();
  const busIndex = new Map<string, number>();
  const buses = componentsOfType(model, 'DistributionBus');
  for (const bus of buses) {
    busIndex.set(bus.uuid, busIndex.size);
    elements.add(bus, 'bus');
  }
  const busOf = (component: Component) => busIndex.get(component.uuid)!;

  const edgeFrom: number[] = [];
  const edgeTo: number[] = [];
  const edgeElement: number[] = [];
  const edgeClosed: number[] = [];
  const edgeSwitching: number[] = [];
  const edgeTie: number[] = [];
  let openSwitches = 0;
  const addEdge = (component: Component, from: Component, to: Component) => {
    edgeFrom.push(busOf(from));
    edgeTo.push(busOf(to));
    edgeElement.push(elements.add(component, 'edge'));
    const conducts = inService(component) && isClosed(component);
    edgeClosed.push(conducts ? 1 : 0);
    const switching = SWITCHING_CLASSES.has(component.type);
    edgeSwitching.push(switching ? 1 : 0);
    edgeTie.push(switching && inService(component) && !isClosed(component) ? 1 : 0);
    if (!isClosed(component)) openSwitches += 1;
  };
  for (const type of BRANCH_CLASSES) {
    for (const branch of componentsOfType(model, type)) {
      const [from, to] = branch.fields.buses as Component[];
      addEdge(branch, from, to);
    }
  }
  for (const type of TRANSFORMER_CLASSES) {
    for (const transformer of componentsOfType(model, type)) {
      const windings = transformer.fields.buses as Component[];
      for (let w = 1; w < windings.length; w += 1) if (windings[w].uuid !== windings[0].uuid) addEdge(transformer, windings[0], windings[w]);
    }
  }

  const sourceBus: number[] = [];
  const sourceElement: number[] = [];
  for (const source of componentsOfType(model, 'DistributionVoltageSource')) {
    if (!inService(source)) continue;
    sourceBus.push(busOf(source.fields.bus as Component));
    sourceElement.push(elements.add(source, 'source'));
  }

  const loadUuid: string[] = [];
  const loadName: string[] = [];
  const loadBus: number[] = [];
  const loadKw: number[] = [];
  const loadCustomers: number[] = [];
  const customerSource: ('model' | 'default')[] = [];
  const loadElement: number[] = [];
  const loadInService: boolean[] = [];
  for (const load of componentsOfType(model, 'DistributionLoad')) {
    const size = loadSize(load, customersPerLoad);
    loadUuid.push(load.uuid);
    loadName.push(load.name);
    loadBus.push(busOf(load.fields.bus as Component));
    loadKw.push(size.kw);
    loadCustomers.push(size.customers);
    customerSource.push(size.fromModel ? 'model' : 'default');
    loadElement.push(elements.add(load, 'load'));
    loadInService.push(inService(load));
  }

  const busInService = Uint8Array.from(buses, (bus) => (inService(bus) ? 1 : 0));
  const topology: Topology = {
    busCount: buses.length,
    busUuid: buses.map((bus) => bus.uuid),
    busElement: Int32Array.from(buses, (bus) => elements.index.get(bus.uuid)!),
    busInService,
    edgeCount: edgeFrom.length,
    edgeFrom: Int32Array.from(edgeFrom),
    edgeTo: Int32Array.from(edgeTo),
    edgeElement: Int32Array.from(edgeElement),
    edgeNormallyClosed: Uint8Array.from(edgeClosed),
    edgeSwitching: Uint8Array.from(edgeSwitching),
    edgeNormallyOpenTie: Uint8Array.from(edgeTie),
    sourceCount: sourceBus.length,
    sourceBus: Int32Array.from(sourceBus),
    sourceElement: Int32Array.from(sourceElement),
    loads: {
      count: loadUuid.length,
      uuid: loadUuid,
      name: loadName,
      bus: Int32Array.from(loadBus),
      kw: Float64Array.from(loadKw),
      customers: Float64Array.from(loadCustomers),
      customerSource,
      element: Int32Array.from(loadElement),
      servedNormally: new Uint8Array(loadUuid.length),
    },
    elements: {
      count: elements.uuid.length,
      uuid: elements.uuid,
      name: elements.name,
      kind: elements.kind,
      componentType: elements.componentType,
      assetType: assetTypesOf(model, elements.uuid),
      depth: new Int32Array(elements.uuid.length),
    },
    elementIndex: elements.index,
    otherComponents: new Set(model.components.filter((component) => !elements.index.has(component.uuid)).map((component) => component.uuid)),
    notes: [],
  };
  const busDepth = normalDepths(topology);
  markServedAndDepths(topology, busDepth, loadInService);
  const served = topology.loads.servedNormally.reduce((sum, flag) => sum + flag, 0);
  topology.notes.push(
    `${topology.busCount} buses, ${topology.edgeCount} edges (${openSwitches} normally open switching devices), ${topology.sourceCount} voltage sources, ${topology.loads.count} loads (${served} served in the normal state)`,
    'phases are ignored for connectivity: an edge conducts when any phase is closed',
    'only voltage sources feed the feeder: solar, batteries and other DER do not form islands',
  );
  return topology;
}

function assetTypesOf(model: DistributionModel, uuids: string[]): (AssetType | null)[] {
  // An asset's type does not depend on where it stands, so GDM's reading does for every model, and unlocated assets count too.
  const { assets, unlocated } = extractAssets(model, GDM_READING);
  const byUuid = new Map<string, AssetType>();
  for (let a = 0; a < assets.count; a += 1) byUuid.set(assets.uuid[a], assets.assetType[a]);
  for (const note of unlocated) byUuid.set(note.uuid, note.assetType!);
  return uuids.map((uuid) => byUuid.get(uuid) ?? null);
}

/** Hops of each bus from the nearest in-service source over normally closed edges (breadth first). */
function normalDepths(topology: Topology): Int32Array {
  const { busCount, edgeCount, edgeFrom, edgeTo, edgeNormallyClosed, busInService } = topology;
  const degree = new Int32Array(busCount + 1);
  for (let e = 0; e < edgeCount; e += 1) {
    if (!edgeNormallyClosed[e]) continue;
    degree[edgeFrom[e] + 1] += 1;
    degree[edgeTo[e] + 1] += 1;
  }
  for (let b = 0; b < busCount; b += 1) degree[b + 1] += degree[b];
  const neighbours = new Int32Array(degree[busCount]);
  const fill = degree.slice(0, busCount);
  for (let e = 0; e < edgeCount; e += 1) {
    if (!edgeNormallyClosed[e]) continue;
    neighbours[fill[edgeFrom[e]]++] = edgeTo[e];
    neighbours[fill[edgeTo[e]]++] = edgeFrom[e];
  }
  const depth = new Int32Array(busCount).fill(UNREACHABLE_DEPTH);
  const queue = new Int32Array(busCount);
  let head = 0;
  let tail = 0;
  for (const bus of topology.sourceBus) {
    if (!busInService[bus] || depth[bus] === 0) continue;
    depth[bus] = 0;
    queue[tail++] = bus;
  }
  while (head < tail) {
    const bus = queue[head++];
    for (let k = degree[bus]; k < degree[bus + 1]; k += 1) {
      const next = neighbours[k];
      if (!busInService[next] || depth[next] !== UNREACHABLE_DEPTH) continue;
      depth[next] = depth[bus] + 1;
      queue[tail++] = next;
    }
  }
  return depth;
}

/** Element depths (an edge sits at its upstream bus's depth) and which loads the normal state serves. */
function markServedAndDepths(topology: Topology, busDepth: Int32Array, loadInService: boolean[]): void {
  const { elements, loads } = topology;
  elements.depth.fill(UNREACHABLE_DEPTH);
  const lower = (element: number, depth: number) => {
    if (depth < elements.depth[element]) elements.depth[element] = depth;
  };
  for (let b = 0; b < topology.busCount; b += 1) lower(topology.busElement[b], busDepth[b]);
  for (let e = 0; e < topology.edgeCount; e += 1) lower(topology.edgeElement[e], Math.min(busDepth[topology.edgeFrom[e]], busDepth[topology.edgeTo[e]]));
  for (let s = 0; s < topology.sourceCount; s += 1) lower(topology.sourceElement[s], 0);
  for (let l = 0; l < loads.count; l += 1) {
    const depth = busDepth[loads.bus[l]];
    lower(loads.element[l], depth === UNREACHABLE_DEPTH ? depth : depth + 1);
    loads.servedNormally[l] = loadInService[l] && depth !== UNREACHABLE_DEPTH ? 1 : 0;
  }
}
