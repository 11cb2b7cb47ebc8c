/**
 * The feeder's supply tree in its normal state (docs/output-impact.md): breadth first from the
 * in-service sources over normally closed edges, each bus fed through the edge that reached it
 * first. It says which element feeds which (a failed element's upstream elements, the nearest
 * protective device) and how many customers each element carries (repair priority).
 */
import type { Topology } from './types.js';

export interface SupplyTree {
  /** The element that feeds each element in the normal state (-1 for sources and elements no source reaches). */
  parentElement: Int32Array;
  /** Customers of the served loads the element carries: its own when it is a load, everything downstream otherwise. */
  customers: Float64Array;
  /** The same, counting only the loads marked critical. */
  criticalCustomers: Float64Array;
}

/** The supply tree of a topology; `critical[l]` is 1 for a critical load. */
export function buildSupplyTree(topology: Topology, critical: Uint8Array): SupplyTree {
  const { busCount, edgeCount, edgeFrom, edgeTo, edgeNormallyClosed, edgeElement, busInService, busElement, loads, elements } = topology;
  const start = new Int32Array(busCount + 1);
  for (let e = 0; e < edgeCount; e += 1) {
    if (!edgeNormallyClosed[e]) continue;
    start[edgeFrom[e] + 1] += 1;
    start[edgeTo[e] + 1] += 1;
  }
  for (let b = 0; b < busCount; b += 1) start[b + 1] += start[b];
  const incident = new Int32Array(start[busCount]);
  const fill = start.slice(0, busCount);
  for (let e = 0; e < edgeCount; e += 1) {
    if (!edgeNormallyClosed[e]) continue;
    incident[fill[edgeFrom[e]]++] = e;
    incident[fill[edgeTo[e]]++] = e;
  }
  const parentElement = new Int32Array(elements.count).fill(-1);
  const feedingEdge = new Int32Array(busCount).fill(-1);
  const reached = new Uint8Array(busCount);
  const order = new Int32Array(busCount);
  let head = 0;
  let tail = 0;
  for (let s = 0; s < topology.sourceCount; s += 1) {
    const bus = topology.sourceBus[s];
    if (!busInService[bus] || reached[bus]) continue;
    reached[bus] = 1;
    order[tail++] = bus;
    parentElement[busElement[bus]] = topology.sourceElement[s];
  }
  while (head < tail) {
    const bus = order[head++];
    for (let k = start[bus]; k < start[bus + 1]; k += 1) {
      const e = incident[k];
      const next = edgeFrom[e] === bus ? edgeTo[e] : edgeFrom[e];
      if (!busInService[next] || reached[next]) continue;
      reached[next] = 1;
      feedingEdge[next] = e;
      order[tail++] = next;
      parentElement[busElement[next]] = edgeElement[e];
      if (parentElement[edgeElement[e]] === -1) parentElement[edgeElement[e]] = busElement[bus];
    }
  }
  const customers = new Float64Array(elements.count);
  const criticalCustomers = new Float64Array(elements.count);
  const busCustomers = new Float64Array(busCount);
  const busCritical = new Float64Array(busCount);
  for (let l = 0; l < loads.count; l += 1) {
    if (!loads.servedNormally[l]) continue;
    const element = loads.element[l];
    parentElement[element] = busElement[loads.bus[l]];
    customers[element] = loads.customers[l];
    busCustomers[loads.bus[l]] += loads.customers[l];
    if (critical[l]) {
      criticalCustomers[element] = loads.customers[l];
      busCritical[loads.bus[l]] += loads.customers[l];
    }
  }
  // Downstream first: each bus hands its sum to the bus that feeds it, and the feeding edge carries the same.
  for (let i = tail - 1; i >= 0; i -= 1) {
    const bus = order[i];
    customers[busElement[bus]] += busCustomers[bus];
    criticalCustomers[busElement[bus]] += busCritical[bus];
    const e = feedingEdge[bus];
    if (e < 0) continue;
    customers[edgeElement[e]] += busCustomers[bus];
    criticalCustomers[edgeElement[e]] += busCritical[bus];
    const up = edgeFrom[e] === bus ? edgeTo[e] : edgeFrom[e];
    busCustomers[up] += busCustomers[bus];
    busCritical[up] += busCritical[bus];
  }
  for (let s = 0; s < topology.sourceCount; s += 1) {
    const bus = topology.sourceBus[s];
    if (parentElement[busElement[bus]] !== topology.sourceElement[s]) continue;
    customers[topology.sourceElement[s]] += customers[busElement[bus]];
    criticalCustomers[topology.sourceElement[s]] += criticalCustomers[busElement[bus]];
  }
  return { parentElement, customers, criticalCustomers };
}
