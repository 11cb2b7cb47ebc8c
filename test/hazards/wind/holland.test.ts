import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { coriolisParameter } from '../../../src/domain/hazards/wind/coriolis.js';
import { emanuelRotunno2011Speed } from '../../../src/domain/hazards/wind/emanuelRotunno2011.js';
import { holland1980Speed, hollandB1980 } from '../../../src/domain/hazards/wind/holland1980.js';
import { holland2010Exponent, holland2010Speed } from '../../../src/domain/hazards/wind/holland2010.js';
import { hollandBs2008, maxSurfaceWindHolland2008 } from '../../../src/domain/hazards/wind/holland2008.js';
import { VectorCheck } from './_check.js';

// Every vector below is transcribed from refdata/climada_windfield_vectors.md §3 (CLIMADA
// v6.1.0 test_trop_cyclone_windfields.py), with the tolerance stated there.

const test = suite('CLIMADA wind-field unit-test vectors');

test('§3.1 Holland 1980 B from wind and pressure deficit', () => {
  const name = '§3.1';
  const check = new VectorCheck();
  // [case, Δp hPa, wind m/s, ρ, surface factor, expected B, tolerance]
  const cases: [string, number, number, number, number | undefined, number, number][] = [
    ['1a', 15, 35, 1.15, undefined, 2.5, 5e-7],
    ['1b', 30, 40, 1.15, undefined, 1.667213, 5e-7],
    ['2a', 4.74, NaN, 1.2, 0.9, NaN, 1e-3],
    ['2b', 15, 22.5, 1.2, 0.9, 1.101, 1e-3],
    ['2c', 30, 25.4, 1.2, 0.9, 0.81, 1e-3],
    ['2d', 40, 42.5, 1.2, 0.9, 1.473, 1e-3],
  ];
  for (const [label, dpHpa, wind, rho, factor, expected, tolerance] of cases)
    check.near(hollandB1980(wind, dpHpa * 100, rho, factor), expected, tolerance, `case ${label}`);
  check.done(name);
});

test('§3.2 Holland 2008 b_s (MATLAB reference)', () => {
  const name = '§3.2';
  const check = new VectorCheck();
  const lat = [12.299999504631234, 12.299999504631343, 12.299999279463769];
  const dp = [4.74, 4.73, 4.73];
  const cen = [1005.2585, 1005.2633, 1005.2682];
  const vtrans = [NaN, 5.241999541820597, 5.123882725120426];
  const expected = [NaN, 1.27, 1.27];
  for (let i = 0; i < 3; i++) {
    // dp/dt is the backward difference over the 1 h step; the first node reuses its own value.
    const tendency = i === 0 ? 0 : cen[i] - cen[i - 1];
    const bs = hollandBs2008({ pressureDeficitHpa: dp[i], pressureTendencyHpaPerHour: tendency, latitudeDeg: lat[i], translationSpeedMs: vtrans[i] });
    check.near(bs, expected[i], 1e-2, `node ${i}`);
  }
  check.done(name);
});

test('§3.3 Holland 2008 maximum surface wind from pressure', () => {
  const name = '§3.3';
  const check = new VectorCheck();
  check.near(maxSurfaceWindHolland2008(2.5, 15 * 100, 1.15), 34.635341, 5e-7, 'Δp 15 hPa, b_s 2.5');
  check.near(maxSurfaceWindHolland2008(1.67, 30 * 100, 1.15), 40.033421, 5e-7, 'Δp 30 hPa, b_s 1.67');
  check.done(name);
});

test('§3.4 Holland 2010 exponent and profile (v_n 17 m/s at 300 km)', () => {
  const name = '§3.4';
  const check = new VectorCheck();
  const nodes = [
    { rmaxM: 75e3, maxWindMs: 35, hollandB: 1.75 },
    { rmaxM: 75e3, maxWindMs: 35, hollandB: 2.5 },
    { rmaxM: 75e3, maxWindMs: 16, hollandB: 1.9 },
    { rmaxM: 90e3, maxWindMs: 90, hollandB: 1.6 },
  ];
  const distancesKm = [
    [0, 75, 220, 300, 490],
    [30, 74, 170, 300, 501],
    [21, 76, 230, 300, 431],
    [32, 91, 270, 300, 452],
  ];
  const masked = (node: number, k: number) => node === 1 && k === 4;
  const expectedX = [
    [0.5, 0.5, 0.485077, 0.476844, 0.457291],
    [0.5, 0.5, 0.410997, 0.4, 0.0],
    [0.5, 0.49762, 0.4, 0.4, 0.4],
    [0.5, 0.505022, 1.403952, 1.554611, 2.317948],
  ];
  const expectedV = [
    [0.0, 35.0, 21.181497, 17.0, 12.103461],
    [1.29648, 34.990037, 21.593755, 12.891313, 0.0],
    [0.321952, 15.9975, 9.712006, 8.08724, 6.228969],
    [24.823469, 89.992938, 24.381965, 17.0, 1.929202],
  ];
  nodes.forEach((node, n) =>
    distancesKm[n].forEach((km, k) => {
      const x = masked(n, k) ? 0 : holland2010Exponent(km * 1000, node);
      const v = masked(n, k) ? 0 : holland2010Speed(km * 1000, node);
      check.near(x, expectedX[n][k], 5e-7, `x node ${n + 1} r ${km} km`);
      check.near(v, expectedV[n][k], 1e-6, `V node ${n + 1} r ${km} km`);
    }),
  );
  check.done(name);
});

