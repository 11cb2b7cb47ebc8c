/**
 * Which loads are dark, and when, in one sample (docs/output-impact.md). Between two failure
 * times nothing fails, so elements only come back: a union-find grows by one union per
 * repair, each union stamped with its time, and a bus is energized from the earliest time
 * on the path that joins it to the sources (union by rank, no path compression after the
 * segment's start, so paths stay O(log n) and keep their stamps). One rebuild per distinct
 * failure time of the sample; the edges that no failure of the sample touches are joined
 * once per sample.
 */
import type { DownIntervals } from './switching.js';
import type { LoadOutage, SampleFailures, Topology } from './types.js';

const NEVER = Number.POSITIVE_INFINITY;
const ALWAYS = Number.NEGATIVE_INFINITY;

/** Compressed adjacency: the items of group g are items[start[g] .. start[g + 1]). */
interface Groups {
  start: Int32Array;
  items: Int32Array;
}

function groupBy(groupCount: number, count: number, groupsOf: (item: number, add: (group: number) => void) => void): Groups {
  const start = new Int32Array(groupCount + 1);
  for (let i = 0; i < count; i += 1) groupsOf(i, (group) => (start[group + 1] += 1));
  for (let g = 0; g < groupCount; g += 1) start[g + 1] += start[g];
  const fill = start.slice(0, groupCount);
  const items = new Int32Array(start[groupCount]);
  for (let i = 0; i < count; i += 1) groupsOf(i, (group) => (items[fill[group]++] = i));
  return { start, items };
}

export class Energizer {
  private readonly virtual: number;
  private readonly parent: Int32Array;
  private readonly rank: Uint8Array;
  private readonly link: Float64Array;
  private readonly baseParent: Int32Array;
  private readonly baseRank: Uint8Array;
  private readonly chainMark: Int32Array;
  private readonly chainMax: Float64Array;
  private chainStamp = 0;
  /** The down intervals of the sample by element: intervals [first[e], first[e] + count[e]) of downStart/downEnd, merged and ascending. */
  private readonly downFirst: Int32Array;
  private readonly downCount: Int32Array;
  private downStart: number[] = [];
  private downEnd: number[] = [];
  /** Edges that conduct in the normal state (and ties, when switching may close them) between in-service buses: the only ones that ever conduct. */
  private readonly liveEdges: Int32Array;
  private readonly edgesOfElement: Groups;
  private readonly edgesOfBus: Groups;
  private readonly sourcesOfElement: Groups;
  private readonly sourcesOfBus: Groups;
  private readonly edgeStamp: Int32Array;
  private readonly sourceStamp: Int32Array;
  private sampleStamp = 0;
  private readonly servedLoads: Int32Array;
  private readonly liveSources: Int32Array;
  /** Bus index of each bus element (-1 for other elements). */
  private readonly busOfElement: Int32Array;

  /** `ties`: normally open ties are edges too (down until switching closes them: SwitchingPlan's intervals say when). */
  constructor(
    private readonly topology: Topology,
    ties = false,
  ) {
    const nodes = topology.busCount + 1;
    this.virtual = topology.busCount;
    this.parent = new Int32Array(nodes);
    this.rank = new Uint8Array(nodes);
    this.link = new Float64Array(nodes);
    this.baseParent = new Int32Array(nodes);
    this.baseRank = new Uint8Array(nodes);
    this.chainMark = new Int32Array(nodes);
    this.chainMax = new Float64Array(nodes);
    this.downFirst = new Int32Array(topology.elements.count);
    this.downCount = new Int32Array(topology.elements.count);
    const live: number[] = [];
    for (let e = 0; e < topology.edgeCount; e += 1) {
      const conducts = topology.edgeNormallyClosed[e] || (ties && topology.edgeNormallyOpenTie[e]);
      if (conducts && topology.busInService[topology.edgeFrom[e]] && topology.busInService[topology.edgeTo[e]]) live.push(e);
    }
    this.liveEdges = Int32Array.from(live);
    this.edgesOfElement = groupBy(topology.elements.count, live.length, (i, add) => add(topology.edgeElement[live[i]]));
    this.edgesOfBus = groupBy(topology.busCount, live.length, (i, add) => {
      add(topology.edgeFrom[live[i]]);
      if (topology.edgeTo[live[i]] !== topology.edgeFrom[live[i]]) add(topology.edgeTo[live[i]]);
    });
    const liveSources: number[] = [];
    for (let s = 0; s < topology.sourceCount; s += 1) if (topology.busInService[topology.sourceBus[s]]) liveSources.push(s);
    this.sourcesOfElement = groupBy(topology.elements.count, topology.sourceCount, (s, add) => add(topology.sourceElement[s]));
    this.sourcesOfBus = groupBy(topology.busCount, topology.sourceCount, (s, add) => add(topology.sourceBus[s]));
    this.edgeStamp = new Int32Array(live.length);
    this.sourceStamp = new Int32Array(topology.sourceCount);
    const served: number[] = [];
    for (let l = 0; l < topology.loads.count; l += 1) if (topology.loads.servedNormally[l]) served.push(l);
    this.servedLoads = Int32Array.from(served);
    this.liveSources = Int32Array.from(liveSources);
    this.busOfElement = new Int32Array(topology.elements.count).fill(-1);
    for (let b = 0; b < topology.busCount; b += 1) this.busOfElement[topology.busElement[b]] = b;
  }

