/**
 * The per-asset time series of the scenario ZIP: how many samples have each asset out of
 * service at each timestamp. An asset is out of service at t when it failed at or before t
 * (outages persist), so the count is cumulative over time.
 */

/** Header of every time_series/<component_uuid>.csv. */
export const TIME_SERIES_HEADER = 'timestamp,survival_probability,out_of_service_samples,out_of_service_fraction';

/**
 * Adds one sample's failures to `failureCounts`, timestamp-major like the survival array:
 * failureCounts[t * assetCount + a] counts the samples in which asset a failed exactly at t.
 */
export function accumulateFailures(failureCounts: Uint32Array, assetCount: number, count: number, failedAssets: Int32Array, failureTimes: Int32Array): void {
  for (let j = 0; j < count; j += 1) failureCounts[failureTimes[j] * assetCount + failedAssets[j]] += 1;
}

/** Adds `from` into `into` element by element (merging the counts of several workers). */
export function addCounts(into: Uint32Array, from: Uint32Array): void {
  for (let i = 0; i < into.length; i += 1) into[i] += from[i];
}

/**
 * The CSV of one asset: one row per timestamp with its survival probability, the number of
 * samples in which it is out of service and that number divided by the sample count.
 * Numbers are written in JavaScript's shortest round-trip form.
 */
export function timeSeriesCsv(
  timestamps: readonly string[],
  survival: Float64Array,
  failureCounts: Uint32Array,
  assetCount: number,
  asset: number,
  numberOfSamples: number,
): string {
  const lines = [TIME_SERIES_HEADER];
  let outOfService = 0;
  for (let t = 0; t < timestamps.length; t += 1) {
    const index = t * assetCount + asset;
    outOfService += failureCounts[index];
    lines.push(`${timestamps[t]},${survival[index]},${outOfService},${outOfService / numberOfSamples}`);
  }
  return `${lines.join('\n')}\n`;
}
