import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as wind from '../../../src/domain/hazards/wind/index.js';

const api = suite('wind public API');
const near = (a: number, b: number, tol: number, what: string) => assert.ok(Math.abs(a - b) <= tol, `${what}: expected ${b}, got ${a}`);

api('the wiring in index.ts works end to end on a small synthetic track', () => {
  const track: wind.NormalizedTrack = {
    id: 'X',
    name: 'X',
    fixes: [
      { time: '2020-09-01T00:00:00Z', latitude: 25, longitude: -80, maxWindMs: 50, centralPressurePa: 95500, rmaxM: 35000 },
      { time: '2020-09-01T06:00:00Z', latitude: 26, longitude: -80.5, maxWindMs: 52, centralPressurePa: 95000, rmaxM: 33000 },
    ],
  };
  const filled = wind.fillMissingParameters(track);
  assert.ok(filled.warnings.some((w) => /default 1010 hPa/.test(w)));
  const sites = { latitude: Float64Array.from([25.5, 25.5]), longitude: Float64Array.from([-79.9, -80.6]) };
  const marine = wind.maxWindSpeedOverTrack(sites, filled.track, { model: 'H10' }, new Float64Array(2));
  const gust = wind.convertWind(1, { from: wind.MARINE_SUSTAINED_WIND, to: wind.OPEN_TERRAIN_GUST });
  // 1 × 1.11/1.23 × 0.890834 × 1.66 = 1.334512 (see surface.test.ts for the arithmetic)
  near(gust.speedMs, 1.334512, 1e-6, 'unit conversion factor');
  assert.ok(marine[0] > 20 && marine[0] * gust.speedMs > marine[0]);
});

api('CLIMADA estimate_roci nodes', () => {
  // at 1005 hPa the node value 159.589508 n mi; above 1021 hPa flat at 90.900116 n mi
  near(wind.estimateOuterRadiusM(100500) / 1852, 159.589508, 1e-9, '1005 hPa');
  near(wind.estimateOuterRadiusM(103000) / 1852, 90.900116, 1e-9, '1030 hPa');
  near(wind.estimateRmwM(87000) / 1852, 14.907318, 1e-9, 'below 872 hPa');
});

api.run();
