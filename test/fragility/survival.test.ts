import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { survivalAt, survivalInto } from '../../src/domain/fragility/survival.js';
import type { CompiledCurve } from '../../src/domain/fragility/types.js';
import { close } from '../helpers/assert.js';

const LOGNORMAL: CompiledCurve = { form: 'lognormal', median: 50, beta: 0.45 };

const vectorized = suite('survivalInto');

vectorized('writes one survival per intensity, NaN for NaN, 1 for x ≤ 0 on a lognormal', () => {
  const x = Float64Array.from([Number.NaN, -1, 0, 50, 50 * Math.exp(0.45), 1e9]);
  const out = new Float64Array(x.length);
  survivalInto(LOGNORMAL, x, out);
  assert.ok(Number.isNaN(out[0]));
  assert.is(out[1], 1);
  assert.is(out[2], 1);
  close(out[3], 0.5, 1e-15);
  close(out[4], 0.15865525393145707, 1e-15);
  assert.ok(out[5] >= 0 && out[5] < 1e-100);
});

vectorized('works on subarrays of a larger array without touching the rest', () => {
  const x = Float64Array.from([50, 50, 50, 50]);
  const out = new Float64Array(4).fill(-1);
  survivalInto(LOGNORMAL, x.subarray(1, 3), out.subarray(1, 3));
  assert.equal(Array.from(out), [-1, 0.5, 0.5, -1]);
});

vectorized('evaluates every form as its scalar survivalAt does, NaN included', () => {
  const curves: CompiledCurve[] = [
    LOGNORMAL,
    { form: 'normal', mean: 0.35, std: 0.03 },
    { form: 'exponential_decay', maxProbability: 0.95, length: 300, insideProbability: 1 },
    { form: 'scipy_lognorm', s: 0.5, loc: 0.4, scale: 2 },
    { form: 'scipy_expon', loc: 1000, scale: 950 },
  ];
  const x = Float64Array.from([Number.NaN, -5, 0, 0.38, 0.42, 300, 1500]);
  for (const curve of curves) {
    const out = new Float64Array(x.length);
    survivalInto(curve, x, out);
    x.forEach((value, i) => assert.is(Object.is(out[i], survivalAt(curve, value)), true, `${curve.form} at ${value}`));
    assert.ok(Number.isNaN(out[0]), `${curve.form} NaN`);
  }
});

vectorized.run();

const scalar = suite('survivalAt');

scalar('scipy norm (35 cm/s, 3) at 10 cm/s fails with probability 3.93e-17 (ERAD notebook)', () => {
  close(1 - survivalAt({ form: 'normal', mean: 0.35, std: 0.03 }, 0.1), 0, 1e-16);
  // In survival terms the tail is exact: scipy norm.sf(38, 35, 3) = 0.15865525393145707.
  close(survivalAt({ form: 'normal', mean: 0.35, std: 0.03 }, 0.38), 0.15865525393145707, 1e-12);
});

scalar('fire decay: 0 inside, 1 − p·e^(−d/L) outside; scipy expon: 1 below loc, e^(−(d − loc)/scale) beyond', () => {
  assert.is(survivalAt({ form: 'exponential_decay', maxProbability: 0.95, length: 300, insideProbability: 1 }, 0), 0);
  close(survivalAt({ form: 'exponential_decay', maxProbability: 0.95, length: 300, insideProbability: 1 }, 600), 1 - 0.95 * Math.exp(-2), 1e-15);
  assert.is(survivalAt({ form: 'scipy_expon', loc: 1000, scale: 950 }, 999), 1);
  // scipy expon.cdf(1.5, 1.0, 0.95) = 0.4092224860987683.
  close(survivalAt({ form: 'scipy_expon', loc: 1000, scale: 950 }, 1500), 1 - 0.4092224860987683, 1e-12);
});

scalar.run();
