/**
 * Quantities of hazard files and curve sets, as pint writes them ("10 kilometer",
 * "120 mile / hour", "950 millibar"), read with the units module every input shares
 * (src/base/units) and checked against the dimension a field needs. Every quantity is turned
 * into its SI base value here, at the edge; nothing inside hazsim carries units.
 */
import { describeDimension, dimensionOf, resolveUnit, sameDimension, type DimensionExponents, type Unit } from '../../base/units/index.js';

export type Dimension = 'length' | 'speed' | 'acceleration' | 'pressure' | 'pressure_rate' | 'angle';

/** Standard gravity, m/s² (the acceleration unit "g" of PGA curves). */
export const STANDARD_GRAVITY_MS2 = 9.80665;

/** Each dimension as src/base/units knows it, and the factor from SI to the unit hazsim holds it in (degrees for angles). */
const DIMENSIONS: Readonly<Record<Dimension, { dimension: DimensionExponents; siPerHeldUnit: number }>> = {
  length: { dimension: dimensionOf('length'), siPerHeldUnit: 1 },
  speed: { dimension: dimensionOf('speed'), siPerHeldUnit: 1 },
  acceleration: { dimension: dimensionOf('acceleration'), siPerHeldUnit: 1 },
  pressure: { dimension: dimensionOf('pressure'), siPerHeldUnit: 1 },
  pressure_rate: { dimension: dimensionOf('pressure per time'), siPerHeldUnit: 1 },
  angle: { dimension: dimensionOf('dimensionless'), siPerHeldUnit: Math.PI / 180 },
};

/**
 * Hazard and fragility files follow the field's habits on top of pint's spelling: "g" is
 * standard gravity (pint's "g" is the gram), and plurals ("10 miles") are read as singular.
 */
const FIELD_SPELLINGS: Readonly<Record<string, string>> = { g: 'standard_gravity', '°': 'degree' };

function resolveFieldUnit(unit: string): Unit | string {
  const text = unit.trim().replace(/\s+/g, ' ');
  const direct = resolveUnit(FIELD_SPELLINGS[text] ?? text);
  if (typeof direct !== 'string') return direct;
  const singular = text.replace(/([a-z])s\b/g, '$1');
  return singular === text ? direct : resolveUnit(singular);
}

/** How each dimension is named in messages, with an example. */
export const DIMENSION_EXAMPLES: Readonly<Record<Dimension, string>> = {
  length: "a length such as '10 kilometer'",
  speed: "a speed such as '120 mile / hour'",
  acceleration: "an acceleration such as '0.4 standard_gravity' or '3.9 meter / second ** 2'",
  pressure: "a pressure such as '950 millibar'",
  pressure_rate: "a rate of pressure change such as '-1.5 millibar / hour'",
  angle: "an angle such as '270 degree'",
};

/** Factor taking a value in `unit` to SI for `dimension`, or undefined when the unit is not one of that dimension. */
export function unitFactor(unit: string, dimension: Dimension): number | undefined {
  const resolved = resolveFieldUnit(unit);
  const wanted = DIMENSIONS[dimension];
  if (typeof resolved === 'string' || !sameDimension(resolved.dimension, wanted.dimension)) return undefined;
  return resolved.factor / wanted.siPerHeldUnit;
}

const QUANTITY_PATTERN = /^\s*([-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?)\s*(\S.*?)\s*$/;

export type QuantityResult = { ok: true; value: number } | { ok: false; message: string };

/**
 * Reads a quantity string ("120 mile / hour") and returns its value in the SI unit of
 * `dimension` (metre, metre per second, m/s², pascal; degrees for angles), or a message saying what is wrong.
 */
export function parseQuantity(text: unknown, dimension: Dimension): QuantityResult {
  if (typeof text !== 'string') {
    return { ok: false, message: `expected ${DIMENSION_EXAMPLES[dimension]} (a string with a unit), got ${describe(text)}` };
  }
  const match = QUANTITY_PATTERN.exec(text);
  if (!match) return { ok: false, message: `expected ${DIMENSION_EXAMPLES[dimension]}, got ${JSON.stringify(text)}` };
  const factor = unitFactor(match[2], dimension);
  if (factor === undefined) {
    const resolved = resolveFieldUnit(match[2]);
    const what =
      typeof resolved === 'string'
        ? `unknown unit ${JSON.stringify(match[2])}`
        : `${JSON.stringify(match[2])} measures ${describeDimension(resolved.dimension)}`;
    return { ok: false, message: `${what}; expected ${DIMENSION_EXAMPLES[dimension]}` };
  }
  const value = Number(match[1]) * factor;
  if (!Number.isFinite(value)) return { ok: false, message: `${JSON.stringify(text)} is not a finite number` };
  return { ok: true, value };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return `the bare number ${value} (units are required)`;
  return typeof value;
}
