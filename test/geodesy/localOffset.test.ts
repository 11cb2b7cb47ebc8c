import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { offsetFrom } from '../../src/base/geodesy/localOffset.js';
import { geodesicDistanceM } from '../../src/base/geodesy/inverse.js';
import { close } from '../helpers/assert.js';
import { PLACED_BUS, PLACED_SUBSTATION } from '../helpers/coordinateFixtures.js';

// offsetFrom (the local flat-earth approximation of --place-at) against the hand computation at
// the equator and at 60° N, and against Vincenty's inverse over a feeder's few kilometres.
const test = suite('offsetFrom: metres east and north of an anchor to longitude/latitude');

test('at the equator: Δλ = east / a, Δφ = north / (a(1 − e²)), by hand (coordinateFixtures.ts, PLACED_BUS)', () => {
  for (const [east, north, expected] of [
    [1000, 1000, PLACED_SUBSTATION],
    [200, 1700, PLACED_BUS],
  ] as const) {
    const point = offsetFrom({ longitude: 10, latitude: 0 }, east, north);
    close(point.longitude, expected.longitude, 1e-9);
    close(point.latitude, expected.latitude, 1e-9);
  }
  assert.equal(offsetFrom({ longitude: 10, latitude: 0 }, 0, 0), { longitude: 10, latitude: 0 });
});

test('at 60° N: N cos φ0 halves the metres per degree of longitude', () => {
  // sin²60° = 0.75, w = 1 − e²·0.75 = 0.99497929; M = a(1 − e²)/w^1.5 = 6383453.857 m,
  // N = a/√w = 6394209.174 m; 1000 m east: 1000/(N·0.5) rad = 0.0179211464°; 2000 m north: 2000/M rad = 0.0179513413°.
  const point = offsetFrom({ longitude: -105, latitude: 60 }, 1000, 2000);
  close(point.longitude, -105 + 0.0179211464, 1e-9);
  close(point.latitude, 60 + 0.0179513413, 1e-9);
});

test("within half a metre of the ellipsoidal distance over 5 km (the anchor's cos φ0 is held over the span)", () => {
  const anchor = { longitude: -105.17, latitude: 39.74 };
  const point = offsetFrom(anchor, 3000, 4000);
  close(geodesicDistanceM(anchor.latitude, anchor.longitude, point.latitude, point.longitude), 5000, 0.5);
});

test.run();
