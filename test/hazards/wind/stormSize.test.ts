import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readHazardModel, trackToHazardFile } from '../../../src/domain/hazards/index.js';
import { hollandStormOf } from '../../../src/domain/hazards/wind.js';
import { fitRmwToWindRadii, meanWindRadii } from '../../../src/domain/hazards/wind/radiiFit.js';
import { prepareProfile, type StormState } from '../../../src/domain/hazards/wind/windProfile.js';
import type { WindHazard } from '../../../src/domain/hazards/types.js';

// Storm size from wind radii, Holland (2008)'s pressure tendency and the peak-wind source
// (docs/wind.md §3a). Expected values come from the published formulas written out here.
const KNOT = 1852 / 3600;
const test = suite('storm size, pressure tendency and peak wind from the best track');
const relative = (a: number, b: number, tolerance: number) => assert.ok(Math.abs(a / b - 1) <= tolerance, `expected ${b}, got ${a}`);

/** Holland et al. (2010) eq. 6 with v_n = 17 m/s at r_n = 300 km, written from the paper. */
function holland2010(vm: number, rmaxM: number, b: number, r: number): number {
  const shape = (radius: number) => (rmaxM / radius) ** b * Math.exp(1 - (rmaxM / radius) ** b);
  const xn = Math.log(17 / vm) / Math.log(shape(300_000));
  const x = r <= rmaxM ? 0.5 : Math.max(0.4, 0.5 + ((r - rmaxM) * (xn - 0.5)) / (300_000 - rmaxM));
  return vm * shape(r) ** x;
}

