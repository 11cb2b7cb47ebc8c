/**
 * One impact run (docs/output-impact.md): samples of failures in, metrics out. For each
 * sample: repair times (given, or drawn from the defaults), restoration times (crews),
 * outage intervals of every load (Energizer), then the metrics.
 */
import { HazsimError } from '../../base/errors.js';
import { geodesicDistanceFastM } from '../../base/geodesy/batch.js';
import { scheduleRepairs } from './crews.js';
import { Energizer } from './energize.js';
import type { LoadEnergy } from './loadShapes.js';
import { ImpactAccumulator, type ImpactMetrics, type SampleImpact, type SampleMetrics } from './metrics.js';
import { blockedCustomers, DEFAULT_REPAIR_PRIORITY, repairOrder, type RepairPriority } from './priority.js';
import { defaultRepairTime, repairTimeDrawer } from './repairTimes.js';
import { buildSupplyTree, type SupplyTree } from './supplyTree.js';
import { SwitchingPlan } from './switching.js';
import type { Topology } from './types.js';
import type { WorkCalendar } from './workWindow.js';

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
  /** The order crews take ready repairs (default DEFAULT_REPAIR_PRIORITY). */
  priority?: RepairPriority;
  /** Uuids of the critical loads (the `critical` priority). */
  criticalLoads?: ReadonlySet<string>;
  /**
   * When crews may work at a failed asset: the hazard's calendar, 'after_event' (from the last
   * hazard timestamp on, when the hazard's intensities are unknown) or 'at_failure' (default).
   */
  workRule?: WorkCalendar | 'after_event' | 'at_failure';
  /** Crews travel in straight lines from the depot and between sites (absent: no travel). */
  travel?: CrewTravel;
  /**
   * Switching before repair (SwitchingPlan): hours from a fault to its section's isolation and
   * the ties' closing. Absent: every failed element is isolated at once by itself and ties stay
   * open (the ideal bound without switching).
   */
  switchingDelayHours?: number;
  timeStepHours: number;
  /** Hours from the first to the last hazard timestamp. */
  lastHazardHours: number;
  /** The first sample given (a shard's first sample; default 0). */
  firstSample?: number;
  /** Load shapes for energy not served (absent: every load at its fixed kW). */
  energy?: LoadEnergy;
}

/** Crew travel: from a depot, at a speed, between the sites of the failed assets. */
export interface CrewTravel {
  depot: { longitude: number; latitude: number };
  speedKmh: number;
  /** Site of each asset by uuid; an asset without one costs no travel. */
  siteOf: (assetUuid: string) => { longitude: number; latitude: number } | undefined;
}

/** One repair, as the result's `repairs` table holds it. */
export interface RepairRecord {
  sample: number;
  asset_uuid: string;
  in_network: boolean;
  failed_hours: number;
  repair_hours: number;
  repair_source: 'damage.csv' | 'default';
  /** When the hazard lets crews work at the asset. */
  work_allowed_hours: number;
  /** When its crew set out (travel, then repair). */
  dispatched_hours: number;
  restored_hours: number;
}

export class ImpactRun {
  private readonly energizer: Energizer;
  private readonly accumulator: ImpactAccumulator;
  private readonly tree: SupplyTree;
  private readonly switching: SwitchingPlan | null;
  private nextSample: number;

  constructor(
    private readonly topology: Topology,
    private readonly options: ImpactRunOptions,
  ) {
    this.energizer = new Energizer(topology, options.switchingDelayHours !== undefined);
    this.accumulator = new ImpactAccumulator(topology, options.timeStepHours, options.lastHazardHours, options.energy);
    this.nextSample = options.firstSample ?? 0;
    const critical = options.criticalLoads ?? new Set<string>();
    this.tree = buildSupplyTree(
      topology,
      Uint8Array.from(topology.loads.uuid, (uuid) => (critical.has(uuid) ? 1 : 0)),
    );
    this.switching = options.switchingDelayHours === undefined ? null : new SwitchingPlan(topology, this.tree);
  }

  /**
   * Adds sample `sample`; samples come in order 0, 1, ... (a sample without failures may be
   * given with none). Its repairs are returned, not kept: the caller writes them out.
   */
  addSample(sample: number, failures: ScenarioFailure[]): { metrics: SampleMetrics; repairs: RepairRecord[] } {
    const { impact, repairs } = this.measureSample(sample, failures);
    this.accumulator.record(impact);
    return { metrics: impact.metrics, repairs };
  }

  /** What sample `sample` adds to the result (see addSample), without adding it: a shard part stores it. */
  measureSample(sample: number, failures: ScenarioFailure[]): { impact: SampleImpact; repairs: RepairRecord[] } {
    if (sample !== this.nextSample) throw new HazsimError('internal', `impact samples out of order: got ${sample}, expected ${this.nextSample}`);
    this.nextSample += 1;
    const { topology } = this;
    const count = failures.length;
    const draw = repairTimeDrawer(this.options.seed, sample);
    const failHours = new Float64Array(count);
    const readyHours = new Float64Array(count);
    const repairHours = new Float64Array(count);
    const elementOf = new Int32Array(count);
    const rule = this.options.workRule ?? 'at_failure';
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
      readyHours[k] =
        rule === 'at_failure'
          ? failure.failHours
          : rule === 'after_event'
            ? Math.max(failure.failHours, this.options.lastHazardHours)
            : rule.readyHours(failure.assetUuid, failure.failHours);
      const hazards = typeof rule === 'string' ? [] : rule.hazardsAt(failure.assetUuid, failure.failHours);
      repairHours[k] = failure.repairHours ?? draw(defaultRepairTime(element === undefined ? null : topology.elements.assetType[element], hazards));
    }
    const before = repairOrder(this.options.priority ?? DEFAULT_REPAIR_PRIORITY, readyHours, repairHours, blockedCustomers(this.tree, elementOf));
    const schedule = scheduleRepairs({ readyHours, repairHours, before, ...this.travelOf(failures) }, this.options.crews);
    const restore = schedule.restoreHours;
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
        work_allowed_hours: readyHours[k],
        dispatched_hours: schedule.startHours[k],
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
    const switched = this.switching?.intervals(networkFailures.element, networkFailures.failHours, networkRestore, this.options.switchingDelayHours!);
    const outages = this.energizer.outages(networkFailures, networkRestore, switched);
    return { impact: this.accumulator.measure(sample, inNetwork.length, count - inNetwork.length, networkRestore, outages), repairs };
  }

  /** Travel hours between the sites of a sample's failures (from = -1: the depot), when the run has crew travel. */
  private travelOf(failures: ScenarioFailure[]): { travelHours?: (from: number, to: number) => number } {
    const travel = this.options.travel;
    if (!travel) return {};
    const sites = failures.map((failure) => travel.siteOf(failure.assetUuid));
    return {
      travelHours: (from, to) => {
        const a = from < 0 ? travel.depot : sites[from];
        const b = sites[to];
        if (!a || !b) return 0;
        return geodesicDistanceFastM(a.latitude, a.longitude, b.latitude, b.longitude) / 1000 / travel.speedKmh;
      },
    };
  }

  finish(): ImpactMetrics {
    return this.accumulator.finish();
  }
}