test('§3.5 Holland 1980 profile, with Coriolis and cyclostrophic (MATLAB reference)', () => {
  const name = '§3.5';
  const check = new VectorCheck();
  const nodes = [
    { rmaxM: 40.665454622610511e3, hollandB: 1.486076257880692, pressureDeficitPa: 3912, latitude: -14.089110370469488, f: 3.54921922e-5 },
    { rmaxM: 75.547902916671745e3, hollandB: 1.265551666104679, pressureDeficitPa: 473, latitude: 12.299999279463769, f: 3.10598285e-5 },
  ];
  const distancesKm = [
    [299.4501244109841, 291.0737897183741, 292.5441003235722, 40.665454622610511],
    [293.6067129546862, 1000.0, 298.2652319413182, 70.0],
  ];
  const masked = (node: number, k: number) => node === 1 && k === 1;
  const expected = {
    coriolis: [
      [11.28, 11.68, 11.61, 42.41],
      [5.38, 0, 5.28, 12.76],
    ],
    cyclostrophic: [
      [15.72, 16.04, 15.98, 43.13],
      [8.84, 0, 8.76, 13.81],
    ],
  };
  nodes.forEach((node, n) => {
    check.near(coriolisParameter(node.latitude), node.f, 1e-13, `f node ${n + 1}`);
    for (const mode of ['coriolis', 'cyclostrophic'] as const) {
      distancesKm[n].forEach((km, k) => {
        const params = { ...node, airDensity: 1.15, coriolis: coriolisParameter(node.latitude), cyclostrophic: mode === 'cyclostrophic' };
        const v = masked(n, k) ? 0 : holland1980Speed(km * 1000, params);
        check.near(v, expected[mode][n][k], 1e-2, `${mode} node ${n + 1} r ${km.toFixed(1)} km`);
      });
    }
  });
  check.done(name);
});

test('§3.6 Emanuel & Rotunno 2011 profile', () => {
  const name = '§3.6';
  const check = new VectorCheck();
  const nodes = [
    { rmaxM: 75e3, maxWindMs: 35, latitude: 20, f: 4.98665369e-5 },
    { rmaxM: 40e3, maxWindMs: 40, latitude: 27, f: 6.61918149e-5 },
  ];
  const distancesKm = [
    [35, 70, 75, 220],
    [30, 150, 1000, 300],
  ];
  const masked = (node: number, k: number) => node === 1 && k === 1;
  const expected = [
    [28.258025, 36.782418, 36.869995, 22.521237],
    [39.670883, 0, 3.300626, 10.827206],
  ];
  nodes.forEach((node, n) => {
    check.near(coriolisParameter(node.latitude), node.f, 1e-13, `f node ${n + 1}`);
    distancesKm[n].forEach((km, k) => {
      const v = masked(n, k) ? 0 : emanuelRotunno2011Speed(km * 1000, { ...node, coriolis: coriolisParameter(node.latitude) });
      check.near(v, expected[n][k], 5e-7, `node ${n + 1} r ${km} km`);
    });
  });
  check.done(name);
});

test('Holland 1980 B reproduces V_max at R in cyclostrophic balance (eq. 7 inverted)', () => {
  // B = ρ e V²/Δp ⇒ V(R) = sqrt(B Δp/(ρ e)) = V: 40 m/s, Δp 30 hPa, ρ 1.15 → B = 1.6672 (in [1, 2.5]).
  const B = hollandB1980(40, 3000, 1.15);
  const v = holland1980Speed(50e3, { rmaxM: 50e3, hollandB: B, pressureDeficitPa: 3000, airDensity: 1.15, coriolis: 0, cyclostrophic: true });
  assert.ok(Math.abs(v - 40) < 1e-9, `V(R) = ${v}`);
});

test.run();