/** The radius beyond the RMW where a profile falls to `speed`, by bisection. */
function radiusOf(profile: (r: number) => number, rmaxM: number, speed: number): number {
  let [low, high] = [rmaxM, 300_000];
  for (let i = 0; i < 200; i++) {
    const mid = (low + high) / 2;
    if (profile(mid) > speed) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

const state: StormState = {
  latitudeDeg: 30,
  longitudeDeg: -80,
  maxWindMs: 45,
  centralPressurePa: 96_000,
  environmentalPressurePa: 101_000,
  rmaxM: 1,
  translationEastMs: 0,
  translationNorthMs: 0,
  pressureTendencyPaPerS: 0,
};

test('the RMW fitted to the 34/50/64-kt radii of a Holland (2010) storm is that storm’s RMW', () => {
  // The track's maximum wind with Holland (1980)'s B at the surface: B = ρ e v²/Δp, ρ = 1.15.
  const b = (1.15 * Math.E * 45 ** 2) / 5000;
  for (const rmaxKm of [18.5, 35, 60]) {
    const profile = (r: number) => holland2010(45, rmaxKm * 1000, b, r);
    const radii = Object.fromEntries([34, 50, 64].map((knots) => [knots, Array(4).fill(radiusOf(profile, rmaxKm * 1000, knots * KNOT))]));
    const fit = fitRmwToWindRadii(state, radii, { model: 'H10', maxWindFromPressure: false });
    assert.ok(fit, `a fit for ${rmaxKm} km`);
    relative(fit.rmaxM, rmaxKm * 1000, 1e-4);
    assert.equal(fit.thresholdsKt, [34, 50, 64]);
  }
});

test('mean radii use the quadrants that reach the wind; thresholds above the peak wind are left out', () => {
  const nm = 1852;
  assert.equal(meanWindRadii({ 34: [90 * nm, 60 * nm, 0, 30 * nm], 64: [0, 0, 0, 0] }), [{ windMs: 34 * KNOT, radiusM: 60 * nm }]);
  const weak = { ...state, maxWindMs: 30 };
  const fit = fitRmwToWindRadii(
    weak,
    { 34: [150_000, 150_000, 150_000, 150_000], 64: [40_000, 40_000, 40_000, 40_000] },
    { model: 'H10', maxWindFromPressure: false },
  );
  assert.equal(fit?.thresholdsKt, [34]);
  assert.is(fitRmwToWindRadii(weak, { 64: [40_000, 40_000, 40_000, 40_000] }, { model: 'H10', maxWindFromPressure: false }), undefined);
});

const model = (fields: Partial<WindHazard>): WindHazard => ({
  type: 'wind',
  declaredType: 'wind',
  name: 'm',
  timestamp: '2018-09-14T12:00:00',
  center: { longitude: -78, latitude: 34 },
  maxWindSpeedMs: 40,
  radiusOfMaxWindM: 50_000,
  airPressurePa: 96_000,
  environmentalPressurePa: 101_000,
  ...fields,
});

test('Holland (2008) b_s gains 0.03·∂p/∂t (hPa/h) from the model’s pressure tendency', () => {
  const filling = hollandStormOf(model({ pressureTendencyPaPerS: 200 / 3600 }), 'HOLLAND_2008', () => {});
  const steady = hollandStormOf(model({}), 'HOLLAND_2008', () => {});
  // Holland (2008) eq. 11 at Δp = 50 hPa, φ = 34°, v_t = 0: −4.4e-5·2500 + 0.5 − 0.014·34 + 1 = 0.914; +0.03·2 = 0.974.
  const bs = (tendency: number) => -4.4e-5 * 2500 + 0.01 * 50 + 0.03 * tendency - 0.014 * 34 + 1;
  relative(prepareProfile(steady.state, steady.options).hollandB, bs(0), 1e-12);
  relative(prepareProfile(filling.state, filling.options).hollandB, bs(2), 1e-12);
});

test('max_wind_source best_track: H10 peaks at the track’s wind, H08 takes B from it; pressure keeps Holland (2008)', () => {
  const best = hollandStormOf(model({ maxWindSource: 'best_track' }), 'HOLLAND_2010', () => {});
  assert.is(prepareProfile(best.state, best.options).maxWindMs, 40);
  const h08 = hollandStormOf(model({ maxWindSource: 'best_track' }), 'HOLLAND_2008', () => {});
  relative(prepareProfile(h08.state, h08.options).hollandB, (1.15 * Math.E * 40 ** 2) / 5000, 1e-12);
  const pressure = hollandStormOf(model({}), 'HOLLAND_2010', () => {});
  const bs = -4.4e-5 * 2500 + 0.01 * 50 - 0.014 * 34 + 1;
  relative(prepareProfile(pressure.state, pressure.options).maxWindMs, Math.sqrt((bs * 5000) / (1.15 * Math.E)), 1e-12);
  // A model sized by its wind radii defaults to the track's wind.
  const sized = hollandStormOf(
    model({ radiusOfMaxWindSource: 'wind_radii', windRadiiM: { 34: [150_000, 150_000, 150_000, 150_000] } }),
    'HOLLAND_2010',
    () => {},
  );
  assert.is(prepareProfile(sized.state, sized.options).maxWindMs, 40);
});

const HINDCAST = path.resolve('../shared/reference/hindcast/tracks/hurdat2_2017_2022.txt');
if (fs.existsSync(HINDCAST)) {
  test('Florence 2018 upload: per-model RMW source, radii and the backward-difference pressure tendency', () => {
    const file = trackToHazardFile(fs.readFileSync(HINDCAST, 'utf8'), { storm: 'AL062018', from: '2018-09-14T00:00:00Z', to: '2018-09-15T00:00:00Z' });
    const at = (timestamp: string) => (file.content.models as Record<string, unknown>[]).find((entry) => entry.timestamp === timestamp)!;
    // 20180914 0000 952 mb, first time: no previous pressure, 0 (CLIMADA).
    assert.is(at('2018-09-14T00:00:00').pressure_tendency, '0 millibar / hour');
    // 1200 957 mb → 1800 969 mb: 2 hPa/h over the hour before 18Z.
    assert.is(at('2018-09-14T18:00:00').pressure_tendency, '2 millibar / hour');
    // 1115 (landfall) has the track's RMW, 25 n mi; 1800 has radii and no RMW.
    assert.is(at('2018-09-14T11:15:00').radius_of_max_wind_source, 'best_track');
    assert.is(at('2018-09-14T11:15:00').radius_of_max_wind, `${(25 * 1.852).toFixed(1)} kilometer`);
    const evening = at('2018-09-14T18:00:00');
    assert.is(evening.radius_of_max_wind_source, 'wind_radii');
    // 34 kt 150/130/120/70 n mi.
    assert.equal(
      (evening.wind_radii as Record<string, string[]>)['34'],
      [150, 130, 120, 70].map((nm) => `${Number(((nm * 1852) / 1000).toFixed(4))} kilometer`),
    );
    const stored = readHazardModel(file.content).models as WindHazard[];
    assert.ok(stored.every((entry) => entry.radiusOfMaxWindSource !== undefined));
  });
} else console.log(`NOTICE: ${HINDCAST} is absent; the Florence upload test is skipped`);

test.run();
