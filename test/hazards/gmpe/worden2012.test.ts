// Worden et al. (2012) GMICE against the test vectors of USGS ShakeMap's wgrw12 tests (restated in
// the shared reference note wgrw12.md; upstream tolerance: numpy assert_allclose, rtol 1e-7).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  WGRW12_MMI_RANGE,
  groundMotionFromMmi,
  groundMotionLnSigma,
  mmiFromGroundMotion,
  mmiSigma,
  type Wgrw12IntensityMeasure,
} from '../../../src/domain/hazards/earthquake/gmpe/worden2012.js';

const test = suite('Worden et al. (2012)');

const RELATIVE_TOLERANCE = 1e-7;
const AMPLITUDES_G = [0.01, 0.03, 0.1, 0.2, 0.3, 0.4, 0.5];
const PGV_CM_S = AMPLITUDES_G.map((g) => g * 100);
const MMI_IN = [2, 3, 4, 5, 6.2, 7.3, 8.1];
const DISTANCES_KM = [22.2, 10, 1.1, 32, 120, 300, 450.5];

function assertClose(actual: number[], expected: number[], label: string): void {
  actual.forEach((value, index) => {
    const relative = Math.abs(value - expected[index]) / Math.abs(expected[index]);
    assert.ok(relative <= RELATIVE_TOLERANCE, `${label}[${index}]: expected ${expected[index]}, got ${value}`);
  });
}

const FORWARD: { imt: Wgrw12IntensityMeasure; distances: boolean; magnitude?: number; expected: number[] }[] = [
  { imt: 'pga', distances: false, expected: [3.31708696, 4.05662491, 5.76917533, 6.88298631, 7.53452397, 7.9967973, 8.35536434] },
  { imt: 'pgv', distances: true, expected: [3.78, 4.48136824, 6.05, 7.00125479, 7.55770316, 7.95250957, 8.25874521] },
  { imt: 'sa(0.3)', distances: false, magnitude: 3, expected: [2.93592062, 3.74225554, 4.62592062, 5.34177387, 6.07079169, 6.58803805, 6.98924551] },
  { imt: 'sa(1.0)', distances: true, magnitude: 7.5, expected: [3.49070724, 4.3808733, 5.63884012, 6.26430362, 6.49369295, 6.66102468, 6.94206372] },
  { imt: 'sa(3.0)', distances: false, expected: [4.97492371, 6.41105869, 7.98492371, 8.891024, 9.42105869, 9.79712429, 10] },
];

for (const vector of FORWARD) {
  test(`ground motion -> MMI, ${vector.imt}`, () => {
    const inputs = vector.imt === 'pgv' ? PGV_CM_S : AMPLITUDES_G;
    const actual = inputs.map((value, index) =>
      mmiFromGroundMotion(vector.imt, value, {
        rrupKm: vector.distances ? DISTANCES_KM[index] : undefined,
        magnitude: vector.magnitude,
      }),
    );
    assertClose(actual, vector.expected, vector.imt);
  });
}

// Expected ground motions: %g with g = 981 cm/s^2 for PGA/PSA, cm/s for PGV.
const INVERSE: { imt: Wgrw12IntensityMeasure; distances: boolean; magnitude?: number; expected: number[] }[] = [
  { imt: 'pga', distances: false, magnitude: 7, expected: [0.14134045, 0.6243495, 2.75796695, 6.19604804, 13.07492182, 25.92605261, 42.65329774] },
  { imt: 'pgv', distances: true, expected: [0.06153407, 0.29470517, 1.41143169, 4.65287643, 11.15496866, 24.86392117, 44.53835548] },
  { imt: 'sa(0.3)', distances: false, magnitude: 6, expected: [0.27938354, 1.09123124, 4.26218963, 16.53773087, 32.23524628, 59.43352318, 92.74023471] },
  { imt: 'sa(1.0)', distances: true, magnitude: 8, expected: [0.102985637, 0.365288187, 1.67836836, 7.32931235, 23.7600759, 66.4349034, 125.388693] },
  { imt: 'sa(3.0)', distances: false, magnitude: 5, expected: [0.00289282689, 0.0207025242, 0.148157675, 1.01936799, 2.55271358, 5.92175716, 10.9202184] },
];

for (const vector of INVERSE) {
  test(`MMI -> ground motion, ${vector.imt}`, () => {
    const actual = MMI_IN.map((mmi, index) => {
      const value = groundMotionFromMmi(vector.imt, mmi, {
        rrupKm: vector.distances ? DISTANCES_KM[index] : undefined,
        magnitude: vector.magnitude,
      });
      return vector.imt === 'pgv' ? value : value * 100;
    });
    assertClose(actual, vector.expected, vector.imt);
  });
}

test('standard deviations', () => {
  const imts: Wgrw12IntensityMeasure[] = ['pga', 'pgv', 'sa(0.3)', 'sa(1.0)', 'sa(3.0)'];
  assert.equal(imts.map(mmiSigma), [0.66, 0.63, 0.82, 0.75, 0.89]);
  assertClose(imts.map(groundMotionLnSigma), [2.238721, 2.39883291, 2.7542287, 2.951209, 4.365158].map(Math.log), 'sigma ln Y');
});

test('MMI is clipped to [1, 10] both ways and NaN passes through', () => {
  assert.is(mmiFromGroundMotion('pga', 1e-9), WGRW12_MMI_RANGE.min);
  assert.is(mmiFromGroundMotion('pga', 50), WGRW12_MMI_RANGE.max);
  assert.is(groundMotionFromMmi('pga', 12), groundMotionFromMmi('pga', 10));
  assert.is(groundMotionFromMmi('pgv', 0), groundMotionFromMmi('pgv', 1));
  assert.ok(Number.isNaN(mmiFromGroundMotion('pgv', NaN)) && Number.isNaN(groundMotionFromMmi('pgv', NaN)));
});

test('round trip inside the range, with and without the residual term', () => {
  for (const imt of ['pga', 'pgv', 'sa(0.3)', 'sa(1.0)', 'sa(3.0)'] as const) {
    for (const mmi of [1.5, 2.5, 4, 5.5, 7, 9]) {
      for (const context of [{}, { rrupKm: 25, magnitude: 6.4 }]) {
        const back = mmiFromGroundMotion(imt, groundMotionFromMmi(imt, mmi, context), context);
        assert.ok(Math.abs(back - mmi) < 1e-9, `${imt} MMI ${mmi}: ${back}`);
      }
    }
  }
});

test.run();
