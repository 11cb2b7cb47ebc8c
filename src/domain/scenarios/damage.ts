/**
 * Damage states and repair times of failed assets (docs/scenarios-zip.md, damage.csv). A failed
 * asset is out of service, so its damage state is one of the states from the curve's
 * out-of-service limit state on, drawn with P(DS = k | failed) = P(DS = k) / Σ_{j ≥ oos} P(DS = j)
 * at its failure timestamp; its repair time is drawn from that state's repair distribution.
 * Each sample draws from its own stream (damageGenerator), so the failure draws, and every
 * existing entry of the ZIP, stay as they were, and any split of samples gives the same rows.
 * Where the sample's own shaking decides the probabilities (FailureDamage, docs/correlated-shaking.md),
 * they replace the model's cell, failure by failure; the draws are made the same way.
 */
import { damageGenerator, type UniformGenerator } from './rng.js';

/** A repair time: normal in hours, truncated to positive values (the HAZUS restoration functions' form). */
export interface RepairDistribution {
  distribution: 'normal';
  mean_hours: number;
  sd_hours: number;
}

/** The out-of-service damage states of one curve, least severe first, with their repair times. */
export interface DamageClass {
  states: string[];
  /** Repair time of each state; null where none is known (repair_hours is then left empty). */
  repair: (RepairDistribution | null)[];
}

/**
 * What the damage draw needs, per asset and timestamp; plain data, so it crosses to worker threads.
 * With n assets, asset a at timestamp t is cell t·n + a (the survival array's layout).
 */
export interface DamageModel {
  classes: DamageClass[];
  /** The class of the curve governing each cell (index into classes). */
  classOf: Int32Array;
  /** Numbers per cell in `cumulative`: the most states of any class, minus one. */
  stride: number;
  /**
   * cumulative[cell · stride + j] = P(DS ≤ state j | out of service) for j below the last state
   * of the cell's class (the last is 1 and not stored).
   */
  cumulative: Float64Array;
}

/**
 * The damage probabilities of one sample's failures, in the order of the failures given, where
 * they depend on the sample (sampled shaking): what DamageModel holds per cell, per failure.
 */
export interface FailureDamage {
  /** Index into the model's classes of each failure. */
  classOf: Int32Array;
  /** cumulative[k · stride + j], with the model's stride: as DamageModel.cumulative for failure k. */
  cumulative: Float64Array;
}

/** One sample's draws, in the order of the failures given. */
export interface DamageDraws {
  /** Index of the damage class of each failure. */
  classIndex: Int32Array;
  /** Index of the drawn state in its class's `states`. */
  state: Int32Array;
  /** Repair time in hours; NaN where the state has no repair distribution. */
  repairHours: Float64Array;
}

/** A normal variate truncated to (0, ∞): Box-Muller from two draws, drawn again while not positive. */
export function positiveNormal(rng: UniformGenerator, mean: number, sd: number): number {
  for (;;) {
    const u1 = 1 - rng();
    const u2 = rng();
    const value = mean + sd * Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    if (value > 0) return value;
  }
}

/**
 * The damage states and repair times of sample `sample`'s failures: `failedAssets[k]` failed
 * at timestamp index `failureTimes[k]`, k < count, in ascending asset index (as Sampler.draw
 * gives them). Draws from damageGenerator(seed, sample): per failure, one draw for the state
 * (the first state j with u < cumulative j), then the repair time (positiveNormal). Pure:
 * the same arguments give the same draws in any thread. `failureDamage`: the sample's own
 * probabilities, used instead of the model's cells.
 */
export function drawDamage(
  model: DamageModel,
  assetCount: number,
  seed: number,
  sample: number,
  count: number,
  failedAssets: Int32Array,
  failureTimes: Int32Array,
  failureDamage?: FailureDamage,
): DamageDraws {
  const rng = damageGenerator(seed, sample);
  const draws: DamageDraws = { classIndex: new Int32Array(count), state: new Int32Array(count), repairHours: new Float64Array(count) };
  const { stride } = model;
  const { classOf, cumulative } = failureDamage ?? model;
  for (let k = 0; k < count; k += 1) {
    const at = failureDamage ? k : failureTimes[k] * assetCount + failedAssets[k];
    const classIndex = classOf[at];
    const damageClass = model.classes[classIndex];
    const u = rng();
    let state = 0;
    const last = damageClass.states.length - 1;
    while (state < last && !(u < cumulative[at * stride + state])) state += 1;
    const repair = damageClass.repair[state];
    draws.classIndex[k] = classIndex;
    draws.state[k] = state;
    draws.repairHours[k] = repair ? positiveNormal(rng, repair.mean_hours, repair.sd_hours) : Number.NaN;
  }
  return draws;
}

/** Header of damage.csv. */
export const DAMAGE_CSV_HEADER = 'sample,asset,timestamp,damage_state,repair_hours';
