/**
 * GeometryBranchEquipment.to_matrix_representation (docs/input-distribution.md): series
 * impedance by Kersting's modified Carson equations and shunt capacitance by the method
 * of images, in feet and ohm/mile as Kersting works (Distribution System Modeling and
 * Analysis, eq. 4.41-4.42 and ch. 5).
 *
 * Concentric-neutral cables follow Kersting §4.3/§5.2 per cable (gdm uses the last
 * cable's radius and resistances for all, and puts a susceptance where a capacitance
 * belongs); each cable's concentric neutral is grounded and eliminated, so cable
 * equipment comes back reduced to its phase conductors.
 */
import { HazsimError } from '../../../base/errors.js';
import type { Component, Quantity } from '../model.js';
import { invert, schurComplement, zeros, type ComplexMatrix, type Matrix } from './_linalg.js';
import { expectType, newComponent, quantityIn } from './_build.js';

const METERS_PER_FOOT = 0.3048;
const METERS_PER_MILE = 1609.344;
/** Permittivity of free space, µF/mile (Kersting's 0.01424). */
const EPSILON0_UF_PER_MILE = 0.01424;

export interface CarsonOptions {
  /** System frequency, Hz (default 60). */
  frequencyHz?: number;
  /** Earth resistivity, Ω·m (default 100). */
  soilResistivityOhmM?: number;
  /** Neutral conductors at the end of the conductor list; they do not count towards the ampacity (default 0). */
  nNeutrals?: number;
}

const feet = (quantity: Quantity, index?: number) => ((index === undefined ? quantity.si : (quantity.si as number[])[index]) as number) / METERS_PER_FOOT;
const ohmsPerMile = (quantity: Quantity) => quantity.siScalar * METERS_PER_MILE;

/**
 * Primitive impedance by the modified Carson equations, Ω/mile:
 * z_ii = r_i + 0.00158836·f + j·0.00202237·f·(ln(1/GMR_i) + 7.6786 + ½·ln(ρ/f)),
 * z_ij = 0.00158836·f + j·0.00202237·f·(ln(1/D_ij) + 7.6786 + ½·ln(ρ/f)), distances in feet.
 */
function carsonPrimitiveImpedance(distanceFt: Matrix, resistanceOhmPerMile: number[], frequencyHz: number, soilResistivityOhmM: number): ComplexMatrix {
  const n = distanceFt.length;
  const re = zeros(n, n);
  const im = zeros(n, n);
  const earth = 7.6786 + 0.5 * Math.log(soilResistivityOhmM / frequencyHz);
  for (let i = 0; i < n; i += 1) {
    for (let j = 0; j < n; j += 1) {
      re[i][j] = 0.00158836 * frequencyHz + (i === j ? resistanceOhmPerMile[i] : 0);
      im[i][j] = 0.00202237 * frequencyHz * (Math.log(1 / distanceFt[i][j]) + earth);
    }
  }
  return { re, im };
}

/** Distances between points (feet), with `diagonal` on the diagonal. */
function distances(x: number[], y: number[], diagonal: number[]): Matrix {
  return x.map((xi, i) => x.map((xj, j) => (i === j ? diagonal[i] : Math.hypot(xi - xj, y[i] - y[j]))));
}

/** Maxwell capacitance of overhead conductors by the method of images, µF/mile: C = P⁻¹, P_ij = ln(S_ij/D_ij) / (2π·ε). */
function overheadCapacitance(x: number[], y: number[], radiusFt: number[], relativePermittivity: number): Matrix {
  const scale = 1 / (2 * Math.PI * EPSILON0_UF_PER_MILE * relativePermittivity);
  const potential = x.map((xi, i) =>
    x.map((xj, j) => scale * Math.log(Math.hypot(xi - xj, y[i] + y[j]) / (i === j ? radiusFt[i] : Math.hypot(xi - xj, y[i] - y[j])))),
  );
  return invert(potential);
}

function positions(equipment: Component): { x: number[]; y: number[] } {
  const horizontal = equipment.fields.horizontal_positions as Quantity;
  const vertical = equipment.fields.vertical_positions as Quantity;
  return { x: (horizontal.si as number[]).map((_, i) => feet(horizontal, i)), y: (vertical.si as number[]).map((_, i) => feet(vertical, i)) };
}

function bareConductors(equipment: Component, conductors: Component[], frequencyHz: number, soilResistivityOhmM: number) {
  const { x, y } = positions(equipment);
  const gmr = conductors.map((conductor) => feet(conductor.fields.conductor_gmr as Quantity));
  const radius = conductors.map((conductor) => feet(conductor.fields.conductor_diameter as Quantity) / 2);
  const z = carsonPrimitiveImpedance(
    distances(x, y, gmr),
    conductors.map((conductor) => ohmsPerMile(conductor.fields.ac_resistance as Quantity)),
    frequencyHz,
    soilResistivityOhmM,
  );
  return { z, c: overheadCapacitance(x, y, radius, equipment.fields.insulation as number) };
}

