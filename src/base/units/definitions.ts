/**
 * Unit definitions in pint's own style (pint/default_en.txt, plus gdm's `va` and `var`):
 * each unit is defined by an expression over base dimensions or earlier units, with its
 * symbol and aliases. Only the units GDM files, gdm itself and hazsim's hazard inputs use
 * are listed; spellings and factors follow pint exactly so that any string pint writes
 * for these quantities reads back the same.
 */

/** The seven SI base dimensions, in the order used by dimension vectors. */
export const BASE_DIMENSIONS = ['length', 'mass', 'time', 'current', 'temperature', 'substance', 'luminosity'] as const;

export type BaseDimension = (typeof BASE_DIMENSIONS)[number];

/** SI prefixes (pint's decimal prefixes), by name, with their symbols and factors. */
export const PREFIXES = [
  { name: 'yocto', symbol: 'y', factor: 1e-24 },
  { name: 'zepto', symbol: 'z', factor: 1e-21 },
  { name: 'atto', symbol: 'a', factor: 1e-18 },
  { name: 'femto', symbol: 'f', factor: 1e-15 },
  { name: 'pico', symbol: 'p', factor: 1e-12 },
  { name: 'nano', symbol: 'n', factor: 1e-9 },
  { name: 'micro', symbol: 'u', aliases: ['µ', 'μ'], factor: 1e-6 },
  { name: 'milli', symbol: 'm', factor: 1e-3 },
  { name: 'centi', symbol: 'c', factor: 1e-2 },
  { name: 'deci', symbol: 'd', factor: 1e-1 },
  { name: 'deca', symbol: 'da', aliases: ['deka'], factor: 1e1 },
  { name: 'hecto', symbol: 'h', factor: 1e2 },
  { name: 'kilo', symbol: 'k', factor: 1e3 },
  { name: 'mega', symbol: 'M', factor: 1e6 },
  { name: 'giga', symbol: 'G', factor: 1e9 },
  { name: 'tera', symbol: 'T', factor: 1e12 },
  { name: 'peta', symbol: 'P', factor: 1e15 },
  { name: 'exa', symbol: 'E', factor: 1e18 },
] as const;

/**
 * Units: `definition` is a pint expression; `[length]` and friends name base dimensions.
 * Mass is defined on the gram as in pint, so `kilogram` (the SI base) comes from the prefix.
 */
