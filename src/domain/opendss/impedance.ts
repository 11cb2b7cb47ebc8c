/**
 * Series impedance and shunt capacitance of an OpenDSS line per kilometre
 * (docs/input-distribution.md, "OpenDSS models"): from its own matrices or sequence values,
 * else its LineCode's, else OpenDSS's Line defaults. Sequence values become a matrix with
 * Zs = (2·Z1 + Z0)/3 and Zm = (Z0 − Z1)/3 (the same for C), as OpenDSS builds it.
 */
import type { Circuit, DssObject } from './circuit.js';
import { lengthUnitOf, matrixOf, METRES_PER_UNIT, numberOf, type RawValue } from './values.js';

/** OpenDSS's Line defaults, per 1000 ft (OpenDSS Manual, "Line Object"): ohms, and nanofarads for c1/c0; normamps 400 A. */
export const OPENDSS_LINE_DEFAULTS = { unit: 'kft', r1: 0.058, x1: 0.1206, r0: 0.1784, x0: 0.4047, c1: 3.4, c0: 1.6, normamps: 400 } as const;

/** A line's matrices per kilometre (ohm, ohm, nanofarad), n×n for its n phases, and its ampacity in amperes. */
export interface LineImpedance {
  r: number[][];
  x: number[][];
  c: number[][];
  ampacityA: number;
  /** Where the values came from: 'matrix', 'sequence', 'linecode <name>' or 'defaults'. */
  source: string;
}

function sequenceMatrix(n: number, positive: number, zero: number): number[][] {
  const self = (2 * positive + zero) / 3;
  const mutual = (zero - positive) / 3;
  return Array.from({ length: n }, (_, row) => Array.from({ length: n }, (_, column) => (row === column ? self : mutual)));
}

/** The top-left n×n of a matrix, or null when it is smaller than n. */
function fitted(matrix: number[][] | null, n: number): number[][] | null {
  if (!matrix || matrix.length < n) return null;
  return matrix.slice(0, n).map((row) => row.slice(0, n));
}

function scaled(matrix: number[][], factor: number): number[][] {
  return matrix.map((row) => row.map((value) => value * factor));
}

/** Metres per unit of an object's `units=` (or another unit property); null when not set. */
export function metresPerUnit(object: DssObject | undefined, property = 'units'): number | null {
  const raw = object?.props.get(property);
  if (!raw) return null;
  const unit = lengthUnitOf(raw);
  return unit === null ? null : METRES_PER_UNIT[unit];
}

const value = (object: DssObject | undefined, name: string): RawValue | undefined => object?.props.get(name);

/** Matrices of `holder` (a Line or LineCode) for n phases, per its own length unit; null when it gives none. */
function holderMatrices(holder: DssObject, n: number): { r: number[][]; x: number[][]; c: number[][]; source: string } | null {
  const rRaw = value(holder, 'rmatrix');
  const xRaw = value(holder, 'xmatrix');
  if (rRaw && xRaw) {
    const r = fitted(matrixOf(rRaw), n);
    const x = fitted(matrixOf(xRaw), n);
    const cRaw = value(holder, 'cmatrix');
    const c = cRaw ? fitted(matrixOf(cRaw), n) : sequenceMatrix(n, 0, 0);
    if (r && x && c) return { r, x, c, source: 'matrix' };
  }
  const has = ['r1', 'x1', 'r0', 'x0', 'c1', 'c0'].some((name) => holder.props.has(name));
  if (!has) return null;
  const get = (name: 'r1' | 'x1' | 'r0' | 'x0' | 'c1' | 'c0') => {
    const raw = value(holder, name);
    return raw ? numberOf(raw) : OPENDSS_LINE_DEFAULTS[name];
  };
  const r1 = get('r1');
  const x1 = get('x1');
  // An unset zero sequence follows the positive one when only the positive is given (OpenDSS keeps both defaults otherwise).
  return {
    r: sequenceMatrix(n, r1, holder.props.has('r0') ? get('r0') : holder.props.has('r1') ? r1 : get('r0')),
    x: sequenceMatrix(n, x1, holder.props.has('x0') ? get('x0') : holder.props.has('x1') ? x1 : get('x0')),
    c: sequenceMatrix(n, get('c1'), holder.props.has('c0') ? get('c0') : holder.props.has('c1') ? get('c1') : get('c0')),
    source: 'sequence',
  };
}

/**
 * The impedance of a Line with n phases: its own values (per its `units`), else its LineCode's
 * (per the LineCode's units, else the line's), else OpenDSS's defaults (per 1000 ft). A unit of
 * `none` reads as metres.
 */
export function lineImpedance(line: DssObject, circuit: Circuit, n: number): LineImpedance {
  const codeName = value(line, 'linecode')?.value.toLowerCase();
  const code = codeName ? circuit.objects.get('linecode')?.get(codeName) : undefined;
  const lineUnit = metresPerUnit(line);
  const own = holderMatrices(line, n);
  const normamps = value(line, 'normamps') ?? value(code, 'normamps');
  const ampacityA = normamps ? numberOf(normamps) : OPENDSS_LINE_DEFAULTS.normamps;
  const perKm = (matrices: { r: number[][]; x: number[][]; c: number[][] }, metres: number) => ({
    r: scaled(matrices.r, 1000 / metres),
    x: scaled(matrices.x, 1000 / metres),
    c: scaled(matrices.c, 1000 / metres),
  });
  if (own) return { ...perKm(own, lineUnit ?? 1), ampacityA, source: own.source };
  const coded = code ? holderMatrices(code, n) : null;
  if (code && coded) return { ...perKm(coded, metresPerUnit(code) ?? lineUnit ?? 1), ampacityA, source: `linecode ${code.name}` };
  const defaults = {
    r: sequenceMatrix(n, OPENDSS_LINE_DEFAULTS.r1, OPENDSS_LINE_DEFAULTS.r0),
    x: sequenceMatrix(n, OPENDSS_LINE_DEFAULTS.x1, OPENDSS_LINE_DEFAULTS.x0),
    c: sequenceMatrix(n, OPENDSS_LINE_DEFAULTS.c1, OPENDSS_LINE_DEFAULTS.c0),
  };
  return { ...perKm(defaults, METRES_PER_UNIT[OPENDSS_LINE_DEFAULTS.unit]), ampacityA, source: 'defaults' };
}
