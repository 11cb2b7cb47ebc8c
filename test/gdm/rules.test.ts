import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { validateDistributionContent } from '../../src/domain/gdm/index.js';
import { haveSharedFixtures } from '../helpers/cli.js';
import { bus, classOf, fixture, line, lineEquipment, nested, uuid } from './helpers.js';

function messages(content: unknown): string[] {
  return validateDistributionContent(content).map((issue) => `${issue.path}: ${issue.message}`);
}

const branches = suite("gdm's branch rules");

branches('the bus-voltage check compares the numbers as written: 400 V vs 0.4 kV is rejected', () => {
  const from = bus('b1', { kv: '400 volt' });
  const to = bus('b2', { kv: '0.4 kilovolt' });
  assert.equal(messages(nested([line('l1', from, to, lineEquipment('e'))])), [
    'components[0] (MatrixImpedanceBranch "l1").buses: its buses\' rated voltages differ: 400 volt vs 0.4 kilovolt (gdm compares the numbers as written, ignoring units, within 0.1 %)',
  ]);
  assert.equal(messages(nested([line('l1', bus('b1', { kv: '400 volt' }), bus('b2', { kv: '400.3 volt' }), lineEquipment('e'))])), []);
  assert.is(messages(nested([line('l1', bus('b1', { kv: '400 volt' }), bus('b2', { kv: '401 volt' }), lineEquipment('e'))])).length, 1);
});

branches('a branch needs two different buses carrying its phases, each phase once', () => {
  const one = bus('b1', { phases: ['A', 'B'] });
  const found = messages(nested([line('l1', one, { uuid: (one as any).uuid }, lineEquipment('e'), { phases: ['A', 'C', 'A'] })]));
  assert.ok(found.includes('components[0] (MatrixImpedanceBranch "l1").phases[1]: phase C is not on bus "b1" (its phases: A, B)'), found.join('\n'));
  assert.ok(found.includes('components[0] (MatrixImpedanceBranch "l1").buses: both ends are bus "b1"; a branch connects two different buses'));
  assert.ok(found.includes('components[0] (MatrixImpedanceBranch "l1").phases[2]: phase A is listed twice'));
});

branches('switches skip the branch checks: three buses, one bus twice, an N the buses lack', () => {
  const b1 = bus('b1');
  const b2 = bus('b2', { kv: '0.24 kilovolt' });
  const equipment = { ...lineEquipment('sw', { size: 4 }), type: 'MatrixImpedanceSwitchEquipment' };
  const sw = {
    type: 'MatrixImpedanceSwitch',
    name: 's1',
    buses: [b1, { uuid: b1.uuid }, b2],
    length: '1 meter',
    phases: ['A', 'B', 'C', 'N'],
    is_closed: [true, true, true, true],
    equipment,
  };
  assert.equal(messages(nested([sw])), []);
  sw.is_closed = [true];
  assert.equal(messages(nested([sw])), ['components[0] (MatrixImpedanceSwitch "s1").is_closed: has 1 entries but phases has 4; one state per phase']);
});

branches('GeometryBranch never checks its phases against its conductors (2 phases, 3 conductors)', () => {
  const conductor = {
    type: 'BareConductorEquipment',
    uuid: uuid(),
    name: '336,400 26/7 ACSR',
    conductor_diameter: '0.721 inch',
    conductor_gmr: '0.0244 foot',
    ampacity: '530 ampere',
    emergency_ampacity: '600 ampere',
    ac_resistance: '0.306 ohm / mile',
    dc_resistance: '0.3 ohm / mile',
  };
  const equipment = {
    type: 'GeometryBranchEquipment',
    name: 'g',
    conductors: [conductor, { uuid: conductor.uuid }, { uuid: conductor.uuid }],
    horizontal_positions: ['0 foot', '2.5 foot', '7 foot'],
    vertical_positions: ['29 foot', '29 foot', '29 foot'],
  };
  const branch = { type: 'GeometryBranch', name: 'g1', buses: [bus('b1'), bus('b2')], length: '1 mile', phases: ['A', 'B'], equipment };
  assert.equal(messages(nested([branch])), []);
  equipment.horizontal_positions = ['0 foot', '2.5 foot'];
  assert.equal(messages(nested([branch])), [
    'components[0].equipment (GeometryBranchEquipment "g").horizontal_positions: has 2 entries but there are 3 conductors',
  ]);
});

