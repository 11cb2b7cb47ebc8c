import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import seedrandom from 'seedrandom';
import { CHORD_FORMULA_LIMIT_M, distancesFromPointM, preparePoints } from '../../src/base/geodesy/batch.js';
import { geodesicDistanceM } from '../../src/base/geodesy/inverse.js';
import { close } from '../helpers/assert.js';

const distances = suite('distancesFromPointM');

distances('agrees with Vincenty to 0.5 mm on random lines up to beyond the chord-formula limit, poles included', () => {
  const random = seedrandom.alea('batch-distances');
  for (const rangeM of [1e3, 3e4, 2e5, 4e5, 2e6]) {
    const count = 400;
    const lat = new Float64Array(count);
    const lon = new Float64Array(count);
    const originLat = (random() * 2 - 1) * 89.9;
    const originLon = random() * 360 - 180;
    const degrees = rangeM / 111e3;
    for (let i = 0; i < count; i++) {
      lat[i] = Math.max(-90, Math.min(90, originLat + (random() * 2 - 1) * degrees));
      lon[i] = originLon + ((random() * 2 - 1) * degrees) / Math.max(0.02, Math.cos((originLat * Math.PI) / 180));
    }
    const out = new Float64Array(count);
    distancesFromPointM(originLat, originLon, preparePoints(lat, lon), out);
    for (let i = 0; i < count; i++) close(out[i], geodesicDistanceM(originLat, originLon, lat[i], lon[i]), 5e-4, `range ${rangeM} point ${i}`);
  }
});

distances('matches a published geodesic through both branches (Karney test line, 3 956 937 m)', () => {
  const out = new Float64Array(2);
  distancesFromPointM(-68.82867, -74.28391, preparePoints(new Float64Array([-50.63005, -68.82867]), new Float64Array([-8.36685, -74.28391])), out);
  close(out[0], 3956936.926063544, 1e-3);
  assert.is(out[1], 0);
  assert.ok(CHORD_FORMULA_LIMIT_M < 3956936);
});

distances('is close to a short published line (Flinders Peak to Buninyong, 54 972.271 m, Geoscience Australia)', () => {
  const dms = (d: number, m: number, s: number) => Math.sign(d) * (Math.abs(d) + m / 60 + s / 3600);
  const out = new Float64Array(1);
  distancesFromPointM(
    dms(-37, 57, 3.7203),
    dms(144, 25, 29.5244),
    preparePoints(new Float64Array([dms(-37, 39, 10.1561)]), new Float64Array([dms(143, 55, 35.3839)])),
    out,
  );
  close(out[0], 54972.271, 1e-3);
});

distances.run();
