import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { KNOT_MS, MAX_TRANSLATION_SPEED_MS } from '../../../src/domain/hazards/wind/constants.js';
import { haversineDistanceM } from '../../../src/domain/hazards/wind/distance.js';
import { asymmetricWindSpeed, trackHemisphere, translationAttenuation, translationVelocity } from '../../../src/domain/hazards/wind/translation.js';
import { windSpeedField } from '../../../src/domain/hazards/wind/windField.js';
import type { StormState } from '../../../src/domain/hazards/wind/windProfile.js';

const motion = suite('storm translation');
const HOUR = 3_600_000;

motion('§3.7 CLIMADA vtrans of the first resampled step of trac_brb_test: 10.191466246 kn (7 places)', () => {
  const v = translationVelocity(
    { latitudeDeg: 12.3, longitudeDeg: -25.6, timeMs: 0 },
    { latitudeDeg: 12.299999504631344, longitudeDeg: -25.77384836000828, timeMs: HOUR },
  );
  const knots = v.speedMs / KNOT_MS;
  assert.ok(Math.abs(knots - 10.191466246) < 5e-8, `got ${knots} kn`);
  // Westward motion: heading ≈ 270°.
  assert.ok(Math.abs(v.headingDeg - 270) < 1e-3, `heading ${v.headingDeg}`);
});

motion('heading is clockwise from north and the speed is capped at 30 kn', () => {
  const north = translationVelocity({ latitudeDeg: 20, longitudeDeg: -70, timeMs: 0 }, { latitudeDeg: 20.1, longitudeDeg: -70, timeMs: HOUR });
  assert.ok(Math.abs(north.headingDeg) < 1e-9 && Math.abs(north.northMs - 11112 / 3600) < 1e-9);
  // 1° of latitude (111.12 km) in one hour = 30.9 m/s > 15.43 m/s cap.
  const fast = translationVelocity({ latitudeDeg: 20, longitudeDeg: -70, timeMs: 0 }, { latitudeDeg: 21, longitudeDeg: -70, timeMs: HOUR });
  assert.ok(Math.abs(fast.speedMs - MAX_TRANSLATION_SPEED_MS) < 1e-12 && Math.abs(fast.northMs - MAX_TRANSLATION_SPEED_MS) < 1e-12);
});

motion('crossing the antimeridian moves 1° east, not 359° west', () => {
  // Δλ = +1° at the equator: 111 120 m in 6 h = 5.1444 m/s eastward.
  const v = translationVelocity({ latitudeDeg: 0, longitudeDeg: 179.5, timeMs: 0 }, { latitudeDeg: 0, longitudeDeg: -179.5, timeMs: 6 * HOUR });
  assert.ok(Math.abs(v.eastMs - 111120 / 21600) < 1e-9, `east ${v.eastMs}`);
  assert.ok(Math.abs(v.headingDeg - 90) < 1e-9);
});

motion('haversine metric changes the speed by the sphere/equirect ratio only', () => {
  const a = { latitudeDeg: 30, longitudeDeg: -80, timeMs: 0 };
  const b = { latitudeDeg: 30.5, longitudeDeg: -79.5, timeMs: 6 * HOUR };
  const h = translationVelocity(a, b, 'haversine');
  assert.ok(Math.abs(h.speedMs - haversineDistanceM(30, -80, 30.5, -79.5) / 21600) < 1e-9);
});

const asymmetry = suite('asymmetric wind');

asymmetry('attenuation min(1, R/r)', () => {
  assert.is(translationAttenuation(30e3, 30e3), 1);
  assert.is(translationAttenuation(15e3, 30e3), 1);
  assert.is(translationAttenuation(60e3, 30e3), 0.5);
});

asymmetry('at R, motion adds on the right and subtracts on the left in the NH (left/right swapped in the SH)', () => {
  // Storm moving north at 5 m/s, R = 30 km, rotational 40 m/s at r = R (attenuation 1).
  // NH, site east (right of motion): wind points north: 40 + 5 = 45; west (left): 40 − 5 = 35.
  const R = 30e3;
  const at = (east: number, hemisphere: 1 | -1, contains: boolean) => asymmetricWindSpeed(40, east, 0, R, R, 0, 5, hemisphere, contains);
  assert.ok(Math.abs(at(R, 1, false) - 45) < 1e-12);
  assert.ok(Math.abs(at(-R, 1, false) - 35) < 1e-12);
  // H08/H10 first remove the motion from V: right (40 − 5) + 5 = 40, left (40 − 5) − 5 = 30.
  assert.ok(Math.abs(at(R, 1, true) - 40) < 1e-12);
  assert.ok(Math.abs(at(-R, 1, true) - 30) < 1e-12);
  // SH: clockwise rotation, the site east of a northward storm has southward wind: 40 − 5 = 35.
  assert.ok(Math.abs(at(R, -1, false) - 35) < 1e-12);
  assert.ok(Math.abs(at(-R, -1, false) - 45) < 1e-12);
  // At 2R the motion counts half: 40 + 2.5.
  assert.ok(Math.abs(asymmetricWindSpeed(40, 2 * R, 0, 2 * R, R, 0, 5, 1, false) - 42.5) < 1e-12);
});

