import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { brokenLengthM, stormTreeFailureProbability, treeFailureProbability } from '../../src/domain/fragility/treeFailureHou2023.js';
import { fallReachM, prepareStand, reachingTreesPerM, spanSurvival } from '../../src/domain/simulation/treeFall.js';
import { readCsvRecords } from '../../src/base/csv.js';
import { close, closeRelative } from '../helpers/assert.js';
import { ROOT } from '../helpers/cli.js';
import { skipTest } from '../helpers/skip.js';

// The tree-fall model of docs/vegetation.md against numbers that do not come from hazsim: the
// coefficients of Hou & Muraleetharan (2023) as the shared reference table transcribes them,
// hand-worked logistic values, and the strike geometry against a numerical integration.

const CURVES_CSV = path.resolve(ROOT, '../shared/reference/fragility-sources/curves.csv');
/** Logistic values are closed-form: only rounding separates two evaluations. */
const LOGISTIC_TOLERANCE = 1e-12;
/** Values worked by hand (to 7 significant digits from a separate calculation). */
const HAND_TOLERANCE = 5e-7;

const logistic = suite('treeFailureProbability (Hou & Muraleetharan 2023, Eq. 1-2, Table 2)');

/** The source's coefficients as the reference table gives them: "stem breakage a=(a0, a1, a2); uprooting a=(...)". */
function referenceCoefficients(): Record<'stem_breakage' | 'uprooting', number[]> | null {
  if (!fs.existsSync(CURVES_CSV)) return null;
  const rows = readCsvRecords(fs.readFileSync(CURVES_CSV, 'utf8')).map((record) => record.cells);
  const header = rows[0];
  const row = rows.find((cells) => cells[header.indexOf('source')]?.startsWith('Hou, G. & Muraleetharan'));
  assert.ok(row, 'the reference table has the Hou & Muraleetharan row');
  const points = row[header.indexOf('table_points')];
  const read = (label: string) => {
    const match = new RegExp(`${label} a=\\(([^)]*)\\)`).exec(points);
    assert.ok(match, `${label} coefficients in "${points}"`);
    return match[1].split(',').map(Number);
  };
  return { stem_breakage: read('stem breakage'), uprooting: read('uprooting') };
}

logistic('reproduces the reference table logistic at four (height, gust) points per mode', () => {
  const coefficients = referenceCoefficients();
  if (!coefficients) return skipTest(`${CURVES_CSV} is absent (the shared fragility reference table)`);
  for (const mode of ['stem_breakage', 'uprooting'] as const) {
    const [a0, a1, a2] = coefficients[mode];
    for (const [heightM, gustMs] of [
      [8, 30],
      [14, 45],
      [20, 60],
      [28, 50],
    ]) {
      const expected = 1 / (1 + Math.exp(-(a0 + a1 * heightM + a2 * gustMs)));
      close(treeFailureProbability(mode, heightM, gustMs), expected, LOGISTIC_TOLERANCE, `${mode} at H ${heightM} m, U ${gustMs} m/s`);
    }
  }
});

logistic('matches hand-worked values: stem breakage of a 20 m tree at 60 m/s, uprooting of a 10 m tree at 50 m/s', () => {
  // logit = −17.28 + 0.42·20 + 0.13·60 = −1.08; 1/(1 + e^1.08) = 0.2535060
  close(treeFailureProbability('stem_breakage', 20, 60), 0.253506, HAND_TOLERANCE, 'stem breakage');
  // logit = −2.22 − 0.43·10 + 0.11·50 = −1.02; 1/(1 + e^1.02) = 0.2650274
  close(treeFailureProbability('uprooting', 10, 50), 0.2650274, HAND_TOLERANCE, 'uprooting');
});

logistic('the storm share is zero in calm air and removes the calm-weather rate: (P − P0)/(1 − P0)', () => {
  for (const mode of ['stem_breakage', 'uprooting'] as const) for (const heightM of [8, 18, 28]) assert.is(stormTreeFailureProbability(mode, heightM, 0), 0);
  // P0 = 1/(1 + e^8.88) = 1.3905e-4 for a 20 m stem; (0.2535060 − 0.00013905)/(1 − 0.00013905) = 0.2534021
  close(stormTreeFailureProbability('stem_breakage', 20, 60), 0.2534021, HAND_TOLERANCE);
});

