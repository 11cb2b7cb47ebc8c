import { HazsimError } from '../../base/errors.js';
import { readStoredFile } from '../../base/cacheFile.js';
import { sha256Hex } from '../../base/sha256.js';
import type { ProgressEvent } from '../../base/workerTask.js';
import { readDistributionModel } from '../../domain/gdm/index.js';
import { extractAssets, readingRecord, type CoordinateReading } from '../../domain/assets/index.js';
import {
  readHazardModel,
  resolveMaxWindSource,
  resolveWindProfile,
  type HazardModel,
  type IntensityQuantity,
  type PhysicsProfile,
  type WindHazard,
  warningTexts,
} from '../../domain/hazards/index.js';
import { DEFAULT_GROUND_MOTION_VARIABILITY, shakingFor } from '../../domain/simulation/survival.js';
import { computeSurvivalOnCores } from './survivalParts.js';
import type { GroundMotionVariability } from '../../domain/simulation/variability.js';
import { compileCurveSet, fragilityFor, reportedConfidence, type CurveSet } from '../../domain/fragility/index.js';
import { parseJsonBytes } from '../../base/json.js';
import { derivedAssetsText, readDerivedAssets, writeDerivedFile, type CachedAssets } from '../models/assetCache.js';
import { groupAssetsByType } from '../../domain/simulation/combine.js';
import { writeResultsSqlite } from '../../domain/simulation/sqlite.js';
import type { ShakingSurvivalData } from '../../domain/simulation/shakingSurvival.js';
import { unreachedHazardWarnings } from '../../domain/simulation/unreachedHazards.js';
import { assetsByCurveConfidence, summarizeSurvival, UNLOCATED_LISTED, type SurvivalSummary } from '../../domain/simulation/summary.js';
import type { CurveUsed } from '../../domain/simulation/types.js';
import { buildDamageModel, buildShakingDamageModel } from '../../domain/simulation/damageModel.js';
import type { DamageModel, RepairDistribution } from '../../domain/scenarios/index.js';
import type { AssetType } from '../../domain/assets/index.js';
import { DEFAULT_REPAIR_TIMES } from '../../domain/network/index.js';
import { checkVegetationLines, type VegetationChoice } from '../../domain/simulation/vegetation.js';
import { vegetationRecord } from './vegetationRecord.js';

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

export interface SimulationOutput {
  summary: SurvivalSummary;
  inputs: { distribution_sha256: string; hazard_sha256: string; curve_set_sha256: string };
  /**
   * Present when no sqlitePath was given: what scenario sampling needs. `shaking`: with the
   * default physics and integrated variability, the correlated earthquake shaking each sample
   * draws (docs/correlated-shaking.md); absent when the run has no earthquake with a variability.
   */
  survival?: { timestamps: string[]; assetUuids: string[]; values: Float64Array; shaking?: ShakingSurvivalData };
  /** With the survival arrays: the damage states and repair times of failed assets (damage.csv). */
  damage?: DamageModel;
  /** With vegetation: run_info.vegetation, which a scenario file's metadata carries too (docs/vegetation.md). */
  vegetation?: Record<string, unknown>;
}

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

/** The wind profiles a run evaluates, distinct, in model order. */
function windProfilesUsed(hazard: HazardModel, physics: PhysicsProfile): string[] {
  const wind = hazard.models.filter((model): model is WindHazard => model.type === 'wind');
  return [...new Set(wind.map((model) => resolveWindProfile(model, physics)))];
}

/**
 * Where the peak wind of the Holland (2008) and Holland (2010) models of the run came from
 * (max_wind_source, docs/wind.md §3a): the number of such models per source, and whether the
 * hazard file chose it or the default did. Null when the run evaluates no such model.
 */
function maxWindSourcesUsed(hazard: HazardModel, physics: PhysicsProfile): object | null {
  const counts: Record<string, number> = {};
  let chosen = 0;
  for (const model of hazard.models) {
    if (model.type !== 'wind') continue;
    const wind = model as WindHazard;
    const profile = resolveWindProfile(wind, physics);
    if (profile !== 'HOLLAND_2008' && profile !== 'HOLLAND_2010') continue;
    const source = resolveMaxWindSource(wind);
    counts[source] = (counts[source] ?? 0) + 1;
    if (wind.maxWindSource) chosen++;
  }
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  return {
    models: counts,
    chosen_by: chosen === total ? 'hazard file' : chosen === 0 ? 'default' : 'hazard file and default',
    default: 'best_track where the track gives the storm size (its RMW or wind radii), pressure elsewhere',
  };
}

