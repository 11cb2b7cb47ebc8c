import { suite } from 'uvu';
import { erfc, standardNormalCdf, standardNormalSurvival } from '../../src/domain/fragility/normalCdf.js';
import { close, closeRelative } from '../helpers/assert.js';

// Reference values: scipy 1.17 scipy.special.ndtr and scipy.special.erfc.
const PHI: [number, number][] = [
  [-5, 2.866515718791933e-7],
  [-3, 0.0013498980316300933],
  [-2, 0.022750131948179195],
  [-1, 0.15865525393145707],
  [-0.5, 0.3085375387259869],
  [-0.1, 0.460172162722971],
  [0, 0.5],
  [0.3, 0.6179114221889526],
  [1, 0.8413447460685429],
  [2, 0.9772498680518208],
  [3.5, 0.9997673709209645],
];

const phi = suite('standardNormalCdf and standardNormalSurvival');

phi('match scipy ndtr to 1e-12 across the body of the distribution', () => {
  for (const [z, expected] of PHI) {
    close(standardNormalCdf(z), expected, 1e-12, `Φ(${z})`);
    close(standardNormalSurvival(-z), expected, 1e-12, `1 − Φ(${-z})`);
  }
});

phi('Φ(1) = 0.841344746068543 (the DEFAULT_CURVES check at median·e^β)', () => {
  close(standardNormalCdf(1), 0.841344746068543, 1e-15);
});

phi('keep relative accuracy far in the upper tail', () => {
  closeRelative(standardNormalSurvival(6), 9.865876450376946e-10, 1e-13);
  closeRelative(standardNormalSurvival(8), 6.22096057427174e-16, 1e-13);
  closeRelative(standardNormalSurvival(9), 1.1285884059538324e-19, 1e-13);
  closeRelative(standardNormalCdf(-10), 7.61985302416047e-24, 1e-13);
});

phi.run();

const complementary = suite('erfc');

complementary("matches scipy erfc in each of Cody's three intervals and for negative x", () => {
  const cases: [number, number][] = [
    [-3, 1.9999779095030015],
    [-0.5, 1.5204998778130465],
    [0.2, 0.7772974107895215],
    [0.46875, 0.507386526782062],
    [0.5, 0.4795001221869535],
    [1, 0.15729920705028516],
    [2, 0.004677734981047266],
    [4, 1.541725790028002e-8],
    [4.1, 6.7000276540849075e-9],
    [6, 2.1519736712498913e-17],
    [10, 2.0884875837625446e-45],
  ];
  for (const [x, expected] of cases) closeRelative(erfc(x), expected, 1e-14, `erfc(${x})`);
});

complementary.run();
