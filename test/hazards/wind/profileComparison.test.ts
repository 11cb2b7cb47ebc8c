import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { holland2010Speed } from '../../../src/domain/hazards/wind/holland2010.js';
import { holland1980Speed } from '../../../src/domain/hazards/wind/holland1980.js';

// The comparison table in docs/wind.md ("ERAD profile versus Holland"), recomputed so the
// document cannot drift from the code. V/V_max at r = 2R and 4R (R = radius of maximum wind).

/**
 * ERAD's two-exponential profile (k = 1.14, b = 10) outside R: v/V = e^(−ln(b)(x − 1)/(ratio − 1))
 * for x = r/R < ratio = R_max/R (R_max the closest isobar), and 0 from R_max on.
 */
const erad = (x: number, ratio: number) => (x >= ratio ? 0 : Math.exp((-Math.log(10) * (x - 1)) / (ratio - 1)));

const test = suite('ERAD vs Holland table in docs/wind.md');
const near = (a: number, b: number, what: string) => assert.ok(Math.abs(a - b) <= 5e-4, `${what}: expected ${b}, got ${a.toFixed(4)}`);

test('ERAD rows', () => {
  near(erad(2, 4), 0.464, 'ratio 4, 2R');
  near(erad(4, 4), 0, 'ratio 4, 4R (the closest isobar: zero from there on)');
  near(erad(2, 6), 0.631, 'ratio 6, 2R');
  near(erad(4, 6), 0.251, 'ratio 6, 4R');
  near(erad(2, 10), 0.774, 'ratio 10, 2R');
  near(erad(4, 10), 0.464, 'ratio 10, 4R');
});

test('Holland 1980 cyclostrophic rows (V/V_max depends on B only)', () => {
  const expected: Record<number, [number, number]> = { 1: [0.908, 0.727], 1.5: [0.821, 0.548], 2: [0.727, 0.399], 2.5: [0.635, 0.287] };
  for (const [B, [at2, at4]] of Object.entries(expected)) {
    const b = Number(B);
    const dp = 3000;
    const vmax = Math.sqrt((b * dp) / (1.15 * Math.E));
    const p = { rmaxM: 40e3, hollandB: b, pressureDeficitPa: dp, airDensity: 1.15, coriolis: 0, cyclostrophic: true };
    near(holland1980Speed(80e3, p) / vmax, at2, `B ${b}, 2R`);
    near(holland1980Speed(160e3, p) / vmax, at4, `B ${b}, 4R`);
  }
});

test('Holland 2010 rows (v_m 50 m/s, R 40 km, 17 m/s at 300 km)', () => {
  const expected: Record<number, [number, number]> = { 1: [0.896, 0.639], 1.5: [0.82, 0.541], 2: [0.738, 0.452] };
  for (const [B, [at2, at4]] of Object.entries(expected)) {
    const p = { rmaxM: 40e3, maxWindMs: 50, hollandB: Number(B) };
    near(holland2010Speed(80e3, p) / 50, at2, `B ${B}, 2R`);
    near(holland2010Speed(160e3, p) / 50, at4, `B ${B}, 4R`);
  }
});

test.run();
