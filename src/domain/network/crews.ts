/**
 * When each failed element is back (docs/output-impact.md). Without a crew limit every
 * repair starts when its element fails. With N crews, a crew that is free takes the waiting
 * repair that is furthest upstream (fewest hops from a source in the normal state), then the
 * earliest failed, then the first in tracked_changes.json order; travel time is not modelled.
 */

/**
 * Restore time of each failed asset of a sample, hours after the first hazard timestamp.
 * `priority`: lower is repaired first (the hops from a source); ties go to the earlier
 * failure, then to the earlier asset in the given order.
 */
export function restorationTimes(failHours: Float64Array, repairHours: Float64Array, priority: Int32Array, crews: number | null): Float64Array {
  const count = failHours.length;
  const restore = new Float64Array(count);
  if (crews === null) {
    for (let k = 0; k < count; k += 1) restore[k] = failHours[k] + repairHours[k];
    return restore;
  }
  const byFailure = Array.from({ length: count }, (_, k) => k).sort((a, b) => failHours[a] - failHours[b] || a - b);
  const before = (a: number, b: number) => priority[a] - priority[b] || failHours[a] - failHours[b] || a - b;
  const waiting = new BinaryHeap(before);
  const crewFree = new Float64Array(Math.max(1, crews));
  let next = 0;
  for (let done = 0; done < count; done += 1) {
    let crew = 0;
    for (let c = 1; c < crewFree.length; c += 1) if (crewFree[c] < crewFree[crew]) crew = c;
    let now = crewFree[crew];
    if (waiting.size === 0 && next < count) now = Math.max(now, failHours[byFailure[next]]);
    while (next < count && failHours[byFailure[next]] <= now) waiting.push(byFailure[next++]);
    const job = waiting.pop();
    restore[job] = now + repairHours[job];
    crewFree[crew] = restore[job];
  }
  return restore;
}

/** A binary min-heap of indices under a comparison. */
class BinaryHeap {
  private readonly items: number[] = [];
  constructor(private readonly before: (a: number, b: number) => number) {}

  get size(): number {
    return this.items.length;
  }

  push(item: number): void {
    const { items } = this;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (this.before(items[i], items[up]) >= 0) break;
      [items[i], items[up]] = [items[up], items[i]];
      i = up;
    }
  }

  pop(): number {
    const { items } = this;
    const top = items[0];
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let best = i;
        if (left < items.length && this.before(items[left], items[best]) < 0) best = left;
        if (right < items.length && this.before(items[right], items[best]) < 0) best = right;
        if (best === i) break;
        [items[i], items[best]] = [items[best], items[i]];
        i = best;
      }
    }
    return top;
  }
}