branches('a matrix branch needs n×n matrices for n phases; a sequence branch more than one phase', () => {
  const equipment = lineEquipment('e', { size: 2 });
  assert.equal(messages(nested([line('l1', bus('b1'), bus('b2'), equipment)])), [
    'components[0] (MatrixImpedanceBranch "l1").equipment: equipment "e" has a 2×2 r_matrix, but the branch has 3 phases',
    'components[0] (MatrixImpedanceBranch "l1").equipment: equipment "e" has a 2×2 x_matrix, but the branch has 3 phases',
    'components[0] (MatrixImpedanceBranch "l1").equipment: equipment "e" has a 2×2 c_matrix, but the branch has 3 phases',
  ]);
  const sequence = {
    type: 'SequenceImpedanceBranchEquipment',
    name: 's',
    pos_seq_resistance: '0.1 ohm / kilometer',
    zero_seq_resistance: '0.3 ohm / kilometer',
    pos_seq_reactance: '0.4 ohm / kilometer',
    zero_seq_reactance: '1.2 ohm / kilometer',
    pos_seq_capacitance: '10 nanofarad / kilometer',
    zero_seq_capacitance: '5 nanofarad / kilometer',
    ampacity: '300 ampere',
  };
  const single = { type: 'SequenceImpedanceBranch', name: 'q1', buses: [bus('b1'), bus('b2')], length: '1 kilometer', phases: ['A'], equipment: sequence };
  assert.equal(messages(nested([single])), ['components[0] (SequenceImpedanceBranch "q1").phases: a sequence impedance branch cannot have a single phase']);
});

branches.run();

const devices = suite("gdm's device and equipment rules");

function phaseLoad(fractions: [number, number, number], realPower = '10 kilowatt') {
  return {
    type: 'PhaseLoadEquipment',
    uuid: uuid(),
    name: 'pl',
    real_power: realPower,
    reactive_power: '0 kilovar',
    z_real: fractions[0],
    i_real: fractions[1],
    p_real: fractions[2],
    z_imag: 0,
    i_imag: 0,
    p_imag: 0,
  };
}

devices('ZIP fractions must sum to exactly 1, added z + i + p in doubles', () => {
  assert.equal(messages(nested([phaseLoad([0.1, 0.2, 0.7])])), []);
  assert.equal(messages(nested([phaseLoad([0.7, 0.2, 0.1])])), [
    'components[0] (PhaseLoadEquipment "pl").z_real: z_real + i_real + p_real = 0.9999999999999999; with nonzero real_power the fractions must sum to exactly 1',
  ]);
  // With no power the fractions are not checked.
  assert.equal(messages(nested([phaseLoad([0, 0, 0], '0 kilowatt')])), []);
});

devices('a load has one phase load per phase, on phases of its bus', () => {
  const load = {
    type: 'DistributionLoad',
    name: 'ld',
    bus: bus('b1', { phases: ['A', 'B'] }),
    phases: ['A', 'C'],
    equipment: { type: 'LoadEquipment', name: 'le', phase_loads: [phaseLoad([0, 0, 1])] },
  };
  assert.equal(messages(nested([load])), [
    'components[0] (DistributionLoad "ld").phases[1]: phase C is not on bus "b1" (its phases: A, B)',
    'components[0] (DistributionLoad "ld").phases: has 2 phases but equipment "le" has 1 phase loads; they pair by position',
  ]);
});

devices("capacitor phase and controller counts are not enforced (gdm's checks never raise)", () => {
  const phaseCapacitor = { type: 'PhaseCapacitorEquipment', name: 'pc', rated_reactive_power: '100 kilovar', num_banks_on: 1 };
  const equipment = {
    type: 'CapacitorEquipment',
    name: 'ce',
    phase_capacitors: [phaseCapacitor],
    rated_voltage: '4.16 kilovolt',
    voltage_type: 'line-to-line',
  };
  const capacitor = { type: 'DistributionCapacitor', name: 'c1', bus: bus('b1'), phases: ['A', 'B', 'C'], equipment };
  assert.equal(messages(nested([capacitor])), []);
  (phaseCapacitor as any).num_banks_on = 2;
  assert.equal(messages(nested([capacitor])), [
    'components[0].equipment.phase_capacitors[0] (PhaseCapacitorEquipment "pc").num_banks_on: is 2 but num_banks is 1',
  ]);
});

