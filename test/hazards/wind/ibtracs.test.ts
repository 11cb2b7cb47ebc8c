import fs from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { KNOT_MS, NAUTICAL_MILE_M } from '../../../src/domain/hazards/wind/constants.js';
import { parseIbtracsCsv } from '../../../src/domain/hazards/wind/tracks/ibtracs.js';
import { testDataFile } from './_check.js';

const text = fs.readFileSync(testDataFile('tracks', 'ibtracs_small.csv'), 'utf8');
const test = suite('IBTrACS v04 CSV');
const near = (a: number | undefined, b: number, tol = 1e-9) => assert.ok(a !== undefined && Math.abs(a - b) <= tol, `expected ${b}, got ${a}`);

test('USA columns first: knots, mb and n mi converted; units row skipped; BASIN "NA" kept', () => {
  const { track, warnings } = parseIbtracsCsv(text, { storm: 'nadine', fillMissing: false });
  assert.is(track.id, '2018281N09333');
  assert.is(track.basin, 'NA');
  assert.is(track.fixes.length, 3);
  const f = track.fixes[0];
  assert.is(f.time, '2018-10-10T00:00:00Z');
  near(f.latitude, 11.2);
  near(f.longitude, -30.7);
  near(f.maxWindMs, 50 * KNOT_MS);
  near(f.centralPressurePa, 99900);
  near(f.environmentalPressurePa, 101000);
  near(f.outerRadiusM, 150 * NAUTICAL_MILE_M);
  near(f.rmaxM, 20 * NAUTICAL_MILE_M);
  assert.is(f.status, 'TS');
  // 06:00 row: USA_WIND blank → WMO_WIND 55 kt from hurdat_atl (factor 1.0).
  near(track.fixes[2].maxWindMs, 55 * KNOT_MS);
  assert.ok(
    warnings.some((w) => /WMO_WIND converted to 1-min \(Knapp & Kruk 2010\): hurdat_atl: ×1\.0/.test(w)),
    warnings.join('\n'),
  );
});

test('WMO wind of other agencies converted to 1-min: reunion ×0.88, tokyo 0.60·v + 23.3 kt; antimeridian longitudes normalised', () => {
  const si = parseIbtracsCsv(text, { storm: '2019060S17042', fillMissing: false }).track;
  // 90 kt × 0.88 = 79.2 kt
  near(si.fixes[0].maxWindMs, 79.2 * KNOT_MS, 1e-9);
  near(si.fixes[0].latitude, -19.8);
  const wp = parseIbtracsCsv(text, { storm: 'TWIN', season: 2019, fillMissing: false }).track;
  // 60 kt: 0.6 × 60 + 23.3 = 59.3 kt
  near(wp.fixes[0].maxWindMs, 59.3 * KNOT_MS, 1e-9);
  near(wp.fixes[1].longitude, -179.6);
});

test('missing RMW and environmental pressure are filled with the basin default and CLIMADA estimate, with warnings', () => {
  const { track, warnings } = parseIbtracsCsv(text, { storm: '2019060S17042' });
  // SI basin default 1005 hPa
  near(track.fixes[0].environmentalPressurePa, 100500);
  // 950 hPa: 15.726927 + (25.742142 − 15.726927)·10/40 = 18.230731 n mi
  near(track.fixes[0].rmaxM, 18.230731 * NAUTICAL_MILE_M, 1e-3);
  assert.ok(warnings.some((w) => /default 1005 hPa/.test(w)));
  assert.ok(warnings.some((w) => /estimate_rmw/.test(w)));
});

test('ambiguous names list SIDs; errors name the line and column', () => {
  assert.throws(() => parseIbtracsCsv(text, { storm: 'twin' }), /ambiguous; candidates: 2019200N15179 TWIN 2019, 2020100N15150 TWIN 2020/);
  assert.throws(() => parseIbtracsCsv(text, { storm: 'nobody' }), /no storm with SID or NAME "nobody"/);
  const bad = text.replace('2018-10-10 03:00:00', '2018-10-10T03:00');
  assert.throws(() => parseIbtracsCsv(bad, { storm: 'NADINE' }), /IBTrACS line 4, field ISO_TIME/);
  const badLat = text.replace(',11.5,-30.8,52', ',11.5x,-30.8,52');
  assert.throws(() => parseIbtracsCsv(badLat, { storm: 'NADINE' }), /IBTrACS line 4, field LAT: "11.5x" is not a decimal number/);
  assert.throws(() => parseIbtracsCsv('SID,NAME\n', { storm: 'x' }), /line 1, field SEASON: required column missing/);
});

test('impossible dates, fixes out of order and repeated times are refused, not rolled over or re-sorted', () => {
  const impossible = text.replace('2018-10-10 03:00:00', '2018-09-31 03:00:00');
  assert.throws(() => parseIbtracsCsv(impossible, { storm: 'NADINE' }), /IBTrACS line 4, field ISO_TIME: 2018-09-31 03:00 is not a date and time that exists/);
  const outOfOrder = text.replace('2018-10-10 03:00:00', '2018-10-09 21:00:00');
  assert.throws(
    () => parseIbtracsCsv(outOfOrder, { storm: 'NADINE' }),
    /IBTrACS line 4, field ISO_TIME: fix at 2018-10-09T21:00:00Z is out of order: it comes after line 3/,
  );
  const repeated = text.replace('2018-10-10 03:00:00', '2018-10-10 00:00:00');
  assert.throws(() => parseIbtracsCsv(repeated, { storm: 'NADINE' }), /IBTrACS line 4, field ISO_TIME: duplicate fix time 2018-10-10T00:00:00Z: line 3/);
});

test.run();
