import type { Sampler } from './sampler.js';

/**
 * Method `peak` (hazsim's default, DESIGN §8): each asset takes one draw u per sample
 * against its lowest survival over time and fails iff u < 1 − lowest survival, at the first
 * timestamp where that lowest value occurs. One draw per asset, in asset order, whether or
 * not the asset can fail, so asset a of sample i always uses the same draw: runs with the
 * same seed and different hazards or curve sets are coupled (lower survival never removes
 * a failure).
 *
 * @param survival timestamp-major survival probabilities, survival[t * assetCount + a]
 */
export function peakSampler(survival: Float64Array, assetCount: number, timestampCount: number): Sampler {
  const failureProbability = new Float64Array(assetCount);
  const failureTimeIndex = new Int32Array(assetCount);
  for (let a = 0; a < assetCount; a += 1) {
    let lowest = 1;
    let lowestAt = 0;
    for (let t = 0; t < timestampCount; t += 1) {
      const value = survival[t * assetCount + a];
      if (value < lowest) {
        lowest = value;
        lowestAt = t;
      }
    }
    failureProbability[a] = 1 - lowest;
    failureTimeIndex[a] = lowestAt;
  }
  return {
    failureProbability,
    draw(rng, failedAssets, failureTimes) {
      let count = 0;
      for (let a = 0; a < assetCount; a += 1) {
        if (rng() < failureProbability[a]) {
          failedAssets[count] = a;
          failureTimes[count] = failureTimeIndex[a];
          count += 1;
        }
      }
      return count;
    },
  };
}
