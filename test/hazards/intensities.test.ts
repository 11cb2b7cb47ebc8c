import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { computeIntensities, quantitiesOf, readHazardModel } from '../../src/domain/hazards/index.js';
import { close } from '../helpers/assert.js';
import { sitesOf } from './_sites.js';

const storm = (timestamp: string, longitude: number, maxWind: string) => ({
  type: 'wind',
  timestamp,
  center: { longitude, latitude: 0 },
  max_wind_speed: maxWind,
  radius_of_max_wind: '20 kilometer',
  radius_of_closest_isobar: '200 kilometer',
  wind_profile: 'ERAD_V1',
});

const grid = suite('computeIntensities');

grid('lays values out timestamp-major with NaN where a type has no model at that timestamp', () => {
  const hazard = readHazardModel({
    models: [
      storm('2024-01-01T01:00:00', 0, '40 meter / second'),
      { type: 'earthquake', timestamp: '2024-01-01T00:00:00', origin: { longitude: 0, latitude: 0 }, depth: '300 kilometer', magnitude: 5 },
    ],
  });
  assert.equal(quantitiesOf(hazard), ['wind_speed', 'pga', 'pgv']);
  const result = computeIntensities(
    hazard,
    sitesOf([
      [0, 0],
      [0.18, 0],
    ]),
  );
  assert.equal(result.timestamps, ['2024-01-01T00:00:00', '2024-01-01T01:00:00']);
  assert.equal(Object.keys(result.quantities), ['wind_speed', 'pga', 'pgv']);
  const wind = result.quantities.wind_speed!;
  const pga = result.quantities.pga!;
  assert.is(wind.length, 4);
  assert.ok(Number.isNaN(wind[0]) && Number.isNaN(wind[1]), 'no wind at the first timestamp');
  assert.is(wind[2], 0);
  assert.ok(wind[3] > 0);
  close(pga[0], 1.52786, 1e-5);
  assert.ok(Number.isNaN(pga[2]) && Number.isNaN(pga[3]), 'no shaking at the second timestamp');
  assert.equal(result.warnings, []);
});

grid('keeps the highest wind where two storms share a timestamp, whatever their order', () => {
  const sites = sitesOf([
    [0.18, 0],
    [1.18, 0],
  ]);
  const a = storm('2024-01-01T00:00:00', 0, '40 meter / second');
  const b = storm('2024-01-01T00:00:00', 1, '60 meter / second');
  const forward = computeIntensities(readHazardModel({ models: [a, b] }), sites).quantities.wind_speed!;
  const backward = computeIntensities(readHazardModel({ models: [b, a] }), sites).quantities.wind_speed!;
  const alone = computeIntensities(readHazardModel({ models: [a] }), sites).quantities.wind_speed!;
  const other = computeIntensities(readHazardModel({ models: [b] }), sites).quantities.wind_speed!;
  assert.equal(Array.from(forward), Array.from(backward));
  assert.equal(Array.from(forward), [Math.max(alone[0], other[0]), Math.max(alone[1], other[1])]);
});

grid('handles no sites', () => {
  const result = computeIntensities(readHazardModel({ models: [storm('2024-01-01T00:00:00', 0, '40 meter / second')] }), sitesOf([]));
  assert.is(result.quantities.wind_speed!.length, 0);
});

grid.run();
