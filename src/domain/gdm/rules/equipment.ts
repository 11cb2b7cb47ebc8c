/** gdm's equipment, controller and common-model validators (docs/input-distribution.md). */
import type { Rule } from '../classSpec.js';
import type { QuantityValue } from '../model.js';
import { components, num, quantity, shapeOf } from './_access.js';

/** MatrixImpedanceBranchEquipmentBase: r, x and c matrices have identical shapes. */
export const sameMatrixShapes: Rule = (equipment, { report }) => {
  const shapes = ['r_matrix', 'x_matrix', 'c_matrix'].map((key) => shapeOf(quantity(equipment, key).value).join('×'));
  if (shapes[1] !== shapes[0]) report(['x_matrix'], `is ${shapes[1]} but r_matrix is ${shapes[0]}; r, x and c must have the same shape`);
  if (shapes[2] !== shapes[0]) report(['c_matrix'], `is ${shapes[2]} but r_matrix is ${shapes[0]}; r, x and c must have the same shape`);
};

/** GeometryBranchEquipment: at least one conductor, all of one kind, one position of each axis per conductor. */
export const conductorPositions: Rule = (equipment, { report }) => {
  const conductors = components(equipment, 'conductors');
  if (conductors.length === 0) report(['conductors'], 'must list at least one conductor');
  if (new Set(conductors.map((conductor) => conductor.type)).size > 1)
    report(['conductors'], 'must be all BareConductorEquipment or all ConcentricCableEquipment');
  for (const key of ['horizontal_positions', 'vertical_positions']) {
    const count = (quantity(equipment, key).value as number[]).length;
    if (count !== conductors.length) report([key], `has ${count} entries but there are ${conductors.length} conductors`);
  }
};

/** ConcentricCableEquipment: the insulation and the cable enclose what they must (unit-aware). */
export const cableDiameters: Rule = (cable, { report }) => {
  const si = (key: string) => quantity(cable, key).siScalar;
  const slack = 1e-12;
  if (si('insulation_diameter') < si('conductor_diameter') + 2 * si('insulation_thickness') - slack) {
    report(['insulation_diameter'], 'must be >= conductor_diameter + 2 × insulation_thickness');
  }
  if (si('cable_diameter') < si('insulation_diameter') + 2 * si('strand_diameter') - slack) {
    report(['cable_diameter'], 'must be >= insulation_diameter + 2 × strand_diameter');
  }
};

/**
 * PhaseLoadEquipment: when a power is nonzero its ZIP fractions sum to exactly 1, added
 * left to right (z, then i, then p) in IEEE-754 doubles, as gdm does.
 */
export const zipFractionsSumToOne: Rule = (load, { report }) => {
  const sides = [
    { power: 'real_power', keys: ['z_real', 'i_real', 'p_real'] },
    { power: 'reactive_power', keys: ['z_imag', 'i_imag', 'p_imag'] },
  ];
  for (const side of sides) {
    if (quantity(load, side.power).siScalar === 0) continue;
    const sum = num(load, side.keys[0]) + num(load, side.keys[1]) + num(load, side.keys[2]);
    if (sum !== 1) report([side.keys[0]], `${side.keys.join(' + ')} = ${sum}; with nonzero ${side.power} the fractions must sum to exactly 1`);
  }
};

/** PhaseCapacitorEquipment: no more banks on than banks. */
export const banksOnWithinBanks: Rule = (capacitor, { report }) => {
  if (num(capacitor, 'num_banks') < num(capacitor, 'num_banks_on'))
    report(['num_banks_on'], `is ${num(capacitor, 'num_banks_on')} but num_banks is ${num(capacitor, 'num_banks')}`);
};

function lengthOf(value: unknown): number | null {
  if (Array.isArray(value)) return value.length;
  if (value && typeof value === 'object' && 'value' in value) {
    const inner = (value as { value: QuantityValue }).value;
    return Array.isArray(inner) ? inner.length : null;
  }
  return null;
}

/** Curve and TimeCurrentCurve: curve_x and curve_y have the same length. */
export const curveLengthsMatch: Rule = (curve, { report }) => {
  const x = lengthOf(curve.fields.curve_x);
  const y = lengthOf(curve.fields.curve_y);
  if (x === null) report(['curve_x'], 'must be a list');
  if (y === null) report(['curve_y'], 'must be a list');
  if (x !== null && y !== null && x !== y) report(['curve_y'], `has ${y} points but curve_x has ${x}`);
};

/** DistributionRecloserController: one reclose interval between each pair of shots. */
export const recloseIntervalsPerShot: Rule = (controller, { report }) => {
  const intervals = (quantity(controller, 'reclose_intervals').value as number[]).length;
  const shots = num(controller, 'num_shots');
  if (intervals !== shots - 1) report(['reclose_intervals'], `has ${intervals} entries but num_shots - 1 = ${shots - 1}`);
};

function secondsOfDay(time: string): number {
  const [hours, minutes, seconds] = time.split(':').map(Number);
  return hours * 3600 + minutes * 60 + (seconds || 0);
}

/** TOURatePeriod: the period ends after it starts (no wrap past midnight). */
export const endsAfterStart: Rule = (period, { report }) => {
  if (secondsOfDay(period.fields.end_time as string) <= secondsOfDay(period.fields.start_time as string)) report(['end_time'], 'must be later than start_time');
};