export const UNIT_DEFINITIONS = [
  // Base units (pint: meter = [length] = m = metre, ...)
  { name: 'meter', definition: '[length]', symbol: 'm', aliases: ['metre'] },
  { name: 'second', definition: '[time]', symbol: 's', aliases: ['sec'] },
  { name: 'ampere', definition: '[current]', symbol: 'A', aliases: ['amp'] },
  { name: 'candela', definition: '[luminosity]', symbol: 'cd', aliases: ['candle'] },
  { name: 'gram', definition: '0.001 * [mass]', symbol: 'g' },
  { name: 'mole', definition: '[substance]', symbol: 'mol' },
  { name: 'kelvin', definition: '[temperature]', symbol: 'K', aliases: ['degK'] },
  { name: 'radian', definition: '1', symbol: 'rad' },
  { name: 'count', definition: '1' },

  // Dimensionless
  { name: 'percent', definition: '0.01', symbol: '%' },

  // Angle (degree = π / 180 * radian)
  { name: 'turn', definition: '6.283185307179586 * radian', aliases: ['revolution', 'cycle', 'circle'] },
  { name: 'degree', definition: '0.017453292519943295 * radian', symbol: 'deg', aliases: ['arcdeg', 'arcdegree', 'angular_degree'] },
  { name: 'arcminute', definition: 'degree / 60', symbol: 'arcmin', aliases: ['arc_minute', 'angular_minute'] },
  { name: 'arcsecond', definition: 'arcminute / 60', symbol: 'arcsec', aliases: ['arc_second', 'angular_second'] },

  // Length (international foot, since 1959)
  { name: 'yard', definition: '0.9144 * meter', symbol: 'yd', aliases: ['international_yard'] },
  { name: 'inch', definition: 'yard / 36', symbol: 'in', aliases: ['international_inch', 'inches', 'international_inches'] },
  { name: 'foot', definition: 'yard / 3', symbol: 'ft', aliases: ['international_foot', 'feet', 'international_feet'] },
  { name: 'mile', definition: '1760 * yard', symbol: 'mi', aliases: ['international_mile'] },
  { name: 'nautical_mile', definition: '1852 * meter', symbol: 'nmi' },
  { name: 'survey_foot', definition: '1200 / 3937 * meter', symbol: 'sft' },
  { name: 'survey_mile', definition: '5280 * survey_foot', symbol: 'smi', aliases: ['us_statute_mile'] },

  // Area
  { name: 'are', definition: '100 * meter ** 2' },
  { name: 'hectare', definition: '100 * are', symbol: 'ha' },
  { name: 'acre', definition: '43560 * survey_foot ** 2' },

  // Time
  { name: 'minute', definition: '60 * second', symbol: 'min' },
  { name: 'hour', definition: '60 * minute', symbol: 'hr' },
  { name: 'day', definition: '24 * hour', symbol: 'd' },
  { name: 'week', definition: '7 * day' },
  { name: 'year', definition: '365.25 * day', symbol: 'a', aliases: ['yr', 'julian_year'] },

  // Frequency
  { name: 'hertz', definition: '1 / second', symbol: 'Hz' },

  // Velocity
  { name: 'knot', definition: 'nautical_mile / hour', symbol: 'kt', aliases: ['knot_international', 'international_knot'] },
  { name: 'mile_per_hour', definition: 'mile / hour', symbol: 'mph', aliases: ['MPH'] },
  { name: 'kilometer_per_hour', definition: 'kilometer / hour', symbol: 'kph', aliases: ['KPH'] },
  { name: 'kilometer_per_second', definition: 'kilometer / second', symbol: 'kps' },
  { name: 'meter_per_second', definition: 'meter / second', symbol: 'mps' },
  { name: 'foot_per_second', definition: 'foot / second', symbol: 'fps' },

  // Acceleration (standard_gravity is in pint's constants_en.txt)
  { name: 'standard_gravity', definition: '9.80665 * meter / second ** 2', symbol: 'g_0', aliases: ['g0', 'g_n', 'gravity'] },
  { name: 'galileo', definition: 'centimeter / second ** 2', symbol: 'Gal' },

  // Mass
  { name: 'metric_ton', definition: '1000 * kilogram', symbol: 't', aliases: ['tonne'] },
  { name: 'pound', definition: '0.45359237 * kilogram', symbol: 'lb', aliases: ['avoirdupois_pound', 'avdp_pound'] },

  // Force
  { name: 'newton', definition: 'kilogram * meter / second ** 2', symbol: 'N' },
  { name: 'force_pound', definition: 'standard_gravity * pound', symbol: 'lbf', aliases: ['pound_force'] },

  // Energy
  { name: 'joule', definition: 'newton * meter', symbol: 'J' },
  { name: 'watt_hour', definition: 'watt * hour', symbol: 'Wh', aliases: ['watthour'] },

  // Power (gdm defines va and var as ampere * volt, so W, VA and var share one dimension)
  { name: 'watt', definition: 'joule / second', symbol: 'W' },
  { name: 'volt_ampere', definition: 'volt * ampere', symbol: 'VA' },
  { name: 'va', definition: 'ampere * volt' },
  { name: 'var', definition: 'ampere * volt' },
  { name: 'horsepower', definition: '550 * foot * force_pound / second', symbol: 'hp' },

  // Pressure
  { name: 'pascal', definition: 'newton / meter ** 2', symbol: 'Pa' },
  { name: 'bar', definition: '100000 * pascal' },
  { name: 'atmosphere', definition: '101325 * pascal', symbol: 'atm', aliases: ['standard_atmosphere'] },
  { name: 'torr', definition: 'atmosphere / 760' },
  { name: 'pound_force_per_square_inch', definition: 'force_pound / inch ** 2', symbol: 'psi' },
  { name: 'inch_Hg', definition: 'inch * 13595.1 * kilogram / meter ** 3 * standard_gravity', symbol: 'inHg', aliases: ['in_Hg', 'inch_Hg_32F'] },
  {
    name: 'millimeter_Hg',
    definition: 'millimeter * 13595.1 * kilogram / meter ** 3 * standard_gravity',
    symbol: 'mmHg',
    aliases: ['mm_Hg', 'millimeter_Hg_0C'],
  },

  // Electricity
  { name: 'coulomb', definition: 'ampere * second', symbol: 'C' },
  { name: 'volt', definition: 'joule / coulomb', symbol: 'V' },
  { name: 'ohm', definition: 'volt / ampere', symbol: 'Ω' },
  { name: 'siemens', definition: 'ampere / volt', symbol: 'S', aliases: ['mho'] },
  { name: 'farad', definition: 'coulomb / volt', symbol: 'F' },
  { name: 'henry', definition: 'volt * second / ampere', symbol: 'H' },
  { name: 'ampere_hour', definition: 'ampere * hour', symbol: 'Ah' },
] as const;

export type UnitDefinition = (typeof UNIT_DEFINITIONS)[number];
