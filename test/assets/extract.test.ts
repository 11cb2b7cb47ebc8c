import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { extractAssets, ASSET_HEIGHTS_M, GDM_READING, type AssetExtraction, type AssetType } from '../../src/domain/assets/index.js';
import { readDistributionModel } from '../../src/domain/gdm/index.js';
import { haveSharedFixtures } from '../helpers/cli.js';
import { bus, fixture, line, lineEquipment, nested } from '../gdm/helpers.js';
import { EXAMPLE_4_2 } from '../gdm/kersting.js';

function countsByType(extraction: AssetExtraction): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const type of extraction.assets.assetType) counts[type] = (counts[type] ?? 0) + 1;
  for (const note of extraction.unlocated) counts[note.assetType!] = (counts[note.assetType!] ?? 0) + 1;
  return counts;
}

function typeOf(extraction: AssetExtraction, name: string): AssetType | undefined {
  const index = extraction.assets.name.indexOf(name);
  return index >= 0 ? extraction.assets.assetType[index] : extraction.unlocated.find((note) => note.name === name)?.assetType;
}

const fixtures = suite('extractAssets on the real GDM files');

fixtures('P4U: 149 lines split by voltage and capacitance, every bus on a line, all located', () => {
  if (!haveSharedFixtures()) return;
  const extraction = extractAssets(readDistributionModel(fixture('gmdflow_P4U/P4U_system.json')), GDM_READING);
  // 1 voltage source, 31 POLE_MOUNT transformers; of the 149 MatrixImpedanceBranch, the 68 whose
  // equipment has c_matrix[0][0] > 0.05 µF/km are cables (9 of them on 69 kV or 230 kV buses)
  // and 81 are overhead (1 of them at 69 kV); all 181 buses touch a line.
  assert.equal(countsByType(extraction), {
    substation: 1,
    transformer_pole_mount: 31,
    distribution_overhead_lines: 80,
    distribution_underground_cables: 59,
    transmission_overhead_lines: 1,
    transmission_underground_cables: 9,
    distribution_poles: 117,
    distribution_junction_box: 52,
    transmission_tower: 2,
    transmission_junction_box: 10,
  });
  assert.is(extraction.unlocated.length, 0);
  assert.is(extraction.assets.count + extraction.notAssets.length, 863);
  for (let i = 0; i < extraction.assets.count; i += 1) {
    assert.ok(extraction.assets.longitude[i] > -122.44 && extraction.assets.longitude[i] < -122.41, 'longitude inside the P4U area');
    assert.ok(extraction.assets.latitude[i] > 37.8 && extraction.assets.latitude[i] < 37.82, 'latitude inside the P4U area');
  }
});

fixtures('IEEE-13: two cables (lines 606 and 607), nine overhead lines, and coordinates that are not longitude/latitude', () => {
  if (!haveSharedFixtures()) return;
  const extraction = extractAssets(readDistributionModel(fixture('gmdflow_ieee13/ieee13_system.json')), GDM_READING);
  const counts = countsByType(extraction);
  assert.is(counts.distribution_underground_cables, 2);
  assert.is(counts.distribution_overhead_lines, 9);
  assert.is(counts.switch, 1);
  assert.is(counts.transformer_pole_mount, 5);
  assert.is(counts.substation, 1);
  assert.ok(extraction.unlocated.some((note) => /is not a longitude\/latitude read as x = longitude, y = latitude$/.test(note.reason)));
  for (const longitude of extraction.assets.longitude) assert.ok(Math.abs(longitude) <= 180);
});

fixtures('IEEE-123: one shared Location at (0, 0) is a placeholder, so nothing is placed', () => {
  if (!haveSharedFixtures()) return;
  const extraction = extractAssets(readDistributionModel(fixture('gmdflow_ieee123/ieee_123_node.json')), GDM_READING);
  assert.is(extraction.assets.count, 0);
  assert.ok(extraction.unlocated.length > 250);
  assert.match(extraction.unlocated[0].reason, /is at x = 0, y = 0, a placeholder rather than a place/);
});

fixtures.run();

const rules = suite('extractAssets rules (docs/input-distribution.md) on hand-made models');

