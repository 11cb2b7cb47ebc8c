import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compareHindcast, median, ranks, spearman, type PredictedCounty } from '../../src/domain/territory/hindcastMetrics.js';
import { readObservedOutages } from '../../src/domain/territory/observedOutages.js';

const metrics = suite('hindcast metrics against hand-worked values');
const close = (actual: number | null, expected: number, what: string) =>
  assert.ok(actual !== null && Math.abs(actual - expected) < 1e-12, `${what}: ${actual} != ${expected}`);

metrics('Spearman without ties: 1 - 6 sum d^2 / (n (n^2 - 1)) = 1 - 6*4/120 = 0.8', () => {
  close(spearman([1, 2, 3, 4, 5], [2, 1, 4, 3, 5]), 0.8, 'rho');
});

metrics('Spearman with ties: mean ranks, then Pearson of ranks = 4.5 / sqrt(4.5 * 5) = 3 / sqrt(10)', () => {
  assert.equal(ranks([1, 2, 2, 3]), [1, 2.5, 2.5, 4]);
  close(spearman([1, 2, 2, 3], [1, 3, 2, 4]), 3 / Math.sqrt(10), 'rho');
  assert.is(spearman([1, 1, 1], [1, 2, 3]), null, 'no spread on one side: undefined');
  assert.is(spearman([1], [1]), null);
});

metrics('median of odd and even counts', () => {
  assert.is(median([3, 1, 2]), 2);
  assert.is(median([4, 1, 3, 2]), 2.5);
  assert.is(median([]), null);
});

const county = (fips: string, peakCustomers: number, customerHours = 0): PredictedCounty => ({
  fips,
  name: fips,
  customers: 100,
  peakCustomers,
  peakTime: null,
  customerHours,
});

metrics('a county table of three counties: bias, median absolute error, Spearman and hits as worked by hand', () => {
  const observed = readObservedOutages('geoid,max_pct_out,avg_customer_hrs_out\n37001,0.55,10\n37003,0.3,2\n37005,0.4,NA\n');
  const { counties, metrics: m } = compareHindcast([county('37001', 60, 1200), county('37003', 20, 100), county('37005', 90, 50)], observed, new Map());
  // differences 0.05, -0.1, 0.5: mean 0.15, |d| median 0.1; ranks predicted (2,1,3), observed (3,1,2): rho = 1 - 6*2/24 = 0.5
  close(m.bias, 0.15, 'bias');
  close(m.median_absolute_error, 0.1, 'median absolute error');
  close(m.spearman, 0.5, 'spearman');
  assert.equal(m.hard_hit, { threshold: 0.5, observed: 1, predicted: 2, hits: 1, false_alarms: 1, hit_rate: 1 });
  assert.is(counties[0].observed_customer_hours, 1000, '10 h per customer x 100 customers');
  assert.is(counties[2].observed_customer_hours, null, 'NA stays unknown');
  assert.is(m.territory.observed_customer_hours, null, 'one county unknown: no territory total');
  assert.is(m.territory.predicted_customer_hours, 1350);
});

metrics('EAGLE-I records: capped peak fraction, its time, 0.25 h per record, silent counties at zero, territory peak at one time', () => {
  const observed = readObservedOutages(
    'fips_code,county,state,customers_out,run_start_time\n' +
      '37001,A,NC,30,2018-09-14 10:00:00\n37001,A,NC,80,2018-09-14 10:15:00\n37001,A,NC,120,2018-09-14 10:30:00\n' +
      '3003,B,NC,10,2018-09-14 10:15:00\n',
  );
  const curve = new Map([
    ['2018-09-14T10:00:00Z', 5],
    ['2018-09-14T11:00:00Z', 70],
  ]);
  const { counties, metrics: m } = compareHindcast([county('37001', 50, 10), county('03003', 5), county('37005', 0)], observed, curve);
  assert.is(counties[0].observed_peak_fraction, 1, '120 out of 100 customers is capped at 1');
  assert.is(counties[0].observed_peak_time, '2018-09-14T10:30:00Z');
  assert.is(counties[0].observed_customer_hours, 0.25 * (30 + 80 + 100));
  assert.is(counties[1].observed_peak_fraction, 0.1, 'FIPS 3003 is county 03003');
  assert.is(counties[2].observed_peak_fraction, 0, 'no record: nobody out');
  assert.is(m.territory.observed_peak_customers, 120, '10:30 holds 120; 10:15 holds 80 + 10');
  assert.is(m.territory.observed_peak_time, '2018-09-14T10:30:00Z');
  assert.is(m.territory.predicted_peak_customers, 70);
  assert.is(m.territory.predicted_peak_time, '2018-09-14T11:00:00Z');
});

metrics('observed tables that are wrong say what and where', () => {
  assert.throws(() => readObservedOutages('county,out\n1,2\n'), /neither EAGLE-I records .* nor a county table/);
  try {
    readObservedOutages('fips_code,customers_out,run_start_time\nabc,5,2018-09-14 10:00:00\n37001,-1,yesterday\n');
    assert.unreachable();
  } catch (error) {
    const issues = (error as { issues: { path: string }[] }).issues.map((issue) => issue.path);
    assert.equal(issues, ['line 2.fips_code', 'line 3.customers_out', 'line 3.run_start_time']);
  }
  assert.throws(() => readObservedOutages('geoid,max_pct_out\n37001,1.5\n'), /1 problem/);
});

metrics.run();
