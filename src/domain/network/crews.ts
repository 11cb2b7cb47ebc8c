/**
 * When each failed element is back (docs/output-impact.md, "Crews"). A repair can start once
 * its element has failed and the hazard at its site allows work (its `readyHours`). Without a
 * crew limit every repair starts then, its crew coming from the depot. With N crews the
 * schedule is non-delay list scheduling: whenever a crew is free and a repair is ready, the
 * crew that has been free longest (then the lowest crew number) takes the ready repair that
 * comes first in the repair order (`before`), travels to it and repairs it. No crew ever
 * waits while a ready repair waits, and no repair starts before it is ready.
 */

/** Most crews a run may ask for (docs/output-impact.md): far beyond any utility's mutual-aid roster, small enough that the schedule's arrays stay a few megabytes. */
export const MAX_CREWS = 100_000;

/** The repairs of one sample, index k for the k-th failed element. */
export interface RepairJobs {
  /** Earliest start of each repair, hours: its failure, or later when the hazard still forbids work. */
  readyHours: Float64Array;
  /** Work on site, hours. */
  repairHours: Float64Array;
  /** Negative when repair a comes before repair b in the order crews take them. */
  before: (a: number, b: number) => number;
  /**
   * Travel hours of a crew to repair `to`, from the site of repair `from` or from the depot
   * (`from` = -1); absent: no travel.
   */
  travelHours?: (from: number, to: number) => number;
}

/** When each repair is done (hours) and when its crew starts travelling to it. */
export interface RepairSchedule {
  startHours: Float64Array;
  restoreHours: Float64Array;
}

/** The schedule of the repairs with `crews` crews (null: one crew per repair, each from the depot). */
export function scheduleRepairs(jobs: RepairJobs, crews: number | null): RepairSchedule {
  const { readyHours, repairHours, before } = jobs;
  const travel = jobs.travelHours ?? (() => 0);
  const count = readyHours.length;
  const startHours = new Float64Array(count);
  const restoreHours = new Float64Array(count);
  if (crews === null) {
    for (let k = 0; k < count; k += 1) {
      startHours[k] = readyHours[k];
      restoreHours[k] = readyHours[k] + travel(-1, k) + repairHours[k];
    }
    return { startHours, restoreHours };
  }
  const byReady = Array.from({ length: count }, (_, k) => k).sort((a, b) => readyHours[a] - readyHours[b] || a - b);
  const waiting = new BinaryHeap(before);
  const crewCount = Math.min(crews, Math.max(1, count));
  // Crews free at the same time are interchangeable until they have worked, so only as many as there are repairs are tracked.
  const crewFree = new BinaryHeap((a, b) => freeAt[a] - freeAt[b] || a - b);
  const freeAt = new Float64Array(crewCount);
  const crewSite = new Int32Array(crewCount).fill(-1);
  for (let c = 0; c < crewCount; c += 1) crewFree.push(c);
  let clock = Number.NEGATIVE_INFINITY;
  let next = 0;
  for (let done = 0; done < count; done += 1) {
    const crew = crewFree.pop();
    let now = Math.max(freeAt[crew], clock);
    if (waiting.size === 0) now = Math.max(now, readyHours[byReady[next]]);
    while (next < count && readyHours[byReady[next]] <= now) waiting.push(byReady[next++]);
    const job = waiting.pop();
    startHours[job] = now;
    restoreHours[job] = now + travel(crewSite[crew], job) + repairHours[job];
    freeAt[crew] = restoreHours[job];
    crewSite[crew] = job;
    crewFree.push(crew);
    clock = now;
  }
  return { startHours, restoreHours };
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
