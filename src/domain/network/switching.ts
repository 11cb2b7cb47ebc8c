/**
 * Switching before repair (docs/output-impact.md, "Switching"), as fault location, isolation
 * and service restoration (FLISR) plans it:
 *
 * 1. A fault on a bus or a line (any element but a switching device, a source or a load) is
 *    interrupted at once by the nearest protective device upstream of it in the normal supply
 *    tree (switch, fuse or recloser; the source's own breaker when there is none): every load
 *    behind that device goes dark.
 * 2. After the switching delay the faulted section is isolated: the section is the part of the
 *    feeder bounded by switching devices (and sources) that holds the fault; its boundary
 *    devices open and stay open until the fault is repaired. The interrupting device closes
 *    again, and normally open ties close, so every load outside faulted sections that some
 *    source reaches over healthy elements is fed again.
 *
 * A failed switching device isolates itself (it is down until repaired); a failed source or
 * load interrupts nothing else. Everything here is a list of "down" intervals per element,
 * which the Energizer turns into outages.
 */
import type { SupplyTree } from './supplyTree.js';
import type { Topology } from './types.js';

/** When elements are out of service in a sample: element[k] is down during [start[k], end[k]). */
export interface DownIntervals {
  element: number[];
  start: number[];
  end: number[];
}

/** The fixed facts of a feeder that switching needs: sections, their boundaries and each element's protective device. */
export class SwitchingPlan {
  /** Section of each bus (buses joined by normally closed lines, transformers and reactors). */
  private readonly sectionOfBus: Int32Array;
  /** The elements that bound each section: its switching devices and sources, [start[s], start[s + 1]). */
  private readonly boundaryStart: Int32Array;
  private readonly boundary: Int32Array;
  /** Nearest protective device (or source) upstream of each element; -2: not computed yet; -1: none. */
  private readonly protective: Int32Array;
  private readonly switchingElement: Uint8Array;
  private readonly busOfElement: Int32Array;
  private readonly edgeOfElement: Int32Array;
  /** The normally open ties (element indices). */
  readonly ties: Int32Array;

  constructor(
    private readonly topology: Topology,
    private readonly tree: SupplyTree,
  ) {
    const { busCount, edgeCount, edgeFrom, edgeTo, edgeElement, edgeNormallyClosed, edgeSwitching, elements } = topology;
    const parent = Int32Array.from({ length: busCount }, (_, b) => b);
    const find = (b: number): number => {
      while (parent[b] !== b) b = parent[b] = parent[parent[b]];
      return b;
    };
    for (let e = 0; e < edgeCount; e += 1) if (edgeNormallyClosed[e] && !edgeSwitching[e]) parent[find(edgeFrom[e])] = find(edgeTo[e]);
    this.sectionOfBus = Int32Array.from({ length: busCount }, (_, b) => find(b));
    // Boundaries per section root: every switching edge at one of its buses, every source on one.
    const lists = new Map<number, number[]>();
    const add = (bus: number, element: number) => {
      const section = this.sectionOfBus[bus];
      const list = lists.get(section);
      if (list) list.push(element);
      else lists.set(section, [element]);
    };
    const ties: number[] = [];
    this.switchingElement = new Uint8Array(elements.count);
    this.edgeOfElement = new Int32Array(elements.count).fill(-1);
    for (let e = 0; e < edgeCount; e += 1) {
      this.edgeOfElement[edgeElement[e]] = e;
      if (!edgeSwitching[e]) continue;
      this.switchingElement[edgeElement[e]] = 1;
      add(edgeFrom[e], edgeElement[e]);
      add(edgeTo[e], edgeElement[e]);
      if (topology.edgeNormallyOpenTie[e]) ties.push(edgeElement[e]);
    }
    for (let s = 0; s < topology.sourceCount; s += 1) add(topology.sourceBus[s], topology.sourceElement[s]);
    this.boundaryStart = new Int32Array(busCount + 1);
    const flat: number[] = [];
    for (let b = 0; b < busCount; b += 1) {
      this.boundaryStart[b] = flat.length;
      if (this.sectionOfBus[b] === b) for (const element of lists.get(b) ?? []) flat.push(element);
    }
    this.boundaryStart[busCount] = flat.length;
    this.boundary = Int32Array.from(flat);
    this.ties = Int32Array.from(ties);
    this.protective = new Int32Array(elements.count).fill(-2);
    this.busOfElement = new Int32Array(elements.count).fill(-1);
    for (let b = 0; b < busCount; b += 1) this.busOfElement[topology.busElement[b]] = b;
  }

  /** The switching device or source that interrupts a fault on `element` (-1 when no source feeds it). */
  protectiveDeviceOf(element: number): number {
    const path: number[] = [];
    let found = -1;
    for (let up = this.tree.parentElement[element]; up >= 0; up = this.tree.parentElement[up]) {
      if (this.protective[up] !== -2) {
        found = this.isProtective(up) ? up : this.protective[up];
        break;
      }
      if (this.isProtective(up)) {
        found = up;
        break;
      }
      path.push(up);
    }
    // Every element passed on the way up has the same protective device above it.
    for (const passed of path) this.protective[passed] = found;
    return found;
  }

  /** The bus whose section a fault on `element` lies in (-1 when the element faults no section: a switching device, source or load). */
  private faultedBus(element: number): number {
    const { topology } = this;
    const kind = topology.elements.kind[element];
    if (kind === 'bus') return this.busOfElement[element];
    if (kind !== 'edge' || this.switchingElement[element]) return -1;
    const e = this.edgeOfElement[element];
    return topology.edgeNormallyClosed[e] ? topology.edgeFrom[e] : -1;
  }

  /**
   * The down intervals switching adds to a sample's failures: `failed[k]` fails at
   * `failHours[k]` and is back at `restoreHours[k]`; `delayHours` after a fault its section is
   * isolated and the ties close.
   */
  intervals(failed: Int32Array, failHours: Float64Array, restoreHours: Float64Array, delayHours: number): DownIntervals {
    const out: DownIntervals = { element: [], start: [], end: [] };
    const push = (element: number, start: number, end: number) => {
      if (end <= start) return;
      out.element.push(element);
      out.start.push(start);
      out.end.push(end);
    };
    let firstSwitching = Number.POSITIVE_INFINITY;
    for (let k = 0; k < failed.length; k += 1) {
      const kind = this.topology.elements.kind[failed[k]];
      if (kind === 'load') continue;
      const switched = failHours[k] + delayHours;
      // A lost source is switched around too: the ties close.
      firstSwitching = Math.min(firstSwitching, switched);
      if (kind === 'source') continue;
      const bus = this.faultedBus(failed[k]);
      const tripped = this.protectiveDeviceOf(failed[k]);
      if (tripped >= 0) push(tripped, failHours[k], Math.min(switched, restoreHours[k]));
      if (bus < 0) continue;
      const section = this.sectionOfBus[bus];
      for (let i = this.boundaryStart[section]; i < this.boundaryStart[section + 1]; i += 1) push(this.boundary[i], switched, restoreHours[k]);
    }
    // Ties stay open until the first switching of the sample, then close (a tie at a faulted section's boundary stays open with it).
    for (const tie of this.ties) push(tie, Number.NEGATIVE_INFINITY, firstSwitching);
    return out;
  }

  private isProtective(element: number): boolean {
    return this.switchingElement[element] === 1 || this.topology.elements.kind[element] === 'source';
  }
}
