/**
 * One impact analysis, inside a worker thread (docs/output-impact.md): the feeder graph of the
 * distribution model, the failures of a scenario ZIP sample by sample, restoration and
 * energization, then the SQLite result and its summary.
 */
import fs from 'node:fs';
import crypto from 'node:crypto';
import { HazsimError } from '../../base/errors.js';
import { readStoredFile } from '../../base/cacheFile.js';
import { sha256Hex } from '../../base/sha256.js';
import { parseJsonBytes } from '../../base/json.js';
import type { ProgressEvent } from '../../base/workerTask.js';
import { readDistributionModel, type DistributionModel } from '../../domain/gdm/index.js';
import { readLoadPowerSeries } from '../../domain/gdm/formats/loadPowerSeries.js';
import { extractAssets, type CoordinateReading } from '../../domain/assets/index.js';
import { readHazardModel } from '../../domain/hazards/index.js';
import {
  buildTopology,
  ImpactAccumulator,
  ImpactShardWriter,
  type ImpactShardReader,
  REPAIR_TIMES_BY_HAZARD,
  WORK_LIMITS,
  hoursBetween,
  ImpactRun,
  type CrewTravel,
  type ImpactRunOptions,
  type RepairPriority,
  REPAIR_DRAW_DESCRIPTION,
  timestampAfter,
  ImpactSqliteWriter,
  restoredBySample,
  type ImpactMetrics,
  type ScenarioFailure,
  type Topology,
  type LoadEnergy,
} from '../../domain/network/index.js';
import { ScenarioZip, type ScenarioZipContents } from '../../domain/scenarios/formats/scenarioZip/reader.js';
import { writeImpactRestorationZip } from '../../domain/scenarios/formats/scenarioZip/restoration.js';
import path from 'node:path';
import { buildWorkCalendar } from './workCalendar.js';
import type { ImpactSummary, RestorationSettings } from './impactSchemas.js';

/** The options of an impact run that say how restoration goes. */
type RestorationOptions = Pick<ImpactRunOptions, 'priority' | 'criticalLoads' | 'workRule' | 'travel' | 'switchingDelayHours'>;

/** A cached distribution model's name and file. */
interface DistributionFile {
  name: string;
  filePath: string;
}

/** What every impact analysis reads: the feeder, the scenario ZIP and how restoration and metrics are computed. */
interface AnalysisSettings {
  /** The model, and the coordinate reading it was uploaded with (crew travel and the hazard at each asset). */
  distribution: DistributionFile & { coordinates: CoordinateReading };
  /** The cached hazard model the scenarios were drawn for (when the cache holds it): when crews may work comes from its intensities. */
  hazard: { name: string; filePath: string } | null;
  zipPath: string;
  crews: number | null;
  restoration: RestorationSettings;
  customersPerLoad: number;
  timeStepHours: number;
  hazsimVersion: string;
}

export interface ImpactTask extends AnalysisSettings {
  sqlitePath: string;
  /** Also write the scenario ZIP with restoration edits matching the repairs table here. */
  restorationZipPath?: string;
}

/** One part of a sharded impact run (docs/scale-out.md): `zipPath` holds the part's samples alone. */
export interface ImpactShardTask extends AnalysisSettings {
  partPath: string;
  /** The scenario shard file of the part's samples, kept in the part for the merge. */
  scenarioShardPath: string;
  shardIndex: number;
  shardCount: number;
  firstSample: number;
  endSample: number;
}

/** What `hazsim impact --shard` reports. */
export interface ImpactShardSummary {
  status: 'success';
  file_path: string;
  shard_index: number;
  shard_count: number;
  first_sample: number;
  end_sample: number;
  number_of_samples: number;
  seed: number;
  repairs: number;
}

const PERCENTILES = 'P10, P50 and P90 by linear interpolation between order statistics (Hyndman-Fan 7, numpy.percentile default)';

