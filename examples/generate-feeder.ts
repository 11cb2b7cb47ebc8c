/**
 * Writes examples/feeder/example_feeder.json: hazsim's bundled example feeder, a small
 * distribution system in Charleston, SC, written the way gdm 2.3 (infrasys 1.x) writes
 * GDM JSON: compact, flat `__metadata__`, quantities as {value, units, __metadata__},
 * components referred to by uuid, keys in gdm's order (uuid, name, plain fields,
 * __metadata__, then references and quantities). Uuids are derived from names (uuid v5),
 * so every run writes the same bytes.
 *
 *   node --import tsx examples/generate-feeder.ts [output.json]
 *
 * x is the longitude and y the latitude. It holds every asset type of docs/input-distribution.md: a
 * 69 kV subtransmission section (overhead lines, and a cable whose equipment says
 * OVERHEAD, as gdm writes by default, but whose capacitance is a cable's), the 69/12.47 kV
 * substation, 12.47 kV overhead lines, cables (construction UNDERGROUND, and concentric-
 * neutral cables in a geometry branch), a recloser, a fuse and a switch, pole- and
 * pad-mount transformers, solar, a battery and loads.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLASS_SPECS } from '../src/domain/gdm/classes/index.js';
import type { FieldType } from '../src/domain/gdm/fields.js';

/** gdm 2.3 modules of the classes used here. */
const MODULES: Record<string, string> = {
  Location: 'infrasys.location',
  DistributionBus: 'gdm.distribution.components.distribution_bus',
  DistributionVoltageSource: 'gdm.distribution.components.distribution_vsource',
  DistributionLoad: 'gdm.distribution.components.distribution_load',
  DistributionSolar: 'gdm.distribution.components.distribution_solar',
  DistributionBattery: 'gdm.distribution.components.distribution_battery',
  DistributionTransformer: 'gdm.distribution.components.distribution_transformer',
  MatrixImpedanceBranch: 'gdm.distribution.components.matrix_impedance_branch',
  MatrixImpedanceSwitch: 'gdm.distribution.components.matrix_impedance_switch',
  MatrixImpedanceFuse: 'gdm.distribution.components.matrix_impedance_fuse',
  MatrixImpedanceRecloser: 'gdm.distribution.components.matrix_impedance_recloser',
  GeometryBranch: 'gdm.distribution.components.geometry_branch',
  PhaseVoltageSourceEquipment: 'gdm.distribution.equipment.phase_voltagesource_equipment',
  VoltageSourceEquipment: 'gdm.distribution.equipment.voltagesource_equipment',
  PhaseLoadEquipment: 'gdm.distribution.equipment.phase_load_equipment',
  LoadEquipment: 'gdm.distribution.equipment.load_equipment',
  WindingEquipment: 'gdm.distribution.equipment.distribution_transformer_equipment',
  DistributionTransformerEquipment: 'gdm.distribution.equipment.distribution_transformer_equipment',
  MatrixImpedanceBranchEquipment: 'gdm.distribution.equipment.matrix_impedance_branch_equipment',
  MatrixImpedanceSwitchEquipment: 'gdm.distribution.equipment.matrix_impedance_switch_equipment',
  MatrixImpedanceFuseEquipment: 'gdm.distribution.equipment.matrix_impedance_fuse_equipment',
  MatrixImpedanceRecloserEquipment: 'gdm.distribution.equipment.matrix_impedance_recloser_equipment',
  ConcentricCableEquipment: 'gdm.distribution.equipment.concentric_cable_equipment',
  GeometryBranchEquipment: 'gdm.distribution.equipment.geometry_branch_equipment',
  SolarEquipment: 'gdm.distribution.equipment.solar_equipment',
  InverterEquipment: 'gdm.distribution.equipment.inverter_equipment',
  BatteryEquipment: 'gdm.distribution.equipment.battery_equipment',
  RecloserControllerEquipment: 'gdm.distribution.equipment.recloser_controller_equipment',
  DistributionRecloserController: 'gdm.distribution.controllers.distribution_recloser_controller',
  TimeCurrentCurve: 'gdm.distribution.common.curve',
};

