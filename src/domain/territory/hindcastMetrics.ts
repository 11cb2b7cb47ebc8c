/**
 * Predicted against observed outages per county, and the skill measures of a hindcast
 * (docs/hindcast.md, "Metrics"). Pure arithmetic on plain rows; the tests check it against
 * values worked by hand.
 */
import { EAGLEI_RUN_HOURS, type ObservedOutages } from './observedOutages.js';

/** A county counts as hard hit above this fraction of its customers out at once. */
export const HARD_HIT_FRACTION = 0.5;

export interface PredictedCounty {
  fips: string;
  name: string;
  customers: number;
  /** Mean over samples of the most customers out at once. */
  peakCustomers: number;
  /** When the mean customers-out curve is highest (ISO 8601, UTC), or null when nobody is ever out. */
  peakTime: string | null;
  /** Mean over samples of the customer-hours interrupted. */
  customerHours: number;
}

export interface CountyComparison {
  fips: string;
  name: string;
  customers: number;
  predicted_peak_fraction: number;
  observed_peak_fraction: number | null;
  /** predicted − observed. */
  peak_fraction_difference: number | null;
  predicted_peak_time: string | null;
  observed_peak_time: string | null;
  predicted_customer_hours: number;
  observed_customer_hours: number | null;
  predicted_hours_per_customer: number;
  observed_hours_per_customer: number | null;
}

export interface HindcastMetrics {
  /** Counties with both a prediction and an observed peak fraction: the ones every measure below is over. */
  counties_compared: number;
  /** Mean of predicted − observed peak fraction. */
  bias: number | null;
  median_absolute_error: number | null;
  /** Spearman's rank correlation of predicted and observed peak fraction (ties get their mean rank); null below 2 counties or when one side has no spread. */
  spearman: number | null;
  hard_hit: {
    threshold: number;
    observed: number;
    predicted: number;
    /** Observed hard hit and predicted so. */
    hits: number;
    /** Predicted hard hit, not observed so. */
    false_alarms: number;
    /** hits / observed (probability of detection); null when no county was observed hard hit. */
    hit_rate: number | null;
  };
  territory: {
    customers: number;
    /** Most customers out at once over the whole territory: predicted from the sum of the counties' mean curves. */
    predicted_peak_customers: number;
    predicted_peak_time: string | null;
    /** Observed territory peak: from EAGLE-I records only (a county table has no common time). */
    observed_peak_customers: number | null;
    observed_peak_time: string | null;
    predicted_customer_hours: number;
    observed_customer_hours: number | null;
  };
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** 1-based ranks, tied values sharing the mean of their ranks. */
export function ranks(values: readonly number[]): number[] {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  const out = new Array<number>(values.length);
  for (let start = 0; start < order.length;) {
    let end = start;
    while (end + 1 < order.length && order[end + 1].value === order[start].value) end++;
    const rank = (start + end) / 2 + 1;
    for (let k = start; k <= end; k++) out[order[k].index] = rank;
    start = end + 1;
  }
  return out;
}

/** Spearman's rho: Pearson's correlation of the ranks (exact with ties). */
export function spearman(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length || x.length < 2) return null;
  const rx = ranks(x);
  const ry = ranks(y);
  const mean = (x.length + 1) / 2;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < rx.length; i++) {
    sxy += (rx[i] - mean) * (ry[i] - mean);
    sxx += (rx[i] - mean) ** 2;
    syy += (ry[i] - mean) ** 2;
  }
  return sxx === 0 || syy === 0 ? null : sxy / Math.sqrt(sxx * syy);
}

interface ObservedInTerritory {
  peakFraction: number | null;
  peakTime: string | null;
  customerHours: number | null;
}

/**
 * One county's observation in the territory's terms. EAGLE-I records: peak fraction = the
 * most customers out in one run / the county's customers, capped at 1; customer-hours = 0.25 h
 * × Σ over runs of min(customers out, customers) — the definitions hurricaneexposuredata uses
 * for its county table, so both layouts compare alike. County table: its fraction, and its
 * hours per customer × the county's customers.
 */
function observedIn(observed: ObservedOutages, fips: string, customers: number): ObservedInTerritory {
  const county = observed.counties.get(fips);
  if (!county)
    return { peakFraction: observed.format === 'eaglei_records' ? 0 : null, peakTime: null, customerHours: observed.format === 'eaglei_records' ? 0 : null };
  if (!county.series)
    return { peakFraction: county.peakFraction, peakTime: null, customerHours: county.hoursPerCustomer === null ? null : county.hoursPerCustomer * customers };
  let peak = 0;
  let peakTime: string | null = null;
  let hours = 0;
  county.series.customersOut.forEach((out, index) => {
    const capped = Math.min(out, customers);
    hours += EAGLEI_RUN_HOURS * capped;
    if (capped > peak) {
      peak = capped;
      peakTime = county.series!.times[index];
    }
  });
  return { peakFraction: customers > 0 ? peak / customers : null, peakTime, customerHours: hours };
}

