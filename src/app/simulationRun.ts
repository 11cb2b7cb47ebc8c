import fs from 'node:fs';
import { HazsimError } from '../base/errors.js';
import { sha256Hex } from '../base/sha256.js';
import type { ProgressEvent } from '../base/workerTask.js';
import { readDistributionModel } from '../domain/gdm/index.js';
import { extractAssets, readingRecord, type CoordinateReading } from '../domain/assets/index.js';
import {
  computeIntensities,
  quantitiesOf,
  readHazardModel,
  resolveWindProfile,
  type HazardModel,
  type IntensityGrid,
  quantityDefinition,
  type PhysicsProfile,
  type WindHazard,
} from '../domain/hazards/index.js';
import { applyWindConversion, planWindConversion, type WindConversionRecord } from '../domain/simulation/windConversion.js';
import { expandElements } from '../domain/assets/elements.js';
import { eventSurvival } from '../domain/simulation/events.js';
import { ASSET_TYPES, type AssetTable } from '../domain/assets/types.js';
import { integratedSurvivalInto, type GroundMotionVariability } from '../domain/simulation/variability.js';
import { assertCurvesCover, compileCurveSet, curveFor, fragilityFor, survivalInto, type CompiledCurveSet, type CurveSet } from '../domain/fragility/index.js';
import { parseJsonBytes } from '../base/json.js';
import { derivedAssetsText, readDerivedAssets, writeDerivedFile, type CachedAssets } from './assetCache.js';
import { combineSurvival, groupAssetsByType } from '../domain/simulation/combine.js';
import { writeResultsSqlite } from '../domain/simulation/sqlite.js';
import { prepareShakingSurvival, type ShakingSurvivalData } from '../domain/simulation/shakingSurvival.js';
import { summarizeSurvival, UNLOCATED_LISTED, type SurvivalSummary } from '../domain/simulation/summary.js';
import type { CurveUsed, SurvivalResult } from '../domain/simulation/types.js';
import { buildDamageModel } from '../domain/simulation/damageModel.js';
import type { DamageModel } from '../domain/scenarios/index.js';
import { DEFAULT_REPAIR_TIMES } from '../domain/network/index.js';

/** Physics choices of a run (docs/input-hazard.md, docs/fragility.md). */
export interface PhysicsOptions {
  physics?: PhysicsProfile;
  /** Default: integrated (the unconditional survival). */
  groundMotionVariability?: GroundMotionVariability;
}

/** What simulate reports as its survival when the request does not say. */
export const DEFAULT_GROUND_MOTION_VARIABILITY: GroundMotionVariability = 'integrated';

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
}

