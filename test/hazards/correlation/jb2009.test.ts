// Jayaram & Baker (2009) range and correlation against the unit-test matrices of OpenQuake's
// JB2009CorrelationModel (recomputed independently with R = 6371.0 km); the numbers are written
// here as literals, so this file needs no reference data at run time.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  greatCircleDistanceKm,
  jb2009Correlation,
  jb2009CorrelationMatrix,
  jb2009Range,
  jb2009RangeForPeriod,
  type CorrelatedMeasure,
} from '../../../src/domain/hazards/earthquake/correlation/index.js';
import { choleskyInPlace } from '../../../src/domain/hazards/earthquake/correlation/cholesky.js';

// numpy.testing.assert_array_almost_equal(decimal=6): |actual − desired| < 1.5e-6.
const SIX_DECIMALS = 1.5e-6;

function close(actual: number, expected: number, tolerance: number, what: string): void {
  assert.ok(Math.abs(actual - expected) < tolerance, `${what}: expected ${expected} ± ${tolerance}, got ${actual}`);
}

// Sites A(2, −40), B(2, −40.1), C(2, −40) (= A), D(2, −39.9).
const LONS = new Float64Array([2, 2, 2, 2]);
const LATS = new Float64Array([-40, -40.1, -40, -39.9]);

const CASES: { measure: CorrelatedMeasure; clustering: boolean; range: number; r1: number; r2: number }[] = [
  { measure: { kind: 'SA', periodS: 0.1 }, clustering: false, range: 10.22, r1: 0.03823366, r2: 0.00146181 },
  { measure: { kind: 'SA', periodS: 0.95 }, clustering: false, range: 24.84, r1: 0.26107857, r2: 0.06816202 },
  { measure: { kind: 'SA', periodS: 0.001 }, clustering: true, range: 40.685, r1: 0.44046654, r2: 0.19401077 },
  { measure: { kind: 'SA', periodS: 0.5 }, clustering: true, range: 33.2, r1: 0.36612758, r2: 0.1340494 },
  { measure: { kind: 'SA', periodS: 1.0 }, clustering: false, range: 25.7, r1: 0.2730787, r2: 0.07457198 },
  { measure: { kind: 'SA', periodS: 1.0 }, clustering: true, range: 25.7, r1: 0.2730787, r2: 0.07457198 },
  { measure: { kind: 'SA', periodS: 10.0 }, clustering: false, range: 59.0, r1: 0.56813402, r2: 0.32277627 },
  { measure: { kind: 'SA', periodS: 10.0 }, clustering: true, range: 59.0, r1: 0.56813402, r2: 0.32277627 },
];

const jb = suite('Jayaram–Baker 2009 correlation');

jb('great-circle distances of the test sites (R = 6371 km)', () => {
  close(greatCircleDistanceKm(2, -40, 2, -40.1), 11.119493, 1e-6, 'A–B');
  close(greatCircleDistanceKm(2, -40.1, 2, -39.9), 22.238985, 1e-6, 'B–D');
  assert.is(greatCircleDistanceKm(2, -40, 2, -40), 0);
});

jb('range b and the 4×4 correlation matrices match the OpenQuake test values to 6 decimals', () => {
  for (const { measure, clustering, range, r1, r2 } of CASES) {
    const label = `${JSON.stringify(measure)} clustering=${clustering}`;
    close(jb2009Range(measure, clustering), range, 1e-12, `${label} b`);
    const matrix = jb2009CorrelationMatrix(LONS, LATS, jb2009Range(measure, clustering));
    const expected = [
      [1, r1, 1, r1],
      [r1, 1, r1, r2],
      [1, r1, 1, r1],
      [r1, r2, r1, 1],
    ];
    for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) close(matrix[i * 4 + j], expected[i][j], SIX_DECIMALS, `${label} [${i}][${j}]`);
  }
});

jb('PGA is T = 0 (equal to SA(1e-50)) in both clustering cases', () => {
  for (const clustering of [false, true]) {
    assert.is(jb2009Range({ kind: 'PGA' }, clustering), jb2009Range({ kind: 'SA', periodS: 1e-50 }, clustering));
  }
  assert.is(jb2009Range({ kind: 'PGA' }, false), 8.5);
  assert.is(jb2009Range({ kind: 'PGA' }, true), 40.7);
});

jb('lower Cholesky factor for PGA, no clustering, sites A, B, D', () => {
  const lons = new Float64Array([2, 2, 2]);
  const lats = new Float64Array([-40, -40.1, -39.9]);
  const matrix = jb2009CorrelationMatrix(lons, lats, jb2009Range({ kind: 'PGA' }, false));
  choleskyInPlace(matrix, 3);
  const expected = [
    [1.0, 0, 0],
    [1.97514806e-2, 9.9980492e-1, 0],
    [1.97514806e-2, 5.4220686e-20, 9.9980492e-1],
  ];
  for (let i = 0; i < 3; i++) for (let j = 0; j <= i; j++) close(matrix[i * 3 + j], expected[i][j], SIX_DECIMALS, `L[${i}][${j}]`);
});

jb('the three branches meet at T = 1 s; PGV uses that period (b = 25.7 km)', () => {
  for (const clustering of [false, true]) {
    close(jb2009RangeForPeriod(1 - 1e-12, clustering), 25.7, 1e-9, `T → 1⁻ clustering=${clustering}`);
    assert.is(jb2009RangeForPeriod(1, clustering), 22.0 + 3.7);
    assert.is(jb2009Range({ kind: 'PGV' }, clustering), jb2009RangeForPeriod(1, clustering));
  }
});

jb('ρ(h) = exp(−3h/b): 1 at h = 0, e⁻³ at h = b', () => {
  assert.is(jb2009Correlation(0, 8.5), 1);
  close(jb2009Correlation(8.5, 8.5), Math.exp(-3), 1e-15, 'ρ(b)');
});

jb('invalid periods are refused', () => {
  assert.throws(() => jb2009RangeForPeriod(-0.1, false), /finite period ≥ 0 s/);
  assert.throws(() => jb2009RangeForPeriod(Number.NaN, false), /finite period ≥ 0 s/);
  assert.throws(() => jb2009RangeForPeriod(Infinity, true), /finite period ≥ 0 s/);
});

jb.run();
