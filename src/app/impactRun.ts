/**
 * One impact analysis, inside a worker thread (docs/output-impact.md): the feeder graph of the
 * distribution model, the failures of a scenario ZIP sample by sample, restoration and
 * energization, then the SQLite result and its summary.
 */
import fs from 'node:fs';
import crypto from 'node:crypto';
import { HazsimError } from '../base/errors.js';
import { sha256Hex } from '../base/sha256.js';
import { parseJsonBytes } from '../base/json.js';
import type { ProgressEvent } from '../base/workerTask.js';
import { readDistributionModel } from '../domain/gdm/index.js';
import {
  buildTopology,
  DEFAULT_REPAIR_TIMES,
  hoursBetween,
  ImpactRun,
  REPAIR_DRAW_DESCRIPTION,
  timestampAfter,
  writeImpactSqlite,
  type ImpactMetrics,
  type ScenarioFailure,
  type Topology,
} from '../domain/network/index.js';
import { ScenarioZip } from './impactScenarioZip.js';
import { writeImpactRestorationZip } from './impactRestorationZip.js';
import type { ImpactSummary } from './impactSchemas.js';

export interface ImpactTask {
  distribution: { name: string; filePath: string };
  zipPath: string;
  sqlitePath: string;
  crews: number | null;
  customersPerLoad: number;
  timeStepHours: number;
  hazsimVersion: string;
  /** Also write the scenario ZIP with restoration edits matching the repairs table here. */
  restorationZipPath?: string;
}

const PERCENTILES = 'P10, P50 and P90 by linear interpolation between order statistics (Hyndman-Fan 7, numpy.percentile default)';

async function fileSha256(filePath: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(filePath)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function runImpact(task: ImpactTask, report: (event: ProgressEvent) => void): Promise<ImpactSummary> {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(task.distribution.filePath);
  } catch (error) {
    throw new HazsimError(
      'not_found',
      `Distribution system file ${task.distribution.filePath} cannot be read (${(error as Error).message}); run a cache refresh`,
    );
  }
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
    const topology = buildTopology(readDistributionModel(parseJsonBytes(bytes, `${task.distribution.name}.json`)), { customersPerLoad: task.customersPerLoad });
    const origin = contents.timestamps[0];
    const lastHazardHours = hoursBetween(origin, contents.timestamps[contents.timestamps.length - 1]);
    const run = new ImpactRun(topology, { seed: contents.seed, crews: task.crews, timeStepHours: task.timeStepHours, lastHazardHours });
    const total = contents.numberOfSamples;
    const every = Math.max(1, Math.floor(total / 100));
    let next = 0;
    const addUpTo = (sample: number, failures: ScenarioFailure[]) => {
      for (; next < sample; next += 1) run.addSample(next, []);
      run.addSample(next, failures);
      next += 1;
      if (next % every === 0) report({ phase: 'energizing samples', done: next, total });
    };
    for await (const group of zip.failuresBySample()) {
      if (group.sample >= total) throw new HazsimError('invalid_input', `${task.zipPath}: sample_${group.sample} is beyond number_of_samples ${total}`);
      addUpTo(
        group.sample,
        group.failures.map((failure) => ({
          assetUuid: failure.assetUuid,
          failHours: hoursBetween(origin, failure.timestamp),
          repairHours: contents.repairHours?.get(`${group.sample}|${failure.assetUuid}`) ?? null,
        })),
      );
    }
    for (; next < total; next += 1) run.addSample(next, []);
    report({ phase: 'energizing samples', done: total, total });
    const metrics = run.finish();
    const meta = contents.metadata;
    const text = (key: string) => (typeof meta[key] === 'string' ? (meta[key] as string) : null);
    const runInfo: Record<string, string> = {
      hazsim_version: task.hazsimVersion,
      distribution_system_name: task.distribution.name,
      distribution_sha256: distributionSha256,
      hazard_system_name: text('hazard_system_name') ?? '',
      curve_set: text('curve_set') ?? '',
      scenarios_sha256: await fileSha256(task.zipPath),
      number_of_samples: String(total),
      seed: String(contents.seed),
      method: text('method') ?? '',
      crews: task.crews === null ? 'unlimited' : String(task.crews),
      customers_per_load: String(task.customersPerLoad),
      time_step_hours: String(task.timeStepHours),
      origin_timestamp: origin,
      last_hazard_timestamp: contents.timestamps[contents.timestamps.length - 1],
      repair_times: contents.repairHours ? 'damage.csv' : 'default',
      repair_draw: REPAIR_DRAW_DESCRIPTION,
      default_repair_times: JSON.stringify(DEFAULT_REPAIR_TIMES),
      percentiles: PERCENTILES,
      network_notes: JSON.stringify(topology.notes),
    };
    report({ phase: 'writing results', done: 0, total: 1 });
    writeImpactSqlite(task.sqlitePath, metrics, run.repairs, origin, runInfo);
    if (task.restorationZipPath) await writeImpactRestorationZip(zip, contents.metadata, run.repairs, origin, task.crews, task.restorationZipPath);
    report({ phase: 'writing results', done: 1, total: 1 });
    return summarize(task, topology, metrics, {
      hazard: text('hazard_system_name'),
      curveSet: text('curve_set'),
      method: text('method'),
      seed: contents.seed,
      repairTimes: contents.repairHours ? 'damage.csv' : 'default',
      origin,
      lastHazard: contents.timestamps[contents.timestamps.length - 1],
    });
  } finally {
    zip.close();
  }
}

function summarize(
  task: ImpactTask,
  topology: Topology,
  metrics: ImpactMetrics,
  facts: {
    hazard: string | null;
    curveSet: string | null;
    method: string | null;
    seed: number;
    repairTimes: 'damage.csv' | 'default';
    origin: string;
    lastHazard: string;
  },
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
    file_path: task.sqlitePath,
    distribution_system_name: task.distribution.name,
    hazard_system_name: facts.hazard,
    curve_set: facts.curveSet,
    number_of_samples: metrics.number_of_samples,
    seed: facts.seed,
    method: facts.method,
    crews: task.crews,
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
