/**
 * Kron reduction (docs/input-distribution.md): eliminating the neutral conductors, taken as
 * grounded (zero voltage), from matrix impedance equipment. The series impedance is
 * reduced by the Schur complement Z_kk − Z_ke·Z_ee⁻¹·Z_ek. The shunt capacitance is
 * reduced the textbook way (Kersting, Distribution System Modeling and Analysis, ch. 5):
 * Kron-reducing the potential coefficients and inverting equals the phase block of
 * C = P⁻¹, which is what is kept; gdm's Schur complement of C is about 2 % off on the
 * diagonal. Shared equipment is never changed in place: new components come back.
 */
import { HazsimError } from '../../../base/errors.js';
import type { Component, Quantity } from '../model.js';
import { pick, schurComplement, type Matrix } from './_linalg.js';
import { expectType, newComponent, quantityIn, siIn } from './_build.js';

const MATRIX_EQUIPMENT = [
  'MatrixImpedanceBranchEquipment',
  'MatrixImpedanceSwitchEquipment',
  'MatrixImpedanceFuseEquipment',
  'MatrixImpedanceRecloserEquipment',
];

/**
 * Kron-reduces matrix impedance equipment whose rows are labelled by `phases`, removing
 * the N rows. r, x and c keep their original units; the uuid and name are kept.
 */
export function kronReduceEquipment(equipment: Component, phases: readonly string[]): Component {
  expectType(equipment, ...MATRIX_EQUIPMENT);
  const r = equipment.fields.r_matrix as Quantity;
  const x = equipment.fields.x_matrix as Quantity;
  const c = equipment.fields.c_matrix as Quantity;
  const size = (r.value as Matrix).length;
  if (phases.length !== size)
    throw new HazsimError('invalid_input', `${equipment.type} "${equipment.name}" has ${size}×${size} matrices but ${phases.length} phases label its rows`);
  const keep = phases.flatMap((phase, index) => (phase === 'N' ? [] : [index]));
  const eliminate = phases.flatMap((phase, index) => (phase === 'N' ? [index] : []));
  // Without neutrals nothing changes; going through SI and back would only add rounding.
  if (eliminate.length === 0) return newComponent(equipment.type, equipment.name, { ...equipment.fields }, equipment.uuid);
  const z = schurComplement({ re: r.si as Matrix, im: x.si as Matrix }, keep, eliminate);
  return newComponent(
    equipment.type,
    equipment.name,
    { ...equipment.fields, r_matrix: siIn(z.re, r.units), x_matrix: siIn(z.im, x.units), c_matrix: quantityIn(pick(c.value as Matrix, keep, keep), c.units) },
    equipment.uuid,
  );
}

/** MatrixImpedanceBranch.kron_reduce: its equipment reduced by its own phases, and N removed from its phases. */
export function kronReduceBranch(branch: Component): Component {
  expectType(branch, 'MatrixImpedanceBranch', 'MatrixImpedanceSwitch', 'MatrixImpedanceFuse', 'MatrixImpedanceRecloser');
  const phases = branch.fields.phases as string[];
  const equipment = kronReduceEquipment(branch.fields.equipment as Component, phases);
  return newComponent(branch.type, branch.name, { ...branch.fields, phases: phases.filter((phase) => phase !== 'N'), equipment }, branch.uuid);
}
