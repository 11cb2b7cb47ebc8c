/**
 * The damage model a scenario run draws failed assets' damage states and repair times from
 * (docs/scenarios-zip.md, damage.csv): per asset and timestamp, the curve that governs it
 * and its out-of-service damage states' probabilities conditional on the asset being out of
 * service, from the same probabilities as the result's `damage_state_probabilities`.
 */
import type { AssetType } from '../assets/types.js';
import type { CompiledFragility } from '../fragility/index.js';
import type { IntensityQuantity } from '../hazards/quantities.js';
import type { DamageClass, DamageModel, RepairDistribution } from '../scenarios/index.js';
import { damageStateProbabilitiesOf, type FragilityLookup } from './damageStates.js';
import type { SurvivalResult } from './types.js';

/** The state of an asset that fails with no curve that says more (no curve for any quantity present there). */
export const UNDESCRIBED_DAMAGE_STATE = 'out_of_service';

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
  const { assets, timestamps } = result;
  const n = assets.count;
  const quantities = Object.keys(result.intensities) as IntensityQuantity[];
  const classes: DamageClass[] = [];
  const classIndex = new Map<string, number>();
  const classFor = (assetType: AssetType, quantity: string, fragility: CompiledFragility | null): number => {
    const key = `${assetType}\u0000${quantity}`;
    let index = classIndex.get(key);
    if (index === undefined) {
      index = classes.length;
      classIndex.set(key, index);
      const states = fragility ? fragility.limitStateNames.slice(fragility.outOfService) : [UNDESCRIBED_DAMAGE_STATE];
      const repair = fragility ? fragility.repair.slice(fragility.outOfService) : [null];
      classes.push({
        states,
        repair: repair.map((spec) => (spec ? { distribution: 'normal', mean_hours: spec.mean_hours, sd_hours: spec.sd_hours } : fallbackRepair(assetType))),
      });
    }
    return index;
  };

  let longest = 1;
  for (let a = 0; a < n; a += 1) {
    for (const quantity of quantities) {
      const fragility = fragilityOf(assets.assetTypeIndex[a], quantity);
      if (fragility) longest = Math.max(longest, fragility.limitStateNames.length - fragility.outOfService);
    }
  }
  const stride = longest - 1;
  const classOf = new Int32Array(timestamps.length * n);
  const cumulative = new Float64Array(timestamps.length * n * stride);
  const probabilities = new Float64Array(64);
  const best = new Float64Array(64);
  for (let a = 0; a < n; a += 1) {
    const fragilities = quantities.map((quantity) => fragilityOf(assets.assetTypeIndex[a], quantity));
    for (let t = 0; t < timestamps.length; t += 1) {
      const cell = t * n + a;
      let governing = -1;
      let governingOut = -1;
      for (let q = 0; q < quantities.length; q += 1) {
        const fragility = fragilities[q];
        if (!fragility || !damageStateProbabilitiesOf(result, quantities[q], fragility, cell, probabilities)) continue;
        let out = 0;
        for (let k = fragility.outOfService + 1; k <= fragility.limitStates.length; k += 1) out += probabilities[k];
        if (out > governingOut) {
          governing = q;
          governingOut = out;
          best.set(probabilities.subarray(0, fragility.limitStates.length + 1));
        }
      }
      if (governing < 0) {
        classOf[cell] = classFor(assets.assetType[a], '', null);
        continue;
      }
      const fragility = fragilities[governing]!;
      classOf[cell] = classFor(assets.assetType[a], quantities[governing], fragility);
      const states = fragility.limitStates.length - fragility.outOfService;
      let sum = 0;
      for (let j = 0; j + 1 < states; j += 1) {
        sum += best[fragility.outOfService + 1 + j];
        cumulative[cell * stride + j] = governingOut > 0 ? Math.min(1, sum / governingOut) : 1;
      }
    }
  }
  return { classes, classOf, stride, cumulative };
}
