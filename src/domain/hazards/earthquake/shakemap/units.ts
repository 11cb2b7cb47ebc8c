/**
 * Unit conversion of ShakeMap grid fields to SI.
 *
 * ShakeMap 3.5 writes `pctg` / `cms` / `ms`, ShakeMap 4 writes `%g` / `cm/s` / `m/s` for the same
 * quantities; both are accepted. Standard-deviation fields (STDPGA, GMPE_INTRA_STDPSA03, ...) are
 * standard deviations of the natural logarithm of the amplitude: rescaling the amplitude (percent
 * of g to m/s²) only shifts its logarithm, so these values carry over unchanged, in natural-log
 * units ("ln"). STDMMI and its GMPE_* variants are plain intensity units, not logarithms.
 */
import { ShakeMapGridError } from './errors.js';
import type { FieldQuantity } from './types.js';

/** Standard gravity, m/s² (CGPM 1901 conventional value). */
export const STANDARD_GRAVITY = 9.80665;

interface UnitDefinition {
  readonly quantity: 'acceleration' | 'velocity';
  readonly factor: number;
}

const AMPLITUDE_UNITS: ReadonlyMap<string, UnitDefinition> = new Map([
  ['pctg', { quantity: 'acceleration', factor: STANDARD_GRAVITY / 100 }],
  ['%g', { quantity: 'acceleration', factor: STANDARD_GRAVITY / 100 }],
  ['g', { quantity: 'acceleration', factor: STANDARD_GRAVITY }],
  ['cms', { quantity: 'velocity', factor: 0.01 }],
  ['cm/s', { quantity: 'velocity', factor: 0.01 }],
  ['ms', { quantity: 'velocity', factor: 1 }],
  ['m/s', { quantity: 'velocity', factor: 1 }],
]);

export interface FieldConversion {
  readonly quantity: FieldQuantity;
  readonly units: string;
  readonly factor: number;
}

const SI_UNITS: Record<'acceleration' | 'velocity', string> = { acceleration: 'm/s²', velocity: 'm/s' };

/** Which amplitude a field name must carry, for the names ShakeMap defines. */
function expectedQuantity(name: string): 'acceleration' | 'velocity' | undefined {
  if (name === 'PGA' || /^PSA\d+$/.test(name)) return 'acceleration';
  if (name === 'PGV' || name === 'SVEL') return 'velocity';
  return undefined;
}

function unknownUnits(name: string, index: number, units: string): ShakeMapGridError {
  return new ShakeMapGridError(`grid_field ${index} (${name}) has unknown units "${units}"`);
}

/** The base intensity measure of a standard-deviation field: "STDPGA" → "PGA", "GMPE_INTRA_STDMMI" → "MMI". */
function standardDeviationBase(name: string): string | undefined {
  return /^(?:GMPE_(?:INTER|INTRA)_)?STD(\w+)$/.exec(name)?.[1];
}

/** How to convert grid field `name` (1-based column `index`) written in `units`; throws when not understood. */
export function fieldConversion(name: string, index: number, units: string): FieldConversion {
  if (name === 'LON' || name === 'LAT') {
    if (units !== 'dd') throw new ShakeMapGridError(`grid_field ${index} (${name}) must be in decimal degrees "dd", found "${units}"`);
    return { quantity: 'coordinate', units: 'deg', factor: 1 };
  }
  const base = standardDeviationBase(name);
  if (base !== undefined) {
    if (base === 'MMI') {
      if (units !== 'intensity') throw unknownUnits(name, index, units);
      return { quantity: 'intensityStandardDeviation', units: 'MMI', factor: 1 };
    }
    // "ln(pctg)", "ln(cms)", ... and, in early ShakeMap 3.5 grids, the bare amplitude unit
    // ("pctg") on STDPGA although the values (≈ 0.5) are natural-log standard deviations.
    const inner = /^ln\((.*)\)$/.exec(units)?.[1] ?? units;
    if (!AMPLITUDE_UNITS.has(inner)) throw unknownUnits(name, index, units);
    return { quantity: 'lnStandardDeviation', units: 'ln', factor: 1 };
  }
  if (name === 'MMI') {
    if (units !== 'intensity') throw unknownUnits(name, index, units);
    return { quantity: 'intensity', units: 'MMI', factor: 1 };
  }
  if (units === '' || units === 'intensity') {
    // URAT (uncertainty ratio) is written with empty units; other unitless columns are kept as is.
    return { quantity: units === '' ? 'ratio' : 'intensity', units: units === '' ? '1' : 'MMI', factor: 1 };
  }
  const definition = AMPLITUDE_UNITS.get(units);
  if (definition === undefined) throw unknownUnits(name, index, units);
  const expected = expectedQuantity(name);
  if (expected !== undefined && expected !== definition.quantity) {
    throw new ShakeMapGridError(`grid_field ${index} (${name}) must be ${expected}, but its units "${units}" are ${definition.quantity}`);
  }
  return { quantity: definition.quantity, units: SI_UNITS[definition.quantity], factor: definition.factor };
}