rules('35 kV on the first bus, line-to-line (a line-to-ground rating times √3)', () => {
  const model = readDistributionModel(
    nested([
      line(
        'll_35',
        bus('a', { kv: '35 kilovolt', voltageType: 'line-to-line', x: -80, y: 32 }),
        bus('b', { kv: '35 kilovolt', voltageType: 'line-to-line', x: -80.01, y: 32 }),
        lineEquipment('e1'),
      ),
      line('lg_20', bus('c', { kv: '20 kilovolt', x: -80, y: 32 }), bus('d', { kv: '20 kilovolt', x: -80.01, y: 32 }), lineEquipment('e2')),
      line('lg_20_3', bus('e', { kv: '20.3 kilovolt', x: -80, y: 32 }), bus('f', { kv: '20.3 kilovolt', x: -80.01, y: 32 }), lineEquipment('e3')),
    ]),
  );
  const extraction = extractAssets(model, GDM_READING);
  assert.is(typeOf(extraction, 'll_35'), 'distribution_overhead_lines');
  assert.is(typeOf(extraction, 'lg_20'), 'distribution_overhead_lines'); // 34.64 kV
  assert.is(typeOf(extraction, 'lg_20_3'), 'transmission_overhead_lines'); // 35.16 kV
  assert.is(typeOf(extraction, 'e'), 'transmission_tower');
});

rules('a cable by construction UNDERGROUND, by concentric-neutral conductors or by shunt capacitance; OVERHEAD decides nothing', () => {
  const at = (name: string, x: number) => bus(name, { x, y: 32.8 });
  const model = readDistributionModel(
    nested([
      line('declared_underground', at('a1', -79.95), at('a2', -79.951), lineEquipment('u', { construction: 'UNDERGROUND' })),
      line(
        'cable_capacitance',
        at('b1', -79.95),
        at('b2', -79.951),
        lineEquipment('c', { cDiagonal: '0.06 microfarad / kilometer', construction: 'OVERHEAD' }),
      ),
      line('overhead_capacitance', at('c1', -79.95), at('c2', -79.951), lineEquipment('o', { cDiagonal: '0.04 microfarad / kilometer' })),
      {
        type: 'GeometryBranch',
        name: 'concentric',
        buses: [at('d1', -79.95), at('d2', -79.951)],
        length: '100 meter',
        phases: ['A', 'B', 'C'],
        equipment: EXAMPLE_4_2,
      },
    ]),
  );
  const extraction = extractAssets(model, GDM_READING);
  assert.is(typeOf(extraction, 'declared_underground'), 'distribution_underground_cables');
  assert.is(typeOf(extraction, 'cable_capacitance'), 'distribution_underground_cables');
  assert.is(typeOf(extraction, 'overhead_capacitance'), 'distribution_overhead_lines');
  assert.is(typeOf(extraction, 'concentric'), 'distribution_underground_cables');
});

rules("a bus takes the most common structure of its lines, overhead first on ties; a line stands at its buses' midpoint", () => {
  const hub = bus('hub', { x: -79.95, y: 32.8 });
  const ref = { uuid: hub.uuid };
  const spoke = (name: string, x: number) => bus(name, { x, y: 32.7 });
  const overhead = lineEquipment('oh');
  const underground = lineEquipment('ug', { construction: 'UNDERGROUND' });
  const tie = bus('tie', { x: -79.9, y: 32.75 });
  const model = readDistributionModel(
    nested([
      line('oh1', hub, spoke('s1', -79.9), overhead),
      line('ug1', ref, spoke('s2', -79.91), underground),
      line('ug2', ref, spoke('s3', -79.92), { uuid: underground.uuid }),
      line('oh2', tie, spoke('s4', -79.93), { uuid: overhead.uuid }),
      line('ug3', { uuid: tie.uuid }, spoke('s5', -79.94), { uuid: underground.uuid }),
    ]),
  );
  const extraction = extractAssets(model, GDM_READING);
  assert.is(typeOf(extraction, 'hub'), 'distribution_junction_box');
  assert.is(typeOf(extraction, 'tie'), 'distribution_poles');
  const index = extraction.assets.name.indexOf('oh1');
  assert.ok(Math.abs(extraction.assets.longitude[index] - -79.925) < 1e-12);
  assert.ok(Math.abs(extraction.assets.latitude[index] - 32.75) < 1e-12);
  assert.is(extraction.assets.heightM[index], ASSET_HEIGHTS_M.distribution_overhead_lines);
  assert.is(extraction.assets.heightM[extraction.assets.name.indexOf('hub')], -1);
});

