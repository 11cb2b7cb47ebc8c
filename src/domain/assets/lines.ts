/**
 * Line classification (docs/input-distribution.md): distribution or transmission by the first bus's
 * line-to-line rated voltage (35 kV), cable or overhead by what the equipment says about
 * the conductors. construction "OVERHEAD" is gdm's default and is written even for
 * cables, so it decides nothing; UNDERGROUND, concentric-neutral cables or a cable-like
 * shunt capacitance do.
 */
import type { Component, Quantity } from '../gdm/index.js';
import type { AssetType } from './types.js';

/** Above this line-to-line voltage a line is transmission, volts. */
const TRANSMISSION_THRESHOLD_V = 35_000;

/** Shunt capacitance per length above which a line is a cable: 0.05 µF/km, in F/m. */
const CABLE_CAPACITANCE_THRESHOLD_F_PER_M = 0.05e-6 / 1000;

/** Branch classes that are lines (sequence, matrix and geometry impedance). */
export const LINE_CLASSES: ReadonlySet<string> = new Set(['MatrixImpedanceBranch', 'SequenceImpedanceBranch', 'GeometryBranch']);

/** Line-to-line rated voltage of a bus, volts (a line-to-ground rating times √3). */
export function lineToLineVolts(bus: Component): number {
  const rated = (bus.fields.rated_voltage as Quantity).siScalar;
  return bus.fields.voltage_type === 'line-to-ground' ? rated * Math.sqrt(3) : rated;
}

/** Why the equipment makes a line a cable, or null for overhead. */
function cableEvidence(equipment: Component): string | null {
  if (equipment.fields.construction === 'UNDERGROUND') return 'construction UNDERGROUND';
  if (equipment.type === 'GeometryBranchEquipment') {
    const conductors = equipment.fields.conductors as Component[];
    return conductors.length > 0 && conductors[0].type === 'ConcentricCableEquipment' ? 'concentric-neutral cable conductors' : null;
  }
  const capacitance = equipment.fields.c_matrix ?? equipment.fields.pos_seq_capacitance;
  const value = (capacitance as Quantity | undefined)?.si;
  const first = Array.isArray(value) ? (Array.isArray(value[0]) ? value[0][0] : value[0]) : value;
  return typeof first === 'number' && first > CABLE_CAPACITANCE_THRESHOLD_F_PER_M ? 'shunt capacitance above 0.05 µF/km' : null;
}

/** The asset type of a line (MatrixImpedanceBranch, SequenceImpedanceBranch or GeometryBranch). */
export function lineAssetType(line: Component): AssetType {
  const buses = line.fields.buses as Component[];
  const transmission = lineToLineVolts(buses[0]) > TRANSMISSION_THRESHOLD_V;
  const cable = cableEvidence(line.fields.equipment as Component) !== null;
  if (transmission) return cable ? 'transmission_underground_cables' : 'transmission_overhead_lines';
  return cable ? 'distribution_underground_cables' : 'distribution_overhead_lines';
}

/** What a line implies for the buses at its ends. */
export const STRUCTURE_OF_LINE: Readonly<Partial<Record<AssetType, AssetType>>> = {
  distribution_overhead_lines: 'distribution_poles',
  distribution_underground_cables: 'distribution_junction_box',
  transmission_overhead_lines: 'transmission_tower',
  transmission_underground_cables: 'transmission_junction_box',
};

/** Tie order between bus structures: overhead first, then the order of ASSET_TYPES. */
export const STRUCTURE_PREFERENCE: readonly AssetType[] = [
  'distribution_poles',
  'transmission_tower',
  'distribution_junction_box',
  'transmission_junction_box',
];
