// Kersting's line examples (W. H. Kersting, Distribution System Modeling and Analysis),
// written as nested-form GDM equipment for the Carson and Kron tests.
import { readDistributionModel, type Component } from '../../src/domain/gdm/index.js';

const ACSR_336 = {
  type: 'BareConductorEquipment',
  uuid: '00000000-0000-4000-8000-0000000000a1',
  name: '336,400 26/7 ACSR',
  conductor_diameter: '0.721 inch',
  conductor_gmr: '0.0244 foot',
  ampacity: '530 ampere',
  emergency_ampacity: '530 ampere',
  ac_resistance: '0.306 ohm / mile',
  dc_resistance: '0.306 ohm / mile',
};

const ACSR_4_0 = {
  type: 'BareConductorEquipment',
  name: '4/0 6/1 ACSR',
  conductor_diameter: '0.563 inch',
  conductor_gmr: '0.00814 foot',
  ampacity: '340 ampere',
  emergency_ampacity: '340 ampere',
  ac_resistance: '0.592 ohm / mile',
  dc_resistance: '0.592 ohm / mile',
};

/** Example 4.1: three 336,400 ACSR phases at x = 0, 2.5, 7 ft, 29 ft up; a 4/0 ACSR neutral at x = 4 ft, 25 ft up. */
export const EXAMPLE_4_1 = {
  type: 'GeometryBranchEquipment',
  name: 'kersting_4_1',
  conductors: [ACSR_336, { uuid: ACSR_336.uuid }, { uuid: ACSR_336.uuid }, ACSR_4_0],
  horizontal_positions: ['0 foot', '2.5 foot', '7 foot', '4 foot'],
  vertical_positions: ['29 foot', '29 foot', '29 foot', '25 foot'],
};

const CABLE_250 = {
  type: 'ConcentricCableEquipment',
  uuid: '00000000-0000-4000-8000-0000000000a2',
  name: '250,000 CM AA, 1/3 neutral, 13 x #14 Cu',
  strand_diameter: '0.0641 inch',
  conductor_diameter: '0.567 inch',
  cable_diameter: '1.29 inch',
  insulation_thickness: '0.22 inch',
  insulation_diameter: '1.16 inch',
  ampacity: '260 ampere',
  conductor_gmr: '0.0171 foot',
  strand_gmr: '0.00208 foot',
  phase_ac_resistance: '0.41 ohm / mile',
  strand_ac_resistance: '14.8722 ohm / mile',
  num_neutral_strands: 13,
  rated_voltage: '15 kilovolt',
  insulation: 'XLPE',
};

/** Example 4.2: three concentric-neutral cables side by side, 6 inches apart, buried. */
export const EXAMPLE_4_2 = {
  type: 'GeometryBranchEquipment',
  name: 'kersting_4_2',
  conductors: [CABLE_250, { uuid: CABLE_250.uuid }, { uuid: CABLE_250.uuid }],
  horizontal_positions: ['0 inch', '6 inch', '12 inch'],
  vertical_positions: ['-4 foot', '-4 foot', '-4 foot'],
};

/** The equipment component of an example, read through the nested form. */
export function readEquipment(example: object): Component {
  return readDistributionModel({ name: 'kersting', components: [example] }).components[0];
}
