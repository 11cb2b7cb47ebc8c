import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileCurveSet, curveForType } from '../../src/domain/fragility/compile.js';
import { readCurveSet, validateCurveSet } from '../../src/domain/fragility/curveSet.js';
import { survivalAt } from '../../src/domain/fragility/survival.js';
import { HazsimError } from '../../src/base/errors.js';
import { close } from '../helpers/assert.js';

function paths(content: unknown): string[] {
  return validateCurveSet(content).map((issue) => issue.path);
}

const validation = suite('curve set validation');

validation('accepts every curve form with its units', () => {
  const set = {
    name: 'mine',
    description: 'test',
    curves: {
      wind_speed: { distribution_poles: { distribution: 'lognormal', median: '100 mile / hour', beta: 0.3 } },
      pgv: { switch: { distribution: 'normal', mean: '35 centimeter / second', std: '3 centimeter / second' } },
      pga: { substation: { distribution: 'scipy', name: 'lognorm', parameters: [0.5, 0.1, 0.3], unit: 'standard_gravity' } },
      fire_boundary_distance: {
        switch: { distribution: 'exponential_decay', max_probability: 0.9, length: '500 foot' },
        substation: { distribution: 'scipy', name: 'expon', parameters: [1], unit: 'km' },
      },
    },
  };
  assert.equal(validateCurveSet(set), []);
  assert.equal(readCurveSet(set).name, 'mine');
});

validation('names every bad quantity, asset type, curve form, median, beta and unit with its path', () => {
  const set = {
    curves: {
      wind_gust: {},
      wind_speed: {
        poles: { distribution: 'lognormal', median: '45 meter / second', beta: 0.4 },
        switch: { distribution: 'lognormal', median: '0 meter / second', beta: 0.4 },
        substation: { distribution: 'lognormal', median: '50 meter / second', beta: -0.1 },
        solar_panels: { distribution: 'lognormal', median: '50 meter', beta: 0.3 },
        battery_storage: { distribution: 'weibull', median: '50 meter / second', beta: 0.3 },
      },
      fire_boundary_distance: { switch: { distribution: 'lognormal', median: '1 km', beta: 0.5 } },
      pga: {
        switch: { distribution: 'scipy', name: 'lognorm', parameters: [0.5, 1, 2, 3], unit: 'g' },
        substation: { distribution: 'scipy', name: 'expon', parameters: [0, -1], unit: 'g' },
      },
      flood_depth: { switch: { distribution: 'normal', mean: '1 meter', std: '0 meter' } },
    },
  };
  assert.equal(paths(set), [
    'curves.wind_gust',
    'curves.wind_speed.poles',
    'curves.wind_speed.switch.median',
    'curves.wind_speed.substation.beta',
    'curves.wind_speed.solar_panels.median',
    'curves.wind_speed.battery_storage.distribution',
    'curves.fire_boundary_distance.switch.distribution',
    'curves.pga.switch.parameters',
    'curves.pga.substation.parameters',
    'curves.flood_depth.switch.std',
  ]);
  const issues = validateCurveSet(set);
  assert.match(issues[0].message, /unknown quantity "wind_gust"; expected one of wind_speed, flood_depth/);
  assert.match(issues[1].message, /unknown asset type "poles"; expected one of substation/);
  assert.match(issues[2].message, /median must be greater than 0/);
  assert.match(issues[3].message, /beta must be greater than 0, got -0.1/);
  assert.match(issues[4].message, /"meter" measures length; expected a speed/);
  assert.match(issues[6].message, /fire_boundary_distance curve needs "distribution": one of exponential_decay, scipy; got "lognormal"/);
  assert.match(issues[7].message, /lognorm takes 1 to 3 positional parameters \(s, loc, scale\), got 4/);
  assert.match(issues[8].message, /expon's scale must be greater than 0, got -1/);
});

validation('refuses a set without curves and content that is no curve set', () => {
  assert.equal(paths({ curves: {} }), ['curves']);
  assert.equal(paths([]), ['']);
  assert.equal(paths({ curves: {}, extra: 1 }), ['extra']);
  try {
    readCurveSet({ curves: { pga: { switch: { distribution: 'lognormal', median: '1 g', beta: 0 } } } });
    assert.unreachable('should throw');
  } catch (error) {
    assert.instance(error, HazsimError);
    assert.is((error as HazsimError).kind, 'invalid_input');
    assert.equal(
      (error as HazsimError).issues!.map((issue) => issue.path),
      ['curves.pga.switch.beta'],
    );
  }
});

validation.run();

const compiling = suite('compileCurveSet');

compiling('looks curves up by asset type and quantity; a version 1 set falls back to LEGACY_DEFAULT_CURVES for the rest, saying which', () => {
  const compiled = compileCurveSet(
    readCurveSet({ curves: { fire_boundary_distance: { switch: { distribution: 'exponential_decay', max_probability: 0.5, length: '1 kilometer' } } } }),
    'fires',
  );
  assert.is(compiled.name, 'fires');
  // 14 asset types × 6 quantities, minus the one curve given.
  assert.is(compiled.fallbacks.length, 83);
  assert.ok(compiled.fallbacks.some((pair) => pair.asset_type === 'substation' && pair.quantity === 'fire_boundary_distance'));
  assert.ok(!compiled.fallbacks.some((pair) => pair.asset_type === 'switch' && pair.quantity === 'fire_boundary_distance'));
  close(survivalAt(curveForType(compiled, 'switch', 'fire_boundary_distance'), 1000), 1 - 0.5 / Math.E, 1e-12);
  // Substation falls back to LEGACY_DEFAULT_CURVES fire length 0.25 km.
  close(survivalAt(curveForType(compiled, 'substation', 'fire_boundary_distance'), 250), 1 - 0.95 / Math.E, 1e-12);
  const entry = compiled.entries.find((candidate) => candidate.asset_type === 'switch' && candidate.quantity === 'fire_boundary_distance');
  assert.equal(entry, {
    asset_type: 'switch',
    quantity: 'fire_boundary_distance',
    hazard: 'fire',
    curve_set: 'fires',
    curve: {
      quantity: 'fire_boundary_distance',
      units: 'kilometer',
      applies_to: 'asset',
      limit_states: [{ name: 'failure', form: 'exponential_decay', parameters: { max_probability: 0.5, length: 1 } }],
      out_of_service: 'failure',
    },
  });
  assert.is(compiled.entries.find((candidate) => candidate.asset_type === 'substation' && candidate.quantity === 'pga')!.curve_set, 'LEGACY_DEFAULT_CURVES');
});

compiling('converts curve units to SI (100 mph median = 44.704 m/s; scipy loc and scale in g)', () => {
  const compiled = compileCurveSet(
    readCurveSet({
      curves: {
        wind_speed: { switch: { distribution: 'lognormal', median: '100 mile / hour', beta: 0.3 } },
        pga: { switch: { distribution: 'scipy', name: 'lognorm', parameters: [0.8, 0.4, 1.25], unit: 'standard_gravity' } },
      },
    }),
  );
  close(survivalAt(curveForType(compiled, 'switch', 'wind_speed'), 44.704), 0.5, 1e-12);
  // scipy lognorm.cdf(x, 0.8, 0.4, 1.25) in g at x = 1.65 g: Φ(ln(1.25/1.25)/0.8) = 0.5.
  close(survivalAt(curveForType(compiled, 'switch', 'pga'), 1.65 * 9.80665), 0.5, 1e-12);
});

compiling.run();
