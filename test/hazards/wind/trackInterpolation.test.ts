import fs from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildTimeline, interpolateTrack, stormStateAt } from '../../../src/domain/hazards/wind/trackInterpolation.js';
import { maxWindSpeedOverTrack, windSpeedFieldAt } from '../../../src/domain/hazards/wind/windField.js';
import { parseHurdat2 } from '../../../src/domain/hazards/wind/tracks/hurdat2.js';
import type { NormalizedTrack } from '../../../src/domain/hazards/wind/tracks/types.js';
import { refdataFile } from './_check.js';

const near = (a: number | undefined, b: number, tol = 1e-9, what = 'value') =>
  assert.ok(a !== undefined && Math.abs(a - b) <= tol, `${what}: expected ${b}, got ${a}`);
const H = 3_600_000;

const track: NormalizedTrack = {
  id: 'TEST',
  name: 'TEST',
  fixes: [
    { time: '2020-01-01T00:00:00Z', latitude: 10, longitude: 178, maxWindMs: 40, centralPressurePa: 97000, environmentalPressurePa: 101000, rmaxM: 40000 },
    {
      time: '2020-01-01T06:00:00Z',
      latitude: 11,
      longitude: 180,
      maxWindMs: 46,
      centralPressurePa: 96400,
      environmentalPressurePa: 101000,
      rmaxM: 34000,
      status: 'HU',
    },
    {
      time: '2020-01-01T09:30:00Z',
      latitude: 11.7,
      longitude: -179,
      maxWindMs: 50,
      centralPressurePa: 96000,
      environmentalPressurePa: 101000,
      rmaxM: 30000,
      recordIdentifier: 'L',
    },
    { time: '2020-01-01T12:00:00Z', latitude: 12, longitude: -178, environmentalPressurePa: 101000, rmaxM: 30000 },
  ],
};

const interp = suite('track interpolation');

interp('hourly grid plus the off-synoptic fix; linear values; the antimeridian is crossed the short way', () => {
  const hourly = interpolateTrack(track, 3600);
  // 00:00 … 12:00 hourly = 13 times, plus 09:30 = 14
  assert.is(hourly.fixes.length, 14);
  const at3 = hourly.fixes[3];
  assert.is(at3.time, '2020-01-01T03:00:00Z');
  // halfway between (10, 178) and (11, 180): (10.5, 179); wind 43, pressure 96 700 Pa, RMW 37 000 m
  near(at3.latitude, 10.5);
  near(at3.longitude, 179);
  near(at3.maxWindMs, 43);
  near(at3.centralPressurePa, 96700);
  near(at3.rmaxM, 37000);
  // 08:00: 2 h into the 3.5 h segment from 180° to −179° (= 181°): 180 + 2/3.5 = 180.5714 → −179.4286
  const at8 = hourly.fixes.find((f) => f.time === '2020-01-01T08:00:00Z')!;
  near(at8.longitude, -180 + 2 / 3.5, 1e-9, 'lon 08:00');
  assert.is(at8.status, 'HU');
  const landfall = hourly.fixes.find((f) => f.time === '2020-01-01T09:30:00Z')!;
  assert.is(landfall.recordIdentifier, 'L');
  // 10:00 and 11:00 lie next to a fix without wind: wind stays missing
  assert.is(hourly.fixes.find((f) => f.time === '2020-01-01T11:00:00Z')!.maxWindMs, undefined);
  assert.is(hourly.fixes[13].time, '2020-01-01T12:00:00Z');
});

interp('storm state: backward motion at a fix, constant within a segment, undefined outside or when unknown', () => {
  const timeline = buildTimeline(track);
  const t0 = Date.parse('2020-01-01T00:00:00Z');
  const mid = stormStateAt(timeline, t0 + 3 * H)!;
  const atFix = stormStateAt(timeline, t0 + 6 * H)!;
  // segment 0→1: Δlat 1° = 111 120 m in 6 h = 5.1444 m/s north
  near(mid.translationNorthMs, 111120 / 21600, 1e-9, 'north');
  near(atFix.translationNorthMs, mid.translationNorthMs, 1e-12, 'backward difference at the fix');
  // pressure tendency 96 400 − 97 000 Pa over 6 h
  near(mid.pressureTendencyPaPerS, -600 / 21600, 1e-12, 'dp/dt');
  assert.is(stormStateAt(timeline, t0 - H), undefined);
  assert.is(stormStateAt(timeline, t0 + 11 * H), undefined);
  assert.is(timeline.hemisphere, 1);
});

interp('wind field at a time and the per-site maximum over the track', () => {
  const sites = { latitude: Float64Array.from([10.5, 10.5, 30]), longitude: Float64Array.from([179.4, 178.6, 179]) };
  const out = new Float64Array(3);
  const t = Date.parse('2020-01-01T03:00:00Z');
  assert.ok(windSpeedFieldAt(sites, track, t, { model: 'H08' }, out));
  // eye at (10.5, 179), moving NNE: the east site (right of motion) is windier than the west one
  assert.ok(out[0] > out[1], `${out[0]} vs ${out[1]}`);
  assert.is(out[2], 0);
  const max = maxWindSpeedOverTrack(sites, track, { model: 'H08' }, new Float64Array(3));
  assert.ok(max[0] >= out[0] && max[1] >= out[1] && max[2] === 0);
});

const hurdatSample = refdataFile('hurdat2_sample.txt');
if (hurdatSample) {
  interp('OSCAR from the HURDAT2 sample: H10 peak near its 95 kt best-track maximum', () => {
    const { track: oscar } = parseHurdat2(fs.readFileSync(hurdatSample, 'utf8'), { storm: 'OSCAR' });
    // a line of sites across the track at 27°N around 58.5°W (the 95 kt fix of 2018-10-30 00Z)
    const n = 41;
    const sites = { latitude: new Float64Array(n).fill(27), longitude: Float64Array.from({ length: n }, (_, i) => -60.5 + i * 0.1) };
    const max = maxWindSpeedOverTrack(sites, oscar, { model: 'H10' }, new Float64Array(n));
    const peak = Math.max(...max);
    // 95 kt = 48.9 m/s; H10 takes v_m from pressure (966 hPa), so only the order of magnitude is fixed
    assert.ok(peak > 35 && peak < 65, `peak ${peak}`);
  });
}

interp.run();