asymmetry('hemisphere is the majority sign of the latitudes', () => {
  assert.is(trackHemisphere([10, 12, 15]), 1);
  assert.is(trackHemisphere([-10, -12, 1]), -1);
});

const field = suite('wind field over sites');

const baseState: StormState = {
  latitudeDeg: 25,
  longitudeDeg: -80,
  maxWindMs: 50,
  centralPressurePa: 95000,
  environmentalPressurePa: 101000,
  rmaxM: 40e3,
  translationEastMs: 0,
  translationNorthMs: 0,
  pressureTendencyPaPerS: 0,
};

function ring(lat: number, lon: number, dDeg: number) {
  // north, south, east, west of the eye (east/west at the eye's latitude)
  return { latitude: Float64Array.from([lat + dDeg, lat - dDeg, lat, lat]), longitude: Float64Array.from([lon, lon, lon + dDeg, lon - dDeg]) };
}

field('symmetric without motion (all models)', () => {
  const sites = ring(25, -80, 0.5);
  for (const model of ['H1980', 'H08', 'H10', 'ER11'] as const) {
    const out = windSpeedField(sites, baseState, 1, { model }, new Float64Array(4));
    assert.ok(Math.abs(out[0] - out[1]) < 0.02, `${model}: N ${out[0]} S ${out[1]}`);
    assert.ok(Math.abs(out[2] - out[3]) < 1e-9, `${model}: E ${out[2]} W ${out[3]}`);
    assert.ok(out[2] > 10, `${model}: ${out[2]}`);
  }
});

field('moving north, the right (east) side exceeds the left by 2·v_t at R in the NH, and the reverse in the SH', () => {
  const vt = 6;
  const east = { latitude: Float64Array.from([25, 25]), longitude: Float64Array.from([-79.6, -80.4]) };
  const r = haversineDistanceM(25, -80, 25, -79.6);
  for (const model of ['H1980', 'H08', 'H10'] as const) {
    const state = { ...baseState, rmaxM: r, translationNorthMs: vt };
    const nh = windSpeedField(east, state, 1, { model }, new Float64Array(2));
    assert.ok(Math.abs(nh[0] - nh[1] - 2 * vt) < 1e-6, `${model} NH: right ${nh[0]} left ${nh[1]}`);
    // Mirrored in the SH (storm at 25°S, still moving north): the west side is now the stronger.
    const shSites = { latitude: Float64Array.from([-25, -25]), longitude: east.longitude };
    const shOut = windSpeedField(shSites, { ...state, latitudeDeg: -25 }, -1, { model }, new Float64Array(2));
    assert.ok(Math.abs(shOut[1] - shOut[0] - 2 * vt) < 1e-6, `${model} SH: east ${shOut[0]} west ${shOut[1]}`);
  }
});

field('zero beyond 300 km and at the eye', () => {
  const sites = { latitude: Float64Array.from([25, 25, 28]), longitude: Float64Array.from([-80, -79.9, -80]) };
  const out = windSpeedField(sites, baseState, 1, { model: 'H08' }, new Float64Array(3));
  assert.is(out[0], 0);
  assert.ok(out[1] > 0);
  assert.is(out[2], 0);
});

field('100 000 sites fill the output in place', () => {
  const n = 100_000;
  const sites = { latitude: new Float64Array(n), longitude: new Float64Array(n) };
  for (let i = 0; i < n; i++) {
    sites.latitude[i] = 23 + 4 * ((i % 316) / 316);
    sites.longitude[i] = -82 + 4 * (Math.floor(i / 316) / 316);
  }
  const out = new Float64Array(n);
  const started = performance.now();
  const returned = windSpeedField(sites, { ...baseState, translationNorthMs: 5 }, 1, { model: 'H10' }, out);
  const ms = performance.now() - started;
  assert.is(returned, out);
  let max = 0;
  for (let i = 0; i < n; i++) max = Math.max(max, out[i]);
  assert.ok(max > 30 && max < 80, `max ${max}`);
  console.log(`  100 000 sites: ${ms.toFixed(1)} ms`);
});

motion.run();
asymmetry.run();
field.run();
