// The between-event τ hazsim assigns to AB06: Al Atik (2015) PEER 2015/07, the CENA τ model's
// mean branch (τ1 = 0.3730 up to M 5, τ2 = 0.3375 at M 5.5, τ3 = 0.3064 from M 6.5 for PGA/SA;
// 0.3477, 0.3281, 0.3092 for PGV; linear in M between), the values OpenQuake's nga_east.py
// carries. Expected values are worked by hand from those coefficients.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { assignCenaSplit, cenaBetweenEventTau } from '../../../src/domain/hazards/earthquake/gmpe/alAtik2015Tau.js';
import { GROUND_MOTION_MODELS, groundMotionArrays } from '../../../src/domain/hazards/earthquake/gmpe/index.js';

const test = suite('cenaBetweenEventTau');
const close = (actual: number, expected: number, tolerance: number) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `expected ${expected} ± ${tolerance}, got ${actual}`);

test('is τ1 up to M 5, τ3 from M 6.5 and linear in M between the hinges', () => {
  close(cenaBetweenEventTau(4, 'pga'), 0.373, 1e-15);
  close(cenaBetweenEventTau(5, 'sa(1.0)'), 0.373, 1e-15);
  close(cenaBetweenEventTau(5.25, 'pga'), (0.373 + 0.3375) / 2, 1e-15); // 0.35525
  close(cenaBetweenEventTau(5.5, 'sa(0.3)'), 0.3375, 1e-15);
  close(cenaBetweenEventTau(6, 'pga'), 0.3375 + (0.3064 - 0.3375) * 0.5, 1e-15); // 0.32195
  close(cenaBetweenEventTau(7, 'pga'), 0.3064, 1e-15);
  close(cenaBetweenEventTau(6, 'pgv'), 0.3281 + (0.3092 - 0.3281) * 0.5, 1e-15); // 0.31865
  close(cenaBetweenEventTau(8, 'pgv'), 0.3092, 1e-15);
});

test('keeps the total: φ = √(σ² − τ²) with AB06 σ = 0.30 log10 units', () => {
  const sigma = 0.3 * Math.LN10; // 0.690776
  const motion = assignCenaSplit(7, 'pga', { median: 1, tau: NaN, phi: NaN, sigma });
  close(motion.tau, 0.3064, 1e-15);
  close(motion.phi, Math.sqrt(0.690776 ** 2 - 0.3064 ** 2), 2e-6); // 0.619104
});

test('AB06 in the registry carries the split at every site, one site or many', () => {
  const model = GROUND_MOTION_MODELS.AB06;
  const rrupKm = Float64Array.of(5, 40, 300);
  const vs30 = Float64Array.of(300, 760, 2500);
  const out = groundMotionArrays(3);
  model.evaluateSites({ magnitude: 5.25 }, { rrupKm, vs30 }, 'pgv', out);
  for (let i = 0; i < 3; i += 1) {
    close(out.tau[i], (0.3477 + 0.3281) / 2, 1e-15);
    close(out.tau[i] ** 2 + out.phi[i] ** 2, (0.3 * Math.LN10) ** 2, 1e-12);
    const one = model.evaluate({ magnitude: 5.25 }, { rrupKm: rrupKm[i], vs30: vs30[i] }, 'pgv');
    assert.equal([one.tau, one.phi, one.sigma], [out.tau[i], out.phi[i], out.sigma[i]]);
  }
});

test.run();
