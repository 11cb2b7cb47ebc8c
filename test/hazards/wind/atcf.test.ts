import fs from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { KNOT_MS, NAUTICAL_MILE_M } from '../../../src/domain/hazards/wind/constants.js';
import { parseAtcfBDeck } from '../../../src/domain/hazards/wind/tracks/atcf.js';
import { testDataFile } from './_check.js';

const test = suite('ATCF b-deck');
const near = (a: number | undefined, b: number, tol = 1e-9) => assert.ok(a !== undefined && Math.abs(a - b) <= tol, `expected ${b}, got ${a}`);
const read = (name: string) => fs.readFileSync(testDataFile('tracks', name), 'utf8');

test('34/50/64-kt rows collapse to one fix per time; CARQ skipped; tenths of degrees; RMW, POUTER, ROUTER', () => {
  const { track, warnings } = parseAtcfBDeck(read('bdeck_al152018_excerpt.dat'), { fillMissing: false });
  assert.is(track.id, 'AL152018');
  assert.is(track.name, 'NADINE');
  assert.is(track.fixes.length, 3);
  const f = track.fixes[1];
  // AL, 15, 2018101000, , BEST, 0, 112N, 307W, 50, 999, TS, …, 1011, 150, 20
  assert.is(f.time, '2018-10-10T00:00:00Z');
  near(f.latitude, 11.2);
  near(f.longitude, -30.7);
  near(f.maxWindMs, 50 * KNOT_MS);
  near(f.centralPressurePa, 99900);
  near(f.environmentalPressurePa, 101100);
  near(f.outerRadiusM, 150 * NAUTICAL_MILE_M);
  near(f.rmaxM, 20 * NAUTICAL_MILE_M);
  assert.is(f.status, 'TS');
  // 2018101006: RMW column 0 means not given.
  assert.is(track.fixes[2].rmaxM, undefined);
  assert.ok(warnings.some((w) => /1 lines with TECH other than BEST skipped/.test(w)));
});

test('southern hemisphere and east longitudes; zero POUTER/ROUTER/RMW are missing; filling warns', () => {
  const { track, warnings } = parseAtcfBDeck(read('bdeck_southern_example.dat'));
  assert.is(track.id, 'SH182019');
  near(track.fixes[0].latitude, -19.8);
  near(track.fixes[0].longitude, 34.9);
  near(track.fixes[0].rmaxM, 15 * NAUTICAL_MILE_M);
  // 12 UTC: RMW 0 → CLIMADA estimate at 985 hPa: 25.742142 + 31.11438·5/41 = 29.536579 n mi
  near(track.fixes[2].rmaxM, 29.536579 * NAUTICAL_MILE_M, 1e-3);
  // POUTER 0 at 12 UTC → default 1010 hPa ("SH" is not an IBTrACS basin code).
  near(track.fixes[2].environmentalPressurePa, 101000);
  assert.ok(
    warnings.some((w) => /radius of maximum wind missing at 1 fixes/.test(w)),
    warnings.join('\n'),
  );
});

test('time window and malformed lines', () => {
  const text = read('bdeck_al152018_excerpt.dat');
  assert.is(parseAtcfBDeck(text, { from: '2018-10-10T00:00:00Z', fillMissing: false }).track.fixes.length, 2);
  assert.throws(() => parseAtcfBDeck(text.replaceAll('112N', '11.2N')), /ATCF b-deck line 3, field latitude: expected tenths of a degree/);
  assert.throws(() => parseAtcfBDeck(text.replace('2018101006', '201810106')), /line 5, field YYYYMMDDHH/);
  assert.throws(() => parseAtcfBDeck('AL, 15, 2018101000\n'), /line 1, field field count/);
});

test('conflicting rows for one time keep the first and warn', () => {
  const text = read('bdeck_al152018_excerpt.dat').split('\n');
  text[3] = text[3].replace('  50,  999', '  55,  999');
  const { warnings } = parseAtcfBDeck(text.join('\n'), { fillMissing: false });
  assert.ok(
    warnings.some((w) => /line 4: position or intensity differs from line 3/.test(w)),
    warnings.join('\n'),
  );
});

test('34/50/64-kt radii per quadrant; impossible dates, out-of-order times and repeated lines are refused', () => {
  const text = read('bdeck_al152018_excerpt.dat');
  const { track } = parseAtcfBDeck(text, { fillMissing: false });
  // 2018101006: 34 kt 60/50/30/60, 50 kt 30/20/20/30, 64 kt 0 all round (n mi).
  assert.equal(track.fixes[2].windRadiiM, {
    34: [60, 50, 30, 60].map((nm) => nm * NAUTICAL_MILE_M),
    50: [30, 20, 20, 30].map((nm) => nm * NAUTICAL_MILE_M),
    64: [0, 0, 0, 0],
  });
  const lines = text.split('\n');
  const impossible = text.replace(/2018100918/g, '2018093118');
  assert.throws(() => parseAtcfBDeck(impossible), /ATCF b-deck line 1, field YYYYMMDDHH: 2018-09-31 18:00 is not a date and time that exists/);
  const outOfOrder = [lines[4], lines[0], ...lines.slice(5)].join('\n');
  assert.throws(() => parseAtcfBDeck(outOfOrder), /line 2, field YYYYMMDDHH: fix at 2018-10-09T18:00:00Z is out of order: it comes after line 1/);
  const repeatedLine = [...lines.slice(0, 4), lines[3], ...lines.slice(4)].join('\n');
  assert.throws(() => parseAtcfBDeck(repeatedLine), /line 5, field RAD: duplicate 50-kt line for 2018-10-10T00:00:00Z/);
  const repeatedTime = [...lines.slice(0, 7), lines[2]].join('\n');
  assert.throws(() => parseAtcfBDeck(repeatedTime), /line 8, field YYYYMMDDHH: duplicate fix time 2018-10-10T00:00:00Z: line 3 has the same time/);
});

test.run();
