// Energy not served with a load shape (src/domain/network/loadShapes.ts), worked by hand: a
// step-function series, each value holding one resolution step from its timestamp, read at the
// same time of year when the outage falls outside the series' year.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { LoadPowerSeries } from '../../src/domain/gdm/formats/loadPowerSeries.js';
import { seriesTimeMs, shapedEnergyKwh } from '../../src/domain/network/loadShapes.js';

const test = suite('shapedEnergyKwh');
const close = (actual: number, expected: number, tolerance = 1e-9) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `expected ${expected} ± ${tolerance}, got ${actual}`);

const HOUR = 3_600_000;
const utc = (text: string) => Date.parse(`${text}Z`);

/** An hourly multiplier series over the leap year 2020 (8,784 values), 0.5 everywhere but three hours of 27–28 September. */
function yearSeries(useActual = false): LoadPowerSeries {
  const initialMs = utc('2020-01-01T00:00:00');
  const values = new Float64Array(8784).fill(0.5);
  const at = (text: string) => (utc(text) - initialMs) / HOUR;
  values[at('2020-09-27T23:00:00')] = 0.4;
  values[at('2020-09-28T00:00:00')] = 0.8;
  values[at('2020-09-28T01:00:00')] = 0.6;
  return { initialMs, resolutionMs: HOUR, values, useActual, profileName: 'hand' };
}

test('a multiplier series inside its own year: Σ multiplier × kW × hours of each step', () => {
  // Origin 2020-09-27T22:00; dark from 1.5 h to 3.25 h: 23:30–00:00 at 0.4, 00:00–01:00 at 0.8, 01:00–01:15 at 0.6.
  const energy = shapedEnergyKwh(yearSeries(), 10, utc('2020-09-27T22:00:00'), 1.5, 3.25);
  close(energy, 0.5 * 0.4 * 10 + 1 * 0.8 * 10 + 0.25 * 0.6 * 10); // 2 + 8 + 1.5 = 11.5 kWh (fixed kW: 17.5)
});

test("a storm in another year reads the same time of year in the series' year", () => {
  // 2024-09-27T23:30 → 2020-09-27T23:30 (not 365-day offsets: 2020 and 2024 are both leap years, 2023 is not).
  close(shapedEnergyKwh(yearSeries(), 10, utc('2024-09-27T22:00:00'), 1.5, 3.25), 11.5);
  close(shapedEnergyKwh(yearSeries(), 10, utc('2023-09-27T22:00:00'), 1.5, 3.25), 11.5);
  close(seriesTimeMs(yearSeries(), utc('2031-09-28T00:30:00')), utc('2020-09-28T00:30:00'), 0);
});

test('use_actual: the values are kW, the fixed kW is not used', () => {
  close(shapedEnergyKwh(yearSeries(true), 999, utc('2020-09-27T22:00:00'), 1.5, 3.25), 0.5 * 0.4 + 1 * 0.8 + 0.25 * 0.6); // 1.15 kWh
});

test('a series shorter than a year repeats: a daily profile of 15-minute steps', () => {
  // 96 quarter hours: 1 from 00:00 to 12:00, 0.25 from 12:00 to 24:00, starting 2020-06-01.
  const values = Float64Array.from({ length: 96 }, (_, k) => (k < 48 ? 1 : 0.25));
  const shape: LoadPowerSeries = { initialMs: utc('2020-06-01T00:00:00'), resolutionMs: HOUR / 4, values, useActual: false, profileName: null };
  // Dark 2024-01-10 10:00 to 2024-01-11 02:00 (16 h): 2 h at 1, 12 h at 0.25, 2 h at 1 → (2 + 3 + 2) × 4 kW = 28 kWh.
  close(shapedEnergyKwh(shape, 4, utc('2024-01-10T00:00:00'), 10, 26), 28);
});

test('a missing value (NaN) counts as the fixed kW', () => {
  const values = Float64Array.of(0.5, Number.NaN, 0.5, 0.5);
  const shape: LoadPowerSeries = { initialMs: utc('2020-01-01T00:00:00'), resolutionMs: HOUR, values, useActual: false, profileName: null };
  close(shapedEnergyKwh(shape, 10, utc('2020-01-01T00:00:00'), 0, 3), 5 + 10 + 5);
});

test.run();
