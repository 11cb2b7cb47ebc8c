/**
 * One simulation as a pure function (docs/architecture.md, "The pipeline of a simulation"):
 * parsed inputs in (the distribution model's assets, the hazard model, the compiled curve set
 * and their sha256), the run's results out: the tables of the SQLite result or the survival
 * arrays scenario sampling needs, the summary and the warnings. No file, thread or clock here:
 * the application reads the inputs, passes where the survival is computed (its parts on the
 * machine's cores) and writes what comes back.
 */
import { readingRecord, type AssetTable, type AssetType, type ComponentNote, type CoordinateReading } from '../assets/index.js';
import { fragilityFor, reportedConfidence, type CompiledCurveSet } from '../fragility/index.js';
import {
  resolveMaxWindSource,
  resolveWindProfile,
  warningTexts,
  type HazardModel,
  type IntensityQuantity,
  type PhysicsProfile,
  type WindHazard,
} from '../hazards/index.js';
import type { DamageModel, RepairDistribution } from '../scenarios/index.js';
import { groupAssetsByType } from './combine.js';
import { buildDamageModel, buildShakingDamageModel } from './damageModel.js';
import type { ShakingSurvivalData } from './shakingSurvival.js';
import { assetsByCurveConfidence, summarizeSurvival, UNLOCATED_LISTED, type SurvivalSummary } from './summary.js';
import { computeSurvival, DEFAULT_GROUND_MOTION_VARIABILITY, shakingFor, type PhysicsOptions, type SurvivalComputation } from './survival.js';
import type { CurveUsed, SurvivalResult } from './types.js';
import { unreachedHazardWarnings } from './unreachedHazards.js';
import { checkVegetationLines } from './vegetation.js';
import { vegetationRecord } from './vegetationRecord.js';
import { HazsimError } from '../../base/errors.js';

/** A run's inputs, read and parsed by the caller; `sha256` of the bytes each was read from. */
export interface SimulationInputs {
  /** `coordinates`: how the model's Location x and y were read (run_info.distribution_coordinates). */
  distribution: { name: string; sha256: string; coordinates: CoordinateReading; assets: AssetTable; unlocated: ComponentNote[] };
  hazard: { name: string; sha256: string; model: HazardModel };
  curveSet: { name: string; sha256: string; compiled: CompiledCurveSet };
  /** Written into run_info: the version that ran and when the run was asked for (the caller's clock). */
  provenance: { hazsimVersion: string; createdAt: string };
}

/**
 * Computes a run's survival from its grouped assets (groupAssetsByType): computeSurvival on the
 * calling thread by default; the application passes one that shares the parts among its cores
 * (src/app/simulation/survivalParts.ts) and gives the same values.
 */
export type SurvivalEngine = (assets: AssetTable, hazard: HazardModel, compiled: CompiledCurveSet, options: PhysicsOptions) => Promise<SurvivalComputation>;

/** Repair time of a damage state that has none of its own, per asset type (the impact analysis's defaults, docs/output-impact.md). */
export type FallbackRepairTimes = Readonly<Record<AssetType, { mean_hours: number; sd_hours: number }>>;

export interface SimulationOptions extends PhysicsOptions {
  /** `sqlite`: the SQLite result's tables; `survival`: the arrays scenario sampling needs, with the damage model. */
  output: { kind: 'sqlite' } | { kind: 'survival'; fallbackRepairTimes: FallbackRepairTimes };
  /** Default: computeSurvival on this thread. */
  survivalEngine?: SurvivalEngine;
}

/** What writeResultsSqlite (sqlite.ts) writes. */
export interface ResultTables {
  result: SurvivalResult;
  curves: CurveUsed[];
  runInfo: Record<string, string>;
  fragilityOf: (typeIndex: number, quantity: IntensityQuantity) => ReturnType<typeof fragilityFor>;
  /** Damage states are the default physics' (docs/output-sqlite.md): an erad_v1 result is ERAD-shaped. */
  damageStates: boolean;
}

export interface SimulationResult {
  summary: SurvivalSummary;
  inputs: { distribution_sha256: string; hazard_sha256: string; curve_set_sha256: string };
  /** With vegetation: run_info.vegetation, which a scenario file's metadata carries too (docs/vegetation.md). */
  vegetation?: Record<string, unknown>;
  /** output `sqlite`. */
  tables?: ResultTables;
  /**
   * output `survival`. `shaking`: with the default physics and integrated variability, the
   * correlated earthquake shaking each sample draws (docs/correlated-shaking.md); absent when
   * the run has no earthquake with a variability.
   */
  survival?: { timestamps: string[]; assetUuids: string[]; values: Float64Array; shaking?: ShakingSurvivalData };
  /** output `survival`: the damage states and repair times of failed assets (damage.csv). */
  damage?: DamageModel;
}

const onThisThread: SurvivalEngine = async (assets, hazard, compiled, options) => computeSurvival(assets, hazard, compiled, options);

/**
 * One simulation (docs/input-hazard.md, docs/fragility.md, docs/output-sqlite.md): intensities
 * of the hazard at every asset and timestamp, survival through the curve set, the summary and
 * warnings, then the result's tables or the survival arrays. Throws invalid_input for
 * vegetation that names lines the model does not have.
 */
