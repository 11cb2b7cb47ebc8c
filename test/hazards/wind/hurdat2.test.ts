import fs from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { KNOT_MS, NAUTICAL_MILE_M } from '../../../src/domain/hazards/wind/constants.js';
import { estimateRmwM } from '../../../src/domain/hazards/wind/tracks/estimates.js';
import { listHurdat2Storms, parseHurdat2 } from '../../../src/domain/hazards/wind/tracks/hurdat2.js';
import { refdataFile, testDataFile } from './_check.js';

const sampleFile = refdataFile('hurdat2_sample.txt');
const sample = suite('HURDAT2 sample (refdata/hurdat2_sample.txt)');
const near = (a: number | undefined, b: number, tol = 1e-9) => assert.ok(a !== undefined && Math.abs(a - b) <= tol, `expected ${b}, got ${a}`);

if (sampleFile) {
  const text = fs.readFileSync(sampleFile, 'utf8');

  sample('lists the 4 storms with their fix counts', () => {
    assert.equal(listHurdat2Storms(text), [
      { id: 'AL021970', name: 'BECKY', fixes: 19 },
      { id: 'AL061970', name: 'UNNAMED', fixes: 7 },
      { id: 'AL152018', name: 'NADINE', fixes: 18 },
      { id: 'AL162018', name: 'OSCAR', fixes: 36 },
    ]);
  });

  sample('BECKY by name: times, positions, winds and pressures checked by hand', () => {
    const { track } = parseHurdat2(text, { storm: 'becky', fillMissing: false });
    assert.is(track.id, 'AL021970');
    assert.is(track.basin, 'AL');
    assert.is(track.fixes.length, 19);
    const first = track.fixes[0];
    // 19700719, 0000,  , TD, 18.5N,  83.5W,  25, -999
    assert.is(first.time, '1970-07-19T00:00:00Z');
    near(first.latitude, 18.5);
    near(first.longitude, -83.5);
    near(first.maxWindMs, 25 * KNOT_MS);
    assert.is(first.centralPressurePa, undefined);
    assert.is(first.status, 'TD');
    // 19700721, 0000,  , TS, 25.0N,  86.6W,  50, 1003
    const ninth = track.fixes[8];
    assert.is(ninth.time, '1970-07-21T00:00:00Z');
    near(ninth.latitude, 25.0);
    near(ninth.longitude, -86.6);
    near(ninth.maxWindMs, 50 * KNOT_MS);
    near(ninth.centralPressurePa, 100300);
    // 19700723, 1200,  , TD, 37.2N,  86.9W,  20, -999
    const last = track.fixes[18];
    assert.is(last.time, '1970-07-23T12:00:00Z');
    near(last.latitude, 37.2);
    near(last.maxWindMs, 20 * KNOT_MS);
  });

  sample('AL061970: wind -99 becomes undefined with a warning', () => {
    const { track, warnings } = parseHurdat2(text, { storm: 'AL061970', fillMissing: false });
    assert.is(track.name, 'UNNAMED');
    assert.is(track.fixes.length, 7);
    // 19700807, 0000,  , TD, 28.0N,  81.0W, -99, -999
    const last = track.fixes[6];
    assert.is(last.time, '1970-08-07T00:00:00Z');
    near(last.longitude, -81.0);
    assert.is(last.maxWindMs, undefined);
    near(track.fixes[5].maxWindMs, 25 * KNOT_MS);
    assert.ok(
      warnings.some((w) => /maximum wind \(-99\) missing at 1 fixes/.test(w)),
      warnings.join('\n'),
    );
    assert.ok(
      warnings.some((w) => /central pressure \(-999\) missing at 7 fixes/.test(w)),
      warnings.join('\n'),
    );
  });

  sample('NADINE by id, with a time window', () => {
    const all = parseHurdat2(text, { storm: 'AL152018', fillMissing: false }).track;
    assert.is(all.fixes.length, 18);
    // 20181010, 0000,  , TS, 11.2N,  30.7W,  50,  999
    const f = all.fixes[6];
    assert.is(f.time, '2018-10-10T00:00:00Z');
    near(f.latitude, 11.2);
    near(f.longitude, -30.7);
    near(f.maxWindMs, 50 * KNOT_MS);
    near(f.centralPressurePa, 99900);
    assert.is(all.fixes[0].status, 'LO');
    const { track, warnings } = parseHurdat2(text, { storm: 'nadine', from: '2018-10-10T00:00:00Z', to: '2018-10-11T00:00:00Z', fillMissing: false });
    assert.is(track.fixes.length, 5);
    assert.is(track.fixes[0].time, '2018-10-10T00:00:00Z');
    assert.is(track.fixes[4].time, '2018-10-11T00:00:00Z');
    assert.ok(warnings.some((w) => /kept 5 of 18/.test(w)));
  });

  sample('OSCAR: 36 fixes, statuses SS → HU → EX, peak 95 kt / 966 mb', () => {
    const { track } = parseHurdat2(text, { storm: 'Oscar', fillMissing: false });
    assert.is(track.fixes.length, 36);
    assert.equal([...new Set(track.fixes.map((f) => f.status))], ['SS', 'TS', 'HU', 'EX']);
    // 20181030, 0000,  , HU, 27.0N,  58.5W,  95,  966
    const peak = track.fixes.find((f) => f.time === '2018-10-30T00:00:00Z')!;
    near(peak.maxWindMs, 95 * KNOT_MS);
    near(peak.centralPressurePa, 96600);
    near(peak.longitude, -58.5);
    // 20181104, 1200,  , EX, 62.4N,   9.1W,  40,  977
    const last = track.fixes[35];
    assert.is(last.time, '2018-11-04T12:00:00Z');
    near(last.latitude, 62.4);
    near(last.longitude, -9.1);
    assert.is(last.rmaxM, undefined);
  });

  sample('filling: RMW from pressure, environmental pressure 1010 hPa, interior pressure gaps interpolated, all with warnings', () => {
    const { track, warnings } = parseHurdat2(text, { storm: 'BECKY' });
    // Pressures known at fixes 3 (1010), 7 (1008), 8 (1003), 9 (1004), 10 (1006), 14 (1009), 17 (1015).
    assert.is(track.fixes[0].centralPressurePa, undefined);
    assert.is(track.fixes[0].rmaxM, undefined);
    // fix 5 (1970-07-20 06Z) lies 12 h after fix 3 (07-19 18Z, 1010) and 12 h before fix 7
    // (07-20 18Z, 1008): 1010 + (1008 − 1010)·12/24 = 1009 hPa
    near(track.fixes[5].centralPressurePa, 100900, 1e-6);
    near(track.fixes[5].rmaxM, estimateRmwM(100900), 1e-6);
    // estimate_rmw between its 980 and 1021 hPa nodes, at 1009 hPa: 25.742142 + (56.856522 − 25.742142)·29/41 = 47.749 n mi
    near(track.fixes[5].rmaxM, (25.742142 + ((56.856522 - 25.742142) * 29) / 41) * NAUTICAL_MILE_M, 1e-6);
    assert.is(track.fixes[5].environmentalPressurePa, 101000);
    assert.ok(warnings.some((w) => /radius of maximum wind missing at \d+ fixes: estimated from central pressure/.test(w)));
    assert.ok(warnings.some((w) => /environmental pressure missing at 19 fixes: default 1010 hPa/.test(w)));
    assert.ok(warnings.some((w) => /interpolated linearly in time/.test(w)));
    assert.ok(
      warnings.some((w) => /unknown at 4 of 19 fixes/.test(w)),
      warnings.join('\n'),
    );
  });
}

