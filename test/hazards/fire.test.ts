import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { computeIntensities, readHazardModel } from '../../src/domain/hazards/index.js';
import { close } from '../helpers/assert.js';
import { ring, sitesOf } from './_sites.js';

// Along the equator (a geodesic) 0.01° of longitude is a·0.01·π/180 = 1113.1949 m (a = 6 378 137 m).
const EQUATOR_0_01_DEG_M = 1113.1949079327358;
// Along a meridian at the equator the radius of curvature is M = a(1 − e²) = 6 335 439.327 m,
// so 0.1° of latitude from the equator is 11 057.4277 m (M varies by 1e-8 over it).
const MERIDIAN_0_1_DEG_M = 11057.4277;

const distance = suite('fire boundary distance');

distance('is 0 inside or on a perimeter and the geodesic distance to the nearest perimeter point outside', () => {
  const hazard = readHazardModel({
    models: [
      { type: 'fire', timestamp: '2024-01-01T00:00:00', affected_areas: [{ affected_area: { type: 'Polygon', coordinates: [ring(-0.1, -0.1, 0, 0.1)] } }] },
    ],
  });
  const grid = computeIntensities(
    hazard,
    sitesOf([
      [-0.05, 0],
      [0, 0.05],
      [0.01, 0],
      [0.02, 0],
    ]),
  );
  const d = grid.quantities.fire_boundary_distance!;
  assert.is(d[0], 0);
  assert.is(d[1], 0);
  close(d[2], EQUATOR_0_01_DEG_M, 1e-3);
  close(d[3], 2 * EQUATOR_0_01_DEG_M, 1e-3);
});

distance('measures to the nearest point of an edge, not only to corners', () => {
  // A perimeter whose east edge runs from (0, −1) to (0, 1): the nearest point to (0.01, 0) is mid-edge.
  const hazard = readHazardModel({
    models: [
      {
        type: 'fire_area',
        timestamp: '2024-01-01T00:00:00',
        affected_area: {
          type: 'Polygon',
          coordinates: [
            [
              [-1, -1],
              [0, -1],
              [0, 1],
              [-1, 1],
              [-1, -1],
            ],
          ],
        },
      },
    ],
  });
  const grid = computeIntensities(hazard, sitesOf([[0.01, 0]]));
  close(grid.quantities.fire_boundary_distance![0], EQUATOR_0_01_DEG_M, 1e-3);
});

distance('takes the nearest of all areas and fires at a timestamp, and treats holes as unburnt', () => {
  const hazard = readHazardModel({
    models: [
      {
        type: 'fire',
        timestamp: '2024-01-01T00:00:00',
        affected_areas: [
          { affected_area: { type: 'Polygon', coordinates: [ring(-1, -1, -0.03, 1)] } },
          { affected_area: { type: 'Polygon', coordinates: [ring(0.05, -1, 1, 1)] } },
        ],
      },
      { type: 'fire_area', timestamp: '2024-01-01T00:00:00', affected_area: { type: 'Polygon', coordinates: [ring(2, -1, 3, 1), ring(2.4, -0.1, 2.6, 0.1)] } },
    ],
  });
  const grid = computeIntensities(
    hazard,
    sitesOf([
      [0, 0],
      [2.5, 0],
    ]),
  );
  // 0.03° to the west area, 0.05° to the east one; the hole's north and south edges are 0.1° from its centre.
  close(grid.quantities.fire_boundary_distance![0], 3 * EQUATOR_0_01_DEG_M, 1e-3);
  close(grid.quantities.fire_boundary_distance![1], MERIDIAN_0_1_DEG_M, 1e-3);
});

distance.run();