/** Quantity classes gdm re-exports from infrasys are written with infrasys's module. */
const INFRASYS_QUANTITIES = new Set(['Voltage', 'Current', 'Distance', 'Resistance', 'ActivePower', 'Angle', 'Time', 'Energy']);

const NAMESPACE = Buffer.from('6f1c9e2a8b3d4f5e9a7c1b2d3e4f5a6b', 'hex');

/** RFC 4122 version-5 uuid of a name in hazsim's example namespace. */
function uuidFor(name: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(name).digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A quantity as written: value and units. */
class Q {
  constructor(
    readonly value: number | number[] | number[][],
    readonly units: string,
  ) {}
}

/** A component built here: class, name, and its fields (references by key into the registry). */
interface Draft {
  type: string;
  key: string;
  name: string;
  fields: Record<string, unknown>;
}

class Ref {
  constructor(readonly key: string) {}
}

const drafts: Draft[] = [];
const byKey = new Map<string, Draft>();

/** Adds a component; `key` is unique and seeds its uuid, `name` is what gdm stores. */
function add(type: string, key: string, name: string, fields: Record<string, unknown>): Ref {
  if (byKey.has(key)) throw new Error(`duplicate key ${key}`);
  const draft = { type, key, name, fields };
  drafts.push(draft);
  byKey.set(key, draft);
  return new Ref(key);
}

// ---- Float formatting as orjson writes Python floats: integral values keep ".0". ----

const FLOAT = '\u0000float:';

function float(value: number): string {
  return `${FLOAT}${Number.isInteger(value) ? `${value}.0` : String(value)}`;
}

function floats(value: unknown): unknown {
  if (typeof value === 'number') return float(value);
  return Array.isArray(value) ? value.map(floats) : value;
}

function reference(target: Ref) {
  const draft = byKey.get(target.key);
  if (!draft) throw new Error(`unknown reference ${target.key}`);
  return { __metadata__: { module: MODULES[draft.type], type: draft.type, serialized_type: 'composed_component', uuid: uuidFor(draft.key) } };
}

function quantity(value: Q, quantityClass: string) {
  const module = INFRASYS_QUANTITIES.has(quantityClass) ? 'infrasys.quantities' : 'gdm.quantities';
  return { value: floats(value.value), units: value.units, __metadata__: { module, type: quantityClass, serialized_type: 'quantity' } };
}

function plainValue(type: FieldType, value: unknown): unknown {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  switch (type.kind) {
    case 'number':
    case 'insulation':
      return float(value as number);
    case 'list':
      return (value as unknown[]).map((item) => plainValue(type.item, item));
    default:
      return value;
  }
}

/** One component in gdm's key order: uuid, name, plain fields, __metadata__, then references and quantities. */
function serialize(draft: Draft): Record<string, unknown> {
  const spec = CLASS_SPECS.get(draft.type);
  if (!spec || !MODULES[draft.type]) throw new Error(`no class ${draft.type}`);
  const plain: Record<string, unknown> = { uuid: uuidFor(draft.key), name: draft.name };
  const composite: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(spec.fields)) {
    if (key === 'uuid' || key === 'name') continue;
    const given = key in draft.fields ? draft.fields[key] : field.defaultValue;
    if (given === undefined) throw new Error(`${draft.type} ${draft.name}: ${key} missing`);
    if (given instanceof Q && field.type.kind === 'quantity') composite[key] = quantity(given, field.type.quantityClass);
    else if (given instanceof Ref) composite[key] = reference(given);
    else if (Array.isArray(given) && given.length > 0 && given[0] instanceof Ref) composite[key] = given.map((item) => reference(item as Ref));
    else plain[key] = plainValue(field.type, given);
  }
  for (const key of Object.keys(draft.fields)) if (!(key in spec.fields)) throw new Error(`${draft.type}: unknown field ${key}`);
  return { ...plain, __metadata__: { module: MODULES[draft.type], type: draft.type, serialized_type: 'base' }, ...composite };
}

