import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { convert, describeDimension, dimensionOf, resolveUnit, toSI, type Unit } from '../../src/base/units/index.js';
import { LEGACY_QUANTITY_CLASSES, QUANTITY_CLASSES, type QuantityClass } from '../../src/domain/gdm/quantityClasses.js';
import { HazsimError } from '../../src/base/errors.js';
import { closeRelative } from '../helpers/assert.js';
import { SHARED_FIXTURES, haveSharedFixtures } from '../helpers/cli.js';

function unit(expression: string): Unit {
  const resolved = resolveUnit(expression);
  if (typeof resolved === 'string') throw new Error(resolved);
  return resolved;
}

/** Every {units, __metadata__} quantity object in a parsed JSON tree, with its quantity class. */
function quantitiesIn(value: unknown, found: { units: string; quantityClass: string }[]): void {
  if (Array.isArray(value)) for (const item of value) quantitiesIn(item, found);
  else if (value && typeof value === 'object') {
    const record = value as Record<string, any>;
    if (typeof record.units === 'string' && record.__metadata__) {
      const metadata = record.__metadata__.fields ?? record.__metadata__;
      found.push({ units: record.units, quantityClass: metadata.type });
    }
    for (const item of Object.values(record)) quantitiesIn(item, found);
  }
}

const fixtures = suite('resolveUnit on the GDM fixtures');

fixtures('reads every unit string in fixtures/gdm with the dimension of its quantity class', () => {
  if (!haveSharedFixtures()) return;
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.json')) files.push(full);
    }
  };
  walk(SHARED_FIXTURES);
  assert.is(files.length, 8);
  const found: { units: string; quantityClass: string }[] = [];
  for (const file of files) quantitiesIn(JSON.parse(fs.readFileSync(file, 'utf8')), found);
  const spellings = new Set(found.map((quantity) => quantity.units));
  // The spellings docs/input-distribution.md lists for these files.
  for (const expected of [
    'ampere',
    'degree',
    'kilometer',
    'kilova',
    'kilovar',
    'kilovolt',
    'kilowatt',
    'kilowatt / meter ** 2',
    'meter',
    'nanofarad / kilometer',
    'nanofarad / meter',
    'ohm',
    'ohm / kilometer',
    'ohm / meter',
    'foot',
    'ohm / foot',
    'ohm / mile',
    'nanofarad / foot',
    'nanofarad / mile',
  ]) {
    assert.ok(spellings.has(expected), `fixtures use ${expected}`);
  }
  for (const { units, quantityClass } of found) {
    const className = (LEGACY_QUANTITY_CLASSES[quantityClass] ?? quantityClass) as QuantityClass;
    const base = unit(QUANTITY_CLASSES[className]);
    assert.is(describeDimension(unit(units).dimension), describeDimension(base.dimension), `${units} as ${quantityClass}`);
  }
});

fixtures.run();

const conversions = suite('convert: hand conversions');

/** [value, from, to, expected, what]: each checked to a relative 1e-12. */
const HAND_CONVERSIONS: [number, string, string, number, string][] = [
  // Lengths follow the international yard of 1959.
  [1, 'mile', 'meter', 1609.344, 'mile'],
  [1, 'foot', 'meter', 0.3048, 'foot'],
  [1, 'inch', 'meter', 0.0254, 'inch'],
  [1, 'kft', 'm', 304.8, 'kilofoot'],
  [1, 'nautical_mile', 'km', 1.852, 'nautical mile'],
  [5280, 'feet', 'miles', 1, 'feet in a mile'],
  // Per-length impedance and capacitance.
  [1, 'ohm / mile', 'ohm / meter', 1 / 1609.344, 'ohm per mile'],
  [0.306, 'ohm / mile', 'ohm / kilometer', 0.306 / 1.609344, 'Kersting 336,400 ACSR'],
  [1, 'nanofarad / foot', 'farad / meter', 1e-9 / 0.3048, 'nF per foot'],
  [1, 'uF/mi', 'nanofarad / kilometer', 1000 / 1.609344, 'uF per mile'],
  [1, 'µF', 'farad', 1e-6, 'micro sign'],
  // Power: W, var and VA share one dimension, as gdm defines them.
  [1, 'kilova', 'watt', 1000, 'kilova'],
  [1, 'kilovar', 'kW', 1, 'kilovar'],
  [2.5, 'MVA', 'kilovolt_ampere', 2500, 'MVA'],
  [1, 'kilowatt / meter ** 2', 'W/m**2', 1000, 'irradiance'],
  [1, 'kWh', 'joule', 3.6e6, 'kWh'],
  [1, 'hour * kilowatt', 'kilowatt_hour', 1, "pint's product order"],
  // Speeds, pressures, angles, times and gravity.
  [1, 'mile / hour', 'meter / second', 0.44704, 'mph'],
  [1, 'mph', 'm/s', 0.44704, 'mph symbol'],
  [1, 'knot', 'meter / second', 1852 / 3600, 'knot'],
  [950, 'millibar', 'hPa', 950, 'millibar'],
  [1, 'atm', 'Pa', 101325, 'atmosphere'],
  [180, 'degree', 'radian', Math.PI, 'degrees'],
  [1, 'hour', 'minute', 60, 'hour'],
  [1, 'g0', 'meter / second ** 2', 9.80665, 'standard gravity'],
  [1, 'foot / second', 'fps', 1, 'fps'],
];

