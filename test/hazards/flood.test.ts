import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { computeIntensities, readHazardModel } from '../../src/domain/hazards/index.js';
import { close } from '../helpers/assert.js';
import { ring, sitesOf } from './_sites.js';

function flood(areas: object[], timestamp = '2024-01-01T00:00:00') {
  return { type: 'flood', name: 'f', timestamp, affected_areas: areas };
}

/** A 1°×1° square with a 0.2° hole in its middle. */
const SQUARE_WITH_HOLE = { type: 'Polygon', coordinates: [ring(-80, 32, -79, 33), ring(-79.6, 32.4, -79.4, 32.6)] };

const inside = suite('flood areas');

inside('honour holes and count every boundary (exterior, hole, vertex) as inside', () => {
  const hazard = readHazardModel({ models: [flood([{ affected_area: SQUARE_WITH_HOLE, water_depth: '2 meter', water_velocity: '1.5 meter / second' }])] });
  const grid = computeIntensities(
    hazard,
    sitesOf([
      [-79.8, 32.2], // inside
      [-79.5, 32.5], // in the hole
      [-80, 32.5], // on the west edge
      [-79.6, 32.5], // on the hole's west edge
      [-79, 33], // on a corner
      [-78.9, 32.5], // outside, inside the bounding box of nothing
      [-79.5, 33.0000001], // just outside the north edge
    ]),
  );
  const depth = Array.from(grid.quantities.flood_depth!);
  const velocity = Array.from(grid.quantities.flood_velocity!);
  assert.equal(
    depth.map((value) => !Number.isNaN(value)),
    [true, false, true, true, true, false, false],
  );
  assert.equal(
    velocity.map((value) => !Number.isNaN(value)),
    [true, false, true, true, true, false, false],
  );
  close(depth[0], 2, 1e-12);
  close(velocity[0], 1.5, 1e-12);
});

inside('subtract the asset height from the water depth', () => {
  const hazard = readHazardModel({ models: [flood([{ affected_area: SQUARE_WITH_HOLE, water_depth: '1.2 meter' }])] });
  const grid = computeIntensities(
    hazard,
    sitesOf([
      [-79.8, 32.2, 4],
      [-79.8, 32.2, -1],
      [-79.8, 32.2, 0.3],
    ]),
  );
  // 1.2 − 4 (a switch sits above the water), 1.2 − (−1) (underground), 1.2 − 0.3 (pad mount).
  close(grid.quantities.flood_depth![0], -2.8, 1e-12);
  close(grid.quantities.flood_depth![1], 2.2, 1e-12);
  close(grid.quantities.flood_depth![2], 0.9, 1e-12);
  assert.ok(Number.isNaN(grid.quantities.flood_velocity![0]), 'an area without velocity gives none');
});

inside('turn an absolute water elevation into depth with the ground elevation, and warn when it is missing', () => {
  const hazard = readHazardModel({
    models: [
      flood([
        { name: 'with-ground', affected_area: { type: 'Polygon', coordinates: ring(0, 0, 1, 1) }, water_elevation: '10 foot', ground_elevation: '1 meter' },
      ]),
      flood([{ name: 'no-ground', affected_area: { type: 'Polygon', coordinates: ring(2, 0, 3, 1) }, water_elevation: '10 foot' }]),
    ],
  });
  const grid = computeIntensities(
    hazard,
    sitesOf([
      [0.5, 0.5, 0.3],
      [2.5, 0.5, 0.3],
    ]),
  );
  // 3.048 − (1 + 0.3) and 3.048 − (0 + 0.3).
  close(grid.quantities.flood_depth![0], 1.748, 1e-12);
  close(grid.quantities.flood_depth![1], 2.748, 1e-12);
  assert.equal(grid.warnings, ["flood 'f' at 2024-01-01T00:00:00: area 'no-ground' gives water_elevation but no ground_elevation; ground elevation 0 m used"]);
});

inside('keep the most severe depth and velocity where areas or floods overlap at one timestamp', () => {
  const hazard = readHazardModel({
    models: [
      flood([
        { affected_area: { type: 'Polygon', coordinates: ring(0, 0, 2, 2) }, water_depth: '1 meter', water_velocity: '3 meter / second' },
        { affected_area: { type: 'Polygon', coordinates: ring(1, 1, 3, 3) }, water_depth: '2 meter', water_velocity: '1 meter / second' },
      ]),
      {
        type: 'flood_area',
        timestamp: '2024-01-01T00:00:00',
        affected_area: { type: 'MultiPolygon', coordinates: [[ring(1.4, 1.4, 1.6, 1.6)], [ring(5, 5, 6, 6)]] },
        water_depth: '0.5 meter',
      },
    ],
  });
  const grid = computeIntensities(
    hazard,
    sitesOf([
      [0.5, 0.5],
      [1.5, 1.5],
      [2.5, 2.5],
      [5.5, 5.5],
    ]),
  );
  assert.equal(Array.from(grid.quantities.flood_depth!), [1, 2, 2, 0.5]);
  assert.equal(
    Array.from(grid.quantities.flood_velocity!).map((value) => (Number.isNaN(value) ? null : value)),
    [3, 3, 1, null],
  );
});

inside.run();