const layout = suite('HURDAT2 layouts and errors');

layout('post-2022 layout with the RMW column, the L record and an untrailed last line', () => {
  const text = fs.readFileSync(testDataFile('tracks', 'hurdat2_rmw_layout.txt'), 'utf8');
  const { track, warnings } = parseHurdat2(text, { storm: 'al922021', fillMissing: false });
  assert.is(track.fixes.length, 3);
  const landfall = track.fixes[1];
  assert.is(landfall.time, '2021-08-29T16:55:00Z');
  assert.is(landfall.recordIdentifier, 'L');
  near(landfall.rmaxM, 10 * NAUTICAL_MILE_M);
  near(landfall.maxWindMs, 130 * KNOT_MS);
  near(landfall.centralPressurePa, 93100);
  assert.is(track.fixes[2].rmaxM, undefined);
  assert.ok(warnings.some((w) => /radius of maximum wind \(-999\) missing at 1 fixes/.test(w)));
});

layout('ambiguous names list the candidates; unknown storms and malformed lines are errors with line and field', () => {
  const block = (id: string, name: string) =>
    `${id},${name.padStart(19)},      1,\n20200101, 0000,  , TS, 10.0N,  50.0W,  40, 1000, -999, -999, -999, -999, -999, -999, -999, -999, -999, -999, -999, -999,\n`;
  const twice = block('AL012020', 'ALPHA') + block('AL022021', 'Alpha');
  assert.throws(() => parseHurdat2(twice, { storm: 'alpha' }), /ambiguous; candidates: AL012020 ALPHA \(line 1\), AL022021 Alpha \(line 3\)/);
  assert.is(parseHurdat2(twice, { storm: 'AL022021', fillMissing: false }).track.fixes.length, 1);
  assert.throws(() => parseHurdat2(twice, { storm: 'BETA' }), /no storm with id or name "BETA"/);
  const badLat = block('AL012020', 'ALPHA').replace('10.0N', '10.0X');
  assert.throws(() => parseHurdat2(badLat, { storm: 'ALPHA' }), /line 2, field latitude: expected degrees with N\/S, found "10.0X"/);
  const badWind = block('AL012020', 'ALPHA').replace('  40,', ' 4x,');
  assert.throws(() => parseHurdat2(badWind, { storm: 'ALPHA' }), /line 2, field maximum wind: not an integer/);
  const short =
    'AL012020,              ALPHA,      2,\n20200101, 0000,  , TS, 10.0N,  50.0W,  40, 1000, -999, -999, -999, -999, -999, -999, -999, -999, -999, -999, -999, -999,\n';
  assert.throws(() => parseHurdat2(short, { storm: 'ALPHA' }), /line 3, field data line: AL012020 announces 2 data lines but only 1 follow/);
  const southEast = block('SH012020', 'SOUTH').replace('10.0N', '10.0S').replace(' 50.0W', '150.0E');
  const fix = parseHurdat2(southEast, { storm: 'SOUTH', fillMissing: false }).track.fixes[0];
  near(fix.latitude, -10);
  near(fix.longitude, 150);
});