  /**
   * Outage intervals of every load that loses power in the sample; `restoreHours[k]` is
   * when failed element k of `failures` is back in service; `switching` adds the intervals
   * switching devices and ties are open (SwitchingPlan.intervals).
   */
  outages(failures: SampleFailures, restoreHours: Float64Array, switching?: DownIntervals): LoadOutage[] {
    if (failures.element.length === 0) return [];
    const { topology } = this;
    this.sampleStamp += 1;
    const stamp = this.sampleStamp;
    const element = [...failures.element, ...(switching?.element ?? [])];
    const start = [...failures.failHours, ...(switching?.start ?? [])];
    const end = [...restoreHours, ...(switching?.end ?? [])];
    const failed = this.setDown(element, start, end);
    try {
      // Edges and sources that a failure of this sample touches; the others conduct throughout.
      const touchedEdges: number[] = [];
      const touchedSources: number[] = [];
      const touchEdge = (i: number) => {
        if (this.edgeStamp[i] !== stamp) {
          this.edgeStamp[i] = stamp;
          touchedEdges.push(i);
        }
      };
      const touchSource = (s: number) => {
        if (this.sourceStamp[s] !== stamp) {
          this.sourceStamp[s] = stamp;
          touchedSources.push(s);
        }
      };
      for (const element of failed) {
        const ofElement = this.edgesOfElement;
        for (let k = ofElement.start[element]; k < ofElement.start[element + 1]; k += 1) touchEdge(ofElement.items[k]);
        const sources = this.sourcesOfElement;
        for (let k = sources.start[element]; k < sources.start[element + 1]; k += 1) touchSource(sources.items[k]);
        if (topology.elements.kind[element] === 'bus') {
          const bus = this.busOfElement[element];
          for (let k = this.edgesOfBus.start[bus]; k < this.edgesOfBus.start[bus + 1]; k += 1) touchEdge(this.edgesOfBus.items[k]);
          for (let k = this.sourcesOfBus.start[bus]; k < this.sourcesOfBus.start[bus + 1]; k += 1) touchSource(this.sourcesOfBus.items[k]);
        }
      }
      this.buildBase(stamp);
      // A load joined to the sources by untouched edges alone is never dark in this sample.
      const sourcesRoot = this.baseParent[this.virtual];
      const { loads } = topology;
      const candidates = this.servedLoads.filter((l) => this.baseParent[loads.bus[l]] !== sourcesRoot || this.downCount[loads.element[l]] > 0);
      // Between two of these nothing goes down: every interval starts at one (the ties' open state before the first does not matter).
      const breakpoints = Array.from(new Set(start.filter(Number.isFinite))).sort((a, b) => a - b);
      const outageOf = new Map<number, LoadOutage>();
      for (let j = 0; j < breakpoints.length; j += 1) {
        const start = breakpoints[j];
        const end = j + 1 < breakpoints.length ? breakpoints[j + 1] : NEVER;
        this.segment(start, end, touchedEdges, touchedSources, candidates, outageOf);
      }
      return Array.from(outageOf.values()).sort((a, b) => a.load - b.load);
    } finally {
      for (const down of failed) this.downCount[down] = 0;
    }
  }

  /** Records the down intervals by element (overlapping or touching ones merged); returns the distinct elements. */
  private setDown(element: number[], start: number[], end: number[]): number[] {
    const order = element.map((_, k) => k).sort((a, b) => element[a] - element[b] || start[a] - start[b]);
    const downStart: number[] = [];
    const downEnd: number[] = [];
    const elements: number[] = [];
    for (const k of order) {
      const e = element[k];
      const last = downStart.length - 1;
      if (this.downCount[e] > 0 && start[k] <= downEnd[last]) {
        downEnd[last] = Math.max(downEnd[last], end[k]);
        continue;
      }
      if (this.downCount[e] === 0) {
        this.downFirst[e] = downStart.length;
        elements.push(e);
      }
      this.downCount[e] += 1;
      downStart.push(start[k]);
      downEnd.push(end[k]);
    }
    this.downStart = downStart;
    this.downEnd = downEnd;
    return elements;
  }