conversions('lengths, per-length impedances, powers, speeds, pressures, angles and times', () => {
  for (const [value, from, to, expected, what] of HAND_CONVERSIONS) closeRelative(convert(value, from, to), expected, 1e-12, what);
});

conversions('quantity strings and {value, units} objects reduce to SI', () => {
  closeRelative(toSI('12.47 kilovolt', dimensionOf('voltage')), 12470, 1e-12, 'kilovolt');
  closeRelative(toSI('1e-3 ohm / meter'), 1e-3, 1e-12, 'scientific notation');
  closeRelative(toSI({ value: 2, units: 'foot' }, dimensionOf('length')), 0.6096, 1e-12, 'object');
  closeRelative(toSI('-3.5 kV'), -3500, 1e-12, 'negative');
});

conversions.run();

const grammar = suite('resolveUnit: pint grammar');

grammar('powers bind tighter than / and *, which associate left to right', () => {
  assert.is(describeDimension(unit('kilowatt / meter ** 2').dimension), 'irradiance');
  assert.is(describeDimension(unit('meter / second * second').dimension), 'length');
  assert.is(describeDimension(unit('meter ** -1').dimension), '1 / [length]');
  assert.is(describeDimension(unit('meter^2').dimension), 'area');
  closeRelative(unit('(kilometer) ** 2').factor, 1e6, 1e-12, 'parenthesised power');
  closeRelative(unit('kilowatt hour').factor, 3.6e6, 1e-12, 'juxtaposition multiplies');
});

grammar('SI prefixes and plural names', () => {
  closeRelative(unit('MW').factor, 1e6, 1e-12, 'MW');
  closeRelative(unit('mA').factor, 1e-3, 1e-12, 'mA');
  closeRelative(unit('GW').factor, 1e9, 1e-12, 'GW');
  closeRelative(unit('kilovolts').factor, 1000, 1e-12, 'kilovolts');
  closeRelative(unit('inches').factor, 0.0254, 1e-12, 'inches');
  closeRelative(unit('ms').factor, 1e-3, 1e-12, 'ms is a millisecond, not metres');
  closeRelative(unit('min').factor, 60, 1e-12, 'min is a minute');
});

grammar('names are case-sensitive, as in pint, and an error suggests the right case', () => {
  const lower = resolveUnit('kw');
  assert.type(lower, 'string');
  assert.match(lower as string, /unknown unit "kw".*did you mean "kW"/);
  assert.type(resolveUnit('kVAr'), 'string');
  assert.type(resolveUnit('kVA'), 'object');
  assert.match(resolveUnit('ohm / mile /') as string, /cannot read unit "ohm \/ mile \/"/);
});

grammar('convert refuses units of different dimensions, naming both', () => {
  try {
    convert(1, 'ampere', 'volt');
    assert.unreachable('converted amperes to volts');
  } catch (error) {
    assert.instance(error, HazsimError);
    assert.is((error as HazsimError).kind, 'invalid_input');
    assert.match((error as Error).message, /current, not voltage/);
  }
  assert.throws(() => toSI('3 ampere', dimensionOf('voltage')), /measure current, not voltage/);
  assert.throws(() => toSI('twelve volts'), /not a quantity/);
});

grammar.run();
