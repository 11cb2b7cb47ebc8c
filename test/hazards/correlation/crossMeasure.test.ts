// Cross-measure correlation at one site. Expected values:
// - Baker & Jayaram (2008): the four pairs OpenQuake's cross_correlation_test.py checks to 7
//   places, computed there with Baker's original MATLAB implementation
//   (https://web.stanford.edu/~bakerjw/GMPEs.html);
// - Bradley (2012): 0.733 for PGA (the paper's value) and the tanh model worked by hand with the
//   paper's coefficients at one period of each of its four ranges.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  bakerJayaram2008,
  bradley2012PgvSa,
  crossMeasureCorrelation,
  crossMeasureFactor,
} from '../../../src/domain/hazards/earthquake/correlation/crossMeasure.js';
import type { CorrelatedMeasure } from '../../../src/domain/hazards/earthquake/correlation/index.js';

const close = (actual: number, expected: number, tolerance: number) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `expected ${expected} ± ${tolerance}, got ${actual}`);

const bj = suite('bakerJayaram2008');

bj("reproduces Baker's MATLAB values (as OpenQuake tests them) to 1e-9", () => {
  close(bakerJayaram2008(0.1, 0.5), 0.4745240873, 1e-9);
  close(bakerJayaram2008(0.15, 0.5), 0.5734688765, 1e-9);
  close(bakerJayaram2008(0.05, 0.15), 0.9153049738, 1e-9);
  close(bakerJayaram2008(0.05, 0.1), 0.9421213925, 1e-9);
});

bj('is symmetric, 1 on the diagonal, and C1 for two periods above 0.109 s', () => {
  close(bakerJayaram2008(0.5, 0.1), bakerJayaram2008(0.1, 0.5), 0);
  close(bakerJayaram2008(1, 1), 1, 0);
  // C1 = 1 − cos(π/2 − 0.366 ln(Tmax/Tmin)); at 0.3 s and 1.0 s: 1 − cos(π/2 − 0.366 · 1.203973) = 0.573469…,
  // the same as Baker's 0.15 s / 0.5 s pair above (same period ratio, both above 0.109 s).
  close(bakerJayaram2008(0.3, 1), 1 - Math.cos(Math.PI / 2 - 0.366 * Math.log(1 / 0.3)), 1e-15);
  close(bakerJayaram2008(0.3, 1), 0.5734688765, 1e-9);
});

bj('refuses periods outside the fitted 0.01–10 s', () => {
  assert.throws(() => bakerJayaram2008(0.005, 1), /0\.01–10 s/);
  assert.throws(() => bakerJayaram2008(0.3, 12), /0\.01–10 s/);
});

bj.run();

const br = suite('bradley2012PgvSa');

br('follows (a + b)/2 − (a − b)/2 · tanh(d ln(T/c)) in each of the four period ranges', () => {
  // T = 0.05 s: a 0.73, b 0.54, c 0.045, d 1.8 → 0.635 − 0.095 tanh(1.8 ln(0.05/0.045)) = 0.617196…
  close(bradley2012PgvSa(0.05), 0.635 - 0.095 * Math.tanh(1.8 * Math.log(0.05 / 0.045)), 1e-15);
  close(bradley2012PgvSa(0.05), 0.617196, 1e-6);
  // T = 0.28 s (= c of the second range): (0.54 + 0.81)/2 = 0.675.
  close(bradley2012PgvSa(0.28), 0.675, 1e-15);
  // T = 1.1 s (= c of the third range): (0.80 + 0.76)/2 = 0.78.
  close(bradley2012PgvSa(1.1), 0.78, 1e-15);
  // T = 5 s (= c of the fourth range): (0.76 + 0.70)/2 = 0.73.
  close(bradley2012PgvSa(5), 0.73, 1e-15);
});

br('is continuous with the PGA value at short periods (0.729 at 0.01 s, 0.733 for PGA)', () => {
  close(bradley2012PgvSa(0.01), 0.733, 0.005);
});

br.run();

const matrix = suite('crossMeasureCorrelation');
const PGA: CorrelatedMeasure = { kind: 'PGA' };
const PGV: CorrelatedMeasure = { kind: 'PGV' };
const SA03: CorrelatedMeasure = { kind: 'SA', periodS: 0.3 };
const SA10: CorrelatedMeasure = { kind: 'SA', periodS: 1.0 };

matrix('takes PGA as SA(0.01 s) for Baker & Jayaram and PGV pairs from Bradley', () => {
  close(crossMeasureCorrelation(PGA, SA10), bakerJayaram2008(0.01, 1), 0);
  close(crossMeasureCorrelation(SA03, PGA), bakerJayaram2008(0.01, 0.3), 0);
  close(crossMeasureCorrelation(PGA, PGV), 0.733, 0);
  close(crossMeasureCorrelation(PGV, SA10), bradley2012PgvSa(1), 0);
  close(crossMeasureCorrelation(PGV, PGV), 1, 0);
});

matrix('factors the four sampled measures: L·Lᵀ gives the correlations back', () => {
  const measures = [PGA, PGV, SA03, SA10];
  const factor = crossMeasureFactor(measures);
  for (let i = 0; i < 4; i += 1)
    for (let j = 0; j < 4; j += 1) {
      let product = 0;
      for (let k = 0; k < 4; k += 1) product += factor[i * 4 + k] * factor[j * 4 + k];
      close(product, crossMeasureCorrelation(measures[i], measures[j]), 1e-12);
      if (j > i) assert.is(factor[i * 4 + j], 0);
    }
});

matrix.run();