rules('devices by class: substation, solar, battery, switches, transformers by mounting', () => {
  const b1 = bus('b1', { x: -79.95, y: 32.79 });
  const b2 = bus('b2', { x: -79.94, y: 32.79, kv: '0.24 kilovolt', voltageType: 'line-to-line' });
  const winding = (kv: string, voltageType: string) => ({
    type: 'WindingEquipment',
    resistance: 1,
    is_grounded: true,
    rated_voltage: kv,
    voltage_type: voltageType,
    rated_power: '50 kilova',
    num_phases: 3,
    connection_type: 'STAR',
    tap_positions: [1, 1, 1],
  });
  const transformer = (name: string, mounting: string) => ({
    type: 'DistributionTransformer',
    name,
    buses: [{ uuid: b1.uuid }, { uuid: b2.uuid }],
    winding_phases: [
      ['A', 'B', 'C'],
      ['A', 'B', 'C'],
    ],
    equipment: {
      type: 'DistributionTransformerEquipment',
      name: `${name}_eq`,
      mounting,
      pct_no_load_loss: 0.1,
      pct_full_load_loss: 1,
      windings: [winding('7.2 kilovolt', 'line-to-ground'), winding('0.24 kilovolt', 'line-to-line')],
      coupling_sequences: [[0, 1]],
      winding_reactances: [3],
      is_center_tapped: false,
    },
  });
  const switchEquipment = { ...lineEquipment('sw'), type: 'MatrixImpedanceSwitchEquipment' };
  const model = readDistributionModel(
    nested([
      b1,
      b2,
      transformer('pole', 'POLE_MOUNT'),
      transformer('pad', 'PAD_MOUNT'),
      transformer('vault', 'UNDERGROUND_VAULT'),
      {
        type: 'MatrixImpedanceSwitch',
        name: 'sw1',
        buses: [{ uuid: b1.uuid }, bus('b3', { x: -79.96, y: 32.79 })],
        length: '1 meter',
        phases: ['A', 'B', 'C'],
        is_closed: [true, true, true],
        equipment: switchEquipment,
      },
      {
        type: 'DistributionVoltageSource',
        name: 'source',
        bus: { uuid: b1.uuid },
        phases: ['A', 'B', 'C'],
        equipment: {
          type: 'VoltageSourceEquipment',
          name: 'vs',
          sources: [
            {
              type: 'PhaseVoltageSourceEquipment',
              name: 'a',
              r0: '0.1 ohm',
              r1: '0.1 ohm',
              x0: '1 ohm',
              x1: '1 ohm',
              voltage: '7.2 kilovolt',
              angle: '0 degree',
            },
          ],
        },
      },
    ]),
  );
  const extraction = extractAssets(model, GDM_READING);
  assert.is(typeOf(extraction, 'pole'), 'transformer_pole_mount');
  assert.is(typeOf(extraction, 'pad'), 'transformer_pad_mount');
  assert.is(typeOf(extraction, 'vault'), 'transformer_pad_mount');
  assert.is(typeOf(extraction, 'sw1'), 'switch');
  assert.is(typeOf(extraction, 'source'), 'substation');
  assert.is(extraction.assets.heightM[extraction.assets.name.indexOf('pad')], 0.3);
  // b1 and b2 touch no line: a switch is not a line.
  const b1Note = extraction.notAssets.find((note) => note.name === 'b1')!;
  assert.match(b1Note.reason, /no line connects to this bus/);
  assert.match(extraction.notAssets.find((note) => note.componentType === 'VoltageSourceEquipment')!.reason, /equipment or control data/);
});

rules('components without a usable location are reported with a reason, never placed at 0,0', () => {
  const model = readDistributionModel(
    nested([
      line('half_located', bus('here', { x: -79.95, y: 32.8 }), bus('nowhere'), lineEquipment('e1')),
      // Latitude in x and longitude in y, as in gdm's own p5r.json.
      line('swapped', bus('s1', { x: 36.6, y: -120.9 }), bus('s2', { x: 36.61, y: -120.9 }), lineEquipment('e2')),
    ]),
  );
  const extraction = extractAssets(model, GDM_READING);
  assert.equal(
    extraction.unlocated.map((note) => [note.name, note.assetType]),
    [
      ['half_located', 'distribution_overhead_lines'],
      ['nowhere', 'distribution_poles'],
      ['swapped', 'distribution_overhead_lines'],
      ['s1', 'distribution_poles'],
      ['s2', 'distribution_poles'],
    ],
  );
  const reasons = Object.fromEntries(extraction.unlocated.map((note) => [note.name, note.reason]));
  assert.is(reasons.half_located, 'bus "nowhere" has no coordinate');
  assert.is(reasons.nowhere, 'bus "nowhere" has no coordinate');
  assert.match(reasons.swapped, /bus "s1" is at x = 36.6, y = -120.9, which is not a longitude\/latitude/);
  assert.equal(extraction.assets.name, ['here']);
  assert.ok(!Array.from(extraction.assets.longitude).includes(0));
});

rules.run();
