import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import seedrandom from 'seedrandom';
import { readDistributionModel } from '../../src/domain/gdm/index.js';
import { buildTopology, ImpactRun } from '../../src/domain/network/index.js';
import { FeederBuilder } from './feeders.js';

/**
 * Switching before repair (docs/output-impact.md, "Switching"), worked by hand on a two-source
 * feeder, then checked on random feeders with switches and open ties against a search written
 * here over the builder's component list (sections, faulted section and ties found afresh).
 *
 *   src ─ b0 ─l1─ b1 ─f1─ b2 ─l2─ b3 ─sw─ b4 ─l4─ b5 ┄tie┄ b7 ─l6─ b6 ─ src2
 *   loads: A on b1 (10 customers), B on b3 (20), C on b5 (5), D on b7 (7); f1 and sw closed, tie open.
 */
function twoSources(): FeederBuilder {
  const f = new FeederBuilder();
  for (const bus of ['b0', 'b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7']) f.bus(bus);
  f.source('src', 'b0').source('src2', 'b6');
  f.line('l1', 'b0', 'b1').switch('f1', 'b1', 'b2', true).line('l2', 'b2', 'b3').switch('sw', 'b3', 'b4', true).line('l4', 'b4', 'b5');
  f.line('l6', 'b6', 'b7').switch('tie', 'b5', 'b7', false);
  return f.load('A', 'b1', 100, 10).load('B', 'b3', 50, 20).load('C', 'b5', 30, 5).load('D', 'b7', 70, 7);
}

/** Outage hours of each load by name when `failed` fails at 1 h for 10 h, switching after `delay` hours (undefined: no switching). */
function outageHours(f: FeederBuilder, failed: string, delay: number | undefined) {
  const topology = buildTopology(readDistributionModel(f.build()));
  const run = new ImpactRun(topology, {
    seed: 0,
    crews: null,
    timeStepHours: 1,
    lastHazardHours: 0,
    ...(delay === undefined ? {} : { switchingDelayHours: delay }),
  });
  const { metrics } = run.addSample(0, [{ assetUuid: f.uuid(failed), failHours: 1, repairHours: 10 }]);
  return { hours: Object.fromEntries(run.finish().loads.map((load) => [load.name, load.expected_outage_hours])), metrics };
}

const test = suite('switching before repair');

test('a fault on l2: f1 interrupts B and C; after an hour sw isolates the section, the tie feeds C from src2; B waits for the repair', () => {
  const { hours, metrics } = outageHours(twoSources(), 'l2', 1);
  assert.equal(hours, { A: 0, B: 10, C: 1, D: 0 });
  // IEEE 1366: both interruptions are sustained (over 5 minutes): CI = 20 + 5, CMI = 20·600 + 5·60.
  assert.equal([metrics.customers_interrupted, metrics.customer_minutes_interrupted], [25, 20 * 600 + 5 * 60]);
  assert.is(metrics.saifi, 25 / 42);
});

test('without switching the same fault darkens B and C until the repair', () => {
  assert.equal(outageHours(twoSources(), 'l2', undefined).hours, { A: 0, B: 10, C: 10, D: 0 });
});

test('a fault in the source section: the source breaker trips everything it feeds; after switching B and C come back through sw and the tie', () => {
  assert.equal(outageHours(twoSources(), 'l1', 0.5).hours, { A: 10, B: 0.5, C: 0.5, D: 0 });
});

test('a 3-minute switching delay: the customers switched back had a momentary interruption, left out of CI and CMI', () => {
  const { hours, metrics } = outageHours(twoSources(), 'l2', 0.05);
  assert.ok(Math.abs(hours.C - 0.05) < 1e-12);
  assert.equal([metrics.customers_interrupted, metrics.customer_minutes_interrupted], [20, 20 * 600]);
});

/** A random radial feeder from one or two sources, lines and closed switches, with open ties between random buses. */
function randomFeeder(random: () => number): {
  f: FeederBuilder;
  buses: string[];
  edges: { name: string; a: string; b: string; kind: 'line' | 'switch' | 'tie' }[];
} {
  const f = new FeederBuilder();
  const n = 6 + Math.floor(random() * 14);
  const buses = Array.from({ length: n }, (_, i) => `b${i}`);
  for (const bus of buses) f.bus(bus);
  const edges: { name: string; a: string; b: string; kind: 'line' | 'switch' | 'tie' }[] = [];
  const second = random() < 0.5 ? n - 1 : -1;
  f.source('s0', 'b0');
  if (second > 0) f.source('s1', buses[second]);
  for (let i = 1; i < n; i += 1) {
    if (i === second) continue;
    const parent = buses[Math.floor(random() * i)];
    const kind = random() < 0.3 ? 'switch' : 'line';
    edges.push({ name: `e${i}`, a: parent, b: buses[i], kind });
  }
  for (let t = 0; t < 1 + Math.floor(random() * 3); t += 1) {
    const a = buses[Math.floor(random() * n)];
    const b = buses[Math.floor(random() * n)];
    if (a !== b) edges.push({ name: `t${t}`, a, b, kind: 'tie' });
  }
  for (const edge of edges) {
    if (edge.kind === 'line') f.line(edge.name, edge.a, edge.b);
    else f.switch(edge.name, edge.a, edge.b, edge.kind === 'switch');
  }
  buses.forEach((bus, i) => {
    if (random() < 0.7) f.load(`L${i}`, bus, 10, 3 + Math.floor(random() * 5));
  });
  return { f, buses, edges };
}