/**
 * Concentric-neutral cables (Kersting §4.3): phase i and its neutral ring (radius R_i,
 * GMR_cn = (GMR_s·k·R^(k−1))^(1/k), r_cn = r_s/k) as 2n conductors, Kron-reduced to n.
 * Shunt capacitance per phase (Kersting eq. 5.30): 2π·ε / (ln(R_b/R_c) − (1/k)·ln(k·R_s/R_b)).
 */
function concentricCables(equipment: Component, cables: Component[], frequencyHz: number, soilResistivityOhmM: number) {
  const { x, y } = positions(equipment);
  const n = cables.length;
  const f = (cable: Component, key: string) => cable.fields[key] as Quantity;
  const strands = cables.map((cable) => cable.fields.num_neutral_strands as number);
  const ringRadius = cables.map((cable) => (feet(f(cable, 'cable_diameter')) - feet(f(cable, 'strand_diameter'))) / 2);
  const neutralGmr = cables.map((cable, i) => (feet(f(cable, 'strand_gmr')) * strands[i] * ringRadius[i] ** (strands[i] - 1)) ** (1 / strands[i]));
  const distance = zeros(2 * n, 2 * n);
  for (let i = 0; i < 2 * n; i += 1) {
    for (let j = 0; j < 2 * n; j += 1) {
      const [a, b] = [i % n, j % n];
      if (i === j) distance[i][j] = i < n ? feet(f(cables[a], 'conductor_gmr')) : neutralGmr[a];
      else if (a === b) distance[i][j] = ringRadius[a];
      else distance[i][j] = Math.hypot(x[a] - x[b], y[a] - y[b]);
    }
  }
  const resistance = [
    ...cables.map((cable) => ohmsPerMile(f(cable, 'phase_ac_resistance'))),
    ...cables.map((cable, i) => ohmsPerMile(f(cable, 'strand_ac_resistance')) / strands[i]),
  ];
  const primitive = carsonPrimitiveImpedance(distance, resistance, frequencyHz, soilResistivityOhmM);
  const phasesOnly = Array.from({ length: n }, (_, i) => i);
  const z = schurComplement(
    primitive,
    phasesOnly,
    phasesOnly.map((i) => i + n),
  );
  const c = zeros(n, n);
  cables.forEach((cable, i) => {
    const outer = ringRadius[i];
    const conductorRadius = feet(f(cable, 'conductor_diameter')) / 2;
    const strandRadius = feet(f(cable, 'strand_diameter')) / 2;
    const k = strands[i];
    c[i][i] =
      (2 * Math.PI * EPSILON0_UF_PER_MILE * (cable.fields.insulation as number)) /
      (Math.log(outer / conductorRadius) - Math.log((k * strandRadius) / outer) / k);
  });
  return { z, c };
}

/**
 * The MatrixImpedanceBranchEquipment of geometry equipment: r and x in ohm/mile, c in
 * microfarad/mile, ampacity the mean of the phase conductors' (bare conductors: the
 * first count − nNeutrals), construction OVERHEAD when the mean height is above ground.
 * A new component with a fresh uuid and the same name.
 */
export function toMatrixRepresentation(equipment: Component, options: CarsonOptions = {}): Component {
  expectType(equipment, 'GeometryBranchEquipment');
  const { frequencyHz = 60, soilResistivityOhmM = 100, nNeutrals = 0 } = options;
  if (!(frequencyHz > 0) || !(soilResistivityOhmM > 0)) throw new HazsimError('invalid_input', 'frequency and soil resistivity must be > 0');
  const conductors = equipment.fields.conductors as Component[];
  const cables = conductors[0]?.type === 'ConcentricCableEquipment';
  const { z, c } = cables
    ? concentricCables(equipment, conductors, frequencyHz, soilResistivityOhmM)
    : bareConductors(equipment, conductors, frequencyHz, soilResistivityOhmM);
  const rated = cables ? conductors : conductors.slice(0, conductors.length - nNeutrals);
  const ampacity = rated.reduce((sum, conductor) => sum + (conductor.fields.ampacity as Quantity).siScalar, 0) / rated.length;
  const heights = (equipment.fields.vertical_positions as Quantity).si as number[];
  const overhead = heights.reduce((sum, height) => sum + height, 0) / heights.length > 0;
  return newComponent('MatrixImpedanceBranchEquipment', equipment.name, {
    construction: overhead ? 'OVERHEAD' : 'UNDERGROUND',
    r_matrix: quantityIn(z.re, 'ohm / mile'),
    x_matrix: quantityIn(z.im, 'ohm / mile'),
    c_matrix: quantityIn(c, 'microfarad / mile'),
    ampacity: quantityIn(ampacity, 'ampere'),
  });
}

/** GeometryBranch.to_matrix_representation: a new MatrixImpedanceBranch (fresh uuid) on the same buses, length and phases. */
export function geometryBranchToMatrix(branch: Component, options: Omit<CarsonOptions, 'nNeutrals'> = {}): Component {
  expectType(branch, 'GeometryBranch');
  const phases = branch.fields.phases as string[];
  const equipment = toMatrixRepresentation(branch.fields.equipment as Component, { ...options, nNeutrals: phases.filter((phase) => phase === 'N').length });
  return newComponent('MatrixImpedanceBranch', branch.name, { ...branch.fields, equipment });
}
