/**
 * The damage model a scenario run draws failed assets' damage states and repair times from
 * (docs/scenarios-zip.md, damage.csv): per asset and timestamp, the curve that governs it
 * and its out-of-service damage states' probabilities conditional on the asset being out of
 * service, from the same probabilities as the result's `damage_state_probabilities`. A run that
 * samples correlated shaking also gets what its samples need to judge their failures at their
 * own shaking (ShakingDamage, docs/correlated-shaking.md).
 */
import { ASSET_TYPES, type AssetType } from '../assets/types.js';
import type { CompiledFragility } from '../fragility/index.js';
import type { IntensityQuantity } from '../hazards/quantities.js';
import type { DamageClass, DamageModel, RepairDistribution } from '../scenarios/index.js';
import { damageStateProbabilitiesOf, type FragilityLookup } from './damageStates.js';
import type { SurvivalResult } from './types.js';

/** The state of an asset that fails with no curve that says more (no curve for any quantity present there). */
export const UNDESCRIBED_DAMAGE_STATE = 'out_of_service';

/** The damage classes of a run, one per (asset type, quantity) met, in the order met. */
class DamageClasses {
  readonly list: DamageClass[] = [];
  private readonly index = new Map<string, number>();

  constructor(private readonly fallbackRepair: (assetType: AssetType) => RepairDistribution | null) {}

  /** The index of the class of `assetType` under `fragility` (of `quantity`; null: the undescribed class), added when new. */
  of(assetType: AssetType, quantity: string, fragility: CompiledFragility | null): number {
    const key = `${assetType}\u0000${quantity}`;
    let index = this.index.get(key);
    if (index === undefined) {
      index = this.list.length;
      this.index.set(key, index);
      const states = fragility ? fragility.limitStateNames.slice(fragility.outOfService) : [UNDESCRIBED_DAMAGE_STATE];
      const repair = fragility ? fragility.repair.slice(fragility.outOfService) : [null];
      this.list.push({
        states,
        repair: repair.map((spec) =>
          spec ? { distribution: 'normal', mean_hours: spec.mean_hours, sd_hours: spec.sd_hours } : this.fallbackRepair(assetType),
        ),
      });
    }
    return index;
  }
}

/**
 * Writes P(DS ≤ state j | out of service) for j below the last out-of-service state of
 * `fragility` to `cumulative` from `at`, given the damage-state probabilities (damageStateProbabilitiesOf)
 * and `out` = P(out of service), their sum from the out-of-service state on. Where `out` is 0
 * (the curve cannot fail the asset there) all the weight goes to the first state.
 */
export function conditionalCumulative(fragility: CompiledFragility, probabilities: Float64Array, out: number, cumulative: Float64Array, at: number): void {
  const states = fragility.limitStates.length - fragility.outOfService;
  let sum = 0;
  for (let j = 0; j + 1 < states; j += 1) {
    sum += probabilities[fragility.outOfService + 1 + j];
    cumulative[at + j] = out > 0 ? Math.min(1, sum / out) : 1;
  }
}

/** P(out of service) from damage-state probabilities: the sum from the out-of-service state on. */
export function outOfServiceProbability(fragility: CompiledFragility, probabilities: Float64Array): number {
  let out = 0;
  for (let k = fragility.outOfService + 1; k <= fragility.limitStates.length; k += 1) out += probabilities[k];
  return out;
}

/** The classes, governing curves and conditional probabilities of every cell, over `quantities` only; `governingOut` (when given) gets the governing curve's P(out of service), −1 where none applies. */
function governingCells(
  result: SurvivalResult,
  fragilityOf: FragilityLookup,
  quantities: IntensityQuantity[],
  classes: DamageClasses,
  stride: number,
  governingOut?: Float64Array,
): { classOf: Int32Array; cumulative: Float64Array } {
  const { assets, timestamps } = result;
  const n = assets.count;
  const classOf = new Int32Array(timestamps.length * n);
  const cumulative = new Float64Array(timestamps.length * n * stride);
  const probabilities = new Float64Array(64);
  const best = new Float64Array(64);
  for (let a = 0; a < n; a += 1) {
    const fragilities = quantities.map((quantity) => fragilityOf(assets.assetTypeIndex[a], quantity));
    for (let t = 0; t < timestamps.length; t += 1) {
      const cell = t * n + a;
      let governing = -1;
      let bestOut = -1;
      for (let q = 0; q < quantities.length; q += 1) {
        const fragility = fragilities[q];
        if (!fragility || !damageStateProbabilitiesOf(result, quantities[q], fragility, cell, probabilities)) continue;
        const out = outOfServiceProbability(fragility, probabilities);
        if (out > bestOut) {
          governing = q;
          bestOut = out;
          best.set(probabilities.subarray(0, fragility.limitStates.length + 1));
        }
      }
      if (governingOut) governingOut[cell] = bestOut;
      if (governing < 0) {
        classOf[cell] = classes.of(assets.assetType[a], '', null);
        continue;
      }
      const fragility = fragilities[governing]!;
      classOf[cell] = classes.of(assets.assetType[a], quantities[governing], fragility);
      conditionalCumulative(fragility, best, bestOut, cumulative, cell * stride);
    }
  }
  return { classOf, cumulative };
}

