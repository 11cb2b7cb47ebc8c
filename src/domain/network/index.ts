/** Network impact: who loses power after the failures of each scenario sample, and for how long (docs/output-impact.md). */
export type { Topology, LoadTable, ElementTable, ElementKind, LoadOutage, SampleFailures } from './types.js';
export { buildTopology, DEFAULT_CUSTOMERS_PER_LOAD, type TopologyOptions } from './topology.js';
export { Energizer } from './energize.js';
export { restorationTimes } from './crews.js';
export { DEFAULT_REPAIR_TIMES, REPAIR_DRAW_DESCRIPTION, defaultRepairTime, repairTimeDrawer, type RepairDistribution } from './repairTimes.js';
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
export { ImpactRun, type ScenarioFailure, type ImpactRunOptions, type RepairRecord } from './impact.js';
export { writeImpactSqlite } from './sqlite.js';
export { hoursBetween, timestampAfter } from '../../base/hazardHours.js';
export { ImpactShardReader, ImpactShardWriter, isImpactShardFile, type ImpactShardHeader, type ImpactShardRun } from './formats/impactShard.js';