// ---- The feeder ----

const base = { substation: null, feeder: null, in_service: true };
const ABC = ['A', 'B', 'C'];
const KV_69_LG = 69 / Math.sqrt(3);
const KV_12_LG = 7.2;

/** A bus with its Location (x = longitude, y = latitude). */
function bus(name: string, longitude: number, latitude: number, kv: number, options: { phases?: string[]; voltageType?: string } = {}): Ref {
  const coordinate = add('Location', `location:${name}`, '', { x: longitude, y: latitude, crs: null });
  return add('DistributionBus', `bus:${name}`, name, {
    ...base,
    voltage_type: options.voltageType ?? 'line-to-ground',
    phases: options.phases ?? ABC,
    voltagelimits: [],
    rated_voltage: new Q(Number(kv.toFixed(4)), 'kilovolt'),
    coordinate,
  });
}

/** An n×n matrix with `diagonal` on the diagonal and `off` elsewhere. */
function square(size: number, diagonal: number, off: number): number[][] {
  return Array.from({ length: size }, (_, i) => Array.from({ length: size }, (_, j) => (i === j ? diagonal : off)));
}

/** Matrix impedance equipment (ohm/km, nF/km). */
function matrixEquipment(
  type: string,
  name: string,
  size: number,
  z: [number, number, number, number],
  c: [number, number],
  ampacity: number,
  extra: Record<string, unknown> = {},
): Ref {
  return add(type, `equipment:${name}`, name, {
    construction: 'OVERHEAD',
    ...extra,
    r_matrix: new Q(square(size, z[0], z[1]), 'ohm / kilometer'),
    x_matrix: new Q(square(size, z[2], z[3]), 'ohm / kilometer'),
    c_matrix: new Q(square(size, c[0], c[1]), 'nanofarad / kilometer'),
    ampacity: new Q(ampacity, 'ampere'),
  });
}

function line(name: string, from: Ref, to: Ref, equipment: Ref, lengthKm: number, phases = ABC): Ref {
  return add('MatrixImpedanceBranch', `line:${name}`, name, { ...base, buses: [from, to], length: new Q(lengthKm, 'kilometer'), phases, equipment });
}

function winding(name: string, kv: number, voltageType: string, kva: number, phases: number, connection: string): Ref {
  return add('WindingEquipment', `winding:${name}`, '', {
    resistance: 0.5,
    is_grounded: connection === 'STAR',
    rated_voltage: new Q(kv, 'kilovolt'),
    voltage_type: voltageType,
    rated_power: new Q(kva, 'kilova'),
    num_phases: phases,
    connection_type: connection,
    tap_positions: new Array(phases).fill(1),
    total_taps: 32,
    min_tap_pu: 0.9,
    max_tap_pu: 1.1,
  });
}

function transformerEquipment(name: string, mounting: string, windings: Ref[], reactance: number): Ref {
  return add('DistributionTransformerEquipment', `equipment:${name}`, name, {
    mounting,
    pct_no_load_loss: 0.2,
    pct_full_load_loss: 1.2,
    windings,
    coupling_sequences: [[1, 2]],
    winding_reactances: [reactance],
    is_center_tapped: false,
  });
}

function transformer(name: string, buses: Ref[], phases: string[][], equipment: Ref): Ref {
  return add('DistributionTransformer', `transformer:${name}`, name, { ...base, buses, winding_phases: phases, tap_positions: null, equipment });
}

/** A constant-power load with the same power on each phase. */
function load(name: string, at: Ref, phases: string[], kwPerPhase: number, kvarPerPhase: number): Ref {
  const phaseLoad = add('PhaseLoadEquipment', `phase_load:${name}`, `${name}_phase`, {
    real_power: new Q(kwPerPhase, 'kilowatt'),
    reactive_power: new Q(kvarPerPhase, 'kilovar'),
    z_real: 0,
    z_imag: 0,
    i_real: 0,
    i_imag: 0,
    p_real: 1,
    p_imag: 1,
    num_customers: null,
  });
  const equipment = add('LoadEquipment', `equipment:${name}`, `${name}_equipment`, { phase_loads: phases.map(() => phaseLoad), connection_type: 'STAR' });
  return add('DistributionLoad', `load:${name}`, name, { ...base, bus: at, phases, equipment });
}

