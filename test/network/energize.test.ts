import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readDistributionModel } from '../../src/domain/gdm/index.js';
import { buildTopology, ImpactRun, scheduleRepairs, type ScenarioFailure, type Topology } from '../../src/domain/network/index.js';
import { FeederBuilder } from './feeders.js';

/**
 * The radial feeder of these tests, worked by hand:
 *
 *   src ─ b0 ─l1─ b1 ─l2─ b2          loads: A on b1 (10 customers, 100 kW), B on b2 (20, 50 kW)
 *                  └─l3─ b3 ─l4─ b4          C on b3 (5, 30 kW),  D on b4 (7, 70 kW)
 *
 * plus, where a test asks, a tie switch s between b2 and b4 (open or closed).
 */
function radial(tie?: 'open' | 'closed'): FeederBuilder {
  const f = new FeederBuilder().bus('b0').bus('b1').bus('b2').bus('b3').bus('b4').source('src', 'b0');
  f.line('l1', 'b0', 'b1').line('l2', 'b1', 'b2').line('l3', 'b1', 'b3').line('l4', 'b3', 'b4');
  if (tie) f.switch('s', 'b2', 'b4', tie === 'closed');
  return f.load('A', 'b1', 100, 10).load('B', 'b2', 50, 20).load('C', 'b3', 30, 5).load('D', 'b4', 70, 7);
}

function topologyOf(f: FeederBuilder): Topology {
  return buildTopology(readDistributionModel(f.build()));
}

/** Runs one sample with given repair hours and unlimited crews; returns the sample metrics and each load's outage intervals by name. */
function runOne(f: FeederBuilder, failures: [string, number, number][], crews: number | null = null) {
  const topology = topologyOf(f);
  const run = new ImpactRun(topology, { seed: 0, crews, timeStepHours: 1, lastHazardHours: 3 });
  const scenario: ScenarioFailure[] = failures.map(([name, failHours, repairHours]) => ({ assetUuid: f.uuid(name), failHours, repairHours }));
  const { metrics, repairs } = run.addSample(0, scenario);
  const result = run.finish();
  const byName = Object.fromEntries(result.loads.map((load) => [load.name, load.expected_outage_hours]));
  return { metrics, result, byName, repairs };
}

const test = suite('network impact on hand-built feeders');

test('the graph of the radial feeder: 5 buses, 4 edges, one source, four loads all served; depths count hops from the source', () => {
  const f = radial();
  const topology = topologyOf(f);
  assert.equal([topology.busCount, topology.edgeCount, topology.sourceCount, topology.loads.count], [5, 4, 1, 4]);
  assert.equal(Array.from(topology.loads.servedNormally), [1, 1, 1, 1]);
  assert.equal(Array.from(topology.loads.customers), [10, 20, 5, 7]);
  assert.equal(Array.from(topology.loads.kw), [100, 50, 30, 70]);
  const depth = (name: string) => topology.elements.depth[topology.elementIndex.get(f.uuid(name))!];
  assert.equal(['b0', 'b1', 'b3', 'b4', 'l1', 'l3', 'l4', 'src'].map(depth), [0, 1, 2, 3, 0, 1, 2, 0]);
});

test('a failed upstream line darkens exactly its downstream loads, for its repair time', () => {
  const { metrics, byName } = runOne(radial(), [['l3', 2, 10]]);
  assert.equal(byName, { A: 0, B: 0, C: 10, D: 10 });
  assert.is(metrics.loads_out, 2);
  assert.is(metrics.customers_out_peak, 12);
  assert.is(metrics.kw_out_peak, 100);
  assert.is(metrics.customer_hours, 12 * 10);
  assert.is(metrics.energy_not_served_kwh, 100 * 10);
  assert.equal([metrics.restore_50_hours, metrics.restore_100_hours, metrics.restoration_hours], [12, 12, 12]);
});

