import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { accumulateFailures, TIME_SERIES_HEADER, timeSeriesCsv } from '../../src/domain/scenarios/index.js';

const test = suite('timeSeriesCsv');

const timestamps = ['2022-01-01T00:00:00', '2022-01-01T01:00:00', '2022-01-01T02:00:00'];

test('counts an asset out of service from its failure on (cumulative), as a count and a fraction of samples', () => {
  const assets = 2;
  const counts = new Uint32Array(assets * timestamps.length);
  // Four samples: asset 1 fails at t = 0, t = 1, t = 1 and never; asset 0 fails once at t = 2.
  accumulateFailures(counts, assets, 1, Int32Array.of(1), Int32Array.of(0));
  accumulateFailures(counts, assets, 2, Int32Array.of(0, 1), Int32Array.of(2, 1));
  accumulateFailures(counts, assets, 1, Int32Array.of(1), Int32Array.of(1));
  accumulateFailures(counts, assets, 0, Int32Array.of(), Int32Array.of());
  const survival = Float64Array.of(1, 0.9, 0.75, 0.5, 0.8, 0.125);
  assert.is(
    timeSeriesCsv(timestamps, survival, counts, assets, 1, 4),
    `${TIME_SERIES_HEADER}\n2022-01-01T00:00:00,0.9,1,0.25\n2022-01-01T01:00:00,0.5,3,0.75\n2022-01-01T02:00:00,0.125,3,0.75\n`,
  );
  assert.is(
    timeSeriesCsv(timestamps, survival, counts, assets, 0, 4),
    `${TIME_SERIES_HEADER}\n2022-01-01T00:00:00,1,0,0\n2022-01-01T01:00:00,0.75,0,0\n2022-01-01T02:00:00,0.8,1,0.25\n`,
  );
});

test('has the documented header', () => {
  assert.is(TIME_SERIES_HEADER, 'timestamp,survival_probability,out_of_service_samples,out_of_service_fraction');
});

test.run();
