// Shared by the GDM tests: reading fixtures and building small nested-form models.
import fs from 'node:fs';
import path from 'node:path';
import { SHARED_FIXTURES } from '../helpers/cli.js';

/** The seven fixture files gdm 2.x can describe, with their component counts (fixtures/gdm/README.md). */
export const VALID_FIXTURES: readonly [string, number][] = [
  ['gdm_main_p5r/p5r.json', 60],
  ['gmdflow_p5r/p5r.json', 60],
  ['gdm_main_docs_test/test.json', 60],
  ['gdm_al-ybus_ieee13/ieee_13_node.json', 106],
  ['gmdflow_ieee13/ieee13_system.json', 160],
  ['gmdflow_ieee123/ieee_123_node.json', 610],
  ['gmdflow_P4U/P4U_system.json', 863],
];

export function fixture(relative: string): any {
  return JSON.parse(fs.readFileSync(path.join(SHARED_FIXTURES, relative), 'utf8'));
}

/** The class name of a GDM component object, in either dialect. */
export function classOf(component: any): string {
  return (component.__metadata__.fields ?? component.__metadata__).type;
}

let counter = 0;
/** A fresh, valid uuid for hand-made components (deterministic within a test run). */
export function uuid(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${counter.toString(16).padStart(12, '0')}`;
}

/** A nested-form bus with a coordinate. */
export function bus(name: string, options: { kv?: string; phases?: string[]; x?: number; y?: number; voltageType?: string } = {}) {
  return {
    type: 'DistributionBus',
    uuid: uuid(),
    name,
    voltage_type: options.voltageType ?? 'line-to-ground',
    phases: options.phases ?? ['A', 'B', 'C'],
    rated_voltage: options.kv ?? '7.2 kilovolt',
    ...(options.x !== undefined ? { coordinate: { x: options.x, y: options.y } } : {}),
  };
}

const matrix3 = (value: string) => [
  [value, '0 ohm / kilometer', '0 ohm / kilometer'],
  ['0 ohm / kilometer', value, '0 ohm / kilometer'],
  ['0 ohm / kilometer', '0 ohm / kilometer', value],
];

/** Nested-form matrix impedance equipment, 3×3, with a chosen shunt capacitance on the diagonal. */
export function lineEquipment(name: string, options: { cDiagonal?: string; construction?: string; size?: number } = {}) {
  const size = options.size ?? 3;
  const square = (diagonal: string, zero: string) =>
    Array.from({ length: size }, (_, i) => Array.from({ length: size }, (_, j) => (i === j ? diagonal : zero)));
  return {
    type: 'MatrixImpedanceBranchEquipment',
    uuid: uuid(),
    name,
    ...(options.construction ? { construction: options.construction } : {}),
    r_matrix: size === 3 ? matrix3('0.3 ohm / kilometer') : square('0.3 ohm / kilometer', '0 ohm / kilometer'),
    x_matrix: square('0.6 ohm / kilometer', '0.2 ohm / kilometer'),
    c_matrix: square(options.cDiagonal ?? '8 nanofarad / kilometer', '-2 nanofarad / kilometer'),
    ampacity: '400 ampere',
  };
}

/** A nested-form line between two buses (inline objects). */
export function line(name: string, from: object, to: object, equipment: object, options: { phases?: string[]; length?: string } = {}) {
  return {
    type: 'MatrixImpedanceBranch',
    name,
    buses: [from, to],
    length: options.length ?? '0.5 kilometer',
    phases: options.phases ?? ['A', 'B', 'C'],
    equipment,
  };
}

/** A nested-form model around some components. */
export function nested(components: object[]): { name: string; components: object[]; properties: object } {
  return { name: 'hand_made', components, properties: {} };
}
