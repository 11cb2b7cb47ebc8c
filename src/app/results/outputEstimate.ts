/**
 * The size a scenario file is expected to reach, estimated from the survival arrays before a
 * single sample is drawn (docs/hardening.md, "Request bounds"). One in-limit request of 20,000
 * samples wrote 33.7 GB before it was stopped: a request whose estimate passes the output
 * quota (HAZSIM_MAX_OUTPUT_MB) is refused up front, naming the estimate and the limit.
 */
import { HazsimError } from '../../base/errors.js';

/**
 * Bytes of content per failed asset and sample: a tracked_changes.json edit
 * (`{"component_uuid": "<36 characters>", "name": "in_service", "value": false}` and its
 * separator, about 90) and its damage.csv row (sample, uuid, timestamp, state, repair hours:
 * about 90). Uncompressed: the damage.csv side file is written as it is.
 */
const BYTES_PER_FAILURE = 180;
/** A restoration edit repeats the tracked_changes edit with `true`. */
const BYTES_PER_RESTORATION = 90;
/** A time-series CSV row: timestamp, survival, counts (about 60 bytes). */
const BYTES_PER_SERIES_ROW = 60;

/**
 * The expected content bytes of a scenario run: each asset fails in a sample with probability
 * one minus its lowest survival over time (the peak method's draw; the sequential method's
 * first failure is no more likely than failing at any timestamp, bounded the same way), plus
 * one time-series row per asset and timestamp.
 */
export function estimateScenarioBytes(
  survival: Float64Array,
  timestampCount: number,
  assetCount: number,
  samples: number,
  restoration: boolean,
): { bytes: number; failuresPerSample: number } {
  let failuresPerSample = 0;
  for (let a = 0; a < assetCount; a += 1) {
    let lowest = 1;
    for (let t = 0; t < timestampCount; t += 1) lowest = Math.min(lowest, survival[t * assetCount + a]);
    failuresPerSample += 1 - lowest;
  }
  const perFailure = BYTES_PER_FAILURE + (restoration ? BYTES_PER_RESTORATION : 0);
  return { bytes: failuresPerSample * samples * perFailure + assetCount * timestampCount * BYTES_PER_SERIES_ROW, failuresPerSample };
}

const megabytes = (bytes: number) => `${Math.ceil(bytes / 1024 ** 2).toLocaleString('en-US')} MB`;

/** Refuses (invalid_input naming number_of_samples) a run whose estimated output passes `limitBytes`. */
export function checkOutputEstimate(estimate: { bytes: number; failuresPerSample: number }, samples: number, limitBytes: number): void {
  if (estimate.bytes <= limitBytes) return;
  const message = `The scenario file of ${samples} samples is estimated at ${megabytes(estimate.bytes)} (about ${estimate.failuresPerSample.toFixed(1)} failed assets per sample), more than the output limit of ${megabytes(limitBytes)} (HAZSIM_MAX_OUTPUT_MB); draw fewer samples, split the run with --shard, or raise the limit`;
  throw new HazsimError('invalid_input', message, [
    { path: 'number_of_samples', message: `gives an estimated ${megabytes(estimate.bytes)} of output, limit ${megabytes(limitBytes)}` },
  ]);
}
