/**
 * Survival of every asset under a hazard (docs/physics.md, docs/fragility.md): intensities,
 * the curves that judge them and their combination by the physics profile, and the
 * correlated shaking that scenario samples draw. Pure functions over plain data; the
 * simulation run (src/app/simulation/simulationRun.ts) reads the inputs and writes the results.
 */
import {
  computeIntensities,
  quantitiesOf,
  type HazardModel,
  type HazardWarning,
  type IntensityGrid,
  quantityDefinition,
  type PhysicsProfile,
} from '../hazards/index.js';
import { applyWindConversion, planWindConversion, type WindConversionRecord } from './windConversion.js';
import { elementTypesOf, expandElements } from '../assets/elements.js';
import { eventSurvival } from './events.js';
import { quantityExposure } from './exposure.js';
import { createShakingEvents } from './shakingEvents.js';
import { jb2009Range } from '../hazards/earthquake/correlation/index.js';
import { ASSET_TYPES, type AssetTable } from '../assets/types.js';
import { integratedLognormalSurvivalInto, integratedSurvivalInto, type GroundMotionVariability } from './variability.js';
import { assertCurvesCover, curveFor, fragilityFor, survivalInto, type CompiledCurveSet } from '../fragility/index.js';
import type { AppliesTo } from '../fragility/types.js';
import { combineSurvival } from './combine.js';
import { prepareShakingSurvival, SHAKING_MEASURES, type ShakingSurvivalData } from './shakingSurvival.js';
import type { SurvivalResult } from './types.js';
import { vegetationStands, type VegetationChoice } from './vegetation.js';
import { treeFallSurvival, type TreeGustConversion } from './treeFallSurvival.js';

/** Physics choices of a run (docs/input-hazard.md, docs/fragility.md). */
export interface PhysicsOptions {
  physics?: PhysicsProfile;
  /** Default: integrated (the unconditional survival). */
  groundMotionVariability?: GroundMotionVariability;
  /** Trees beside the overhead lines (docs/vegetation.md); default physics with wind only. Absent: no trees. */
  vegetation?: VegetationChoice;
}

/** What the engine computed for a run's assets, and what it tells the user (warningTexts words the warnings). */
export interface SurvivalComputation {
  result: SurvivalResult;
  warnings: HazardWarning[];
  /** Sites judged: the assets, or with the default physics their elements (docs/physics.md). */
  elementCount: number;
  /** With wind: how the hazard's wind was converted to what each curve expects (run_info.wind_conversion). */
  wind?: WindConversionRecord;
  /** With vegetation and wind: the spans judged for tree fall and the gust conversions used (run_info.vegetation). */
  treeFall?: { spanCount: number; conversions: TreeGustConversion[] };
}

/** The quantities a run must have curves for: all but those reported for the record (curveOptional, the spectral accelerations). */
const needingCurves = (quantities: string[]) => quantities.filter((quantity) => !quantityDefinition(quantity).curveOptional);

/**
 * Refuses a default-physics run whose curve set (with its fallback) has no curve for some
 * element's type and hazard, naming every such pair of the run (a run in parts checks all its
 * assets before it splits them, so the message is the whole run's).
 */
export function assertCurvesCoverElements(assets: AssetTable, hazard: HazardModel, compiled: CompiledCurveSet): void {
  assertCurvesCover(compiled, needingCurves(quantitiesOf(hazard)), elementTypesOf(assets));
}

/** Each curve's `applies_to` by "<asset type index>:<quantity>". */
function appliesToTable(compiled: CompiledCurveSet): Map<string, AppliesTo> {
  return new Map(compiled.entries.map((entry) => [`${ASSET_TYPES.indexOf(entry.asset_type)}:${entry.quantity}`, entry.curve.applies_to]));
}

/** What simulate reports as its survival when the request does not say. */
export const DEFAULT_GROUND_MOTION_VARIABILITY: GroundMotionVariability = 'integrated';

/**
 * The engine's hot stage (docs/physics.md, docs/fragility.md): every quantity's intensity at every asset and
 * timestamp, then survival per quantity and combined, by the physics profile: `default`
 * over each asset's elements with event peaks, `erad_v1` per asset and snapshot. `assets`
 * grouped by type (groupAssetsByType). Pure; the benchmark times exactly this.
 */
