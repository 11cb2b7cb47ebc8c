/**
 * gdm's branch validators (docs/input-distribution.md), including what gdm does not check:
 * switches, fuses and reclosers replace the branch checks with the is_closed length check
 * only; GeometryBranch never checks phases against conductors; the bus-voltage check
 * compares the numbers as written, ignoring units.
 */
import type { Rule } from '../classSpec.js';
import { components, component, labelOf, quantity, shapeOf, strings } from './_access.js';

/** Python's math.isclose with rel_tol only. */
function isClose(a: number, b: number, relativeTolerance: number): boolean {
  return Math.abs(a - b) <= relativeTolerance * Math.max(Math.abs(a), Math.abs(b));
}

/** validate_fields_base of DistributionBranchBase (MatrixImpedance/SequenceImpedance/Geometry branches). */
export const branchBase: Rule = (branch, { report }) => {
  const buses = components(branch, 'buses');
  const phases = strings(branch, 'phases');
  if (buses.length !== 2) report(['buses'], `must list exactly 2 buses (from, to); it lists ${buses.length}`);
  for (let index = 0; index < phases.length; index += 1) {
    for (const bus of buses) {
      const busPhases = strings(bus, 'phases');
      if (!busPhases.includes(phases[index]))
        report(['phases', index], `phase ${phases[index]} is not on bus ${labelOf(bus)} (its phases: ${busPhases.join(', ') || 'none'})`);
    }
  }
  if (buses.length >= 2) {
    if (buses[0].name === buses[1].name) report(['buses'], `both ends are bus ${labelOf(buses[0])}; a branch connects two different buses`);
    const from = quantity(buses[0], 'rated_voltage');
    const to = quantity(buses[1], 'rated_voltage');
    if (!isClose(from.value as number, to.value as number, 1e-3)) {
      report(
        ['buses'],
        `its buses' rated voltages differ: ${from.value} ${from.units} vs ${to.value} ${to.units} (gdm compares the numbers as written, ignoring units, within 0.1 %)`,
      );
    }
  }
  for (let index = 1; index < phases.length; index += 1) {
    if (phases.indexOf(phases[index]) < index) report(['phases', index], `phase ${phases[index]} is listed twice`);
  }
};

/** MatrixImpedanceBranch/Switch validate_fields: r, x and c have size len(phases) in every dimension. */
export const matrixMatchesPhases: Rule = (branch, { report }) => {
  const count = strings(branch, 'phases').length;
  const equipment = component(branch, 'equipment');
  for (const key of ['r_matrix', 'x_matrix', 'c_matrix']) {
    const shape = shapeOf(quantity(equipment, key).value);
    const sizes = new Set(shape);
    if (sizes.size !== 1 || !sizes.has(count)) {
      report(
        ['equipment'],
        `equipment ${labelOf(equipment)} has a ${shape.join('×') || 'scalar'} ${key}, but the branch has ${count} phase${count === 1 ? '' : 's'}`,
      );
    }
  }
};

/** SequenceImpedanceBranch validate_fields: a single phase is not allowed. */
export const notSinglePhase: Rule = (branch, { report }) => {
  if (strings(branch, 'phases').length === 1) report(['phases'], 'a sequence impedance branch cannot have a single phase');
};

/** DistributionSwitchBase validate_fields_base: one is_closed entry per phase (the only switch check). */
export const isClosedPerPhase: Rule = (branch, { report }) => {
  const closed = (branch.fields.is_closed as boolean[]).length;
  const phases = strings(branch, 'phases').length;
  if (closed !== phases) report(['is_closed'], `has ${closed} entries but phases has ${phases}; one state per phase`);
};