/** Loads dark after switching, by a plain search: the faulted section's buses removed, every tie closed, the failed element out. */
function darkAfterSwitching(
  feeder: ReturnType<typeof randomFeeder>,
  failed: string,
  loads: string[],
  loadBus: Map<string, string>,
  sources: Map<string, string>,
) {
  const { edges } = feeder;
  // Sections: buses joined by lines.
  const section = new Map(feeder.buses.map((bus) => [bus, bus]));
  const root = (bus: string): string => (section.get(bus) === bus ? bus : root(section.get(bus)!));
  for (const edge of edges) if (edge.kind === 'line') section.set(root(edge.a), root(edge.b));
  const failedEdge = edges.find((edge) => edge.name === failed);
  const faulted = failedEdge ? (failedEdge.kind === 'line' ? root(failedEdge.a) : null) : feeder.buses.includes(failed) ? root(failed) : null;
  const removedBus = (bus: string) => bus === failed || (faulted !== null && root(bus) === faulted);
  const neighbours = new Map<string, string[]>();
  for (const edge of edges) {
    if (edge.name === failed || removedBus(edge.a) || removedBus(edge.b)) continue;
    neighbours.set(edge.a, [...(neighbours.get(edge.a) ?? []), edge.b]);
    neighbours.set(edge.b, [...(neighbours.get(edge.b) ?? []), edge.a]);
  }
  const seen = new Set([...sources.entries()].filter(([name, bus]) => name !== failed && !removedBus(bus)).map(([, bus]) => bus));
  const queue = [...seen];
  while (queue.length) for (const next of neighbours.get(queue.shift()!) ?? []) if (!seen.has(next) && (seen.add(next), true)) queue.push(next);
  return loads.filter((load) => !seen.has(loadBus.get(load)!)).sort();
}

test('on 300 random feeders with switches and open ties, the loads dark after switching are those a plain search cannot reach around the faulted section', () => {
  const random = seedrandom.alea('switching-oracle');
  let checked = 0;
  for (let trial = 0; trial < 300; trial += 1) {
    const feeder = randomFeeder(random);
    const json = feeder.f.build();
    const topology = buildTopology(readDistributionModel(json));
    const loadBus = new Map<string, string>();
    const sources = new Map<string, string>();
    for (const component of json.components as { type: string; name: string; bus?: { uuid: string } }[]) {
      const bus = component.bus ? feeder.buses.find((b) => feeder.f.uuid(b) === component.bus!.uuid)! : '';
      if (component.type === 'DistributionLoad') loadBus.set(component.name, bus);
      if (component.type === 'DistributionVoltageSource') sources.set(component.name, bus);
    }
    const served = topology.loads.name.filter((_, l) => topology.loads.servedNormally[l]);
    for (const failed of [...feeder.buses, ...feeder.edges.filter((edge) => edge.kind !== 'tie').map((edge) => edge.name), ...sources.keys()]) {
      const run = new ImpactRun(topology, { seed: 0, crews: null, timeStepHours: 1, lastHazardHours: 0, switchingDelayHours: 1 });
      run.addSample(0, [{ assetUuid: feeder.f.uuid(failed), failHours: 1, repairHours: 10 }]);
      const loads = run.finish().loads;
      // Dark after switching: out for the whole repair (10 h); switched back: out at most the 1 h delay.
      const dark = loads.filter((load) => load.expected_outage_hours > 1.5).map((load) => load.name);
      assert.ok(
        loads.every((load) => load.expected_outage_hours === 0 || load.expected_outage_hours === 10 || load.expected_outage_hours === 1),
        `trial ${trial}, ${failed}: every outage is the delay or the repair`,
      );
      assert.equal(dark.sort(), darkAfterSwitching(feeder, failed, served, loadBus, sources), `trial ${trial}: failure of ${failed}`);
      checked += 1;
    }
  }
  assert.ok(checked > 3000);
});

test.run();
