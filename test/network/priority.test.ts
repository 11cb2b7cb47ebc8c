import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readDistributionModel } from '../../src/domain/gdm/index.js';
import { allowsWork, blockedCustomers, buildSupplyTree, buildTopology, ImpactRun, repairOrder, WorkCalendar } from '../../src/domain/network/index.js';
import { FeederBuilder } from './feeders.js';

/**
 * The radial feeder of energize.test.ts: src ─ b0 ─l1─ b1 ─l2─ b2, b1 ─l3─ b3 ─l4─ b4;
 * loads A on b1 (10 customers), B on b2 (20), C on b3 (5), D on b4 (7).
 */
const f = new FeederBuilder().bus('b0').bus('b1').bus('b2').bus('b3').bus('b4').source('src', 'b0');
f.line('l1', 'b0', 'b1').line('l2', 'b1', 'b2').line('l3', 'b1', 'b3').line('l4', 'b3', 'b4');
f.load('A', 'b1', 100, 10).load('B', 'b2', 50, 20).load('C', 'b3', 30, 5).load('D', 'b4', 70, 7);
const topology = buildTopology(readDistributionModel(f.build()));
const elementsOf = (...names: string[]) => Int32Array.from(names, (name) => topology.elementIndex.get(f.uuid(name))!);
const critical = (...names: string[]) => Uint8Array.from(topology.loads.name, (name) => (names.includes(name) ? 1 : 0));

const test = suite('repair priority');

test('each element carries the customers downstream of it; a failed element blocks those no failed element below it blocks', () => {
  const tree = buildSupplyTree(topology, critical('D'));
  const carried = (name: string) => tree.customers[topology.elementIndex.get(f.uuid(name))!];
  assert.equal(['src', 'l1', 'b1', 'l2', 'l3', 'b3', 'l4', 'A', 'D'].map(carried), [42, 42, 42, 20, 12, 12, 7, 10, 7]);
  // l1 and l4 fail: repairing l4 alone brings back no one, but D (7) waits for it; l1 alone blocks 42 - 7.
  const blocked = blockedCustomers(tree, elementsOf('l1', 'l4'));
  assert.equal(Array.from(blocked.customers), [35, 7]);
  assert.equal(Array.from(blocked.critical), [0, 7]);
});

test('customers: most customers per crew-hour first; critical: critical customers first; fifo: first ready first', () => {
  const tree = buildSupplyTree(topology, critical('D'));
  const failed = elementsOf('l2', 'l4', 'l3');
  const blocked = blockedCustomers(tree, failed);
  // Blocked 20, 7 and 5 customers; repairs of 10, 1 and 1 h: 2, 7 and 5 customers per crew-hour.
  const ready = Float64Array.of(0, 1, 2);
  const repair = Float64Array.of(10, 1, 1);
  const sorted = (policy: 'customers' | 'critical' | 'fifo') => [0, 1, 2].sort(repairOrder(policy, ready, repair, blocked));
  assert.equal(sorted('customers'), [1, 2, 0]);
  assert.equal(sorted('fifo'), [0, 1, 2]);
  // l4 carries D, the critical load; then by customers per crew-hour.
  assert.equal(sorted('critical'), [1, 2, 0]);
  const criticalB = blockedCustomers(buildSupplyTree(topology, critical('B')), failed);
  assert.equal([0, 1, 2].sort(repairOrder('critical', ready, repair, criticalB)), [0, 1, 2]);
});

test('crew travel: a straight line from the depot at the given speed, added before the repair', () => {
  // The builder puts bus i at longitude -79.9 + 0.001·(i + 1), latitude 32.8; l4 stands midway between b3 and b4.
  // Depot 0.01° west of that at the same latitude: 0.01° · cos(32.8°) · 111.32 km ≈ 0.9358 km on a sphere of the
  // WGS-84 equatorial radius (the geodesic differs by well under 1 %), at 30 km/h.
  const site = { longitude: -79.9 + 0.0045, latitude: 32.8 };
  const depot = { longitude: site.longitude - 0.01, latitude: 32.8 };
  const travel = { depot, speedKmh: 30, siteOf: (uuid: string) => (uuid === f.uuid('l4') ? site : undefined) };
  const run = new ImpactRun(topology, { seed: 0, crews: 1, timeStepHours: 1, lastHazardHours: 0, travel });
  const [repair] = run.addSample(0, [{ assetUuid: f.uuid('l4'), failHours: 2, repairHours: 5 }]).repairs;
  const expected = 2 + (0.01 * Math.cos((32.8 * Math.PI) / 180) * 111.32) / 30 + 5;
  assert.ok(Math.abs(repair.restored_hours - expected) < 0.01 * (expected - 7), `${repair.restored_hours} vs ${expected}`);
  assert.is(repair.dispatched_hours, 2);
});

const calendarSuite = suite('when crews may work');

calendarSuite('wind over 12.5 m/s, water above the equipment and a fire perimeter over the site stop work; absent intensities do not', () => {
  assert.equal([allowsWork('wind_speed', 12.5), allowsWork('wind_speed', 12.6), allowsWork('wind_speed', Number.NaN)], [true, false, true]);
  assert.equal([allowsWork('flood_depth', 0), allowsWork('flood_depth', 0.01), allowsWork('flood_depth', -1)], [true, false, true]);
  assert.equal([allowsWork('fire_boundary_distance', 0), allowsWork('fire_boundary_distance', 1)], [false, true]);
});

calendarSuite('work starts at the first workable timestamp at or after the failure, at the last timestamp at the latest', () => {
  // Timestamps 0, 6, 12 h. Site a: workable only at 12 h. Site b: never. Hazard bits: wind (bit 1) at a.
  const calendar = new WorkCalendar(['a', 'b'], Float64Array.of(0, 6, 12), Uint8Array.of(0, 0, 1, 0, 0, 0), Uint8Array.of(2, 2, 2, 0, 0, 0));
  assert.is(calendar.readyHours('a', 0), 12);
  assert.is(calendar.readyHours('a', 13), 13);
  assert.is(calendar.readyHours('b', 3), 12);
  assert.is(calendar.readyHours('not-a-site', 3), 3);
  assert.equal(calendar.hazardsAt('a', 6), ['wind']);
  assert.equal(calendar.hazardsAt('b', 6), []);
});

test.run();
calendarSuite.run();
