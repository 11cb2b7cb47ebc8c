import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readDistributionModel } from '../../src/domain/gdm/index.js';
import { buildTopology, ImpactRun } from '../../src/domain/network/index.js';
import { haveSharedFixtures } from '../helpers/cli.js';
import { classOf, fixture } from '../gdm/helpers.js';

/**
 * Real GDM files (fixtures/gdm): which loads each single failure darkens, against a breadth-
 * first search written here over the raw JSON (references read straight from `__metadata__`),
 * independent of hazsim's reader and of the union-find.
 */
const FIXTURES = [
  'gmdflow_p5r/p5r.json',
  'gdm_main_p5r/p5r.json',
  'gmdflow_ieee13/ieee13_system.json',
  'gmdflow_ieee123/ieee_123_node.json',
  'gmdflow_P4U/P4U_system.json',
];
/** Loads in each file (fixtures/gdm/README.md and the files themselves). */
const LOAD_COUNTS: Record<string, number> = {
  'gmdflow_p5r/p5r.json': 2,
  'gdm_main_p5r/p5r.json': 2,
  'gmdflow_ieee13/ieee13_system.json': 15,
  'gmdflow_ieee123/ieee_123_node.json': 91,
  'gmdflow_P4U/P4U_system.json': 67,
};

const refUuid = (ref: any): string => (ref.__metadata__.fields ?? ref.__metadata__).uuid;

/** The raw graph: bus pairs per conducting component, source buses, load buses. */
function rawGraph(json: any) {
  const edges: { uuid: string; buses: string[] }[] = [];
  const sources: { uuid: string; bus: string }[] = [];
  const loads: { uuid: string; bus: string }[] = [];
  for (const component of json.components) {
    const type = classOf(component);
    if (component.in_service === false) continue;
    if (type === 'DistributionVoltageSource') sources.push({ uuid: component.uuid, bus: refUuid(component.bus) });
    else if (type === 'DistributionLoad') loads.push({ uuid: component.uuid, bus: refUuid(component.bus) });
    else if (Array.isArray(component.buses) && type !== 'DistributionBus') {
      if (Array.isArray(component.is_closed) && !component.is_closed.some(Boolean)) continue;
      edges.push({ uuid: component.uuid, buses: component.buses.map(refUuid) });
    }
  }
  return { edges, sources, loads };
}

/** Loads reached from a source when the component `removed` is out (breadth first over bus uuids). */
function reachedLoads(graph: ReturnType<typeof rawGraph>, removed: string | null): Set<string> {
  const neighbours = new Map<string, string[]>();
  for (const edge of graph.edges) {
    if (edge.uuid === removed || edge.buses.includes(removed!)) continue;
    for (const a of edge.buses) for (const b of edge.buses) if (a !== b) neighbours.set(a, [...(neighbours.get(a) ?? []), b]);
  }
  const seen = new Set(graph.sources.filter((source) => source.uuid !== removed && source.bus !== removed).map((source) => source.bus));
  const queue = [...seen];
  while (queue.length) for (const next of neighbours.get(queue.shift()!) ?? []) if (!seen.has(next) && (seen.add(next), true)) queue.push(next);
  return new Set(graph.loads.filter((load) => load.uuid !== removed && seen.has(load.bus)).map((load) => load.uuid));
}

const test = suite('network impact on the real GDM fixtures');

if (haveSharedFixtures()) {
  for (const file of FIXTURES) {
    test(`${file}: the normal state serves the loads a plain search reaches; each single failure darkens exactly the loads it cuts off`, () => {
      const json = fixture(file);
      const topology = buildTopology(readDistributionModel(json));
      const graph = rawGraph(json);
      assert.is(topology.loads.count, LOAD_COUNTS[file]);
      const served = reachedLoads(graph, null);
      assert.equal(
        topology.loads.uuid.filter((_, l) => topology.loads.servedNormally[l]),
        topology.loads.uuid.filter((uuid) => served.has(uuid)),
      );
      const candidates = [...graph.edges.map((edge) => edge.uuid), ...graph.sources.map((source) => source.uuid), ...topology.busUuid];
      let cuts = 0;
      for (const uuid of candidates) {
        const run = new ImpactRun(topology, { seed: 0, crews: null, timeStepHours: 1, lastHazardHours: 0 });
        run.addSample(0, [{ assetUuid: uuid, failHours: 1, repairHours: 2 }]);
        const out = run
          .finish()
          .loads.filter((load) => load.outage_probability > 0)
          .map((load) => load.uuid);
        const stillServed = reachedLoads(graph, uuid);
        const expected = [...served].filter((load) => !stillServed.has(load));
        assert.equal(out.sort(), expected.sort(), `failure of ${uuid}`);
        if (expected.length > 0) cuts += 1;
      }
      assert.ok(cuts > 0, 'some single failure cuts off loads');
    });
  }

  test('gmdflow_ieee13: a failed voltage source darkens all 15 loads; the time axis returns to zero once it is repaired', () => {
    const json = fixture('gmdflow_ieee13/ieee13_system.json');
    const topology = buildTopology(readDistributionModel(json));
    const source = json.components.find((component: any) => classOf(component) === 'DistributionVoltageSource');
    const run = new ImpactRun(topology, { seed: 0, crews: null, timeStepHours: 0.5, lastHazardHours: 0 });
    const { metrics } = run.addSample(0, [{ assetUuid: source.uuid, failHours: 0, repairHours: 3 }]);
    assert.equal([metrics.loads_out, metrics.customers_out_peak, metrics.customer_hours], [15, 15, 45]);
    const result = run.finish();
    assert.equal(
      result.curve.map((point) => point.customers_out.mean),
      [15, 15, 15, 15, 15, 15, 0],
    );
  });
}

test.run();
