/**
 * The few units hazard files and curve sets use, as pint writes them ("10 kilometer",
 * "120 mile / hour", "950 millibar") plus common abbreviations. Every quantity is turned
 * into its SI base value here, at the edge; nothing inside hazsim carries units.
 */

export type Dimension = 'length' | 'speed' | 'acceleration' | 'pressure' | 'angle';

/** Factor to the SI base unit (metre, metre per second, pascal, degree for angles). */
const LENGTH_M: Readonly<Record<string, number>> = {
  meter: 1,
  metre: 1,
  m: 1,
  kilometer: 1000,
  kilometre: 1000,
  km: 1000,
  centimeter: 0.01,
  centimetre: 0.01,
  cm: 0.01,
  millimeter: 0.001,
  millimetre: 0.001,
  mm: 0.001,
  foot: 0.3048,
  feet: 0.3048,
  ft: 0.3048,
  inch: 0.0254,
  in: 0.0254,
  yard: 0.9144,
  yd: 0.9144,
  mile: 1609.344,
  mi: 1609.344,
  nautical_mile: 1852,
  nmi: 1852,
};

const TIME_S: Readonly<Record<string, number>> = {
  second: 1,
  s: 1,
  sec: 1,
  minute: 60,
  min: 60,
  hour: 3600,
  h: 3600,
  hr: 3600,
};

/** Speeds with a name of their own; composite ones ("mile / hour") are built from the tables above. */
const NAMED_SPEED_MS: Readonly<Record<string, number>> = {
  knot: 1852 / 3600,
  kt: 1852 / 3600,
  kn: 1852 / 3600,
  mph: 1609.344 / 3600,
  kph: 1000 / 3600,
  kmh: 1000 / 3600,
};

/** Standard gravity, m/s² (the acceleration unit "g" of PGA curves). */
export const STANDARD_GRAVITY_MS2 = 9.80665;

const NAMED_ACCELERATION_MS2: Readonly<Record<string, number>> = {
  standard_gravity: STANDARD_GRAVITY_MS2,
  g: STANDARD_GRAVITY_MS2,
  g0: STANDARD_GRAVITY_MS2,
  gal: 0.01,
};

const PRESSURE_PA: Readonly<Record<string, number>> = {
  pascal: 1,
  pa: 1,
  hectopascal: 100,
  hpa: 100,
  kilopascal: 1000,
  kpa: 1000,
  millibar: 100,
  mbar: 100,
  mb: 100,
  bar: 100000,
  atmosphere: 101325,
  atm: 101325,
  inch_hg: 3386.389,
  inhg: 3386.389,
};

const ANGLE_DEG: Readonly<Record<string, number>> = {
  degree: 1,
  deg: 1,
  '°': 1,
  radian: 180 / Math.PI,
  rad: 180 / Math.PI,
};

/** How each dimension is named in messages, with an example. */
export const DIMENSION_EXAMPLES: Readonly<Record<Dimension, string>> = {
  length: "a length such as '10 kilometer'",
  speed: "a speed such as '120 mile / hour'",
  acceleration: "an acceleration such as '0.4 standard_gravity' or '3.9 meter / second ** 2'",
  pressure: "a pressure such as '950 millibar'",
  angle: "an angle such as '270 degree'",
};

/** The SI (or, for angles, degree) unit each dimension is converted to. */
export const SI_UNIT_NAMES: Readonly<Record<Dimension, string>> = {
  length: 'meter',
  speed: 'meter / second',
  acceleration: 'meter / second ** 2',
  pressure: 'pascal',
  angle: 'degree',
};

function lookup(table: Readonly<Record<string, number>>, name: string): number | undefined {
  if (Object.hasOwn(table, name)) return table[name];
  // pint writes singular names; people write plurals ("10 miles", "3 meters").
  if (name.endsWith('s') && Object.hasOwn(table, name.slice(0, -1))) return table[name.slice(0, -1)];
  return undefined;
}

/** Factor taking a value in `unit` to SI for `dimension`, or undefined when the unit is not one of that dimension. */
export function unitFactor(unit: string, dimension: Dimension): number | undefined {
  const name = unit.trim().toLowerCase().replace(/\s+/g, ' ');
  switch (dimension) {
    case 'length':
      return lookup(LENGTH_M, name);
    case 'pressure':
      return lookup(PRESSURE_PA, name.replace(/ /g, '_'));
    case 'angle':
      return lookup(ANGLE_DEG, name);
    case 'speed': {
      const named = lookup(NAMED_SPEED_MS, name);
      if (named !== undefined) return named;
      const ratio = /^(.+?)\s*(?:\/|\bper\b)\s*(.+)$/.exec(name);
      if (!ratio) return undefined;
      const length = lookup(LENGTH_M, ratio[1].trim());
      const time = lookup(TIME_S, ratio[2].trim());
      return length !== undefined && time !== undefined ? length / time : undefined;
    }
    case 'acceleration': {
      const named = lookup(NAMED_ACCELERATION_MS2, name);
      if (named !== undefined) return named;
      const ratio = /^(.+?)\s*\/\s*(.+?)\s*(?:\*\*\s*2|\^\s*2|²)$/.exec(name);
      if (!ratio) return undefined;
      const length = lookup(LENGTH_M, ratio[1].trim());
      const time = lookup(TIME_S, ratio[2].trim());
      return length !== undefined && time !== undefined ? length / (time * time) : undefined;
    }
  }
}

const QUANTITY_PATTERN = /^\s*([-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?)\s*(\S.*?)\s*$/;

export type QuantityResult = { ok: true; value: number } | { ok: false; message: string };

/**
 * Reads a quantity string ("120 mile / hour") and returns its value in the SI unit of
 * `dimension` (SI_UNIT_NAMES), or a message saying what is wrong.
 */
export function parseQuantity(text: unknown, dimension: Dimension): QuantityResult {
  if (typeof text !== 'string') {
    return { ok: false, message: `expected ${DIMENSION_EXAMPLES[dimension]} (a string with a unit), got ${describe(text)}` };
  }
  const match = QUANTITY_PATTERN.exec(text);
  if (!match) return { ok: false, message: `expected ${DIMENSION_EXAMPLES[dimension]}, got ${JSON.stringify(text)}` };
  const factor = unitFactor(match[2], dimension);
  if (factor === undefined) return { ok: false, message: `unknown unit ${JSON.stringify(match[2])} for ${DIMENSION_EXAMPLES[dimension]}` };
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