function inverter(name: string, kva: number): Ref {
  return add('InverterEquipment', `inverter:${name}`, `${name}_inverter`, {
    rated_apparent_power: new Q(kva, 'kilova'),
    rise_limit: null,
    fall_limit: null,
    cutout_percent: 0.1,
    cutin_percent: 0.1,
    dc_to_ac_efficiency: 97.5,
    eff_curve: null,
  });
}

function buildFeeder(): void {
  // Buses: the substation at Meeting St & Columbus St, a 69 kV line north-west to an industrial
  // customer on the Neck, and a 12.47 kV feeder south-east towards the peninsula.
  const subHv = bus('sub_hv', -79.95, 32.79, KV_69_LG);
  const tx1 = bus('tx_69_1', -79.958, 32.797, KV_69_LG);
  const tx2 = bus('tx_69_2', -79.966, 32.805, KV_69_LG);
  const tx3 = bus('tx_69_3', -79.972, 32.813, KV_69_LG);
  const tx4 = bus('tx_69_4', -79.978, 32.821, KV_69_LG);
  const subLv = bus('sub_lv', -79.9497, 32.7898, KV_12_LG);
  const recOut = bus('recloser_out', -79.9493, 32.7894, KV_12_LG);
  const f1 = bus('feeder_1', -79.945, 32.786, KV_12_LG);
  const f2 = bus('feeder_2', -79.94, 32.782, KV_12_LG);
  const f3 = bus('feeder_3', -79.934, 32.778, KV_12_LG);
  const f4 = bus('feeder_4', -79.928, 32.774, KV_12_LG);
  const latA = bus('lateral_a', -79.9395, 32.7805, KV_12_LG, { phases: ['A'] });
  const latA2 = bus('lateral_a_2', -79.944, 32.777, KV_12_LG, { phases: ['A'] });
  const ug1 = bus('underground_1', -79.932, 32.772, KV_12_LG);
  const ug2 = bus('underground_2', -79.929, 32.767, KV_12_LG);
  const swOut = bus('switch_out', -79.9275, 32.7735, KV_12_LG);
  const ug3 = bus('underground_3', -79.922, 32.768, KV_12_LG);
  const poleLv = bus('pole_lv', -79.9441, 32.7769, 0.24, { phases: ['A'], voltageType: 'line-to-line' });
  const padLv1 = bus('pad_lv_1', -79.9289, 32.7669, 0.48 / Math.sqrt(3));
  const padLv2 = bus('pad_lv_2', -79.9219, 32.7679, 0.48 / Math.sqrt(3));

  // The source: the 69 kV grid behind the substation.
  const phaseSource = (phase: string, angle: number) =>
    add('PhaseVoltageSourceEquipment', `source:${phase}`, `grid_${phase}`, {
      r0: new Q(0.5, 'ohm'),
      r1: new Q(0.25, 'ohm'),
      x0: new Q(3.5, 'ohm'),
      x1: new Q(2.5, 'ohm'),
      voltage: new Q(Number(KV_69_LG.toFixed(4)), 'kilovolt'),
      voltage_type: 'line-to-ground',
      angle: new Q(angle, 'degree'),
    });
  const sources = add('VoltageSourceEquipment', 'equipment:grid', 'grid_69kv', {
    sources: [phaseSource('a', 0), phaseSource('b', -120), phaseSource('c', 120)],
  });
  add('DistributionVoltageSource', 'source:substation', 'charleston_substation', { ...base, bus: subHv, phases: ABC, equipment: sources });

  // Loads: an industrial customer at 69 kV, commercial loads behind pad-mount transformers, a house on a pole transformer.
  load('industrial_neck', tx4, ABC, 1500, 500);
  load('commercial_1', padLv1, ABC, 60, 20);
  load('commercial_2', padLv2, ABC, 40, 12);
  load('residential_1', poleLv, ['A'], 6, 2);

  // Transformers.
  const substationEquipment = transformerEquipment(
    'substation_20mva',
    'PAD_MOUNT',
    [winding('sub_hv', 69, 'line-to-line', 20000, 3, 'DELTA'), winding('sub_lv', 12.47, 'line-to-line', 20000, 3, 'STAR')],
    8,
  );
  transformer('substation_transformer', [subHv, subLv], [ABC, ABC], substationEquipment);
  const padEquipment = transformerEquipment(
    'pad_500kva',
    'PAD_MOUNT',
    [winding('pad_hv', 12.47, 'line-to-line', 500, 3, 'DELTA'), winding('pad_lv', 0.48, 'line-to-line', 500, 3, 'STAR')],
    5,
  );
  transformer('pad_transformer_1', [ug2, padLv1], [ABC, ABC], padEquipment);
  transformer('pad_transformer_2', [ug3, padLv2], [ABC, ABC], padEquipment);
  const poleEquipment = transformerEquipment(
    'pole_25kva',
    'POLE_MOUNT',
    [winding('pole_hv', KV_12_LG, 'line-to-ground', 25, 1, 'STAR'), winding('pole_lv', 0.24, 'line-to-line', 25, 1, 'STAR')],
    2,
  );
  transformer('pole_transformer_1', [latA2, poleLv], [['A'], ['A']], poleEquipment);

  // 69 kV: two overhead spans, then a cable under the Cooper River marsh. Its equipment says
  // OVERHEAD (gdm's default, written even for cables); its capacitance says cable.
  const overhead69 = matrixEquipment('MatrixImpedanceBranchEquipment', '69kv_795_acsr', 3, [0.08, 0.03, 0.45, 0.2], [8.6, -1.9], 900);
  const cable69 = matrixEquipment('MatrixImpedanceBranchEquipment', '69kv_1250_xlpe', 3, [0.035, 0.01, 0.12, 0.03], [280, 0], 800);
  line('tx_69_span_1', subHv, tx1, overhead69, 1.1);
  line('tx_69_span_2', tx1, tx2, overhead69, 1.15);
  line('tx_69_cable_1', tx2, tx3, cable69, 1.0);
  line('tx_69_cable_2', tx3, tx4, cable69, 1.0);

  // 12.47 kV: the recloser at the substation fence.
  const tcc = add('TimeCurrentCurve', 'curve:recloser_fast', 'recloser_fast', {
    curve_x: new Q([200, 400, 1000, 4000], 'ampere'),
    curve_y: new Q([10, 2, 0.5, 0.05], 'second'),
  });
  const controllerEquipment = add('RecloserControllerEquipment', 'equipment:recloser_controller', 'sel_651r', {});
  const controller = add('DistributionRecloserController', 'controller:recloser', 'feeder_recloser_controller', {
    delay: new Q(0.05, 'second'),
    ground_delayed: tcc,
    ground_fast: tcc,
    phase_delayed: tcc,
    phase_fast: tcc,
    num_fast_ops: 1,
    num_shots: 3,
    reclose_intervals: new Q([2, 15], 'second'),
    reset_time: new Q(60, 'second'),
    equipment: controllerEquipment,
  });
  const recloserEquipment = matrixEquipment('MatrixImpedanceRecloserEquipment', 'recloser_600a', 3, [0.001, 0, 0.001, 0], [0.1, 0], 600);
  add('MatrixImpedanceRecloser', 'recloser:feeder', 'feeder_recloser', {
    ...base,
    buses: [subLv, recOut],
    length: new Q(1, 'meter'),
    phases: ABC,
    is_closed: [true, true, true],
    equipment: recloserEquipment,
    controller,
  });

  // Overhead trunk.
  const overhead12 = matrixEquipment('MatrixImpedanceBranchEquipment', '12kv_336_acsr', 3, [0.28, 0.1, 0.68, 0.28], [9.3, -2.9], 530);
  line('trunk_1', recOut, f1, overhead12, 0.62);
  line('trunk_2', f1, f2, overhead12, 0.65);
  line('trunk_3', f2, f3, overhead12, 0.72);
  line('trunk_4', f3, f4, overhead12, 0.72);

  // A fused single-phase lateral with a pole-mount transformer.
  const fuseEquipment = matrixEquipment('MatrixImpedanceFuseEquipment', 'fuse_65t', 1, [0.001, 0, 0.001, 0], [0.1, 0], 65, {
    delay: new Q(0, 'second'),
    tcc_curve: tcc,
  });
  add('MatrixImpedanceFuse', 'fuse:lateral_a', 'lateral_a_fuse', {
    ...base,
    buses: [f2, latA],
    length: new Q(1, 'meter'),
    phases: ['A'],
    is_closed: [true],
    equipment: fuseEquipment,
  });
  const overhead1ph = matrixEquipment('MatrixImpedanceBranchEquipment', '12kv_1ph_4_acsr', 1, [0.85, 0, 0.9, 0], [7.1, 0], 140);
  line('lateral_a_span', latA, latA2, overhead1ph, 0.55, ['A']);

  // Underground: cables declared UNDERGROUND, to a pad-mount transformer.
  const cable12 = matrixEquipment('MatrixImpedanceBranchEquipment', '12kv_500_al_xlpe', 3, [0.13, 0.05, 0.12, 0.04], [250, 0], 400, {
    construction: 'UNDERGROUND',
  });
  line('cable_1', f3, ug1, cable12, 0.65);
  line('cable_2', ug1, ug2, cable12, 0.55);

  // A sectionalizing switch, then concentric-neutral cables described by geometry.
  const switchEquipment = matrixEquipment('MatrixImpedanceSwitchEquipment', 'switch_600a', 3, [0.001, 0, 0.001, 0], [0.1, 0], 600, { controller: null });
  add('MatrixImpedanceSwitch', 'switch:sectionalizer', 'sectionalizing_switch', {
    ...base,
    buses: [f4, swOut],
    length: new Q(1, 'meter'),
    phases: ABC,
    is_closed: [true, true, true],
    equipment: switchEquipment,
  });
  const concentric = add('ConcentricCableEquipment', 'equipment:250_cn', '250kcmil_aa_1_3_cn', {
    strand_diameter: new Q(0.0641, 'inch'),
    conductor_diameter: new Q(0.567, 'inch'),
    cable_diameter: new Q(1.29, 'inch'),
    insulation_thickness: new Q(0.22, 'inch'),
    insulation_diameter: new Q(1.16, 'inch'),
    ampacity: new Q(260, 'ampere'),
    conductor_gmr: new Q(0.0171, 'foot'),
    strand_gmr: new Q(0.00208, 'foot'),
    phase_ac_resistance: new Q(0.41, 'ohm / mile'),
    strand_ac_resistance: new Q(14.8722, 'ohm / mile'),
    num_neutral_strands: 13,
    rated_voltage: new Q(15, 'kilovolt'),
    insulation: 2.3,
  });
  const geometry = add('GeometryBranchEquipment', 'equipment:cn_trench', 'three_cn_cables_in_trench', {
    conductors: [concentric, concentric, concentric],
    horizontal_positions: new Q([0, 0.5, 1], 'foot'),
    vertical_positions: new Q([-4, -4, -4], 'foot'),
    insulation: 1,
  });
  add('GeometryBranch', 'line:cable_3', 'cable_3_concentric', {
    ...base,
    buses: [swOut, ug3],
    length: new Q(0.85, 'kilometer'),
    phases: ABC,
    equipment: geometry,
  });

  // Rooftop solar and a battery behind the pad-mount transformers.
  const solarEquipment = add('SolarEquipment', 'equipment:pv_250', 'pv_250kw', {
    rated_power: new Q(250, 'kilowatt'),
    power_temp_curve: null,
    resistance: 1,
    reactance: 5,
    rated_voltage: new Q(0.48, 'kilovolt'),
    voltage_type: 'line-to-line',
  });
  add('DistributionSolar', 'solar:rooftop', 'rooftop_solar', {
    ...base,
    bus: padLv2,
    phases: ABC,
    irradiance: new Q(1, 'kilowatt / meter ** 2'),
    active_power: new Q(250, 'kilowatt'),
    reactive_power: new Q(0, 'kilovar'),
    controller: null,
    inverter: inverter('rooftop_solar', 275),
    equipment: solarEquipment,
  });
  const batteryEquipment = add('BatteryEquipment', 'equipment:battery_1mwh', 'battery_1mwh', {
    rated_energy: new Q(1000, 'kilowatt_hour'),
    rated_power: new Q(250, 'kilowatt'),
    charging_efficiency: 95,
    discharging_efficiency: 95,
    idling_efficiency: 99.5,
    rated_voltage: new Q(0.48, 'kilovolt'),
    voltage_type: 'line-to-line',
  });
  add('DistributionBattery', 'battery:commercial', 'commercial_battery', {
    ...base,
    bus: padLv1,
    phases: ABC,
    active_power: new Q(0, 'kilowatt'),
    reactive_power: new Q(0, 'kilovar'),
    controller: null,
    inverter: inverter('commercial_battery', 275),
    equipment: batteryEquipment,
  });
}