test('an open tie switch keeps the loads beyond a failure dark; a closed one feeds them', () => {
  assert.equal(runOne(radial('open'), [['l3', 0, 10]]).byName, { A: 0, B: 0, C: 10, D: 10 });
  assert.equal(runOne(radial('closed'), [['l3', 0, 10]]).byName, { A: 0, B: 0, C: 0, D: 0 });
  // With the loop closed, a failed pole at b3 darkens only its own load; D is fed through the tie.
  assert.equal(runOne(radial('closed'), [['b3', 0, 4]]).byName, { A: 0, B: 0, C: 4, D: 0 });
  // The tie switch itself failing opens the loop: nothing changes while l3 stands.
  assert.equal(runOne(radial('closed'), [['s', 0, 4]]).byName, { A: 0, B: 0, C: 0, D: 0 });
});

test('customer-hours are the sum over loads of customers × outage duration (overlapping repairs, worked by hand)', () => {
  // l1 down [0, 5): A, B, C, D dark; l4 down [3, 13): D stays dark until 13.
  const { metrics, byName } = runOne(radial(), [
    ['l1', 0, 5],
    ['l4', 3, 10],
  ]);
  assert.equal(byName, { A: 5, B: 5, C: 5, D: 13 });
  assert.is(metrics.customer_hours, 10 * 5 + 20 * 5 + 5 * 5 + 7 * 13);
  assert.is(metrics.energy_not_served_kwh, 100 * 5 + 50 * 5 + 30 * 5 + 70 * 13);
  assert.is(metrics.customers_out_peak, 42);
  assert.is(metrics.customers_affected, 42);
  // 35 of 42 customers are back at 5 h (83 %): 50 % at 5 h, 90 % and 100 % at 13 h.
  assert.equal([metrics.restore_50_hours, metrics.restore_90_hours, metrics.restore_100_hours], [5, 13, 13]);
});

test('a load that comes back and fails again has two outages; its duration is their sum', () => {
  const { byName, result } = runOne(radial(), [
    ['l1', 0, 4],
    ['l3', 6, 2],
  ]);
  assert.equal(byName, { A: 4, B: 4, C: 6, D: 6 });
  // Customers out on the hourly axis: 42 for hours 0-3, 0 at 4 and 5, 12 at 6 and 7, then 0.
  assert.equal(
    result.curve.map((point) => point.customers_out.mean),
    [42, 42, 42, 42, 0, 0, 12, 12, 0],
  );
});

test('a failed source darkens every load; a failed bus with a load darkens that load until the bus is back', () => {
  assert.equal(runOne(radial(), [['src', 1, 3]]).byName, { A: 3, B: 3, C: 3, D: 3 });
  assert.equal(runOne(radial(), [['b2', 0, 6]]).byName, { A: 0, B: 6, C: 0, D: 0 });
});

test('restoration brings the sample back to zero customers out; the time axis reaches the last restoration', () => {
  const { result } = runOne(radial(), [
    ['l1', 0, 5],
    ['l4', 3, 10],
  ]);
  const last = result.curve[result.curve.length - 1];
  assert.is(last.hours, 13);
  assert.equal([last.customers_out.max, last.kw_out.max], [0, 0]);
  assert.is(result.curve[12].customers_out.mean, 7);
});

test('one crew repairs upstream first; two crews work at once', () => {
  // Both fail at 0 and wait; the one crew takes l1 (fewer hops from the source) first: l1 is back
  // at 5, then l4 at 5 + 10 = 15.
  const one = runOne(
    radial(),
    [
      ['l4', 0, 10],
      ['l1', 0, 5],
    ],
    1,
  );
  assert.equal(
    one.repairs.map((r) => [r.asset_uuid === radial().uuid('l1') ? 'l1' : 'l4', r.restored_hours]),
    [
      ['l4', 15],
      ['l1', 5],
    ],
  );
  assert.equal(one.byName, { A: 5, B: 5, C: 5, D: 15 });
  const two = runOne(
    radial(),
    [
      ['l4', 0, 10],
      ['l1', 0, 5],
    ],
    2,
  );
  assert.equal(
    two.repairs.map((r) => r.restored_hours),
    [10, 5],
  );
});