export async function simulate(inputs: SimulationInputs, options: SimulationOptions): Promise<SimulationResult> {
  const { distribution, hazard: hazardInput, curveSet } = inputs;
  const { assets: extracted, unlocated } = distribution;
  const hazard = hazardInput.model;
  const compiled = curveSet.compiled;
  const vegetation = options.vegetation;
  if (vegetation) {
    const issues = checkVegetationLines(extracted, vegetation);
    if (issues.length > 0)
      throw new HazsimError(
        'invalid_input',
        `Invalid vegetation for distribution model '${distribution.name}': ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`,
        issues,
      );
  }
  const physics = options.physics ?? 'default';
  const groundMotionVariability = options.groundMotionVariability ?? DEFAULT_GROUND_MOTION_VARIABILITY;
  const {
    result,
    warnings: physicsWarnings,
    elementCount,
    wind,
    treeFall,
  } = await (options.survivalEngine ?? onThisThread)(groupAssetsByType(extracted), hazard, compiled, {
    physics,
    groundMotionVariability,
    ...(vegetation ? { vegetation } : {}),
  });
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
    ...(hazard.notes ?? []).map((note) => `hazard model ${hazardInput.name}: ${note}`),
    ...warningTexts(physicsWarnings),
    ...unreachedHazardWarnings(hazard, result),
    ...(vegetation && !treeFall ? [`vegetation was given but hazard model ${hazardInput.name} has no wind: no tree-fall failures were judged`] : []),
  ];
  const fallbacks = compiled.fallbacks.filter((pair) => presentQuantities.has(pair.quantity) && presentTypes.has(pair.asset_type));
  if (fallbacks.length > 0 && curveSet.name !== compiled.fallbackSet) {
    // A handful named, the rest counted: the result's curves table lists every pair with the set it came from.
    const named = fallbacks.slice(0, 3).map((pair) => `${pair.asset_type}/${pair.quantity}`);
    const more = fallbacks.length > named.length ? ` and ${fallbacks.length - named.length} more` : '';
    warnings.push(
      `curve set ${curveSet.name} has no curve for ${fallbacks.length} asset type/quantity pair${fallbacks.length === 1 ? '' : 's'} (${named.join(', ')}${more}); ${compiled.fallbackSet} used for these`,
    );
  }
  if (unlocated.length > 0)
    warnings.push(
      `${unlocated.length} asset component${unlocated.length === 1 ? ' has' : 's have'} no location and ${unlocated.length === 1 ? 'is' : 'are'} not simulated (see run_info.unlocated_assets)`,
    );

  const confidenceByPair = new Map(compiled.entries.map((entry) => [`${entry.asset_type}:${entry.quantity}`, reportedConfidence(entry.curve)]));
  const assetsByConfidence = assetsByCurveConfidence(result, (assetType, quantity) => confidenceByPair.get(`${assetType}:${quantity}`));
  const summary = summarizeSurvival(result, {
    distribution_system_name: distribution.name,
    hazard_system_name: hazardInput.name,
    curve_set: curveSet.name,
    physics,
    hazard_count: hazard.models.length,
    unlocated_count: unlocated.length,
    unlocated_assets: unlocatedNotes.slice(0, UNLOCATED_LISTED),
    assets_by_curve_confidence: assetsByConfidence,
    warnings,
  });
  const digests = { distribution_sha256: distribution.sha256, hazard_sha256: hazardInput.sha256, curve_set_sha256: curveSet.sha256 };
  const trees = vegetation ? { vegetation: vegetationRecord(vegetation, treeFall, summary.tree_fall) } : {};
  const fragilityOf = (typeIndex: number, quantity: IntensityQuantity) => fragilityFor(compiled, typeIndex, quantity);

  if (options.output.kind === 'survival') {
    const repairTimes = options.output.fallbackRepairTimes;
    const shaking =
      physics === 'default' && groundMotionVariability === 'integrated' ? shakingFor(assets, hazard, compiled, groundMotionVariability, vegetation) : null;
    // A damage state without its own repair time repairs in the impact analysis's default time (docs/output-impact.md).
    const fallbackRepair = (assetType: AssetType): RepairDistribution => ({
      distribution: 'normal',
      mean_hours: repairTimes[assetType].mean_hours,
      sd_hours: repairTimes[assetType].sd_hours,
    });
    if (!shaking) {
      const damage = buildDamageModel(result, fragilityOf, fallbackRepair);
      return { summary, inputs: digests, survival: { timestamps, assetUuids: assets.uuid, values: result.survival }, damage, ...trees };
    }
    // The samples judge their failures' damage states at their own shaking (docs/correlated-shaking.md).
    const { model, shaking: shakingDamage } = buildShakingDamageModel(result, fragilityOf, fallbackRepair, Object.keys(shaking.curves));
    return {
      summary,
      inputs: digests,
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
    hazsim_version: inputs.provenance.hazsimVersion,
    created_at: inputs.provenance.createdAt,
    distribution_name: distribution.name,
    distribution_sha256: distribution.sha256,
    // The same bytes read another way locate the assets elsewhere: the reading is an input too.
    distribution_coordinates: JSON.stringify(readingRecord(distribution.coordinates)),
    hazard_name: hazardInput.name,
    hazard_sha256: hazardInput.sha256,
    curve_set: curveSet.name,
    curve_set_sha256: curveSet.sha256,
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
  return { summary, inputs: digests, ...trees, tables: { result, curves, runInfo, fragilityOf, damageStates: physics === 'default' } };
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
