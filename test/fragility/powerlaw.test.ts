// scipy powerlaw curves (docs/fragility.md, "Curve forms"): survival 1 − powerlaw.cdf(x, a, loc, scale),
// the form of Quanta (2009)'s conductor law P = 8e-12·V^5.1731 capped at 1 (DEFAULT_CURVES).
// Expected values computed with scipy 1.17 (scipy.stats.powerlaw), not with hazsim.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ASSET_TYPES } from '../../src/domain/assets/types.js';
import { compileCurveSet, curveFor, DEFAULT_CURVES, survivalAt } from '../../src/domain/fragility/index.js';

const MPH = 0.44704;
const test = suite('scipy powerlaw');

test('DEFAULT_CURVES conductors reproduce scipy powerlaw(5.1731, 0, 8e-12^(−1/5.1731)) and the power law itself', () => {
  const curve = curveFor(compileCurveSet(DEFAULT_CURVES, 'DEFAULT_CURVES'), ASSET_TYPES.indexOf('distribution_overhead_lines'), 'wind_speed')!;
  const scipy: [number, number][] = [
    [60, 0.9873629931660598],
    [102, 0.8033112431019528],
    [130, 0.31018863898152493],
    [139.7, 0],
    [150, 0],
  ];
  for (const [mph, survival] of scipy) {
    const got = survivalAt(curve, mph * MPH);
    assert.ok(Math.abs(got - survival) <= 1e-9, `${mph} mph: ${got} vs scipy ${survival}`);
    if (survival > 0) assert.ok(Math.abs(1 - got - 8e-12 * mph ** 5.1731) <= 1e-9, `${mph} mph: the power law by hand`);
  }
});

test('a powerlaw with loc and scale (a 2.5, loc 1, scale 10 m/s) matches scipy at 5 m/s', () => {
  const set = {
    format_version: 2 as const,
    curves: {
      wind: {
        substation: [
          {
            quantity: 'wind_speed' as const,
            units: 'meter / second',
            applies_to: 'asset' as const,
            limit_states: [{ name: 'failure', form: 'scipy' as const, parameters: { name: 'powerlaw' as const, args: [2.5, 1, 10] } }],
            out_of_service: 'failure',
          },
        ],
      },
    },
  };
  const curve = curveFor(compileCurveSet(set, 'p'), ASSET_TYPES.indexOf('substation'), 'wind_speed')!;
  assert.ok(Math.abs(survivalAt(curve, 5) - 0.8988071148746118) <= 1e-12);
  assert.is(survivalAt(curve, 0.5), 1);
});

test.run();