  /** The union-find of every live edge and source no failure touches, flattened so each node points at its root. */
  private buildBase(stamp: number): void {
    const { parent, rank, topology, virtual } = this;
    for (let i = 0; i < parent.length; i += 1) parent[i] = i;
    rank.fill(0);
    const live = this.liveEdges;
    for (let i = 0; i < live.length; i += 1) {
      if (this.edgeStamp[i] === stamp) continue;
      this.unionCompressing(topology.edgeFrom[live[i]], topology.edgeTo[live[i]]);
    }
    for (const s of this.liveSources) if (this.sourceStamp[s] !== stamp) this.unionCompressing(virtual, topology.sourceBus[s]);
    for (let i = 0; i < parent.length; i += 1) this.baseParent[i] = this.findCompressing(i);
    this.baseRank.set(rank);
  }

  /** When an element is usable within a segment that starts at `start`: the start, or the end of its down interval holding the start. */
  private usableFrom(element: number, start: number): number {
    const first = this.downFirst[element];
    for (let k = first; k < first + this.downCount[element]; k += 1) if (this.downStart[k] <= start && start < this.downEnd[k]) return this.downEnd[k];
    return start;
  }

  private segment(
    start: number,
    end: number,
    touchedEdges: number[],
    touchedSources: number[],
    candidates: Int32Array,
    outageOf: Map<number, LoadOutage>,
  ): void {
    const { parent, rank, link, topology, virtual } = this;
    parent.set(this.baseParent);
    rank.set(this.baseRank);
    link.fill(ALWAYS);
    const pendingTime: number[] = [];
    const pendingA: number[] = [];
    const pendingB: number[] = [];
    const consider = (from: number, to: number, usable: number) => {
      if (usable <= start) this.unionCompressing(from, to);
      else if (usable < end) {
        pendingTime.push(usable);
        pendingA.push(from);
        pendingB.push(to);
      }
    };
    // Joins at the segment's start may compress paths: every stamp on them is ALWAYS.
    for (const i of touchedEdges) {
      const e = this.liveEdges[i];
      const from = topology.edgeFrom[e];
      const to = topology.edgeTo[e];
      const usable = Math.max(
        this.usableFrom(topology.edgeElement[e], start),
        this.usableFrom(topology.busElement[from], start),
        this.usableFrom(topology.busElement[to], start),
      );
      consider(from, to, usable);
    }
    for (const s of touchedSources) {
      if (!topology.busInService[topology.sourceBus[s]]) continue;
      const bus = topology.sourceBus[s];
      consider(virtual, bus, Math.max(this.usableFrom(topology.sourceElement[s], start), this.usableFrom(topology.busElement[bus], start)));
    }
    const order = pendingTime.map((_, k) => k).sort((a, b) => pendingTime[a] - pendingTime[b] || a - b);
    for (const k of order) this.unionStamped(pendingA[k], pendingB[k], pendingTime[k]);

    // The path from the sources' node to its root, with the latest stamp seen so far.
    this.chainStamp += 1;
    const chain = this.chainStamp;
    let node = virtual;
    let latest = ALWAYS;
    for (;;) {
      this.chainMark[node] = chain;
      this.chainMax[node] = latest;
      if (parent[node] === node) break;
      latest = Math.max(latest, link[node]);
      node = parent[node];
    }
    const { loads } = topology;
    for (const l of candidates) {
      let at = this.connectedFrom(loads.bus[l], chain);
      at = Math.max(at, this.usableFrom(loads.element[l], start));
      if (at <= start) continue;
      const dark = Math.min(at, end);
      let outage = outageOf.get(l);
      if (!outage) {
        outage = { load: l, starts: [], ends: [] };
        outageOf.set(l, outage);
      }
      const last = outage.ends.length - 1;
      if (last >= 0 && outage.ends[last] === start) outage.ends[last] = dark;
      else {
        outage.starts.push(start);
        outage.ends.push(dark);
      }
    }
  }

  /** The earliest time a bus is joined to the sources' node in the current forest (NEVER when it is not). */
  private connectedFrom(bus: number, chain: number): number {
    const { parent, link } = this;
    let node = bus;
    let latest = ALWAYS;
    for (;;) {
      if (this.chainMark[node] === chain) return Math.max(latest, this.chainMax[node]);
      if (parent[node] === node) return NEVER;
      latest = Math.max(latest, link[node]);
      node = parent[node];
    }
  }

  private findCompressing(node: number): number {
    const { parent } = this;
    let root = node;
    while (parent[root] !== root) root = parent[root];
    while (parent[node] !== root) {
      const next = parent[node];
      parent[node] = root;
      node = next;
    }
    return root;
  }

  private unionCompressing(a: number, b: number): void {
    this.joinRoots(this.findCompressing(a), this.findCompressing(b), ALWAYS);
  }

  private unionStamped(a: number, b: number, time: number): void {
    const { parent } = this;
    while (parent[a] !== a) a = parent[a];
    while (parent[b] !== b) b = parent[b];
    this.joinRoots(a, b, time);
  }

  private joinRoots(a: number, b: number, time: number): void {
    if (a === b) return;
    const { parent, rank, link } = this;
    if (rank[a] < rank[b]) [a, b] = [b, a];
    parent[b] = a;
    link[b] = time;
    if (rank[a] === rank[b]) rank[a] += 1;
  }
}
