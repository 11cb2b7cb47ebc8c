import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import seedrandom from 'seedrandom';
import { MAX_CREWS, scheduleRepairs, type RepairJobs } from '../../src/domain/network/index.js';

/**
 * The rule of docs/output-impact.md ("Crews") written the slow, obvious way: at every step
 * look at every (crew, repair) pair, find the earliest moment some crew is free and some
 * unassigned repair is ready, let the crew free longest (then the lowest number) of those free
 * then take the ready repair first in the order. O(n² · crews), no heaps, no clock.
 */
function bruteForce(jobs: RepairJobs, crews: number): { startHours: number[]; restoreHours: number[] } {
  const n = jobs.readyHours.length;
  const travel = jobs.travelHours ?? (() => 0);
  const freeAt = new Array<number>(crews).fill(Number.NEGATIVE_INFINITY);
  const site = new Array<number>(crews).fill(-1);
  const assigned = new Array<boolean>(n).fill(false);
  const startHours = new Array<number>(n).fill(Number.NaN);
  const restoreHours = new Array<number>(n).fill(Number.NaN);
  for (let step = 0; step < n; step += 1) {
    let moment = Number.POSITIVE_INFINITY;
    for (let c = 0; c < crews; c += 1) for (let j = 0; j < n; j += 1) if (!assigned[j]) moment = Math.min(moment, Math.max(freeAt[c], jobs.readyHours[j]));
    let crew = -1;
    for (let c = 0; c < crews; c += 1) if (freeAt[c] <= moment && (crew < 0 || freeAt[c] < freeAt[crew])) crew = c;
    let job = -1;
    for (let j = 0; j < n; j += 1) if (!assigned[j] && jobs.readyHours[j] <= moment && (job < 0 || jobs.before(j, job) < 0)) job = j;
    assigned[job] = true;
    startHours[job] = moment;
    restoreHours[job] = moment + travel(site[crew], job) + jobs.repairHours[job];
    freeAt[crew] = restoreHours[job];
    site[crew] = job;
  }
  return { startHours, restoreHours };
}

/** A random small case: up to 12 repairs on a coarse time grid (so ties happen), random order, optional travel. */
function randomCase(random: () => number): RepairJobs {
  const n = 1 + Math.floor(random() * 12);
  const readyHours = Float64Array.from({ length: n }, () => Math.floor(random() * 8) * 3);
  const repairHours = Float64Array.from({ length: n }, () => 1 + Math.floor(random() * 10));
  const rank = Array.from({ length: n }, () => Math.floor(random() * 4));
  const before = (a: number, b: number) => rank[a] - rank[b] || readyHours[a] - readyHours[b] || a - b;
  if (random() < 0.5) return { readyHours, repairHours, before };
  const x = Array.from({ length: n }, () => random() * 10);
  return { readyHours, repairHours, before, travelHours: (from, to) => Math.abs((from < 0 ? 0 : x[from]) - x[to]) / 5 };
}

const test = suite('scheduleRepairs');

test('matches the brute-force scheduler on 3,000 random small cases with 1 to 5 crews', () => {
  const random = seedrandom.alea('crews-property');
  for (let trial = 0; trial < 3000; trial += 1) {
    const jobs = randomCase(random);
    const crews = 1 + (trial % 5);
    const fast = scheduleRepairs(jobs, crews);
    const slow = bruteForce(jobs, crews);
    assert.equal(Array.from(fast.startHours), slow.startHours, `trial ${trial}, ${crews} crews: start times`);
    assert.equal(Array.from(fast.restoreHours), slow.restoreHours, `trial ${trial}, ${crews} crews: restore times`);
  }
});

test('never starts a repair before it is ready, never has more crews at work than there are, and no crew idles while a ready repair waits', () => {
  const random = seedrandom.alea('crews-invariants');
  for (let trial = 0; trial < 2000; trial += 1) {
    const jobs = randomCase(random);
    const crews = 1 + (trial % 5);
    const { startHours, restoreHours } = scheduleRepairs(jobs, crews);
    const n = jobs.readyHours.length;
    for (let j = 0; j < n; j += 1) assert.ok(startHours[j] >= jobs.readyHours[j], `trial ${trial}: repair ${j} starts before it is ready`);
    // At every start, the crews at work (started, not yet done) number at most `crews`.
    for (let j = 0; j < n; j += 1) {
      let busy = 0;
      for (let k = 0; k < n; k += 1) if (startHours[k] <= startHours[j] && restoreHours[k] > startHours[j]) busy += 1;
      assert.ok(busy <= crews, `trial ${trial}: ${busy} repairs under way at ${startHours[j]} with ${crews} crews`);
    }
    // A repair that waited past its ready time found every crew busy while it waited.
    for (let j = 0; j < n; j += 1) {
      if (startHours[j] === jobs.readyHours[j]) continue;
      let busy = 0;
      for (let k = 0; k < n; k += 1) if (startHours[k] <= jobs.readyHours[j] && restoreHours[k] > jobs.readyHours[j]) busy += 1;
      assert.ok(busy >= Math.min(crews, n), `trial ${trial}: repair ${j} waited from ${jobs.readyHours[j]} with a crew idle`);
    }
  }
});

test('is deterministic and gives the same restore times with more crews than repairs as with no limit', () => {
  const random = seedrandom.alea('crews-unlimited');
  for (let trial = 0; trial < 500; trial += 1) {
    const jobs = randomCase(random);
    const { travelHours: _travel, ...noTravel } = jobs;
    const many = scheduleRepairs(noTravel, MAX_CREWS);
    assert.equal(Array.from(many.restoreHours), Array.from(scheduleRepairs(noTravel, MAX_CREWS).restoreHours));
    assert.equal(Array.from(many.restoreHours), Array.from(scheduleRepairs(noTravel, null).restoreHours));
  }
});

test.run();