const strict = suite('HURDAT2 fix times are strict (issue 30 item 4)');
const line = (date: string, time: string) =>
  `${date}, ${time},  , TS, 10.0N,  50.0W,  40, 1000, -999, -999, -999, -999, -999, -999, -999, -999, -999, -999, -999, -999,\n`;
const storm = (...lines: string[]) => `AL012020,              ALPHA,${String(lines.length).padStart(7)},\n${lines.join('')}`;

strict('a date that does not exist is refused, naming the line and field, never rolled over', () => {
  assert.throws(
    () => parseHurdat2(storm(line('20180228', '1800'), line('20180230', '0000')), { storm: 'ALPHA' }),
    /HURDAT2 line 3, field date\/time: 2018-02-30 00:00 is not a date and time that exists/,
  );
  assert.throws(() => parseHurdat2(storm(line('20180228', '2400')), { storm: 'ALPHA' }), /line 2, field date\/time: 2018-02-28 24:00 is not/);
  assert.throws(() => parseHurdat2(storm(line('20190229', '0000')), { storm: 'ALPHA' }), /2019-02-29 00:00 is not a date/);
  assert.is(parseHurdat2(storm(line('20200229', '0000')), { storm: 'ALPHA', fillMissing: false }).track.fixes[0].time, '2020-02-29T00:00:00Z');
});

strict('out-of-order and duplicate fix times are refused with both lines named; nothing is re-sorted', () => {
  assert.throws(
    () => parseHurdat2(storm(line('20200101', '0600'), line('20200101', '0000')), { storm: 'ALPHA' }),
    /line 3, field date\/time: fix at 2020-01-01T00:00:00Z is out of order: it comes after line 2 at 2020-01-01T06:00:00Z/,
  );
  assert.throws(
    () => parseHurdat2(storm(line('20200101', '0000'), line('20200101', '0000')), { storm: 'ALPHA' }),
    /line 3, field date\/time: duplicate fix time 2020-01-01T00:00:00Z: line 2 has the same time/,
  );
});

strict('the 34/50/64-kt radii are read per quadrant (n mi → m); all −999 is no radii', () => {
  const withRadii = line('20200101', '0000').replace(
    '-999, -999, -999, -999, -999, -999, -999, -999, -999, -999, -999, -999,',
    '  90,   60,    0,   40,   30,   20,    0,    0, -999, -999, -999, -999,',
  );
  const fix = parseHurdat2(storm(withRadii), { storm: 'ALPHA', fillMissing: false }).track.fixes[0];
  assert.equal(fix.windRadiiM, { 34: [90, 60, 0, 40].map((nm) => nm * NAUTICAL_MILE_M), 50: [30, 20, 0, 0].map((nm) => nm * NAUTICAL_MILE_M) });
  assert.is(parseHurdat2(storm(line('20200101', '0000')), { storm: 'ALPHA', fillMissing: false }).track.fixes[0].windRadiiM, undefined);
});

sample.run();
layout.run();
strict.run();