devices('a solar controller may not carry a battery-only setting', () => {
  const setting = { type: 'PeakShavingBaseLoadingControlSetting', name: 'ps', peak_shaving_target: '50 kilowatt', base_loading_target: '10 kilowatt' };
  const controller = { type: 'InverterController', name: 'ic', active_power_control: setting, prioritize_active_power: true, night_mode: false };
  const solar = {
    type: 'DistributionSolar',
    name: 'pv',
    bus: bus('b1', { kv: '0.24 kilovolt' }),
    phases: ['A'],
    irradiance: '1 kilowatt / meter ** 2',
    active_power: '4 kilowatt',
    reactive_power: '0 kilovar',
    controller,
    inverter: {
      type: 'InverterEquipment',
      rated_apparent_power: '5 kilova',
      rise_limit: null,
      fall_limit: null,
      cutout_percent: 0.1,
      cutin_percent: 0.1,
      dc_to_ac_efficiency: 96,
    },
    equipment: {
      type: 'SolarEquipment',
      name: 'se',
      rated_power: '4 kilowatt',
      resistance: 50,
      reactance: 0,
      rated_voltage: '0.24 kilovolt',
      voltage_type: 'line-to-line',
    },
  };
  assert.equal(messages(nested([solar])), [
    'components[0] (DistributionSolar "pv").controller: controller "ic" has a active_power_control (PeakShavingBaseLoadingControlSetting) supported by battery-only; a DistributionSolar needs one of solar-only, battery-and-solar',
  ]);
});

devices("a recloser controller has num_shots - 1 reclose intervals; a curve's x and y have one length", () => {
  const curve = { type: 'TimeCurrentCurve', uuid: uuid(), curve_x: ['100 ampere', '1000 ampere'], curve_y: ['10 second', '0.1 second', '0.05 second'] };
  const controller = {
    type: 'DistributionRecloserController',
    delay: '0.1 second',
    ground_delayed: curve,
    ground_fast: curve,
    phase_delayed: curve,
    phase_fast: curve,
    num_fast_ops: 1,
    num_shots: 3,
    reclose_intervals: ['2 second'],
    reset_time: '60 second',
    equipment: { type: 'RecloserControllerEquipment', name: 'rce' },
  };
  const found = messages(nested([controller]));
  assert.equal(found, [
    'components[0] (DistributionRecloserController).reclose_intervals: has 1 entries but num_shots - 1 = 2',
    'components[0].ground_delayed (TimeCurrentCurve).curve_y: has 3 points but curve_x has 2',
  ]);
});

devices.run();

const transformers = suite("gdm's transformer rules");

function winding(kv: string, options: { phases?: number; connection?: string; taps?: number[]; voltageType?: string } = {}) {
  return {
    type: 'WindingEquipment',
    resistance: 0.5,
    is_grounded: true,
    rated_voltage: kv,
    voltage_type: options.voltageType ?? 'line-to-line',
    rated_power: '500 kilova',
    num_phases: options.phases ?? 3,
    connection_type: options.connection ?? 'STAR',
    tap_positions: options.taps ?? Array(options.phases ?? 3).fill(1.0),
  };
}

function transformerEquipment(windings: object[], pairs: number[][], reactances: number[], centerTapped = false) {
  return {
    type: 'DistributionTransformerEquipment',
    name: 'te',
    pct_no_load_loss: 0.1,
    pct_full_load_loss: 1,
    windings,
    coupling_sequences: pairs,
    winding_reactances: reactances,
    is_center_tapped: centerTapped,
  };
}