export function computeSurvival(assets: AssetTable, hazard: HazardModel, compiled: CompiledCurveSet, options: PhysicsOptions = {}): SurvivalComputation {
  const physics = options.physics ?? 'default';
  const variability = options.groundMotionVariability ?? DEFAULT_GROUND_MOTION_VARIABILITY;
  // The grid being evaluated, for the variability of its cells (ground motion's σ of ln).
  let current: IntensityGrid | undefined;
  // Work arrays of the integration, grown to the longest slice evaluated.
  let scaled = new Float64Array(0);
  let scratch = new Float64Array(0);
  // Quantities reported for the record (spectral accelerations) need no curve; without one they leave survival alone.
  const evaluate = (typeIndex: number, quantity: string, intensity: Float64Array, out: Float64Array, cellOffset: number, limitState?: number) => {
    const curve =
      limitState === undefined ? curveFor(compiled, typeIndex, quantity) : (fragilityFor(compiled, typeIndex, quantity)?.limitStates[limitState] ?? null);
    if (!curve) return void out.fill(Number.NaN);
    const lnSigma = current?.lnStandardDeviations[quantity];
    if (variability === 'median' || !lnSigma) return survivalInto(curve, intensity, out);
    if (curve.form === 'lognormal')
      return integratedLognormalSurvivalInto(curve.median, curve.beta, intensity, lnSigma.subarray(cellOffset, cellOffset + intensity.length), out);
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
  assertCurvesCoverElements(assets, hazard, compiled);
  const wind = convertWind(elements);
  const gridFor = (from: number, to: number) => {
    const grid = computeIntensities(hazard, elements, { physics, betweenEvent: true }, { from, to });
    // With `median`, the earthquakes are judged at their median shaking: no variability to integrate.
    if (variability === 'median') {
      for (const quantity of Object.keys(grid.lnStandardDeviations)) delete grid.lnStandardDeviations[quantity];
    }
    wind.apply(grid);
    current = grid;
    return grid;
  };
  const appliesTo = appliesToTable(compiled);
  const exposureOf = (quantity: string) => quantityExposure(assets, elements, (typeIndex) => appliesTo.get(`${typeIndex}:${quantity}`));
  const limitStatesOf = (typeIndex: number, quantity: string) => {
    const fragility = fragilityFor(compiled, typeIndex, quantity);
    return fragility
      ? { count: fragility.limitStates.length, outOfService: fragility.outOfService, survivalIsOutOfService: fragility.failedShare === undefined }
      : null;
  };
  const shaken = new Set(quantities.filter((quantity) => quantity in SHAKING_MEASURES && quantityDefinition(quantity).hazard === 'earthquake'));
  const shaking = {
    quantities: shaken,
    create: (limitStateCount: (quantity: string) => number) =>
      createShakingEvents(
        elements,
        assets.count,
        [...shaken].map((quantity) => ({
          quantity,
          curveOf: (typeIndex: number) => curveFor(compiled, typeIndex, quantity),
          fragilityOf: (typeIndex: number) => fragilityFor(compiled, typeIndex, quantity),
          limitStateCount: limitStateCount(quantity),
          exposure: exposureOf(quantity),
          rangeKm: jb2009Range(SHAKING_MEASURES[quantity], false),
        })),
      ),
  };
  const { result, warnings } = eventSurvival(assets, elements, hazard.timestamps, quantities, gridFor, evaluate, exposureOf, limitStatesOf, shaking);
  const treeFall = options.vegetation && quantities.includes('wind_speed') ? addTreeFall(result, elements, hazard, options.vegetation) : undefined;
  return { result, warnings, elementCount: elements.count, ...(wind.record ? { wind: wind.record } : {}), ...(treeFall ? { treeFall } : {}) };
}

/**
 * Tree fall as a failure mode of the overhead spans (docs/vegetation.md), independent of the
 * hazards' own: its survival is kept in `result.treeFall` and multiplies the combined survival.
 */
function addTreeFall(
  result: SurvivalResult,
  elements: ReturnType<typeof expandElements>,
  hazard: HazardModel,
  vegetation: VegetationChoice,
): NonNullable<SurvivalComputation['treeFall']> {
  const trees = treeFallSurvival(result.assets, elements, hazard, vegetationStands(result.assets, vegetation));
  for (let cell = 0; cell < trees.survival.length; cell += 1) {
    const value = trees.survival[cell];
    if (value === value) result.survival[cell] *= value;
  }
  result.treeFall = trees.survival;
  return { spanCount: trees.spanCount, conversions: trees.conversions };
}

/**
 * The correlated shaking of a scenario run (docs/correlated-shaking.md): the earthquakes' medians
 * and residual deviations at every element, with the survival under the rest of the hazard
 * (simulated as usual) that each sample's earthquake survival multiplies. Null without an
 * earthquake whose model gives a variability.
 */
export function shakingFor(
  assets: AssetTable,
  hazard: HazardModel,
  compiled: CompiledCurveSet,
  groundMotionVariability: GroundMotionVariability,
  vegetation?: VegetationChoice,
): ShakingSurvivalData | null {
  if (!hazard.models.some((model) => model.type === 'earthquake')) return null;
  const others: HazardModel = { ...hazard, models: hazard.models.filter((model) => model.type !== 'earthquake') };
  const otherSurvival =
    others.models.length > 0
      ? computeSurvival(assets, others, compiled, { physics: 'default', groundMotionVariability, ...(vegetation ? { vegetation } : {}) }).result.survival
      : new Float64Array(assets.count * hazard.timestamps.length).fill(1);
  const elements = expandElements(assets);
  const appliesTo = appliesToTable(compiled);
  return prepareShakingSurvival(hazard, elements, assets.count, compiled, otherSurvival, (quantity) =>
    quantityExposure(assets, elements, (typeIndex) => appliesTo.get(`${typeIndex}:${quantity}`)),
  );
}
