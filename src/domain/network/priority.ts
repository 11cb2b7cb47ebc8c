/**
 * The order in which crews take ready repairs (docs/output-impact.md, "Repair priority").
 *
 * - `customers` (default): the most customers brought back per crew-hour of repair work
 *   first. A repair brings back the customers it alone blocks: those the element carries in
 *   the normal supply tree less those carried by failed elements below it (they wait for
 *   their own repair). The greedy ratio rule is Smith's (1956) rule for weighted completion
 *   time on one machine, which the customer-hours of interruption are.
 * - `critical`: repairs that block customers of critical loads first (most critical
 *   customers per crew-hour), then as `customers`.
 * - `fifo`: first ready, first repaired.
 *
 * Ties: the earlier ready repair, then the order of tracked_changes.json.
 */
import type { SupplyTree } from './supplyTree.js';

export const REPAIR_PRIORITIES = ['customers', 'critical', 'fifo'] as const;
export type RepairPriority = (typeof REPAIR_PRIORITIES)[number];
export const DEFAULT_REPAIR_PRIORITY: RepairPriority = 'customers';

/** Customers (and critical customers) each failed element alone blocks; -1 elements (outside the graph) block none. */
export function blockedCustomers(tree: SupplyTree, failedElements: Int32Array): { customers: Float64Array; critical: Float64Array } {
  const count = failedElements.length;
  const customers = new Float64Array(count);
  const critical = new Float64Array(count);
  const slotOf = new Map<number, number>();
  for (let k = 0; k < count; k += 1) {
    const element = failedElements[k];
    if (element < 0 || slotOf.has(element)) continue;
    slotOf.set(element, k);
    customers[k] = tree.customers[element];
    critical[k] = tree.criticalCustomers[element];
  }
  for (const element of slotOf.keys()) {
    // The nearest failed element upstream carries this one's customers too: they are this repair's, not its.
    for (let up = tree.parentElement[element]; up >= 0; up = tree.parentElement[up]) {
      const above = slotOf.get(up);
      if (above === undefined) continue;
      customers[above] -= tree.customers[element];
      critical[above] -= tree.criticalCustomers[element];
      break;
    }
  }
  return { customers, critical };
}

/** The repair order of one sample under a policy, as a comparison of repair indices. */
export function repairOrder(
  priority: RepairPriority,
  readyHours: Float64Array,
  repairHours: Float64Array,
  blocked: { customers: Float64Array; critical: Float64Array },
): (a: number, b: number) => number {
  const tie = (a: number, b: number) => readyHours[a] - readyHours[b] || a - b;
  if (priority === 'fifo') return tie;
  const rate = (values: Float64Array) => Float64Array.from(values, (value, k) => (value > 0 ? value / Math.max(repairHours[k], 1e-9) : 0));
  const customerRate = rate(blocked.customers);
  if (priority === 'customers') return (a, b) => customerRate[b] - customerRate[a] || tie(a, b);
  const criticalRate = rate(blocked.critical);
  return (a, b) => criticalRate[b] - criticalRate[a] || customerRate[b] - customerRate[a] || tie(a, b);
}
