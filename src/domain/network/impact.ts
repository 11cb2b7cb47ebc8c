/**
 * One impact run (docs/output-impact.md): samples of failures in, metrics out. For each
 * sample: repair times (given, or drawn from the defaults), restoration times (crews),
 * outage intervals of every load (Energizer), then the metrics.
 */
import { HazsimError } from '../../base/errors.js';
import { restorationTimes } from './crews.js';
import { Energizer } from './energize.js';
import { ImpactAccumulator, type ImpactMetrics, type SampleImpact, type SampleMetrics } from './metrics.js';
import { defaultRepairTime, repairTimeDrawer } from './repairTimes.js';
import { UNREACHABLE_DEPTH } from './topology.js';
import type { Topology } from './types.js';

/** One failed asset of a sample, in the order of tracked_changes.json. */
export interface ScenarioFailure {
  assetUuid: string;
  /** Hours after the first hazard timestamp. */
  failHours: number;
  /** Repair work from the scenarios' damage.csv, hours; null: draw it from the default repair times. */
  repairHours: number | null;
}

export interface ImpactRunOptions {
  /** The scenarios' seed: default repair times are drawn from streams derived from it. */
  seed: number;
  /** Repair crews; null: unlimited. */
  crews: number | null;
  timeStepHours: number;
  /** Hours from the first to the last hazard timestamp. */
  lastHazardHours: number;
  /** The first sample given (a shard's first sample; default 0). */
  firstSample?: number;
}

/** One repair, as the result's `repairs` table holds it. */
export interface RepairRecord {
  sample: number;
  asset_uuid: string;
  in_network: boolean;
  failed_hours: number;
  repair_hours: number;
  repair_source: 'damage.csv' | 'default';
  restored_hours: number;
}

export class ImpactRun {
  private readonly energizer: Energizer;
  private readonly accumulator: ImpactAccumulator;
  readonly repairs: RepairRecord[] = [];
  private nextSample: number;

  constructor(
    private readonly topology: Topology,
    private readonly options: ImpactRunOptions,
  ) {
    this.energizer = new Energizer(topology);
    this.accumulator = new ImpactAccumulator(topology, options.timeStepHours, options.lastHazardHours);
    this.nextSample = options.firstSample ?? 0;
  }

  /** Adds sample `sample`; samples come in order 0, 1, ... (a sample without failures may be given with none). */
  addSample(sample: number, failures: ScenarioFailure[]): SampleMetrics {
    const { impact, repairs } = this.measureSample(sample, failures);
    this.accumulator.record(impact);
    this.repairs.push(...repairs);
    return impact.metrics;
  }

  /** What sample `sample` adds to the result (see addSample), without adding it: a shard part stores it. */
  measureSample(sample: number, failures: ScenarioFailure[]): { impact: SampleImpact; repairs: RepairRecord[] } {
    if (sample !== this.nextSample) throw new HazsimError('internal', `impact samples out of order: got ${sample}, expected ${this.nextSample}`);
    this.nextSample += 1;
    const { topology } = this;
    const count = failures.length;
    const draw = repairTimeDrawer(this.options.seed, sample);
    const failHours = new Float64Array(count);
    const repairHours = new Float64Array(count);
    const priority = new Int32Array(count);
    const elementOf = new Int32Array(count);
    for (let k = 0; k < count; k += 1) {
      const failure = failures[k];
      const element = topology.elementIndex.get(failure.assetUuid);
      if (element === undefined && !topology.otherComponents.has(failure.assetUuid)) {
        throw new HazsimError('invalid_input', `sample_${sample} fails asset ${failure.assetUuid}, which is not a component of the distribution model`, [
          { path: `sample_${sample}`, message: `unknown component ${failure.assetUuid}` },
        ]);
      }
      elementOf[k] = element ?? -1;
      failHours[k] = failure.failHours;
      repairHours[k] = failure.repairHours ?? draw(defaultRepairTime(element === undefined ? null : topology.elements.assetType[element]));
      priority[k] = element === undefined ? UNREACHABLE_DEPTH + 1 : topology.elements.depth[element];
    }
    const restore = restorationTimes(failHours, repairHours, priority, this.options.crews);
    const inNetwork: number[] = [];
    const repairs: RepairRecord[] = [];
    for (let k = 0; k < count; k += 1) {
      if (elementOf[k] >= 0) inNetwork.push(k);
      repairs.push({
        sample,
        asset_uuid: failures[k].assetUuid,
        in_network: elementOf[k] >= 0,
        failed_hours: failHours[k],
        repair_hours: repairHours[k],
        repair_source: failures[k].repairHours === null ? 'default' : 'damage.csv',
        restored_hours: restore[k],
      });
    }
    const networkFailures = {
      sample,
      element: Int32Array.from(inNetwork, (k) => elementOf[k]),
      failHours: Float64Array.from(inNetwork, (k) => failHours[k]),
      repairHours: Float64Array.from(inNetwork, (k) => repairHours[k]),
    };
    const networkRestore = Float64Array.from(inNetwork, (k) => restore[k]);
    const outages = this.energizer.outages(networkFailures, networkRestore);
    return { impact: this.accumulator.measure(sample, inNetwork.length, count - inNetwork.length, networkRestore, outages), repairs };
  }

  finish(): ImpactMetrics {
    return this.accumulator.finish();
  }
}
