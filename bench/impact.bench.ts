// Network impact throughput and memory: a 100,000-asset feeder × 1,000 samples × 24 hazard timestamps.
//   npm run bench impact
// The feeder is a random tree of 50,000 buses (poles) and 49,999 spans with a load on every
// other bus; in each sample every asset fails with probability 0.2 % at one of 24 hourly
// timestamps (about 200 failures in up to 24 failure times), repairs drawn from the default
// times. Each sample's failures are drawn when it is analysed and its repairs are written to
// the result file at once, as `hazsim impact` does, so the peak RSS shows what the analysis
// holds. Prints the time to build the graph, then wall time, CPU time and peak RSS of the
// analysis (one thread) with the run's settings (HAZSIM_BENCH_IMPACT_SWITCHING=none|flisr,
// HAZSIM_BENCH_IMPACT_CREWS=<n>). HAZSIM_BENCH_IMPACT_BUSES and _SAMPLES change the size.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import seedrandom from 'seedrandom';
import { readDistributionModel } from '../src/domain/gdm/index.js';
import { buildTopology, ImpactRun, ImpactSqliteWriter, type ScenarioFailure } from '../src/domain/network/index.js';

const BUSES = Number(process.env.HAZSIM_BENCH_IMPACT_BUSES ?? 50_000);
const SAMPLES = Number(process.env.HAZSIM_BENCH_IMPACT_SAMPLES ?? 1_000);
const SWITCHING = process.env.HAZSIM_BENCH_IMPACT_SWITCHING ?? 'flisr';
const CREWS = process.env.HAZSIM_BENCH_IMPACT_CREWS ? Number(process.env.HAZSIM_BENCH_IMPACT_CREWS) : null;
const TIMESTAMPS = 24;
const FAILURE_PROBABILITY = 0.002;

function uuid(kind: number, index: number): string {
  return `00000000-0000-4000-${(8000 + kind).toString()}-${index.toString(16).padStart(12, '0')}`;
}

const matrix = (d: string, o: string) => [
  [d, o, o],
  [o, d, o],
  [o, o, d],
];

/** The nested-form feeder: one shared line and load equipment, bus i hangs off a random bus among the 20 before it. */
function treeFeeder(): object {
  const random = seedrandom.alea('impact-bench');
  const components: object[] = [];
  const lineEquipment = {
    type: 'MatrixImpedanceBranchEquipment',
    uuid: uuid(1, 0),
    name: 'span',
    r_matrix: matrix('0.3 ohm / kilometer', '0.1 ohm / kilometer'),
    x_matrix: matrix('0.6 ohm / kilometer', '0.2 ohm / kilometer'),
    c_matrix: matrix('8 nanofarad / kilometer', '-2 nanofarad / kilometer'),
    ampacity: '400 ampere',
  };
  const phase = {
    type: 'PhaseLoadEquipment',
    uuid: uuid(2, 0),
    name: 'house',
    real_power: '2 kilowatt',
    reactive_power: '0 kilovar',
    z_real: 0,
    z_imag: 0,
    i_real: 0,
    i_imag: 0,
    p_real: 1,
    p_imag: 1,
    num_customers: 1,
  };
  const loadEquipment = { type: 'LoadEquipment', uuid: uuid(2, 1), name: 'house_eq', phase_loads: [phase] };
  for (let b = 0; b < BUSES; b += 1) {
    components.push({
      type: 'DistributionBus',
      uuid: uuid(3, b),
      name: `b${b}`,
      voltage_type: 'line-to-ground',
      phases: ['A', 'B', 'C'],
      rated_voltage: '7.2 kilovolt',
      coordinate: { x: -80 + (b % 250) * 0.0004, y: 32.7 + Math.floor(b / 250) * 0.0004 },
    });
    if (b > 0) {
      const parent = b - 1 - Math.floor(random() * Math.min(b, 20));
      components.push({
        type: 'MatrixImpedanceBranch',
        uuid: uuid(4, b),
        name: `l${b}`,
        buses: [{ uuid: uuid(3, parent) }, { uuid: uuid(3, b) }],
        length: '0.05 kilometer',
        phases: ['A', 'B', 'C'],
        equipment: b === 1 ? lineEquipment : { uuid: lineEquipment.uuid },
      });
    }
    if (b % 2 === 1)
      components.push({
        type: 'DistributionLoad',
        uuid: uuid(5, b),
        name: `load${b}`,
        bus: { uuid: uuid(3, b) },
        phases: ['A'],
        equipment: b === 1 ? loadEquipment : { uuid: loadEquipment.uuid },
      });
  }
  components.push({
    type: 'DistributionVoltageSource',
    uuid: uuid(6, 0),
    name: 'substation',
    bus: { uuid: uuid(3, 0) },
    phases: ['A', 'B', 'C'],
    equipment: {
      type: 'VoltageSourceEquipment',
      name: 'grid',
      sources: ['A', 'B', 'C'].map((p) => ({
        type: 'PhaseVoltageSourceEquipment',
        name: `grid_${p}`,
        r0: '0.5 ohm',
        r1: '0.25 ohm',
        x0: '3 ohm',
        x1: '1.5 ohm',
        voltage: '7.2 kilovolt',
        voltage_type: 'line-to-ground',
        angle: '0 degree',
      })),
    },
  });
  return { name: 'impact_bench', components, properties: {} };
}