/** gdm writes classes grouped roughly as it registers them: common data, buses, equipment, then what uses them. */
const CLASS_ORDER = [
  'Location',
  'DistributionBus',
  'PhaseVoltageSourceEquipment',
  'VoltageSourceEquipment',
  'DistributionVoltageSource',
  'PhaseLoadEquipment',
  'LoadEquipment',
  'DistributionLoad',
  'WindingEquipment',
  'DistributionTransformerEquipment',
  'DistributionTransformer',
  'MatrixImpedanceBranchEquipment',
  'MatrixImpedanceBranch',
  'TimeCurrentCurve',
  'RecloserControllerEquipment',
  'DistributionRecloserController',
  'MatrixImpedanceRecloserEquipment',
  'MatrixImpedanceRecloser',
  'MatrixImpedanceFuseEquipment',
  'MatrixImpedanceFuse',
  'MatrixImpedanceSwitchEquipment',
  'MatrixImpedanceSwitch',
  'ConcentricCableEquipment',
  'GeometryBranchEquipment',
  'GeometryBranch',
  'InverterEquipment',
  'SolarEquipment',
  'DistributionSolar',
  'BatteryEquipment',
  'DistributionBattery',
];

/** The feeder as gdm 2.3 writes it (compact JSON, no newline at the end). */
export function feederJson(): string {
  drafts.length = 0;
  byKey.clear();
  buildFeeder();
  const ordered = CLASS_ORDER.flatMap((type) => drafts.filter((draft) => draft.type === type));
  if (ordered.length !== drafts.length) throw new Error('a class is missing from CLASS_ORDER');
  const system = {
    name: 'example_feeder',
    description: 'hazsim example feeder: 69 kV subtransmission and a 12.47 kV feeder in Charleston, SC',
    uuid: uuidFor('system:example_feeder'),
    data_format_version: '2.3.6',
    components: ordered.map(serialize),
    supplemental_attributes: [],
    time_series: { directory: 'example_feeder_time_series', time_series_storage_type: 'arrow' },
  };
  return JSON.stringify(system).replace(/"\\u0000float:([^"]+)"/g, '$1');
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** Where the generated feeder is committed. */
export const FEEDER_PATH = path.join(here, 'feeder', 'example_feeder.json');

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const output = process.argv[2] ?? FEEDER_PATH;
  fs.mkdirSync(path.dirname(output), { recursive: true });
  fs.writeFileSync(output, feederJson());
  console.log(`wrote ${output}`);
}