logistic('a broken stem drops 0.946·H − 1.827 m (Eq. 21)', () => {
  close(brokenLengthM(20), 17.093, 1e-12);
  close(brokenLengthM(8), 5.741, 1e-12);
});

logistic.run();

const geometry = suite('strike geometry (docs/vegetation.md)');

geometry('a falling length reaches sqrt(L² − h²) from its stem, and nothing when the conductor is out of reach', () => {
  close(fallReachM(5, 3), 4, 1e-12);
  assert.is(fallReachM(3, 5), 0);
  assert.is(fallReachM(9, 9), 0);
});

geometry('trees reaching the line per metre equal a numerical integration over distance and uniform fall azimuth', () => {
  // Both sides, trees from the clearance w out to the reach R at density ρ; a tree at d falling at
  // angle φ from the perpendicular towards the line reaches it when d ≤ R·cos φ.
  const numeric = (density: number, reach: number, clearance: number) => {
    const distances = 2000;
    const angles = 2000;
    let hits = 0;
    const step = (reach - clearance) / distances;
    for (let i = 0; i < distances; i += 1) {
      const d = clearance + (i + 0.5) * step;
      for (let j = 0; j < angles; j += 1) {
        const phi = -Math.PI + ((j + 0.5) * 2 * Math.PI) / angles;
        if (d <= reach * Math.cos(phi)) hits += 1;
      }
    }
    return 2 * density * step * (hits / angles);
  };
  for (const [reach, clearance] of [
    [17.86, 3],
    [15.97, 0],
    [10, 8],
  ]) {
    closeRelative(reachingTreesPerM(0.01, reach, clearance), numeric(0.01, reach, clearance), 2e-3, `R ${reach} m, w ${clearance} m`);
  }
  assert.is(reachingTreesPerM(0.01, 3, 3), 0);
  // Hand-worked: w = 0 leaves 2ρR/π.
  close(reachingTreesPerM(0.01, 15, 0), (2 * 0.01 * 15) / Math.PI, 1e-15);
});

geometry('strikes per km of a one-height stand match the hand-worked sum over both failure modes', () => {
  // H 20 m, conductor 9 m, clearance 3 m, 100 trees/ha, U 50 m/s. Uprooted: R = sqrt(20² − 9²) =
  // 17.86057 m, 0.08531170 trees/m reach the line per tree failing. Broken: Hb = 17.093 m from a
  // pivot at 2.907 m, h' = 6.093 m, R = 15.97016 m, 0.07346836 trees/m. With the storm shares of
  // the two logistics at U = 50 m/s: 6.627869 strikes per km (worked separately).
  const stand = prepareStand({ treesPerHectare: 100, heightMinM: 20, heightMaxM: 20, clearanceM: 3, conductorHeightM: 9 });
  closeRelative(stand.strikesPerKm(50), 6.627869, 1e-6, 'strikes per km');
  assert.is(stand.strikesPerKm(0), 0);
  const doubled = prepareStand({ treesPerHectare: 200, heightMinM: 20, heightMaxM: 20, clearanceM: 3, conductorHeightM: 9 });
  closeRelative(doubled.strikesPerKm(50), 2 * 6.627869, 1e-6, 'twice the trees, twice the strikes');
  const cleared = prepareStand({ treesPerHectare: 100, heightMinM: 8, heightMaxM: 28, clearanceM: 30, conductorHeightM: 9 });
  assert.is(cleared.strikesPerKm(60), 0, 'no tree of the stand can reach across a 30 m clearance');
});

geometry('strikes rise with the gust over the source stand', () => {
  const stand = prepareStand({ treesPerHectare: 10, heightMinM: 8, heightMaxM: 28, clearanceM: 3, conductorHeightM: 9 });
  let before = 0;
  for (let gust = 5; gust <= 80; gust += 5) {
    const now = stand.strikesPerKm(gust);
    assert.ok(now > before, `more strikes at ${gust} m/s than at ${gust - 5} m/s`);
    before = now;
  }
});

geometry('a span survives Poisson strikes: exp(−rate·length)', () => {
  close(spanSurvival(2, 500), Math.exp(-1), 1e-15);
  assert.is(spanSurvival(0, 500), 1);
});

geometry.run();
