/**
 * Impact metrics (docs/output-impact.md): per sample, per load, and customers and kW out on a
 * time axis, summarized over samples. Times are hours after the first hazard timestamp.
 */
import { HazsimError } from '../../base/errors.js';
import { shapedEnergyKwh, type LoadEnergy } from './loadShapes.js';
import { distributionOf, type Distribution } from './statistics.js';
import type { LoadOutage, Topology } from './types.js';

/** The metrics of one sample. */
export interface SampleMetrics {
  sample: number;
  /** Failed assets that are elements of the feeder graph. */
  failed_assets: number;
  /** Failed assets that are not (DER, ...): they darken no load. */
  failed_without_network_effect: number;
  loads_out: number;
  customers_out_peak: number;
  kw_out_peak: number;
  customers_affected: number;
  customer_hours: number;
  energy_not_served_kwh: number;
  /** IEEE 1366 CI: Σ customers of each sustained interruption (a customer interrupted twice counts twice). */
  customers_interrupted: number;
  /** IEEE 1366 CMI: Σ customers × minutes of each sustained interruption. */
  customer_minutes_interrupted: number;
  /** IEEE 1366 SAIFI of the event: CI / customers served. */
  saifi: number;
  /** IEEE 1366 SAIDI of the event: CMI / customers served, minutes. */
  saidi_minutes: number;
  /** IEEE 1366 CAIDI of the event: SAIDI / SAIFI = CMI / CI, minutes; 0 when no customer was interrupted. */
  caidi_minutes: number;
  /** When the last failed asset is back; 0 without failures. */
  restoration_hours: number;
  /** When 50 %, 90 % and 100 % of the customers who lost power have it back for good; 0 when nobody lost power. */
  restore_50_hours: number;
  restore_90_hours: number;
  restore_100_hours: number;
}

/** The sample metrics summarized over samples. */
export const SAMPLE_METRIC_NAMES = [
  'failed_assets',
  'loads_out',
  'customers_out_peak',
  'kw_out_peak',
  'customers_affected',
  'customer_hours',
  'energy_not_served_kwh',
  'customers_interrupted',
  'customer_minutes_interrupted',
  'saifi',
  'saidi_minutes',
  'caidi_minutes',
  'restoration_hours',
  'restore_50_hours',
  'restore_90_hours',
  'restore_100_hours',
] as const;
export type SampleMetricName = (typeof SAMPLE_METRIC_NAMES)[number];

export interface LoadResult {
  uuid: string;
  name: string;
  bus_uuid: string;
  kw: number;
  customers: number;
  customers_source: 'model' | 'default';
  served_normally: boolean;
  /** Samples in which the load lost power at least once, over all samples. */
  outage_probability: number;
  /** Outage hours averaged over all samples. */
  expected_outage_hours: number;
  /** Outage hours averaged over the samples in which it lost power (0 when it never did). */
  mean_outage_hours_when_out: number;
}

/**
 * Everything one sample adds to the summaries over samples: its metrics, its customers and kW
 * out on the time axis, and the outage hours of each load that lost power. Impact shard parts
 * carry these, so a merge adds them up in sample order exactly as one run does.
 */
export interface SampleImpact {
  metrics: SampleMetrics;
  customerCurve: Float64Array;
  kwCurve: Float64Array;
  /** [load index, outage hours] of each load that lost power, in the order the run adds them. */
  loadOutages: [number, number][];
}

export interface CurvePoint {
  hours: number;
  customers_out: Distribution;
  kw_out: Distribution;
}

export interface ImpactMetrics {
  number_of_samples: number;
  time_step_hours: number;
  samples: SampleMetrics[];
  summary: Record<SampleMetricName, Distribution>;
  loads: LoadResult[];
  curve: CurvePoint[];
}

/** IEEE 1366-2022 (2.39): an interruption longer than five minutes is sustained; shorter ones are momentary and left out of CI and CMI. */
export const SUSTAINED_INTERRUPTION_HOURS = 5 / 60;

/** Adds up samples one at a time (measure, then record); `finish` summarizes. Samples must be recorded in order 0..n-1. */
/**
 * The most values the time axis of one run may hold (two curves per sample, 16 bytes a point:
 * 512 MB). A time step of 1e-6 hours drove a server past 4.6 GB in 4 s (docs/hardening.md,
 * "Request bounds").
 */
export const MAX_CURVE_VALUES = 32_000_000;

export class ImpactAccumulator {
  private readonly samples: SampleMetrics[] = [];
  private storedCurveValues = 0;
  private readonly customerCurves: Float64Array[] = [];
  private readonly kwCurves: Float64Array[] = [];
  private readonly outageSamples: Int32Array;
  private readonly outageHours: Float64Array;
  /** IEEE 1366 N_T: customers of the loads served in the normal state. */
  readonly customersServed: number;

