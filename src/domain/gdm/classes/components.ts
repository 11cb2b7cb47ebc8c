/** GDM components (docs/input-distribution.md) and the gdm 2.4 additions DistributionReactor and GeometrySwitch. */
import type { ClassSpec } from '../classSpec.js';
import { f, optional, optionalNull } from '../fields.js';
import { VOLTAGE_TYPES } from '../enums.js';
import { branchBase as branchRule, isClosedPerPhase, matrixMatchesPhases, notSinglePhase } from '../rules/branch.js';
import { controllerSupports, onePhaseLoadPerPhase, phasesOnBus } from '../rules/devices.js';
import { tapsPerController, transformerBase as transformerRule } from '../rules/transformer.js';
import { branchBase, busDevice, componentBase, identity, SWITCH_EQUIPMENT, switchBase, transformerBase } from './_bases.js';

const CAPACITOR_CONTROLLERS = [
  'VoltageCapacitorController',
  'ActivePowerCapacitorController',
  'ReactivePowerCapacitorController',
  'CurrentCapacitorController',
  'DailyTimedCapacitorController',
];

export const COMPONENT_CLASSES: ClassSpec[] = [
  {
    name: 'DistributionBus',
    group: 'component',
    inSpec: true,
    fields: {
      ...componentBase,
      voltage_type: f.enum(VOLTAGE_TYPES),
      phases: f.phases(),
      voltagelimits: optional(f.refs('VoltageLimitSet'), []),
      rated_voltage: f.quantity('Voltage', { bound: '> 0' }),
      coordinate: optionalNull(f.ref('Location')),
    },
    rules: [],
  },
  {
    name: 'MatrixImpedanceBranch',
    group: 'component',
    inSpec: true,
    fields: { ...branchBase, equipment: f.ref('MatrixImpedanceBranchEquipment') },
    rules: [branchRule, matrixMatchesPhases],
  },
  {
    name: 'SequenceImpedanceBranch',
    group: 'component',
    inSpec: true,
    fields: { ...branchBase, equipment: f.ref('SequenceImpedanceBranchEquipment') },
    rules: [branchRule, notSinglePhase],
  },
  // GeometryBranch's phases-vs-conductors method lacks its validator decorator in gdm, so it never runs.
  { name: 'GeometryBranch', group: 'component', inSpec: true, fields: { ...branchBase, equipment: f.ref('GeometryBranchEquipment') }, rules: [branchRule] },
  {
    name: 'DistributionReactor',
    group: 'component',
    inSpec: false,
    since: '2.4.0',
    fields: { ...branchBase, equipment: f.ref('ReactorEquipment') },
    rules: [branchRule],
  },
  {
    name: 'MatrixImpedanceSwitch',
    group: 'component',
    inSpec: false,
    fields: { ...switchBase, equipment: f.ref(...SWITCH_EQUIPMENT) },
    rules: [isClosedPerPhase, matrixMatchesPhases],
  },
  {
    name: 'MatrixImpedanceFuse',
    group: 'component',
    inSpec: true,
    fields: { ...switchBase, equipment: f.ref('MatrixImpedanceFuseEquipment') },
    rules: [isClosedPerPhase],
  },
  {
    name: 'MatrixImpedanceRecloser',
    group: 'component',
    inSpec: true,
    fields: { ...switchBase, equipment: f.ref('MatrixImpedanceRecloserEquipment'), controller: f.ref('DistributionRecloserController') },
    rules: [isClosedPerPhase],
  },
  {
    name: 'GeometrySwitch',
    group: 'component',
    inSpec: false,
    since: '2.4.0',
    fields: { ...switchBase, equipment: f.ref('GeometryBranchEquipment') },
    rules: [isClosedPerPhase],
  },
  {
    name: 'DistributionSolar',
    group: 'component',
    inSpec: true,
    fields: {
      ...busDevice,
      irradiance: f.quantity('Irradiance', { bound: '>= 0' }),
      active_power: f.quantity('ActivePower', { bound: '>= 0' }),
      reactive_power: f.quantity('ReactivePower'),
      controller: optionalNull(f.ref('InverterController')),
      inverter: f.ref('InverterEquipment'),
      equipment: f.ref('SolarEquipment'),
    },
    rules: [controllerSupports(['solar-only', 'battery-and-solar'])],
  },
  {
    name: 'DistributionBattery',
    group: 'component',
    inSpec: false,
    fields: {
      ...busDevice,
      active_power: f.quantity('ActivePower'),
      reactive_power: f.quantity('ReactivePower'),
      controller: optionalNull(f.ref('InverterController')),
      inverter: f.ref('InverterEquipment'),
      equipment: f.ref('BatteryEquipment'),
    },
    rules: [controllerSupports(['battery-only', 'battery-and-solar'])],
  },
  { name: 'DistributionTransformer', group: 'component', inSpec: true, fields: transformerBase, rules: [transformerRule] },
  {
    name: 'DistributionRegulator',
    group: 'component',
    inSpec: false,
    fields: { ...transformerBase, controllers: f.refs('RegulatorController') },
    rules: [transformerRule, tapsPerController],
  },
  {
    name: 'DistributionLoad',
    group: 'component',
    inSpec: false,
    fields: { ...busDevice, equipment: f.ref('LoadEquipment') },
    rules: [phasesOnBus, onePhaseLoadPerPhase],
  },
  {
    name: 'DistributionCapacitor',
    group: 'component',
    inSpec: false,
    // gdm's checks of phase counts against capacitors and controllers build a message but never raise: not enforced.
    fields: {
      ...busDevice,
      controllers: optional(f.refs(...CAPACITOR_CONTROLLERS), []),
      equipment: f.ref('CapacitorEquipment'),
      state: optionalNull(f.list({ kind: 'boolean' })),
    },
    rules: [phasesOnBus],
  },
  // No validator in gdm: phases are not checked against the bus or the sources.
  { name: 'DistributionVoltageSource', group: 'component', inSpec: false, fields: { ...busDevice, equipment: f.ref('VoltageSourceEquipment') }, rules: [] },
  { name: 'DistributionFeeder', group: 'component', inSpec: true, fields: identity, rules: [] },
  { name: 'DistributionSubstation', group: 'component', inSpec: true, fields: { ...identity, feeders: f.refs('DistributionFeeder') }, rules: [] },
];
