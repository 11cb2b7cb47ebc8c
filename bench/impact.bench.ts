// Network impact throughput: a 100,000-asset feeder × 1,000 samples × 24 hazard timestamps.
//   npm run bench impact
// The feeder is a random tree of 50,000 buses (poles) and 49,999 spans with a load on every
// other bus; in each sample every asset fails with probability 0.2 % at one of 24 hourly
// timestamps (about 200 failures in up to 24 failure times), repairs drawn from the default
// times. Prints the time to build the graph and asset-samples per second for the energization
// and metrics of every sample (one thread), and the sample count done per minute.
import seedrandom from 'seedrandom';
import { readDistributionModel } from '../src/domain/gdm/index.js';
import { buildTopology, ImpactRun, type ScenarioFailure } from '../src/domain/network/index.js';

const BUSES = 50_000;
const SAMPLES = Number(process.env.HAZSIM_BENCH_IMPACT_SAMPLES ?? 1_000);
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

// The failures are drawn before timing: the scenario engine's work is its own benchmark.
const samples: ScenarioFailure[][] = [];
for (let s = 0; s < SAMPLES; s += 1) {
  const random = seedrandom.alea(`failures:${s}`);
  const failures: ScenarioFailure[] = [];
  for (const assetUuid of assetUuids)
    if (random() < FAILURE_PROBABILITY) failures.push({ assetUuid, failHours: Math.floor(random() * TIMESTAMPS), repairHours: null });
  failures.sort((a, b) => a.failHours - b.failHours);
  samples.push(failures);
}
const meanFailures = samples.reduce((sum, failures) => sum + failures.length, 0) / SAMPLES;

started = performance.now();
const run = new ImpactRun(topology, { seed: 1, crews: null, timeStepHours: 1, lastHazardHours: TIMESTAMPS - 1 });
for (let s = 0; s < SAMPLES; s += 1) run.addSample(s, samples[s]);
const result = run.finish();
const seconds = (performance.now() - started) / 1000;
console.log(
  `BENCH impact: ${SAMPLES} samples × ${assetUuids.length} assets × ${TIMESTAMPS} timestamps (${meanFailures.toFixed(0)} failures per sample) in ${seconds.toFixed(1)} s: ` +
    `${((SAMPLES * assetUuids.length) / seconds / 1e6).toFixed(1)} M asset-samples/s, ${Math.round((SAMPLES / seconds) * 60)} samples/min (one thread)`,
);
console.log(`BENCH impact: mean customer-hours ${result.summary.customer_hours.mean.toFixed(0)}, time axis ${result.curve.length} points`);
