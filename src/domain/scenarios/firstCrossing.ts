import type { Sampler } from './sampler.js';

/**
 * Sampling from event-consistent survival (the default physics, docs/physics.md), where
 * survival(t) is already the probability of having survived everything up to t and never
 * rises. Each asset takes one draw u per sample and fails at the first timestamp where its
 * cumulative failure probability 1 − survival(t) exceeds u; it fails at all iff
 * u < 1 − survival(last). So P(failed by t) = 1 − survival(t) exactly. Both methods sample
 * this way on such input: `peak` (1 − lowest survival = 1 − final survival) and
 * `sequential` (per-timestamp failures with the conditional probabilities
 * 1 − survival(t)/survival(t−1) give the same failure-time distribution).
 *
 * One draw per asset, in asset order, whether or not the asset can fail, as in `peak`.
 *
 * @param survival timestamp-major, non-increasing per asset: survival[t * assetCount + a]
 */
export function firstCrossingSampler(survival: Float64Array, assetCount: number, timestampCount: number): Sampler {
  // Asset-major, so the scan for a failing asset's timestamp reads contiguous memory.
  const failedBy = new Float64Array(assetCount * timestampCount);
  for (let a = 0; a < assetCount; a += 1) {
    for (let t = 0; t < timestampCount; t += 1) failedBy[a * timestampCount + t] = 1 - survival[t * assetCount + a];
  }
  return samplerOfFailedBy(failedBy, assetCount, timestampCount);
}

/**
 * The sampler of cumulative failure probabilities F(t), asset-major (failedBy[a · timestampCount + t],
 * non-decreasing in t): one draw u per asset, failing at the first t with u < F(t), at all iff
 * u < F(last). Shared by this method and `sequential`, which differ only in how F is made.
 */
export function samplerOfFailedBy(failedBy: Float64Array, assetCount: number, timestampCount: number): Sampler {
  const failureProbability = new Float64Array(assetCount);
  for (let a = 0; a < assetCount; a += 1) failureProbability[a] = timestampCount > 0 ? failedBy[a * timestampCount + timestampCount - 1] : 0;
  return {
    failureProbability,
    draw(rng, failedAssets, failureTimes) {
      let count = 0;
      for (let a = 0; a < assetCount; a += 1) {
        const u = rng();
        if (u < failureProbability[a]) {
          // Terminates: failedBy at the last timestamp is failureProbability[a] > u.
          const base = a * timestampCount;
          let t = 0;
          while (!(u < failedBy[base + t])) t += 1;
          failedAssets[count] = a;
          failureTimes[count] = t;
          count += 1;
        }
      }
      return count;
    },
  };
}

/**
 * The same draw as firstCrossingSampler, straight from one sample's own cumulative survival
 * (timestamp-major, survival[t · assetCount + a]): used when survival changes from sample to
 * sample (ScenarioInput.sampleSurvival). One draw u per asset, in asset order; the asset fails at
 * the first t with u < 1 − survival(t), at all iff u < 1 − survival(last).
 */
export function drawFirstCrossing(
  survival: Float64Array,
  assetCount: number,
  timestampCount: number,
  rng: () => number,
  failedAssets: Int32Array,
  failureTimes: Int32Array,
): number {
  const last = (timestampCount - 1) * assetCount;
  let count = 0;
  for (let a = 0; a < assetCount; a += 1) {
    const u = rng();
    if (timestampCount > 0 && u < 1 - survival[last + a]) {
      let t = 0;
      while (!(u < 1 - survival[t * assetCount + a])) t += 1;
      failedAssets[count] = a;
      failureTimes[count] = t;
      count += 1;
    }
  }
  return count;
}