  constructor(
    private readonly topology: Topology,
    private readonly timeStepHours: number,
    /** The last hazard timestamp, hours: the time axis reaches at least this far. */
    private readonly lastHazardHours: number,
    /** Load shapes for energy not served (absent: every load at its fixed kW). */
    private readonly energy?: LoadEnergy,
  ) {
    this.outageSamples = new Int32Array(topology.loads.count);
    this.outageHours = new Float64Array(topology.loads.count);
    let served = 0;
    for (let l = 0; l < topology.loads.count; l += 1) if (topology.loads.servedNormally[l]) served += topology.loads.customers[l];
    this.customersServed = served;
  }

  /** Adds a measured sample (this run's, or a shard part's); samples must come in order. */
  record(impact: SampleImpact): void {
    this.storedCurveValues += impact.customerCurve.length;
    this.checkCurveValues(impact.customerCurve.length);
    this.samples.push(impact.metrics);
    this.customerCurves.push(impact.customerCurve);
    this.kwCurves.push(impact.kwCurve);
    for (const [load, hours] of impact.loadOutages) {
      this.outageSamples[load] += 1;
      this.outageHours[load] += hours;
    }
  }

  /** What sample `sample` adds to the summaries, without adding it. */
  measure(sample: number, failedAssets: number, failedWithoutEffect: number, restoreHours: Float64Array, outages: LoadOutage[]): SampleImpact {
    const { loads } = this.topology;
    const loadOutages: [number, number][] = [];
    let customerHours = 0;
    let energy = 0;
    let customersAffected = 0;
    let customersInterrupted = 0;
    let customerMinutes = 0;
    let horizon = 0;
    const events: { time: number; customers: number; kw: number }[] = [];
    const finals: { time: number; customers: number }[] = [];
    for (const outage of outages) {
      const customers = loads.customers[outage.load];
      const kw = loads.kw[outage.load];
      const shape = this.energy?.shapes[outage.load] ?? null;
      let hours = 0;
      let shapedEnergy = 0;
      for (let k = 0; k < outage.starts.length; k += 1) {
        const duration = outage.ends[k] - outage.starts[k];
        hours += duration;
        if (shape) shapedEnergy += shapedEnergyKwh(shape, kw, this.energy!.originMs, outage.starts[k], outage.ends[k]);
        if (duration > SUSTAINED_INTERRUPTION_HOURS) {
          customersInterrupted += customers;
          customerMinutes += customers * duration * 60;
        }
        events.push({ time: outage.starts[k], customers, kw }, { time: outage.ends[k], customers: -customers, kw: -kw });
      }
      const lastEnd = outage.ends[outage.ends.length - 1];
      horizon = Math.max(horizon, lastEnd);
      customerHours += customers * hours;
      energy += shape ? shapedEnergy : kw * hours;
      customersAffected += customers;
      finals.push({ time: lastEnd, customers });
      loadOutages.push([outage.load, hours]);
    }
    // Restorations before outages at one instant: the step functions are right-continuous.
    events.sort((a, b) => a.time - b.time || a.customers - b.customers);
    let customersOut = 0;
    let kwOut = 0;
    let peakCustomers = 0;
    let peakKw = 0;
    for (const event of events) {
      customersOut += event.customers;
      kwOut += event.kw;
      peakCustomers = Math.max(peakCustomers, customersOut);
      peakKw = Math.max(peakKw, kwOut);
    }
    let restoration = 0;
    for (const time of restoreHours) restoration = Math.max(restoration, time);
    const metrics: SampleMetrics = {
      sample,
      failed_assets: failedAssets,
      failed_without_network_effect: failedWithoutEffect,
      loads_out: outages.length,
      customers_out_peak: peakCustomers,
      kw_out_peak: peakKw,
      customers_affected: customersAffected,
      customer_hours: customerHours,
      energy_not_served_kwh: energy,
      customers_interrupted: customersInterrupted,
      customer_minutes_interrupted: customerMinutes,
      saifi: this.customersServed > 0 ? customersInterrupted / this.customersServed : 0,
      saidi_minutes: this.customersServed > 0 ? customerMinutes / this.customersServed : 0,
      caidi_minutes: customersInterrupted > 0 ? customerMinutes / customersInterrupted : 0,
      restoration_hours: restoration,
      ...restoreTimes(finals, customersAffected),
    };
    return { metrics, ...this.curves(outages, horizon), loadOutages };
  }

  /**
   * Refuses a run whose time axis would pass MAX_CURVE_VALUES, as soon as one sample shows
   * its length: the estimate is that length for every sample.
   */
  checkCurveValues(points: number, samples = 1): void {
    const estimate = Math.max(this.storedCurveValues, points * samples);
    if (estimate <= MAX_CURVE_VALUES) return;
    const message = `time_step_hours ${this.timeStepHours} makes a time axis of about ${estimate.toLocaleString('en-US')} points over the run's samples, more than the limit of ${MAX_CURVE_VALUES.toLocaleString('en-US')}; choose a larger time_step_hours or fewer samples`;
    throw new HazsimError('invalid_input', message, [
      { path: 'time_step_hours', message: `gives about ${estimate} time-axis points, limit ${MAX_CURVE_VALUES}` },
    ]);
  }

