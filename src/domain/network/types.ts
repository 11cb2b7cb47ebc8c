/**
 * The feeder as a graph for energization (docs/output-impact.md): buses are nodes; lines,
 * transformers and switching devices are edges; voltage sources feed buses; loads hang on
 * buses. Every component that can fail and matters to connectivity is an "element".
 */
import type { AssetType } from '../assets/types.js';

/** What an element is in the graph. */
export type ElementKind = 'bus' | 'edge' | 'source' | 'load';

export interface Topology {
  busCount: number;
  busUuid: string[];
  /** Element index of each bus (every bus is an element: a failed pole or junction box takes its bus down). */
  busElement: Int32Array;
  /** 1 when the bus is in service in the model. */
  busInService: Uint8Array;

  /** Edges: one per line, switching device and reactor; a transformer gives one per winding after the first. */
  edgeCount: number;
  edgeFrom: Int32Array;
  edgeTo: Int32Array;
  /** Element index of the component the edge belongs to. */
  edgeElement: Int32Array;
  /** 1 when the edge conducts in the model's normal state (in service and, for switches, closed). */
  edgeNormallyClosed: Uint8Array;
  /** 1 when the edge is a switching device (switch, fuse, recloser): it can interrupt and isolate (docs/output-impact.md, "Switching"). */
  edgeSwitching: Uint8Array;
  /** 1 for an in-service switching device that is open in the normal state: a tie that switching may close. */
  edgeNormallyOpenTie: Uint8Array;

  /** Voltage sources (DistributionVoltageSource in service). */
  sourceCount: number;
  sourceBus: Int32Array;
  sourceElement: Int32Array;

  loads: LoadTable;
  elements: ElementTable;
  /** Element index of every element uuid. */
  elementIndex: ReadonlyMap<string, number>;
  /** Uuids of components of the model that are not elements (equipment, DER, capacitors...): a failure of one has no effect on connectivity. */
  otherComponents: ReadonlySet<string>;
  /** Facts about what the graph holds and ignores, for the run's summary. */
  notes: string[];
}

export interface LoadTable {
  count: number;
  uuid: string[];
  name: string[];
  bus: Int32Array;
  /** Sum of the phase loads' real power, kW. */
  kw: Float64Array;
  customers: Float64Array;
  /** 'model' when num_customers was given on a phase load, else 'default'. */
  customerSource: ('model' | 'default')[];
  element: Int32Array;
  /** 1 when the load is in service and its bus is energized in the normal state; other loads are left out of every metric. */
  servedNormally: Uint8Array;
}

export interface ElementTable {
  count: number;
  uuid: string[];
  name: string[];
  kind: ElementKind[];
  /** GDM class name. */
  componentType: string[];
  /** hazsim asset type (docs/input-distribution.md), or null for elements that are never assets (loads). */
  assetType: (AssetType | null)[];
  /** Hops from the nearest source in the normal state (upstream first); unreachable elements get a large number. */
  depth: Int32Array;
}

/** The failures of one sample, as elements of the topology with their times in hours after the first hazard timestamp. */
export interface SampleFailures {
  sample: number;
  element: Int32Array;
  failHours: Float64Array;
  /** Work needed to repair each failed element, hours. */
  repairHours: Float64Array;
}

/** How repairs are scheduled. */
export interface RestorationOptions {
  /** Repair crews working at once; null: no limit (every repair starts when its element fails). */
  crews: number | null;
}

/** Outage intervals of one load in one sample, [start, end) in hours, disjoint and ascending. */
export interface LoadOutage {
  load: number;
  starts: number[];
  ends: number[];
}

/** One sample's energization result. */
export interface SampleOutcome {
  sample: number;
  /** When each failed element is back in service, hours (same order as SampleFailures.element). */
  restoreHours: Float64Array;
  outages: LoadOutage[];
}