test('a crew that is idle waits for the next failure; a later failure first in the order jumps the queue', () => {
  // One crew. l3 fails at 0 (4 h of work), l2 at 1 (3 h), l1 at 2 (2 h), l1 first in the order. At 4 the
  // crew is free with l2 and l1 waiting: l1 first (back at 6), then l2 (back at 9).
  const rank = [1, 1, 0];
  const before = (a: number, b: number) => rank[a] - rank[b] || a - b;
  const restore = scheduleRepairs({ readyHours: Float64Array.of(0, 1, 2), repairHours: Float64Array.of(4, 3, 2), before }, 1).restoreHours;
  assert.equal(Array.from(restore), [4, 9, 6]);
  // A failure after the crew has gone idle starts when it happens.
  const later = scheduleRepairs({ readyHours: Float64Array.of(0, 10), repairHours: Float64Array.of(1, 1), before: (a, b) => a - b }, 1).restoreHours;
  assert.equal(Array.from(later), [1, 11]);
});

test('three crews and three assets that fail at 24 h: each repair starts at 24 h, none before its failure', () => {
  const schedule = scheduleRepairs({ readyHours: Float64Array.of(24, 24, 24), repairHours: Float64Array.of(3, 3, 3), before: (a, b) => a - b }, 3);
  assert.equal(Array.from(schedule.startHours), [24, 24, 24]);
  assert.equal(Array.from(schedule.restoreHours), [27, 27, 27]);
});

test('repair times: damage.csv hours are used as given; missing ones are drawn, positive and reproducible', () => {
  const f = radial();
  const topology = topologyOf(f);
  const draw = () => {
    const run = new ImpactRun(topology, { seed: 7, crews: null, timeStepHours: 1, lastHazardHours: 0 });
    return run.addSample(0, [
      { assetUuid: f.uuid('l1'), failHours: 0, repairHours: null },
      { assetUuid: f.uuid('src'), failHours: 0, repairHours: null },
      { assetUuid: f.uuid('l4'), failHours: 0, repairHours: 2.5 },
    ]).repairs;
  };
  const first = draw();
  assert.equal(first, draw());
  assert.equal(
    first.map((r) => r.repair_source),
    ['default', 'default', 'damage.csv'],
  );
  assert.is(first[2].repair_hours, 2.5);
  assert.ok(first[0].repair_hours > 0 && first[1].repair_hours > 0);
});

test('an asset the model does not hold is refused, naming the sample and the uuid', () => {
  const topology = topologyOf(radial());
  const run = new ImpactRun(topology, { seed: 0, crews: null, timeStepHours: 1, lastHazardHours: 0 });
  try {
    run.addSample(0, [{ assetUuid: 'ffffffff-0000-4000-8000-000000000000', failHours: 0, repairHours: 1 }]);
    assert.unreachable('should throw');
  } catch (error) {
    assert.is((error as { kind: string }).kind, 'invalid_input');
    assert.match((error as Error).message, /sample_0 fails asset ffffffff-0000-4000-8000-000000000000/);
  }
});

test('metrics over samples: mean and P10/P50/P90 by linear interpolation (numpy.percentile of [0, 120, 120, 266] gives 36, 120, 222.2)', () => {
  const f = radial();
  const run = new ImpactRun(topologyOf(f), { seed: 0, crews: null, timeStepHours: 1, lastHazardHours: 0 });
  run.addSample(0, []);
  run.addSample(1, [{ assetUuid: f.uuid('l3'), failHours: 2, repairHours: 10 }]);
  run.addSample(2, [{ assetUuid: f.uuid('l3'), failHours: 0, repairHours: 10 }]);
  run.addSample(3, [
    { assetUuid: f.uuid('l1'), failHours: 0, repairHours: 5 },
    { assetUuid: f.uuid('l4'), failHours: 3, repairHours: 10 },
  ]);
  const result = run.finish();
  const hours = result.summary.customer_hours;
  assert.equal([hours.mean, hours.min, hours.max], [(0 + 120 + 120 + 266) / 4, 0, 266]);
  assert.ok(Math.abs(hours.p10 - 36) < 1e-9 && hours.p50 === 120 && Math.abs(hours.p90 - 222.2) < 1e-9);
  const byName = Object.fromEntries(result.loads.map((load) => [load.name, load]));
  assert.is(byName.D.outage_probability, 0.75);
  assert.is(byName.D.expected_outage_hours, (10 + 10 + 13) / 4);
  assert.is(byName.D.mean_outage_hours_when_out, 11);
  assert.is(byName.A.outage_probability, 0.25);
});

test.run();
