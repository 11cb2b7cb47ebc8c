import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { computeIntensities, hollandWindSpeed, readHazardModel } from '../../src/domain/hazards/index.js';
import { close } from '../helpers/assert.js';
import { sitesOf } from './_sites.js';

// A worked example by hand: V = 50 mph = 43.4488 kt, R_vmax = 50 mi = 43.4488 nmi,
// R_max = 300 mi = 260.6929 nmi; speeds in mph at r in nautical miles.
const V_KT = 50 / 1.150779448;
const R_VMAX_NMI = (50 * 1609.344) / 1852;
const R_MAX_NMI = (300 * 1609.344) / 1852;
const KT_TO_MPH = 1.150779448;

const profile = suite('hollandWindSpeed');

profile('gives the worked profile values at the listed radii', () => {
  const cases: [number, number][] = [
    [10, 21.823],
    [20, 35.291],
    [R_VMAX_NMI, 50.0],
    [100, 27.457],
    [200, 9.514],
  ];
  for (const [radiusNmi, mph] of cases) close(hollandWindSpeed(radiusNmi, V_KT, R_VMAX_NMI, R_MAX_NMI) * KT_TO_MPH, mph, 6e-4, `r = ${radiusNmi} nmi`);
});

profile('is 0 at the centre, a tenth of the maximum just inside the closest isobar, and 0 from there on', () => {
  assert.is(hollandWindSpeed(0, V_KT, R_VMAX_NMI, R_MAX_NMI), 0);
  close(hollandWindSpeed(R_MAX_NMI - 1e-9, V_KT, R_VMAX_NMI, R_MAX_NMI) * KT_TO_MPH, 5.0, 1e-6);
  assert.is(hollandWindSpeed(R_MAX_NMI, V_KT, R_VMAX_NMI, R_MAX_NMI), 0);
  assert.is(hollandWindSpeed(1000, V_KT, R_VMAX_NMI, R_MAX_NMI), 0);
});

profile('does not depend on the units, only on ratios (metres and m/s give the same speeds)', () => {
  const knots = hollandWindSpeed(100, V_KT, R_VMAX_NMI, R_MAX_NMI);
  const metric = hollandWindSpeed(100 * 1852, V_KT * (1852 / 3600), R_VMAX_NMI * 1852, R_MAX_NMI * 1852);
  close(metric, knots * (1852 / 3600), 1e-12);
});

profile.run();

const compute = suite('wind compute');

const dms = (d: number, m: number, s: number) => Math.sign(d) * (Math.abs(d) + m / 60 + s / 3600);
const eradStorm = (extra: object) => ({
  type: 'wind',
  timestamp: '2024-01-01T00:00:00',
  center: { longitude: dms(144, 25, 29.5244), latitude: dms(-37, 57, 3.7203) },
  max_wind_speed: '100 knot',
  radius_of_max_wind: '20 nautical_mile',
  radius_of_closest_isobar: '200 nautical_mile',
  ...extra,
});
const flindersSites = sitesOf([
  [dms(143, 55, 35.3839), dms(-37, 39, 10.1561)],
  [dms(144, 25, 29.5244), dms(-37, 57, 3.7203)],
  [150, -37],
]);

compute('evaluates the ERAD_V1 profile at the geodesic distance (Flinders Peak to Buninyong, 54 972.271 m)', () => {
  const grid = computeIntensities(readHazardModel({ models: [eradStorm({ wind_profile: 'ERAD_V1' })] }), flindersSites);
  // r = 54972.271/1852 = 29.68265 nmi ≥ R_vmax: v = 100·exp(−ln10/180·(29.68265 − 20)) = 88.35019 kt = 45.45126 m/s.
  close(grid.quantities.wind_speed![0], 45.45126, 1e-5);
  assert.is(grid.quantities.wind_speed![1], 0);
  // About 500 km away: beyond the closest isobar (370 km).
  assert.is(grid.quantities.wind_speed![2], 0);
  assert.equal(grid.warnings, []);
});

compute('the erad_v1 physics evaluates a model without wind_profile with the ERAD_V1 profile, unchanged', () => {
  const grid = computeIntensities(readHazardModel({ models: [eradStorm({})] }), flindersSites, { physics: 'erad_v1' });
  close(grid.quantities.wind_speed![0], 45.45126, 1e-5);
  assert.is(grid.quantities.wind_speed![2], 0);
});

compute.run();
