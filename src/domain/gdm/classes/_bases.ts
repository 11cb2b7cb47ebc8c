/** Field groups shared by several GDM classes (gdm's abstract base classes, docs/input-distribution.md). */
import { f, optional, optionalNull, PHASE_LIST, type Fields } from '../fields.js';
import { CONNECTION_TYPES, LINE_CONSTRUCTIONS } from '../enums.js';

/** infrasys Component: uuid (generated when absent) and a required name. */
export const identity: Fields = { uuid: f.uuid(), name: f.string() };

/** Classes that re-declare name with default "". */
export const identityDefaultName: Fields = { uuid: f.uuid(), name: optional(f.string(), '') };

/** DistributionComponentBase + InServiceDistributionComponentBase. */
export const componentBase: Fields = {
  ...identity,
  substation: optionalNull(f.ref('DistributionSubstation')),
  feeder: optionalNull(f.ref('DistributionFeeder')),
  in_service: optional(f.boolean(), true),
};

/** DistributionBranchBase: two buses, a length and the phases (the equipment is per class). */
export const branchBase: Fields = {
  ...componentBase,
  buses: f.refs('DistributionBus'),
  length: f.quantity('Distance', { bound: '> 0' }),
  phases: f.phases(),
};

/** DistributionSwitchBase: a branch with a state per phase. */
export const switchBase: Fields = { ...branchBase, is_closed: f.list({ kind: 'boolean' }) };

/** A device on one bus (load, capacitor, solar, battery, voltage source). */
export const busDevice: Fields = { ...componentBase, bus: f.ref('DistributionBus'), phases: f.phases() };

/** Transformer equipment classes (PowerTransformerEquipment is a subclass, gdm 2.4). */
export const TRANSFORMER_EQUIPMENT = ['DistributionTransformerEquipment', 'PowerTransformerEquipment'] as const;

/** DistributionTransformerBase. */
export const transformerBase: Fields = {
  ...componentBase,
  buses: f.refs('DistributionBus'),
  winding_phases: f.list(PHASE_LIST),
  tap_positions: optionalNull(f.list({ kind: 'list', item: { kind: 'number' } })),
  equipment: f.ref(...TRANSFORMER_EQUIPMENT),
};

/** MatrixImpedanceBranchEquipmentBase. */
export const matrixEquipmentBase: Fields = {
  ...identity,
  construction: optional(f.enum(LINE_CONSTRUCTIONS), 'OVERHEAD'),
  r_matrix: f.quantity('ResistancePULength', { shape: 'matrix' }),
  x_matrix: f.quantity('ReactancePULength', { shape: 'matrix' }),
  c_matrix: f.quantity('CapacitancePULength', { shape: 'matrix' }),
  ampacity: f.quantity('Current', { bound: '> 0' }),
};

/** Switch equipment classes (the station switch kinds are subclasses, gdm 2.4). */
export const SWITCH_EQUIPMENT = ['MatrixImpedanceSwitchEquipment', 'CircuitBreakerEquipment', 'DisconnectorEquipment', 'EarthingSwitchEquipment'] as const;

export const connectionType = optional(f.enum(CONNECTION_TYPES), 'STAR');
