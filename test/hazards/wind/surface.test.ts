import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { KNOT_MS } from '../../../src/domain/hazards/wind/constants.js';
import { inlandDecayWind } from '../../../src/domain/hazards/wind/inlandDecay.js';
import { convertWind } from '../../../src/domain/hazards/wind/surface.js';

const near = (actual: number, expected: number, tolerance: number, what: string) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: expected ${expected} ± ${tolerance}, got ${actual}`);

const convert = suite('convertWind');
const marine1min = { averagingSeconds: 60, heightM: 10, exposure: 'open-water' as const };

convert('marine 1-min → marine 3-s gust is G(3,60) At-Sea = 1.11', () => {
  // 50 × 1.11 = 55.5
  const r = convertWind(50, { from: marine1min, to: { averagingSeconds: 3, heightM: 10, exposure: 'open-water' } });
  near(r.speedMs, 55.5, 1e-12, 'speed');
  assert.is(r.steps.length, 1);
  assert.match(r.steps[0], /WMO\/TD-1555 Table 1\.1/);
});

convert('marine 1-min → 3-s gust over open terrain at 10 m (the usual fragility input)', () => {
  // 1-min → 10-min at sea:  50 × 1.11/1.23                      = 45.12195
  // sea → open terrain (z0 0.0002 → 0.03 m, 10 m, blending 60 m):
  //   ln(60/0.0002)/ln(60/0.03) = 12.61154/7.60090 = 1.659214
  //   ln(10/0.03)/ln(10/0.0002) = 5.80914/10.81978 = 0.536901
  //   factor 1.659214 × 0.536901 = 0.890834   → 45.12195 × 0.890834 = 40.19615
  // 10-min → 3-s gust In-Land: × 1.66                           = 66.72561
  const r = convertWind(50, { from: marine1min, to: { averagingSeconds: 3, heightM: 10, exposure: 'open-terrain' } });
  near(r.speedMs, 66.72561, 1e-5, 'speed');
  assert.is(r.steps.length, 3);
  assert.match(r.description, /50\.00 m\/s → 66\.73 m\/s/);
});

convert('height change on a 10-min mean over open terrain follows the log law', () => {
  // ln(30/0.03)/ln(10/0.03) = 6.907755/5.809143 = 1.189118 → 20 × 1.189118 = 23.78235
  const r = convertWind(20, {
    from: { averagingSeconds: 600, heightM: 10, exposure: 'open-terrain' },
    to: { averagingSeconds: 600, heightM: 30, exposure: 'open-terrain' },
  });
  near(r.speedMs, 23.78235, 1e-5, 'speed');
});

convert('open terrain → suburban 10-min mean, 10 m, and the suburban gust note', () => {
  // ln(60/0.03)/ln(60/0.5) × ln(10/0.5)/ln(10/0.03) = (7.600902/4.787492)(2.995732/5.809143) = 0.818744
  const mean = convertWind(30, {
    from: { averagingSeconds: 600, heightM: 10, exposure: 'open-terrain' },
    to: { averagingSeconds: 600, heightM: 10, exposure: 'suburban' },
  });
  near(mean.speedMs, 30 * 0.818744, 1e-5, 'mean');
  const gust = convertWind(30, {
    from: { averagingSeconds: 600, heightM: 10, exposure: 'open-terrain' },
    to: { averagingSeconds: 3, heightM: 10, exposure: 'suburban' },
  });
  near(gust.speedMs, 30 * 0.818744 * 1.66, 1e-4, 'gust');
  assert.ok(gust.steps.some((s) => /no gust factors for suburban or urban/.test(s)));
  assert.ok(!mean.steps.some((s) => /no gust factors/.test(s)));
});

convert('gradient level → marine 1-min is ×0.9, and back', () => {
  // 60 × 0.9 = 54
  near(convertWind(60, { from: { level: 'gradient' }, to: marine1min }).speedMs, 54, 1e-12, 'down');
  near(convertWind(54, { from: marine1min, to: { level: 'gradient' } }).speedMs, 60, 1e-12, 'up');
});

convert('round trips and identity', () => {
  const land3s = { averagingSeconds: 3, heightM: 10, exposure: 'open-terrain' as const };
  const there = convertWind(40, { from: marine1min, to: land3s }).speedMs;
  near(convertWind(there, { from: land3s, to: marine1min }).speedMs, 40, 1e-9, 'round trip');
  const same = convertWind(40, { from: marine1min, to: marine1min });
  assert.is(same.speedMs, 40);
  assert.equal(same.steps, ['no conversion: source and target are the same']);
});

convert('unsupported averaging period is an error naming the supported ones', () => {
  assert.throws(
    () => convertWind(40, { from: { ...marine1min, averagingSeconds: 30 }, to: marine1min }),
    /30 s is not in WMO\/TD-1555.*3, 60, 120, 180, 600, 3600/,
  );
});

const decay = suite('Kaplan & DeMaria (1995) inland decay');

decay('V(0) = 0.9·V0 and V(12 h) by hand', () => {
  // V0 = 100 kt: V(0) = 26.7 + (90 − 26.7) = 90 kt;
  // V(12) = 26.7 + 63.3·e^(−0.095·12) = 26.7 + 63.3 × 0.319819 = 46.94454 kt
  near(inlandDecayWind(100 * KNOT_MS, 0) / KNOT_MS, 90, 1e-9, 't = 0');
  near(inlandDecayWind(100 * KNOT_MS, 12) / KNOT_MS, 46.94454, 1e-5, 't = 12 h');
  // Long after landfall the wind tends to V_b = 26.7 kt.
  near(inlandDecayWind(100 * KNOT_MS, 200) / KNOT_MS, 26.7, 1e-6, 't → ∞');
  assert.throws(() => inlandDecayWind(50, -1), /≥ 0/);
});

convert.run();
decay.run();
