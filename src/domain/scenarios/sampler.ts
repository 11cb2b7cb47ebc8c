import type { UniformGenerator } from './rng.js';

/**
 * A sampling method prepared for one run: it turns one sample's generator into the assets
 * that fail in that sample and the timestamp index at which each fails.
 */
export interface Sampler {
  /** Probability that each asset fails at some time during the event (what the draws are tested against). */
  readonly failureProbability: Float64Array;
  /**
   * Draws one sample. Writes the failing assets (ascending asset index) into failedAssets
   * and their failure timestamp indices into failureTimes, and returns how many failed.
   * Both arrays must hold at least assetCount entries.
   */
  draw(rng: UniformGenerator, failedAssets: Int32Array, failureTimes: Int32Array): number;
}