async function fileSha256(filePath: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(filePath)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The distribution model's bytes, or not_found naming its file. */
function distributionBytes(distribution: DistributionFile): Buffer {
  try {
    return readStoredFile(distribution.filePath);
  } catch (error) {
    if (error instanceof HazsimError) throw error;
    throw new HazsimError('not_found', `Distribution system file ${distribution.filePath} cannot be read (${(error as Error).message}); run a cache refresh`);
  }
}

function modelOf(distributionName: string, bytes: Buffer): DistributionModel {
  return readDistributionModel(parseJsonBytes(bytes, `${distributionName}.json`));
}

/** The feeder graph of the distribution model whose bytes are `bytes`. */
export function topologyOf(distributionName: string, bytes: Buffer, customersPerLoad: number): Topology {
  return buildTopology(modelOf(distributionName, bytes), { customersPerLoad });
}

/**
 * How restoration runs (docs/output-impact.md): when crews may work (the hazard's calendar at
 * the assets, or from the event's end when the hazard model is not cached or was changed
 * since the scenarios were drawn), the repair order, the critical loads and crew travel.
 */
function restorationOf(
  task: AnalysisSettings,
  model: DistributionModel,
  topology: Topology,
  origin: string,
  metadata: Record<string, unknown>,
): { options: RestorationOptions; workRule: string } {
  const { assets } = extractAssets(model, task.distribution.coordinates);
  const critical = new Set<string>();
  const byName = new Map(topology.loads.name.map((name, l) => [name, topology.loads.uuid[l]]));
  const uuids = new Set(topology.loads.uuid);
  task.restoration.critical_loads.forEach((given, index) => {
    const uuid = uuids.has(given) ? given : byName.get(given);
    if (uuid === undefined) {
      throw new HazsimError('invalid_input', `critical load '${given}' is neither the uuid nor the name of a load of '${task.distribution.name}'`, [
        { path: `critical_loads[${index}]`, message: `no load '${given}'` },
      ]);
    }
    critical.add(uuid);
  });
  let workRule: ImpactRunOptions['workRule'] = 'after_event';
  let described = 'after_event: the hazard model is not in the cache, so crews wait for the last hazard timestamp';
  if (task.hazard) {
    const bytes = readStoredFile(task.hazard.filePath);
    const drawnFor = metadata.hazard_sha256;
    if (typeof drawnFor === 'string' && drawnFor !== sha256Hex(bytes)) {
      described = `after_event: hazard model '${task.hazard.name}' changed since the scenarios were drawn, so crews wait for the last hazard timestamp`;
    } else {
      workRule = buildWorkCalendar(readHazardModel(parseJsonBytes(bytes, `${task.hazard.name}.json`)), assets, origin);
      described = `hazard calendar of '${task.hazard.name}': work starts at the first hazard timestamp at or after the failure within every limit of work_limits, at the last hazard timestamp at the latest`;
    }
  }
  const siteIndex = new Map(assets.uuid.map((uuid, a) => [uuid, a]));
  const given = task.restoration.crew_travel;
  const travel: CrewTravel | undefined = given
    ? {
        depot: given.depot,
        speedKmh: given.speed_kmh,
        siteOf: (uuid) => {
          const a = siteIndex.get(uuid);
          return a === undefined ? undefined : { longitude: assets.longitude[a], latitude: assets.latitude[a] };
        },
      }
    : undefined;
  const switching = task.restoration.switching === 'flisr' ? { switchingDelayHours: task.restoration.switching_delay_minutes / 60 } : {};
  return {
    options: { priority: task.restoration.priority, criticalLoads: critical, workRule, ...(travel ? { travel } : {}), ...switching },
    workRule: described,
  };
}

/** An analysis opened: the ZIP (close it when done), its contents, the feeder graph and what the result records. */
interface Analysis {
  zip: ScenarioZip;
  contents: ScenarioZipContents;
  topology: Topology;
  restoration: RestorationOptions;
  origin: string;
  lastHazardHours: number;
  facts: SummaryFacts;
  /** The result's run_info but scenarios_sha256. */
  runInfo: Record<string, string>;
  distributionSha256: string;
  /** Load shapes for energy not served, when the model has any. */
  energy?: LoadEnergy;
}

/**
 * The loads' active-power shapes from the model's `<stem>_time_series/` folder beside its file
 * (absent or without load series: none), and what run_info says about them.
 */
function loadEnergyOf(distribution: DistributionFile, topology: Topology, origin: string): { energy?: LoadEnergy; described: string } {
  const folder = path.join(path.dirname(distribution.filePath), `${path.basename(distribution.filePath, '.json')}_time_series`);
  const series = readLoadPowerSeries(folder);
  const shapes = topology.loads.uuid.map((uuid) => series.get(uuid) ?? null);
  const shaped = shapes.filter((shape) => shape !== null).length;
  if (shaped === 0) return { described: "each load's fixed kW (sum of its phase loads' real_power) × hours dark; the model has no load shapes" };
  return {
    energy: { shapes, originMs: Date.parse(`${origin}Z`) },
    described: `${shaped} of ${topology.loads.count} loads by their load shape (the model's active_power time series, integrated over each outage at the same time of year; docs/output-impact.md), the other ${topology.loads.count - shaped} at their fixed kW × hours dark`,
  };
}

async function openAnalysis(task: AnalysisSettings): Promise<Analysis> {
  const bytes = distributionBytes(task.distribution);
  const distributionSha256 = sha256Hex(bytes);
  const zip = await ScenarioZip.open(task.zipPath);
  try {
    const contents = await zip.contents();
    const expected = contents.metadata.distribution_sha256;
    if (typeof expected === 'string' && expected !== distributionSha256) {
      throw new HazsimError(
        'conflict',
        `${task.zipPath} was drawn for another version of distribution system '${task.distribution.name}' (sha256 ${expected.slice(0, 12)}…, the cached model is ${distributionSha256.slice(0, 12)}…)`,
      );
    }
    const model = modelOf(task.distribution.name, bytes);
    const topology = buildTopology(model, { customersPerLoad: task.customersPerLoad });
    const origin = contents.timestamps[0];
    const restoration = restorationOf(task, model, topology, origin, contents.metadata);
    const { energy, described: energyDescribed } = loadEnergyOf(task.distribution, topology, origin);
    const lastHazard = contents.timestamps[contents.timestamps.length - 1];
    const meta = contents.metadata;
    const text = (key: string) => (typeof meta[key] === 'string' ? (meta[key] as string) : null);
    const repairTimes = contents.hasDamage ? 'damage.csv' : 'default';
    const runInfo: Record<string, string> = {
      hazsim_version: task.hazsimVersion,
      distribution_system_name: task.distribution.name,
      distribution_sha256: distributionSha256,
      hazard_system_name: text('hazard_system_name') ?? '',
      curve_set: text('curve_set') ?? '',
      number_of_samples: String(contents.numberOfSamples),
      seed: String(contents.seed),
      method: text('method') ?? '',
      crews: task.crews === null ? 'unlimited' : String(task.crews),
      switching: task.restoration.switching,
      switching_delay_minutes: String(task.restoration.switching_delay_minutes),
      priority: task.restoration.priority,
      critical_loads: JSON.stringify([...(restoration.options.criticalLoads ?? [])].sort()),
      crew_travel: task.restoration.crew_travel ? JSON.stringify(task.restoration.crew_travel) : 'none',
      work_rule: restoration.workRule,
      work_limits: JSON.stringify(WORK_LIMITS),
      energy_not_served: energyDescribed,
      customers_per_load: String(task.customersPerLoad),
      time_step_hours: String(task.timeStepHours),
      origin_timestamp: origin,
      last_hazard_timestamp: lastHazard,
      repair_times: repairTimes,
      repair_draw: REPAIR_DRAW_DESCRIPTION,
      default_repair_times: JSON.stringify(REPAIR_TIMES_BY_HAZARD),
      percentiles: PERCENTILES,
      network_notes: JSON.stringify(topology.notes),
    };
    return {
      zip,
      contents,
      topology,
      restoration: restoration.options,
      origin,
      lastHazardHours: hoursBetween(origin, lastHazard),
      facts: {
        hazard: text('hazard_system_name'),
        curveSet: text('curve_set'),
        method: text('method'),
        seed: contents.seed,
        repairTimes,
        origin,
        lastHazard,
        priority: task.restoration.priority,
        workRule: restoration.workRule,
        switching: task.restoration.switching,
        switchingDelayMinutes: task.restoration.switching_delay_minutes,
      },
      runInfo,
      distributionSha256,
      ...(energy ? { energy } : {}),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}

/** Hands `add` the failures of every sample of [start, end) in order, reading them from the analysis's ZIP (samples without failures get none). */
async function forEachSample(
  analysis: Analysis,
  zipPath: string,
  start: number,
  end: number,
  report: (event: ProgressEvent) => void,
  add: (sample: number, failures: ScenarioFailure[]) => void,
): Promise<void> {
  const { contents, origin } = analysis;
  const total = end - start;
  const every = Math.max(1, Math.floor(total / 100));
  let next = start;
  const addUpTo = (sample: number, failures: ScenarioFailure[]) => {
    for (; next < sample; next += 1) add(next, []);
    add(next, failures);
    next += 1;
    if ((next - start) % every === 0) report({ phase: 'energizing samples', done: next - start, total });
  };
  // damage.csv and tracked_changes.json are both in sample order: read side by side, one sample of each in memory.
  const damage = contents.hasDamage ? analysis.zip.damageBySample(contents.numberOfSamples) : null;
  let damageAt = damage ? await damage.next() : null;
  try {
    for await (const group of analysis.zip.failuresBySample()) {
      if (group.sample >= end) throw new HazsimError('invalid_input', `${zipPath}: sample_${group.sample} is beyond number_of_samples ${end}`);
      while (damage && damageAt && !damageAt.done && damageAt.value.sample < group.sample) damageAt = await damage.next();
      const repairHours = damageAt && !damageAt.done && damageAt.value.sample === group.sample ? damageAt.value.repairHours : null;
      addUpTo(
        group.sample,
        group.failures.map((failure) => ({
          assetUuid: failure.assetUuid,
          failHours: hoursBetween(origin, failure.timestamp),
          repairHours: repairHours?.get(failure.assetUuid) ?? null,
        })),
      );
    }
    // The rest of damage.csv is still read, so a malformed line anywhere is reported as before.
    while (damage && damageAt && !damageAt.done) damageAt = await damage.next();
  } finally {
    await damage?.return(undefined);
  }
  for (; next < end; next += 1) add(next, []);
  report({ phase: 'energizing samples', done: total, total });
}

/** The impact run of an opened analysis, with the task's crews and time step; sample numbers start at `firstSample`. */
function impactRunOf(analysis: Analysis, task: AnalysisSettings, firstSample?: number): ImpactRun {
  return new ImpactRun(analysis.topology, {
    seed: analysis.contents.seed,
    crews: task.crews,
    ...analysis.restoration,
    timeStepHours: task.timeStepHours,
    lastHazardHours: analysis.lastHazardHours,
    ...(firstSample === undefined ? {} : { firstSample }),
    ...(analysis.energy ? { energy: analysis.energy } : {}),
  });
}

export async function runImpact(task: ImpactTask, report: (event: ProgressEvent) => void): Promise<ImpactSummary> {
  const analysis = await openAnalysis(task);
  try {
    const { contents, topology, origin } = analysis;
    const run = impactRunOf(analysis, task);
    const writer = new ImpactSqliteWriter(task.sqlitePath, origin);
    let metrics: ImpactMetrics;
    try {
      await forEachSample(analysis, task.zipPath, 0, contents.numberOfSamples, report, (sample, failures) =>
        writer.repairs(run.addSample(sample, failures).repairs),
      );
      report({ phase: 'writing results', done: 0, total: 1 });
      metrics = run.finish();
      writer.finish(metrics, { ...analysis.runInfo, scenarios_sha256: await fileSha256(task.zipPath) });
    } catch (error) {
      writer.discard();
      throw error;
    }
    if (task.restorationZipPath) {
      await writeImpactRestorationZip(
        analysis.zip,
        contents.metadata,
        restoredBySample(task.sqlitePath),
        origin,
        task.restoration.priority,
        task.crews,
        task.restorationZipPath,
      );
    }
    report({ phase: 'writing results', done: 1, total: 1 });
    return summarize(task, task.sqlitePath, topology, metrics, analysis.facts);
  } finally {
    analysis.zip.close();
  }
}

/** One part of a sharded impact run: what each of its samples adds to the result, written as an impact part. */
export async function runImpactShard(task: ImpactShardTask, report: (event: ProgressEvent) => void): Promise<ImpactShardSummary> {
  const analysis = await openAnalysis(task);
  try {
    const { contents, facts } = analysis;
    const run = impactRunOf(analysis, task, task.firstSample);
    const writer = new ImpactShardWriter(
      task.partPath,
      {
        run: {
          shard_count: task.shardCount,
          number_of_samples: contents.numberOfSamples,
          seed: contents.seed,
          distribution_system_name: task.distribution.name,
          distribution_sha256: analysis.distributionSha256,
          crews: task.crews,
          customers_per_load: task.customersPerLoad,
          time_step_hours: task.timeStepHours,
          hazard_system_name: facts.hazard,
          curve_set: facts.curveSet,
          method: facts.method,
          repair_times: facts.repairTimes,
          origin_timestamp: facts.origin,
          last_hazard_timestamp: facts.lastHazard,
          last_hazard_hours: analysis.lastHazardHours,
          run_info: analysis.runInfo,
        },
        shard_index: task.shardIndex,
        first_sample: task.firstSample,
        end_sample: task.endSample,
      },
      task.scenarioShardPath,
    );
    let repairs = 0;
    try {
      await forEachSample(analysis, task.zipPath, task.firstSample, task.endSample, report, (sample, failures) => {
        const measured = run.measureSample(sample, failures);
        repairs += measured.repairs.length;
        writer.sample(sample, measured.impact, measured.repairs);
      });
      writer.finish();
    } catch (error) {
      writer.discard();
      throw error;
    }
    return {
      status: 'success',
      file_path: task.partPath,
      shard_index: task.shardIndex,
      shard_count: task.shardCount,
      first_sample: task.firstSample,
      end_sample: task.endSample,
      number_of_samples: contents.numberOfSamples,
      seed: contents.seed,
      repairs,
    };
  } finally {
    analysis.zip.close();
  }
}

/**
 * `hazsim merge` of impact parts, sorted by shard index and checked to be one run's: their
 * samples added up in order, the result written to `sqlitePath` with the merged scenario
 * ZIP's sha256, as the unsharded run writes it.
 */
export async function mergeImpactParts(
  readers: ImpactShardReader[],
  distribution: DistributionFile,
  scenariosSha256: string,
  sqlitePath: string,
  report: (event: ProgressEvent) => void,
): Promise<ImpactSummary> {
  const run = readers[0].header.run;
  const bytes = distributionBytes(distribution);
  const cachedSha256 = sha256Hex(bytes);
  if (cachedSha256 !== run.distribution_sha256) {
    throw new HazsimError(
      'conflict',
      `The parts were computed for another version of distribution system '${run.distribution_system_name}' (sha256 ${run.distribution_sha256.slice(0, 12)}…, the cached model is ${cachedSha256.slice(0, 12)}…)`,
    );
  }
  const topology = topologyOf(distribution.name, bytes, run.customers_per_load);
  const accumulator = new ImpactAccumulator(topology, run.time_step_hours, run.last_hazard_hours);
  const writer = new ImpactSqliteWriter(sqlitePath, run.origin_timestamp);
  let metrics: ImpactMetrics;
  try {
    for (const reader of readers) {
      for await (const part of reader.samples()) {
        accumulator.record(part.impact);
        writer.repairs(part.repairs);
        if ((part.sample + 1) % Math.max(1, Math.floor(run.number_of_samples / 100)) === 0)
          report({ phase: 'adding up samples', done: part.sample + 1, total: run.number_of_samples });
      }
    }
    metrics = accumulator.finish();
    writer.finish(metrics, { ...run.run_info, scenarios_sha256: scenariosSha256 });
  } catch (error) {
    writer.discard();
    throw error;
  }
  const settings = { distribution, crews: run.crews, customersPerLoad: run.customers_per_load, timeStepHours: run.time_step_hours };
  return summarize(settings, sqlitePath, topology, metrics, {
    hazard: run.hazard_system_name,
    curveSet: run.curve_set,
    method: run.method,
    seed: run.seed,
    repairTimes: run.repair_times,
    origin: run.origin_timestamp,
    lastHazard: run.last_hazard_timestamp,
    priority: run.run_info.priority as RepairPriority,
    workRule: run.run_info.work_rule,
    switching: run.run_info.switching as 'flisr' | 'none',
    switchingDelayMinutes: Number(run.run_info.switching_delay_minutes),
  });
}

interface SummaryFacts {
  hazard: string | null;
  curveSet: string | null;
  method: string | null;
  seed: number;
  repairTimes: 'damage.csv' | 'default';
  origin: string;
  lastHazard: string;
  priority: RepairPriority;
  workRule: string;
  switching: 'flisr' | 'none';
  switchingDelayMinutes: number;
}

function summarize(
  task: Pick<AnalysisSettings, 'crews' | 'customersPerLoad' | 'timeStepHours'> & { distribution: DistributionFile },
  filePath: string,
  topology: Topology,
  metrics: ImpactMetrics,
  facts: SummaryFacts,
): ImpactSummary {
  const { loads } = topology;
  let customers = 0;
  let kw = 0;
  let served = 0;
  for (let l = 0; l < loads.count; l += 1) {
    if (!loads.servedNormally[l]) continue;
    served += 1;
    customers += loads.customers[l];
    kw += loads.kw[l];
  }
  const exposed = metrics.loads
    .filter((load) => load.outage_probability > 0)
    .sort((a, b) => b.outage_probability - a.outage_probability || b.expected_outage_hours - a.expected_outage_hours || (a.uuid < b.uuid ? -1 : 1))
    .slice(0, 10)
    .map(({ uuid, name, customers: c, kw: k, outage_probability, expected_outage_hours }) => ({
      uuid,
      name,
      customers: c,
      kw: k,
      outage_probability,
      expected_outage_hours,
    }));
  const lastPoint = metrics.curve[metrics.curve.length - 1];
  return {
    status: 'success',
    message: 'Impact estimated successfully',
    file_path: filePath,
    distribution_system_name: task.distribution.name,
    hazard_system_name: facts.hazard,
    curve_set: facts.curveSet,
    number_of_samples: metrics.number_of_samples,
    seed: facts.seed,
    method: facts.method,
    crews: task.crews,
    switching: facts.switching,
    switching_delay_minutes: facts.switchingDelayMinutes,
    priority: facts.priority,
    work_rule: facts.workRule,
    customers_per_load: task.customersPerLoad,
    time_step_hours: task.timeStepHours,
    repair_times: facts.repairTimes,
    network: {
      buses: topology.busCount,
      edges: topology.edgeCount,
      sources: topology.sourceCount,
      loads: loads.count,
      loads_served: served,
      customers,
      kw,
      notes: topology.notes,
    },
    time_axis: {
      start: facts.origin,
      end: timestampAfter(facts.origin, lastPoint.hours),
      points: metrics.curve.length,
      last_hazard_timestamp: facts.lastHazard,
    },
    metrics: metrics.summary,
    most_exposed_loads: exposed,
  };
}
