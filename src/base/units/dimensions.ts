/**
 * Names for the dimensions hazsim checks quantities against, each given by a unit that
 * has it. Error messages use these names ("a current; expected a voltage").
 */
import { BASE_DIMENSIONS } from './definitions.js';
import { resolveUnit, sameDimension, type DimensionExponents } from './parse.js';

/** Dimension name -> a unit of that dimension (pint spelling). Order matters: the first match names a dimension. */
export const NAMED_DIMENSIONS = {
  dimensionless: '1',
  length: 'meter',
  area: 'meter ** 2',
  mass: 'kilogram',
  time: 'second',
  frequency: 'hertz',
  current: 'ampere',
  temperature: 'kelvin',
  voltage: 'volt',
  resistance: 'ohm',
  'resistance per length': 'ohm / meter',
  conductance: 'siemens',
  capacitance: 'farad',
  'capacitance per length': 'farad / meter',
  inductance: 'henry',
  power: 'watt',
  'power per time': 'watt / second',
  energy: 'joule',
  irradiance: 'watt / meter ** 2',
  speed: 'meter / second',
  acceleration: 'meter / second ** 2',
  pressure: 'pascal',
  'pressure per time': 'pascal / second',
  force: 'newton',
  charge: 'coulomb',
} as const;

export type DimensionName = keyof typeof NAMED_DIMENSIONS;

const NAMED: { name: DimensionName; dimension: DimensionExponents }[] = Object.entries(NAMED_DIMENSIONS).map(([name, unit]) => {
  const resolved = resolveUnit(unit);
  if (typeof resolved === 'string') throw new Error(`bad dimension unit ${unit}: ${resolved}`);
  return { name: name as DimensionName, dimension: resolved.dimension };
});

/** The dimension of a named kind of quantity. */
export function dimensionOf(name: DimensionName): DimensionExponents {
  return NAMED.find((entry) => entry.name === name)!.dimension;
}

/** A readable name for a dimension: "voltage", or "[length] / [time] ** 3" when it has no name. */
export function describeDimension(dimension: DimensionExponents): string {
  const named = NAMED.find((entry) => sameDimension(entry.dimension, dimension));
  if (named) return named.name;
  const part = (i: number, power: number) => `[${BASE_DIMENSIONS[i]}]${power === 1 ? '' : ` ** ${power}`}`;
  const over = dimension.flatMap((power, i) => (power > 0 ? [part(i, power)] : []));
  const under = dimension.flatMap((power, i) => (power < 0 ? [part(i, -power)] : []));
  return `${over.length ? over.join(' * ') : '1'}${under.length ? ` / ${under.join(' / ')}` : ''}`;
}
