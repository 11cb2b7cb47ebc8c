import { samplerOfFailedBy } from './firstCrossing.js';
import type { Sampler } from './sampler.js';

/**
 * Method `sequential` (ERAD's model, docs/scenarios-zip.md): at each timestamp an asset still in
 * service fails independently with probability 1 − survival(t); only its first failure is
 * kept. So it has failed by timestamp t with probability F(t) = 1 − Π_{k≤t} survival(k),
 * and at all with 1 − Π survival.
 *
 * Instead of one draw per timestamp (ERAD), each asset takes one draw u per sample and
 * fails at the first t with u < F(t): the same distribution of failure times (P(first
 * failure at t) = F(t) − F(t−1) = Π_{k<t} survival(k) · (1 − survival(t))), at a 24th of
 * the draws for 24 timestamps, and coupled with `peak` — for a given seed the assets failing
 * under `peak` are a subset of those failing under `sequential`, since 1 − Π survival ≥
 * 1 − lowest survival and both compare the same draw.
 *
 * @param survival timestamp-major survival probabilities, survival[t * assetCount + a]
 */
export function sequentialSampler(survival: Float64Array, assetCount: number, timestampCount: number): Sampler {
  // Asset-major, so the scan for a failing asset's timestamp reads contiguous memory.
  const failedBy = new Float64Array(assetCount * timestampCount);
  for (let a = 0; a < assetCount; a += 1) {
    let surviving = 1;
    for (let t = 0; t < timestampCount; t += 1) {
      surviving *= survival[t * assetCount + a];
      failedBy[a * timestampCount + t] = 1 - surviving;
    }
  }
  return samplerOfFailedBy(failedBy, assetCount, timestampCount);
}