/** The observed territory-wide peak: the largest sum over counties of customers out in one EAGLE-I run. */
function observedTerritoryPeak(observed: ObservedOutages, fipsList: readonly string[]): { customers: number; time: string | null } | null {
  if (observed.format !== 'eaglei_records') return null;
  const totals = new Map<string, number>();
  for (const fips of fipsList) {
    const series = observed.counties.get(fips)?.series;
    series?.times.forEach((time, index) => totals.set(time, (totals.get(time) ?? 0) + series.customersOut[index]));
  }
  let best = { customers: 0, time: null as string | null };
  for (const [time, customers] of [...totals].sort((a, b) => a[0].localeCompare(b[0]))) if (customers > best.customers) best = { customers, time };
  return best;
}

/**
 * Joins predictions to observations county by county and scores them. `territoryCurve` is the
 * sum over counties of the mean customers-out curves (time → customers), for the territory peak.
 * Counties of the observed table outside the territory are ignored; territory counties the
 * EAGLE-I records never mention had nobody out (EAGLE-I writes a row only while customers are out).
 */
export function compareHindcast(
  predicted: readonly PredictedCounty[],
  observed: ObservedOutages,
  territoryCurve: ReadonlyMap<string, number>,
): { counties: CountyComparison[]; metrics: HindcastMetrics } {
  const counties = predicted.map((county): CountyComparison => {
    const seen = observedIn(observed, county.fips, county.customers);
    const predictedFraction = county.customers > 0 ? county.peakCustomers / county.customers : 0;
    return {
      fips: county.fips,
      name: county.name,
      customers: county.customers,
      predicted_peak_fraction: predictedFraction,
      observed_peak_fraction: seen.peakFraction,
      peak_fraction_difference: seen.peakFraction === null ? null : predictedFraction - seen.peakFraction,
      predicted_peak_time: county.peakTime,
      observed_peak_time: seen.peakTime,
      predicted_customer_hours: county.customerHours,
      observed_customer_hours: seen.customerHours,
      predicted_hours_per_customer: county.customers > 0 ? county.customerHours / county.customers : 0,
      observed_hours_per_customer: seen.customerHours === null || county.customers === 0 ? null : seen.customerHours / county.customers,
    };
  });
  const compared = counties.filter((county) => county.observed_peak_fraction !== null);
  const differences = compared.map((county) => county.peak_fraction_difference!);
  const observedHard = compared.filter((county) => county.observed_peak_fraction! > HARD_HIT_FRACTION);
  const predictedHard = compared.filter((county) => county.predicted_peak_fraction > HARD_HIT_FRACTION);
  const hits = observedHard.filter((county) => county.predicted_peak_fraction > HARD_HIT_FRACTION).length;
  let territoryPeak = { customers: 0, time: null as string | null };
  for (const [time, customers] of [...territoryCurve].sort((a, b) => a[0].localeCompare(b[0])))
    if (customers > territoryPeak.customers) territoryPeak = { customers, time };
  const observedPeak = observedTerritoryPeak(
    observed,
    predicted.map((county) => county.fips),
  );
  const observedHours = counties.map((county) => county.observed_customer_hours);
  return {
    counties,
    metrics: {
      counties_compared: compared.length,
      bias: differences.length > 0 ? differences.reduce((a, b) => a + b, 0) / differences.length : null,
      median_absolute_error: median(differences.map(Math.abs)),
      spearman: spearman(
        compared.map((county) => county.predicted_peak_fraction),
        compared.map((county) => county.observed_peak_fraction!),
      ),
      hard_hit: {
        threshold: HARD_HIT_FRACTION,
        observed: observedHard.length,
        predicted: predictedHard.length,
        hits,
        false_alarms: predictedHard.length - hits,
        hit_rate: observedHard.length > 0 ? hits / observedHard.length : null,
      },
      territory: {
        customers: predicted.reduce((sum, county) => sum + county.customers, 0),
        predicted_peak_customers: territoryPeak.customers,
        predicted_peak_time: territoryPeak.time,
        observed_peak_customers: observedPeak?.customers ?? null,
        observed_peak_time: observedPeak?.time ?? null,
        predicted_customer_hours: predicted.reduce((sum, county) => sum + county.customerHours, 0),
        observed_customer_hours: observedHours.some((hours) => hours === null) ? null : observedHours.reduce((sum: number, hours) => sum + hours!, 0),
      },
    },
  };
}