let started = performance.now();
const topology = buildTopology(readDistributionModel(treeFeeder()));
const assetUuids = topology.elements.uuid.filter((_, e) => topology.elements.kind[e] === 'bus' || topology.elements.kind[e] === 'edge');
console.log(
  `BENCH impact graph: ${assetUuids.length} assets, ${topology.loads.count} loads, read and built in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

/** The failures of sample s: every asset fails with FAILURE_PROBABILITY at a random hourly timestamp. */
function failuresOf(s: number): ScenarioFailure[] {
  const random = seedrandom.alea(`failures:${s}`);
  const failures: ScenarioFailure[] = [];
  for (const assetUuid of assetUuids)
    if (random() < FAILURE_PROBABILITY) failures.push({ assetUuid, failHours: Math.floor(random() * TIMESTAMPS), repairHours: null });
  return failures.sort((a, b) => a.failHours - b.failHours);
}

const output = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hazsim-impact-bench-')), 'impact.sqlite');
started = performance.now();
const cpuBefore = process.cpuUsage();
const run = new ImpactRun(topology, {
  seed: 1,
  crews: CREWS,
  timeStepHours: 1,
  lastHazardHours: TIMESTAMPS - 1,
  ...(SWITCHING === 'flisr' ? { switchingDelayHours: 1 } : {}),
});
const writer = new ImpactSqliteWriter(output, '2024-01-01T00:00:00');
let totalFailures = 0;
for (let s = 0; s < SAMPLES; s += 1) {
  const failures = failuresOf(s);
  totalFailures += failures.length;
  writer.repairs(run.addSample(s, failures).repairs);
}
const result = run.finish();
writer.finish(result, {});
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const meanFailures = totalFailures / SAMPLES;
console.log(
  `BENCH impact: ${SAMPLES} samples × ${assetUuids.length} assets × ${TIMESTAMPS} timestamps (${meanFailures.toFixed(0)} failures per sample), switching ${SWITCHING}, crews ${CREWS ?? 'unlimited'}: ` +
    `wall ${seconds.toFixed(1)} s, CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s, peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB; ` +
    `${((SAMPLES * assetUuids.length) / seconds / 1e6).toFixed(1)} M asset-samples/s (one thread, failures drawn and result written included)`,
);
console.log(
  `BENCH impact: mean customer-hours ${result.summary.customer_hours.mean.toFixed(0)}, SAIDI P50 ${result.summary.saidi_minutes.p50.toFixed(0)} min, time axis ${result.curve.length} points`,
);
fs.rmSync(path.dirname(output), { recursive: true, force: true });
