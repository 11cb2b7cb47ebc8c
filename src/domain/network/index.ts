/** Network impact: who loses power after the failures of each scenario sample, and for how long (docs/output-impact.md). */
export type { Topology, LoadTable, ElementTable, ElementKind, LoadOutage, SampleFailures } from './types.js';
export { buildTopology, DEFAULT_CUSTOMERS_PER_LOAD, type TopologyOptions } from './topology.js';
export { Energizer } from './energize.js';
export { MAX_CREWS, scheduleRepairs, type RepairJobs, type RepairSchedule } from './crews.js';
export { REPAIR_PRIORITIES, DEFAULT_REPAIR_PRIORITY, blockedCustomers, repairOrder, type RepairPriority } from './priority.js';
export { buildSupplyTree, type SupplyTree } from './supplyTree.js';
export { SwitchingPlan, type DownIntervals } from './switching.js';
export { WORK_LIMITS, HAZARD_BITS, WorkCalendar, allowsWork, type LimitedQuantity, type WorkLimit } from './workWindow.js';
export {
  DEFAULT_REPAIR_TIMES,
  REPAIR_TIMES_BY_HAZARD,
  REPAIR_DRAW_DESCRIPTION,
  defaultRepairTime,
  repairTimeDrawer,
  type HazardRepairTime,
  type RepairHazard,
} from './repairTimes.js';
export {
  ImpactAccumulator,
  SAMPLE_METRIC_NAMES,
  type ImpactMetrics,
  type SampleMetrics,
  type SampleImpact,
  type LoadResult,
  type CurvePoint,
  type SampleMetricName,
} from './metrics.js';
export { distributionOf, quantileSorted, type Distribution } from './statistics.js';
export { seriesTimeMs, shapedEnergyKwh, type LoadEnergy } from './loadShapes.js';
export { ImpactRun, type ScenarioFailure, type ImpactRunOptions, type RepairRecord, type CrewTravel } from './impact.js';
export { ImpactSqliteWriter, restoredBySample } from './formats/impactSqlite.js';
export { hoursBetween, timestampAfter } from '../../base/hazardHours.js';
export { ImpactShardReader, ImpactShardWriter, isImpactShardFile, type ImpactShardHeader, type ImpactShardRun } from './formats/impactShard.js';