/**
 * One simulation (docs/input-hazard.md, docs/fragility.md, docs/output-sqlite.md): assets of the distribution model, intensities of the
 * hazard at every asset and timestamp, survival through the curve set, then the SQLite
 * file or the survival arrays. Runs inside a worker thread (src/app/workers/simulationWorker.ts).
 */
export async function runSimulation(task: SimulationTask, report: (event: ProgressEvent) => void): Promise<SimulationOutput> {
  report({ phase: 'reading models', done: 0, total: 3 });
  const distributionBytes = readBytes(task.distribution.filePath, `Distribution system '${task.distribution.name}'`);
  const distributionSha256 = sha256Hex(distributionBytes);
  const { assets: extracted, unlocated } = loadAssets(task, distributionBytes, distributionSha256);
  report({ phase: 'reading models', done: 1, total: 3 });
  const hazardBytes = readBytes(task.hazard.filePath, `Hazard model '${task.hazard.name}'`);
  const hazardSha256 = sha256Hex(hazardBytes);
  const hazard = readHazardModel(parseJsonBytes(hazardBytes, `${task.hazard.name}.json`));
  report({ phase: 'reading models', done: 2, total: 3 });
  const compiled = compileCurveSet(task.curveSet.set, task.curveSet.name);
  report({ phase: 'reading models', done: 3, total: 3 });

  const vegetation = task.vegetation;
  if (vegetation) {
    const issues = checkVegetationLines(extracted, vegetation);
    if (issues.length > 0)
      throw new HazsimError(
        'invalid_input',
        `Invalid vegetation for distribution model '${task.distribution.name}': ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`,
        issues,
      );
  }
  report({ phase: 'computing survival', done: 0, total: 1 });
  const physics = task.physics ?? 'default';
  const groundMotionVariability = task.groundMotionVariability ?? DEFAULT_GROUND_MOTION_VARIABILITY;
  const {
    result,
    warnings: physicsWarnings,
    elementCount,
    wind,
    treeFall,
  } = await computeSurvivalOnCores(
    groupAssetsByType(extracted),
    { hazard, hazardFile: { name: task.hazard.name, bytes: hazardBytes }, compiled, curveSet: task.curveSet },
    { physics, groundMotionVariability, ...(vegetation ? { vegetation } : {}) },
  );
  report({ phase: 'computing survival', done: 1, total: 1 });
  const { assets, timestamps } = result;

  const unlocatedNotes = unlocated.map((note) => ({
    uuid: note.uuid,
    name: note.name,
    component_type: note.componentType,
    asset_type: note.assetType ?? null,
    reason: note.reason,
  }));
  const presentQuantities = new Set(Object.keys(result.intensities));
  const presentTypes = new Set(assets.assetType);
  const warnings = [
    ...(hazard.notes ?? []).map((note) => `hazard model ${task.hazard.name}: ${note}`),
    ...warningTexts(physicsWarnings),
    ...unreachedHazardWarnings(hazard, result),
    ...(vegetation && !treeFall ? [`vegetation was given but hazard model ${task.hazard.name} has no wind: no tree-fall failures were judged`] : []),
  ];
  const fallbacks = compiled.fallbacks.filter((pair) => presentQuantities.has(pair.quantity) && presentTypes.has(pair.asset_type));
  if (fallbacks.length > 0 && task.curveSet.name !== compiled.fallbackSet) {
    // A handful named, the rest counted: the result's curves table lists every pair with the set it came from.
    const named = fallbacks.slice(0, 3).map((pair) => `${pair.asset_type}/${pair.quantity}`);
    const more = fallbacks.length > named.length ? ` and ${fallbacks.length - named.length} more` : '';
    warnings.push(
      `curve set ${task.curveSet.name} has no curve for ${fallbacks.length} asset type/quantity pair${fallbacks.length === 1 ? '' : 's'} (${named.join(', ')}${more}); ${compiled.fallbackSet} used for these`,
    );
  }
  if (unlocated.length > 0)
    warnings.push(
      `${unlocated.length} asset component${unlocated.length === 1 ? ' has' : 's have'} no location and ${unlocated.length === 1 ? 'is' : 'are'} not simulated (see run_info.unlocated_assets)`,
    );

  const confidenceByPair = new Map(compiled.entries.map((entry) => [`${entry.asset_type}:${entry.quantity}`, reportedConfidence(entry.curve)]));
  const assetsByConfidence = assetsByCurveConfidence(result, (assetType, quantity) => confidenceByPair.get(`${assetType}:${quantity}`));
  const summary = summarizeSurvival(result, {
    distribution_system_name: task.distribution.name,
    hazard_system_name: task.hazard.name,
    curve_set: task.curveSet.name,
    physics,
    hazard_count: hazard.models.length,
    unlocated_count: unlocated.length,
    unlocated_assets: unlocatedNotes.slice(0, UNLOCATED_LISTED),
    assets_by_curve_confidence: assetsByConfidence,
    warnings,
  });
  const inputs = { distribution_sha256: distributionSha256, hazard_sha256: hazardSha256, curve_set_sha256: task.curveSet.sha256 };
  const trees = vegetation ? { vegetation: vegetationRecord(vegetation, treeFall, summary.tree_fall) } : {};

  if (!task.sqlitePath) {
    const shaking =
      physics === 'default' && groundMotionVariability === 'integrated' ? shakingFor(assets, hazard, compiled, groundMotionVariability, vegetation) : null;
    const fragilityOf = (typeIndex: number, quantity: IntensityQuantity) => fragilityFor(compiled, typeIndex, quantity);
    // A damage state without its own repair time repairs in the impact analysis's default time (docs/output-impact.md).
    const fallbackRepair = (assetType: AssetType): RepairDistribution => ({
      distribution: 'normal',
      mean_hours: DEFAULT_REPAIR_TIMES[assetType].mean_hours,
      sd_hours: DEFAULT_REPAIR_TIMES[assetType].sd_hours,
    });
    if (!shaking) {
      const damage = buildDamageModel(result, fragilityOf, fallbackRepair);
      return { summary, inputs, survival: { timestamps, assetUuids: assets.uuid, values: result.survival }, damage, ...trees };
    }
    // The samples judge their failures' damage states at their own shaking (docs/correlated-shaking.md).
    const { model, shaking: shakingDamage } = buildShakingDamageModel(result, fragilityOf, fallbackRepair, Object.keys(shaking.curves));
    return {
      summary,
      inputs,
      survival: { timestamps, assetUuids: assets.uuid, values: result.survival, shaking: { ...shaking, damage: shakingDamage } },
      damage: model,
      ...trees,
    };
  }
  const curves: CurveUsed[] = compiled.entries
    .filter((entry) => presentTypes.has(entry.asset_type) && presentQuantities.has(entry.quantity))
    .map((entry) => ({
      asset_type: entry.asset_type,
      quantity: entry.quantity,
      curve_set: entry.curve_set,
      definition: JSON.stringify(entry.curve),
      hazard_type: entry.hazard,
      source: entry.curve.source ?? null,
    }));
  const runInfo: Record<string, string> = {
    hazsim_version: task.hazsimVersion,
    created_at: task.createdAt,
    distribution_name: task.distribution.name,
    distribution_sha256: distributionSha256,
    // The same bytes read another way locate the assets elsewhere: the reading is an input too.
    distribution_coordinates: JSON.stringify(readingRecord(task.distribution.coordinates)),
    hazard_name: task.hazard.name,
    hazard_sha256: hazardSha256,
    curve_set: task.curveSet.name,
    curve_set_sha256: task.curveSet.sha256,
    physics,
    ground_motion_variability: groundMotionVariability,
    asset_count: String(assets.count),
    ...(physics === 'default' ? { element_count: String(elementCount) } : {}),
    timestamp_count: String(timestamps.length),
    unlocated_assets: JSON.stringify(unlocatedNotes),
    assets_by_curve_confidence: JSON.stringify(assetsByConfidence),
    warnings: JSON.stringify(warnings),
    ...(wind ? { wind_profiles: JSON.stringify(windProfilesUsed(hazard, physics)), wind_conversion: JSON.stringify(wind) } : {}),
  };
  if (trees.vegetation) runInfo.vegetation = JSON.stringify(trees.vegetation);
  const maxWindSources = wind ? maxWindSourcesUsed(hazard, physics) : null;
  if (maxWindSources) runInfo.max_wind_source = JSON.stringify(maxWindSources);
  writeResultsSqlite(
    task.sqlitePath,
    result,
    curves,
    runInfo,
    (typeIndex, quantity) => fragilityFor(compiled, typeIndex, quantity),
    // Damage states are the default physics' (docs/output-sqlite.md): an erad_v1 result is ERAD-shaped.
    { damageStates: physics === 'default', onRows: (done, total) => report({ phase: 'writing results', done, total }) },
  );
  return { summary, inputs, ...trees };
}