/** Numbers per cell in `cumulative`: the most out-of-service states of any curve of `quantities` for the result's asset types, minus one. */
function strideOf(result: SurvivalResult, fragilityOf: FragilityLookup, quantities: IntensityQuantity[]): number {
  let longest = 1;
  for (const typeIndex of new Set(result.assets.assetTypeIndex)) {
    for (const quantity of quantities) {
      const fragility = fragilityOf(typeIndex, quantity);
      if (fragility) longest = Math.max(longest, fragility.limitStateNames.length - fragility.outOfService);
    }
  }
  return longest - 1;
}

/**
 * Builds the damage model of a result. At each asset and timestamp the governing curve is
 * the one (over the quantities with a value and a curve there) most likely to put the asset
 * out of service, the first in quantity order on a tie. Its out-of-service damage states k
 * (from the out-of-service limit state on) get P(DS = k | out of service) = P(DS = k) / Σ P(DS = j);
 * where that sum is 0 (the asset cannot fail there by this curve) all the weight goes to the
 * first of them. A state without a repair time takes `fallbackRepair` of the asset type.
 */
export function buildDamageModel(
  result: SurvivalResult,
  fragilityOf: FragilityLookup,
  fallbackRepair: (assetType: AssetType) => RepairDistribution | null,
): DamageModel {
  const quantities = Object.keys(result.intensities) as IntensityQuantity[];
  const classes = new DamageClasses(fallbackRepair);
  const stride = strideOf(result, fragilityOf, quantities);
  return { classes: classes.list, stride, ...governingCells(result, fragilityOf, quantities, classes, stride) };
}

/**
 * What a sample with its own earthquake shaking needs to judge a failure's damage state
 * (shakingSurvival.ts, failureDamage); plain data, so it crosses to the sampling threads.
 */
export interface ShakingDamage {
  /** The damage model's stride. */
  stride: number;
  /** Per sampled quantity, per asset type index: the whole curve and its class in the damage model (null: no curve). */
  curves: Record<string, ({ fragility: CompiledFragility; classIndex: number } | null)[]>;
  /** The governing curve over the other quantities alone (all but the sampled ones), per cell: as DamageModel.classOf. */
  otherClassOf: Int32Array;
  /** As DamageModel.cumulative, for otherClassOf. */
  otherCumulative: Float64Array;
  /** Per cell, otherClassOf's curve's P(out of service) as the result judges it (damageStateProbabilitiesOf); −1 where no other curve applies. */
  otherOut: Float64Array;
}

/**
 * The damage model of a result whose scenarios sample the shaking of `sampledQuantities`
 * (the earthquake quantities shakingSurvival.ts judges per sample), and what the samples need
 * to judge their failures by it. The model's cells are those of buildDamageModel (its classes
 * first, so with the same indices); the classes of the sampled quantities' curves are added
 * after them, with the classes of the other hazards' governing curves.
 */
export function buildShakingDamageModel(
  result: SurvivalResult,
  fragilityOf: FragilityLookup,
  fallbackRepair: (assetType: AssetType) => RepairDistribution | null,
  sampledQuantities: readonly IntensityQuantity[],
): { model: DamageModel; shaking: ShakingDamage } {
  const quantities = Object.keys(result.intensities) as IntensityQuantity[];
  const classes = new DamageClasses(fallbackRepair);
  const stride = strideOf(result, fragilityOf, [...new Set([...quantities, ...sampledQuantities])]);
  const model: DamageModel = { classes: classes.list, stride, ...governingCells(result, fragilityOf, quantities, classes, stride) };
  const others = quantities.filter((quantity) => !sampledQuantities.includes(quantity));
  const otherOut = new Float64Array(model.classOf.length);
  const other = governingCells(result, fragilityOf, others, classes, stride, otherOut);
  const curves: ShakingDamage['curves'] = {};
  const typeIndices = [...new Set(result.assets.assetTypeIndex)];
  for (const quantity of sampledQuantities) {
    const byType: ShakingDamage['curves'][string] = [];
    for (const typeIndex of typeIndices) {
      const fragility = fragilityOf(typeIndex, quantity);
      byType[typeIndex] = fragility ? { fragility, classIndex: classes.of(ASSET_TYPES[typeIndex], quantity, fragility) } : null;
    }
    curves[quantity] = byType;
  }
  return { model, shaking: { stride, curves, otherClassOf: other.classOf, otherCumulative: other.cumulative, otherOut } };
}