transformers('coupling pairs: duplicates are caught only when adjacent, as in gdm', () => {
  const three = () => [winding('12.47 kilovolt'), winding('4.16 kilovolt'), winding('0.48 kilovolt')];
  assert.equal(
    messages(
      nested([
        transformerEquipment(
          three(),
          [
            [0, 1],
            [1, 2],
            [0, 1],
          ],
          [5, 5, 5],
        ),
      ]),
    ),
    [],
  );
  assert.equal(
    messages(
      nested([
        transformerEquipment(
          three(),
          [
            [0, 1],
            [1, 0],
            [1, 2],
          ],
          [5, 5, 5],
        ),
      ]),
    ),
    ['components[0] (DistributionTransformerEquipment "te").coupling_sequences[1]: repeats the pair just before it'],
  );
  assert.equal(messages(nested([transformerEquipment(three(), [[1, 1]], [5, 5])])), [
    'components[0] (DistributionTransformerEquipment "te").coupling_sequences[0]: couples winding 1 with itself',
    'components[0] (DistributionTransformerEquipment "te").coupling_sequences: has 1 pairs; 3 windings need n(n-1)/2 = 3',
    'components[0] (DistributionTransformerEquipment "te").winding_reactances: has 2 entries but coupling_sequences has 1; one reactance per pair',
  ]);
});

transformers('winding taps: one per phase, within total_taps / 2 (16 passes, 17 fails)', () => {
  assert.equal(messages(nested([winding('4.16 kilovolt', { taps: [16, -16, 0] })])), []);
  assert.equal(messages(nested([winding('4.16 kilovolt', { taps: [17, 0] })])), [
    'components[0] (WindingEquipment).tap_positions: has 2 entries but num_phases is 3; one per phase',
    'components[0] (WindingEquipment).tap_positions[0]: |17| exceeds total_taps / 2 = 16',
  ]);
});

transformers('windings agree with their buses within 15 % per phase; a center tap uses the split side', () => {
  const hv = bus('hv', { kv: '7.2 kilovolt' });
  const lv = bus('lv', { kv: '0.12 kilovolt', phases: ['S1', 'S2'] });
  const centerTap = transformerEquipment(
    [
      winding('7.2 kilovolt', { phases: 1, voltageType: 'line-to-ground' }),
      winding('0.12 kilovolt', { phases: 1, voltageType: 'line-to-ground' }),
      winding('0.12 kilovolt', { phases: 1, voltageType: 'line-to-ground' }),
    ],
    [
      [1, 2],
      [1, 3],
      [2, 3],
    ],
    [2, 2, 2],
    true,
  );
  const transformer = {
    type: 'DistributionTransformer',
    name: 't1',
    buses: [hv, lv, { uuid: lv.uuid }],
    winding_phases: [['A'], ['S1', 'N'], ['N', 'S2']],
    equipment: centerTap,
  };
  assert.equal(messages(nested([transformer])), []);
  const other = bus('lv2', { kv: '0.12 kilovolt', phases: ['S1', 'S2'] });
  const wrong = { ...transformer, buses: [hv, lv, other] };
  assert.equal(messages(nested([wrong])), [
    'components[0] (DistributionTransformer "t1").buses[2]: a center-tapped transformer has the same bus on both secondary windings (buses 2 and 3)',
  ]);
  const lowBus = { ...transformer, buses: [bus('hv2', { kv: '6 kilovolt' }), lv, { uuid: lv.uuid }] };
  assert.equal(messages(nested([lowBus])), [
    'components[0] (DistributionTransformer "t1").buses[0]: bus "hv2" is rated 6 kV per phase but winding 1 7.2 kV; they must agree within 15 %',
  ]);
});

transformers('two listed phases on a multi-phase winding: an error before gdm 2.4, only for delta windings since', () => {
  if (!haveSharedFixtures()) return;
  const content = fixture('gmdflow_ieee13/ieee13_system.json');
  const components: any[] = content.components;
  const index = components.findIndex((component) => classOf(component) === 'DistributionTransformer' && component.winding_phases[0].length === 3);
  const transformer = components[index];
  const equipment = components.find((component) => component.uuid === transformer.equipment.__metadata__.uuid);
  const firstWinding = components.find((component) => component.uuid === equipment.windings[0].__metadata__.uuid);
  transformer.winding_phases[0] = ['A', 'B'];
  const expected = `components[${index}] (DistributionTransformer "${transformer.name}").winding_phases[0]: lists 2 phases, which is allowed only for a single-phase winding between two phases; winding 1 has num_phases 3`;
  assert.equal(messages(content), [expected]);
  content.data_format_version = '2.4.0';
  firstWinding.connection_type = 'STAR';
  assert.equal(messages(content), []);
  firstWinding.connection_type = 'DELTA';
  assert.equal(messages(content), [expected]);
});

transformers.run();
