import { HazsimError } from '../../base/errors.js';
import { readStoredFile } from '../../base/cacheFile.js';
import { sha256Hex } from '../../base/sha256.js';
import type { ProgressEvent } from '../../base/workerTask.js';
import { readDistributionModel } from '../../domain/gdm/index.js';
import { extractAssets, type CoordinateReading } from '../../domain/assets/index.js';
import { readHazardModel, type PhysicsProfile } from '../../domain/hazards/index.js';
import { computeSurvivalOnCores } from './survivalParts.js';
import type { GroundMotionVariability } from '../../domain/simulation/variability.js';
import { compileCurveSet, type CurveSet } from '../../domain/fragility/index.js';
import { parseJsonBytes } from '../../base/json.js';
import { derivedAssetsText, readDerivedAssets, writeDerivedFile, type CachedAssets } from '../models/assetCache.js';
import { writeResultsSqlite } from '../../domain/simulation/sqlite.js';
import { simulate, type SimulationResult } from '../../domain/simulation/simulate.js';
import { DEFAULT_REPAIR_TIMES } from '../../domain/network/index.js';
import type { VegetationChoice } from '../../domain/simulation/vegetation.js';

/** Everything a simulation worker needs; plain data, so it crosses the thread boundary. */
export interface SimulationTask {
  /** `coordinates`: how the model's Location x and y are read, as it was uploaded. */
  distribution: { name: string; filePath: string; derivedAssetsPath: string; coordinates: CoordinateReading };
  hazard: { name: string; filePath: string };
  curveSet: { name: string; set: CurveSet; sha256: string };
  physics: PhysicsProfile;
  /** Write the SQLite result here; without it the survival arrays come back instead (scenarios). */
  sqlitePath?: string;
  hazsimVersion: string;
  createdAt: string;
  groundMotionVariability?: GroundMotionVariability;
  /** Trees beside the overhead lines (docs/vegetation.md); absent: none. */
  vegetation?: VegetationChoice;
}

/** What a run gives back to the caller's thread: the domain's result without the SQLite tables, which stay in the worker's file. */
export type SimulationOutput = Omit<SimulationResult, 'tables'>;

function readBytes(filePath: string, what: string): Buffer {
  try {
    return readStoredFile(filePath);
  } catch (error) {
    if (error instanceof HazsimError) throw error;
    throw new HazsimError('not_found', `${what} file ${filePath} cannot be read (${(error as Error).message}); run a cache refresh`);
  }
}

/**
 * The distribution model's assets: from the derived file when it was made from these exact
 * bytes, otherwise parsed, validated and extracted, and the derived file (re)written.
 */
function loadAssets(task: SimulationTask, bytes: Buffer, digest: string): CachedAssets {
  const { coordinates } = task.distribution;
  const cached = readDerivedAssets(task.distribution.derivedAssetsPath, digest, coordinates);
  if (cached) return cached;
  const model = readDistributionModel(parseJsonBytes(bytes, `${task.distribution.name}.json`));
  const extraction = extractAssets(model, coordinates);
  try {
    writeDerivedFile(task.distribution.derivedAssetsPath, derivedAssetsText(digest, coordinates, extraction));
  } catch {
    // A read-only cache still simulates; it just re-derives next time.
  }
  return { assets: extraction.assets, unlocated: extraction.unlocated, notAssetCount: extraction.notAssets.length };
}

/**
 * One simulation at the edge (docs/architecture.md, "The pipeline of a simulation"): reads the
 * models (the asset table from the cache when it was derived from these bytes), runs the pure
 * pipeline (src/domain/simulation/simulate.ts) with the survival shared among the machine's
 * cores, and writes the SQLite file or returns the survival arrays. Runs inside a worker thread
 * (src/app/workers/simulationWorker.ts).
 */
export async function runSimulation(task: SimulationTask, report: (event: ProgressEvent) => void): Promise<SimulationOutput> {
  report({ phase: 'reading models', done: 0, total: 3 });
  const distributionBytes = readBytes(task.distribution.filePath, `Distribution system '${task.distribution.name}'`);
  const distributionSha256 = sha256Hex(distributionBytes);
  const { assets, unlocated } = loadAssets(task, distributionBytes, distributionSha256);
  report({ phase: 'reading models', done: 1, total: 3 });
  const hazardBytes = readBytes(task.hazard.filePath, `Hazard model '${task.hazard.name}'`);
  const hazard = readHazardModel(parseJsonBytes(hazardBytes, `${task.hazard.name}.json`));
  report({ phase: 'reading models', done: 2, total: 3 });
  const compiled = compileCurveSet(task.curveSet.set, task.curveSet.name);
  report({ phase: 'reading models', done: 3, total: 3 });

  const { tables, ...output } = await simulate(
    {
      distribution: { name: task.distribution.name, sha256: distributionSha256, coordinates: task.distribution.coordinates, assets, unlocated },
      hazard: { name: task.hazard.name, sha256: sha256Hex(hazardBytes), model: hazard },
      curveSet: { name: task.curveSet.name, sha256: task.curveSet.sha256, compiled },
      provenance: { hazsimVersion: task.hazsimVersion, createdAt: task.createdAt },
    },
    {
      physics: task.physics,
      ...(task.groundMotionVariability ? { groundMotionVariability: task.groundMotionVariability } : {}),
      ...(task.vegetation ? { vegetation: task.vegetation } : {}),
      output: task.sqlitePath ? { kind: 'sqlite' } : { kind: 'survival', fallbackRepairTimes: DEFAULT_REPAIR_TIMES },
      survivalEngine: async (grouped, model, curves, physics) => {
        report({ phase: 'computing survival', done: 0, total: 1 });
        const computed = await computeSurvivalOnCores(
          grouped,
          { hazard: model, hazardFile: { name: task.hazard.name, bytes: hazardBytes }, compiled: curves, curveSet: task.curveSet },
          physics,
        );
        report({ phase: 'computing survival', done: 1, total: 1 });
        return computed;
      },
    },
  );
  if (task.sqlitePath && tables)
    writeResultsSqlite(task.sqlitePath, tables.result, tables.curves, tables.runInfo, tables.fragilityOf, {
      damageStates: tables.damageStates,
      onRows: (done, total) => report({ phase: 'writing results', done, total }),
    });
  return output;
}