  /** Customers and kW out at each point k × step of the time axis (a point inside [start, end) counts). */
  private curves(outages: LoadOutage[], horizon: number): { customerCurve: Float64Array; kwCurve: Float64Array } {
    const step = this.timeStepHours;
    const length = outages.length ? Math.ceil(horizon / step) + 1 : 0;
    this.checkCurveValues(length);
    const customerCurve = new Float64Array(length);
    const kwCurve = new Float64Array(length);
    const { loads } = this.topology;
    // Differences at the first point inside and the first point past each interval, then running sums.
    const loadsOut = new Int32Array(length + 1);
    const customerSteps = new Float64Array(length + 1);
    const kwSteps = new Float64Array(length + 1);
    for (const outage of outages) {
      for (let k = 0; k < outage.starts.length; k += 1) {
        const first = Math.ceil(outage.starts[k] / step);
        const end = Math.min(Math.ceil(outage.ends[k] / step), length);
        if (first >= end) continue;
        loadsOut[first] += 1;
        loadsOut[end] -= 1;
        customerSteps[first] += loads.customers[outage.load];
        customerSteps[end] -= loads.customers[outage.load];
        kwSteps[first] += loads.kw[outage.load];
        kwSteps[end] -= loads.kw[outage.load];
      }
    }
    let count = 0;
    let customers = 0;
    let kw = 0;
    for (let i = 0; i < length; i += 1) {
      count += loadsOut[i];
      customers += customerSteps[i];
      kw += kwSteps[i];
      // With no load out the sums restart from exactly zero, whatever rounding the kW differences left.
      if (count === 0) {
        customers = 0;
        kw = 0;
      }
      customerCurve[i] = customers;
      kwCurve[i] = kw;
    }
    return { customerCurve, kwCurve };
  }

  finish(): ImpactMetrics {
    const n = this.samples.length;
    // CAIDI is undefined for an event without interruptions: its distribution is over the samples that had some.
    const summary = Object.fromEntries(
      SAMPLE_METRIC_NAMES.map((name) => [
        name,
        distributionOf(
          (name === 'caidi_minutes' ? this.samples.filter((sample) => sample.customers_interrupted > 0) : this.samples).map((sample) => sample[name]),
        ),
      ]),
    ) as Record<SampleMetricName, Distribution>;
    let horizon = this.lastHazardHours;
    for (const sample of this.samples) horizon = Math.max(horizon, sample.restoration_hours);
    const points = Math.ceil(horizon / this.timeStepHours) + 1;
    this.checkCurveValues(points);
    const curve: CurvePoint[] = [];
    const column = new Float64Array(n);
    const at = (curves: Float64Array[], k: number) => {
      for (let s = 0; s < n; s += 1) column[s] = k < curves[s].length ? curves[s][k] : 0;
      return distributionOf(column);
    };
    for (let k = 0; k < points; k += 1) {
      curve.push({ hours: k * this.timeStepHours, customers_out: at(this.customerCurves, k), kw_out: at(this.kwCurves, k) });
    }
    const { loads, busUuid } = this.topology;
    const loadResults: LoadResult[] = [];
    for (let l = 0; l < loads.count; l += 1) {
      loadResults.push({
        uuid: loads.uuid[l],
        name: loads.name[l],
        bus_uuid: busUuid[loads.bus[l]],
        kw: loads.kw[l],
        customers: loads.customers[l],
        customers_source: loads.customerSource[l],
        served_normally: loads.servedNormally[l] === 1,
        outage_probability: n ? this.outageSamples[l] / n : 0,
        expected_outage_hours: n ? this.outageHours[l] / n : 0,
        mean_outage_hours_when_out: this.outageSamples[l] ? this.outageHours[l] / this.outageSamples[l] : 0,
      });
    }
    return { number_of_samples: n, time_step_hours: this.timeStepHours, samples: this.samples, summary, loads: loadResults, curve };
  }
}

/** When 50 %, 90 % and 100 % of the customers who lost power have it back for good. */
function restoreTimes(
  finals: { time: number; customers: number }[],
  total: number,
): Pick<SampleMetrics, 'restore_50_hours' | 'restore_90_hours' | 'restore_100_hours'> {
  if (total === 0) return { restore_50_hours: 0, restore_90_hours: 0, restore_100_hours: 0 };
  finals.sort((a, b) => a.time - b.time);
  const when = (fraction: number) => {
    let restored = 0;
    for (const final of finals) {
      restored += final.customers;
      if (restored >= fraction * total * (1 - 1e-12)) return final.time;
    }
    return finals[finals.length - 1].time;
  };
  return { restore_50_hours: when(0.5), restore_90_hours: when(0.9), restore_100_hours: when(1) };
}