function readBytes(filePath: string, what: string): Buffer {
  try {
    return fs.readFileSync(filePath);
  } catch (error) {
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
 * The engine's hot stage (docs/physics.md, docs/fragility.md): every quantity's intensity at every asset and
 * timestamp, then survival per quantity and combined, by the physics profile: `default`
 * over each asset's elements with event peaks, `erad_v1` per asset and snapshot. `assets`
 * grouped by type (groupAssetsByType). Pure; the benchmark times exactly this.
 */
export function computeSurvival(
  assets: AssetTable,
  hazard: HazardModel,
  compiled: CompiledCurveSet,
  options: PhysicsOptions = {},
): { result: SurvivalResult; warnings: string[]; elementCount: number; wind?: WindConversionRecord } {
  const physics = options.physics ?? 'default';
  const variability = options.groundMotionVariability ?? DEFAULT_GROUND_MOTION_VARIABILITY;
  // The grid being evaluated, for the variability of its cells (ground motion's σ of ln).
  let current: IntensityGrid | undefined;
  // Work arrays of the integration, grown to the longest slice evaluated.
  let scaled = new Float64Array(0);
  let scratch = new Float64Array(0);
  // Quantities reported for the record (spectral accelerations) need no curve; without one they leave survival alone.
  const evaluate = (typeIndex: number, quantity: string, intensity: Float64Array, out: Float64Array, cellOffset: number) => {
    const curve = curveFor(compiled, typeIndex, quantity);
    if (!curve) return void out.fill(Number.NaN);
    const lnSigma = current?.lnStandardDeviations[quantity];
    if (variability === 'median' || !lnSigma) return survivalInto(curve, intensity, out);
    if (scaled.length < intensity.length) {
      scaled = new Float64Array(intensity.length);
      scratch = new Float64Array(intensity.length);
    }
    integratedSurvivalInto(
      (values, survivalOut) => survivalInto(curve, values, survivalOut),
      intensity,
      lnSigma.subarray(cellOffset, cellOffset + intensity.length),
      out,
      scaled.subarray(0, intensity.length),
      scratch.subarray(0, intensity.length),
    );
  };
  const needingCurves = (quantities: string[]) => quantities.filter((quantity) => !quantityDefinition(quantity).curveOptional);
  // The wind each curve expects (docs/input-hazard.md): the stored intensity is the converted one.
  const convertWind = (sites: Parameters<typeof planWindConversion>[0]) => {
    if (!quantitiesOf(hazard).includes('wind_speed')) return { record: undefined, apply: (_grid: IntensityGrid) => {} };
    const conversion = planWindConversion(sites, hazard, compiled, physics);
    return {
      record: conversion.record,
      apply: (grid: IntensityGrid) => {
        if (grid.quantities.wind_speed) applyWindConversion(grid.quantities.wind_speed, grid.producedAt.wind_speed!, conversion.factorByAsset);
      },
    };
  };
  if (physics === 'erad_v1') {
    const grid = computeIntensities(hazard, assets, { physics });
    current = grid;
    assertCurvesCover(compiled, needingCurves(Object.keys(grid.quantities)), assets.assetType);
    const wind = convertWind(assets);
    wind.apply(grid);
    const { survivalByQuantity, survival } = combineSurvival(assets, grid, evaluate);
    return {
      result: { assets, timestamps: grid.timestamps, intensities: grid.quantities, survivalByQuantity, survival },
      warnings: grid.warnings,
      elementCount: assets.count,
      ...(wind.record ? { wind: wind.record } : {}),
    };
  }
  const elements = expandElements(assets);
  const quantities = quantitiesOf(hazard);
  assertCurvesCover(compiled, needingCurves(quantities), new Set(Array.from(new Set(elements.assetTypeIndex), (index) => ASSET_TYPES[index])));
  const wind = convertWind(elements);
  const gridFor = (from: number, to: number) => {
    const grid = computeIntensities(hazard, elements, { physics }, { from, to });
    wind.apply(grid);
    current = grid;
    return grid;
  };
  const measures = new Map(compiled.entries.map((entry) => [`${ASSET_TYPES.indexOf(entry.asset_type)}:${entry.quantity}`, entry.curve.applies_to]));
  const measureOf = (typeIndex: number, quantity: string) => measures.get(`${typeIndex}:${quantity}`);
  const { result, warnings } = eventSurvival(assets, elements, hazard.timestamps, quantities, gridFor, evaluate, measureOf);
  return { result, warnings, elementCount: elements.count, ...(wind.record ? { wind: wind.record } : {}) };
}

/**
 * The correlated shaking of a scenario run (docs/correlated-shaking.md): the earthquakes' medians
 * and residual deviations at every element, with the survival under the rest of the hazard
 * (simulated as usual) that each sample's earthquake survival multiplies. Null without an
 * earthquake whose model gives a variability.
 */
function shakingFor(
  assets: AssetTable,
  hazard: HazardModel,
  compiled: CompiledCurveSet,
  groundMotionVariability: GroundMotionVariability,
): ShakingSurvivalData | null {
  if (!hazard.models.some((model) => model.type === 'earthquake')) return null;
  const others: HazardModel = { ...hazard, models: hazard.models.filter((model) => model.type !== 'earthquake') };
  const otherSurvival =
    others.models.length > 0
      ? computeSurvival(assets, others, compiled, { physics: 'default', groundMotionVariability }).result.survival
      : new Float64Array(assets.count * hazard.timestamps.length).fill(1);
  return prepareShakingSurvival(hazard, expandElements(assets), assets.count, compiled, otherSurvival);
}

/** The wind profiles a run evaluates, distinct, in model order. */
function windProfilesUsed(hazard: HazardModel, physics: PhysicsProfile): string[] {
  const wind = hazard.models.filter((model): model is WindHazard => model.type === 'wind');
  return [...new Set(wind.map((model) => resolveWindProfile(model, physics)))];
}

/**
 * One simulation (docs/input-hazard.md, docs/fragility.md, docs/output-sqlite.md): assets of the distribution model, intensities of the
 * hazard at every asset and timestamp, survival through the curve set, then the SQLite
 * file or the survival arrays. Runs inside a worker thread (src/simulate/worker.ts).
 */
export function runSimulation(task: SimulationTask, report: (event: ProgressEvent) => void): SimulationOutput {
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

  report({ phase: 'computing survival', done: 0, total: 1 });
  const physics = task.physics ?? 'default';
  const groundMotionVariability = task.groundMotionVariability ?? DEFAULT_GROUND_MOTION_VARIABILITY;
  const {
    result,
    warnings: physicsWarnings,
    elementCount,
    wind,
  } = computeSurvival(groupAssetsByType(extracted), hazard, compiled, {
    physics,
    groundMotionVariability,
  });
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
  const warnings = [...physicsWarnings];
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

  const summary = summarizeSurvival(result, {
    distribution_system_name: task.distribution.name,
    hazard_system_name: task.hazard.name,
    curve_set: task.curveSet.name,
    physics,
    hazard_count: hazard.models.length,
    unlocated_count: unlocated.length,
    unlocated_assets: unlocatedNotes.slice(0, UNLOCATED_LISTED),
    warnings,
  });
  const inputs = { distribution_sha256: distributionSha256, hazard_sha256: hazardSha256, curve_set_sha256: task.curveSet.sha256 };

  if (!task.sqlitePath) {
    const shaking = physics === 'default' && groundMotionVariability === 'integrated' ? shakingFor(assets, hazard, compiled, groundMotionVariability) : null;
    // A damage state without its own repair time repairs in the impact analysis's default time (docs/output-impact.md).
    const damage = buildDamageModel(
      result,
      (typeIndex, quantity) => fragilityFor(compiled, typeIndex, quantity),
      (assetType) => ({ distribution: 'normal', mean_hours: DEFAULT_REPAIR_TIMES[assetType].mean_hours, sd_hours: DEFAULT_REPAIR_TIMES[assetType].sd_hours }),
    );
    return { summary, inputs, survival: { timestamps, assetUuids: assets.uuid, values: result.survival, ...(shaking ? { shaking } : {}) }, damage };
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
    warnings: JSON.stringify(warnings),
    ...(wind ? { wind_profiles: JSON.stringify(windProfilesUsed(hazard, physics)), wind_conversion: JSON.stringify(wind) } : {}),
  };
  writeResultsSqlite(
    task.sqlitePath,
    result,
    curves,
    runInfo,
    (typeIndex, quantity) => fragilityFor(compiled, typeIndex, quantity),
    (done, total) => report({ phase: 'writing results', done, total }),
  );
  return { summary, inputs };
}
