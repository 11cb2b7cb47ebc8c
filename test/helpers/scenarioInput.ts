// Synthetic simulation outputs for the scenario tests: a storm passing over a feeder, each
// asset with its own peak failure probability and peak time, plus assets that cannot fail
// and assets that surely fail.
import type { DamageModel, ScenarioInput } from '../../src/domain/scenarios/index.js';

/** Hourly ISO timestamps from 2022-01-01T00:00:00. */
export function hourlyTimestamps(count: number): string[] {
  return Array.from({ length: count }, (_, t) => new Date(Date.UTC(2022, 0, 1, t)).toISOString().slice(0, 19));
}

/** Uuid-shaped, distinct, and deliberately not in sorted order of asset index. */
export function assetUuid(index: number): string {
  const scrambled = (index * 2654435761) % 4294967296;
  return `${scrambled.toString(16).padStart(8, '0')}-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;
}

/**
 * A storm input: asset a reaches failure probability peak(a) at hour centre(a) and less
 * either side (survival = 1 − peak·exp(−((t − centre)/width)²)). Asset 0 never fails
 * (survival 1), asset 1 surely fails at hour 1 (survival 0 there); the others' peaks run
 * evenly from minPeak to maxPeak.
 */
export function stormInput(assetCount: number, timestampCount: number, options: { minPeak?: number; maxPeak?: number } = {}): ScenarioInput {
  const minPeak = options.minPeak ?? 0.002;
  const maxPeak = options.maxPeak ?? 0.9;
  const survival = new Float64Array(assetCount * timestampCount);
  for (let a = 0; a < assetCount; a += 1) {
    const peak = assetCount > 3 ? minPeak + ((maxPeak - minPeak) * (a - 2)) / (assetCount - 3) : maxPeak;
    const centre = (a * 7) % timestampCount;
    const width = 1 + (a % 5);
    for (let t = 0; t < timestampCount; t += 1) {
      let value = 1 - peak * Math.exp(-(((t - centre) / width) ** 2));
      if (a === 0) value = 1;
      if (a === 1) value = t === 1 ? 0 : 0.5;
      survival[t * assetCount + a] = value;
    }
  }
  return {
    timestamps: hourlyTimestamps(timestampCount),
    assetUuids: Array.from({ length: assetCount }, (_, a) => assetUuid(a)),
    survival,
    metadata: {
      distribution_system_name: 'synthetic_feeder',
      hazard_system_name: 'synthetic_storm',
      curve_set: 'DEFAULT_CURVES',
      hazsim_version: '0.0.0-test',
    },
  };
}

/**
 * A damage model for an input: even assets have two out-of-service states whose split moves
 * with time (P(first | failed) from 0.9 down), odd assets one state; the second state of the
 * two-state class has a name that needs CSV quoting and no repair time.
 */
export function damageModelFor(input: ScenarioInput): DamageModel {
  const n = input.assetUuids.length;
  const cells = input.timestamps.length * n;
  const classOf = new Int32Array(cells);
  const cumulative = new Float64Array(cells);
  for (let cell = 0; cell < cells; cell += 1) {
    classOf[cell] = (cell % n) % 2;
    cumulative[cell] = classOf[cell] === 0 ? 0.9 - (0.8 * Math.floor(cell / n)) / Math.max(1, input.timestamps.length) : 0;
  }
  return {
    classes: [
      { states: ['extensive', 'complete, "total"'], repair: [{ distribution: 'normal', mean_hours: 168, sd_hours: 84 }, null] },
      { states: ['failure'], repair: [{ distribution: 'normal', mean_hours: 72, sd_hours: 36 }] },
    ],
    classOf,
    stride: 1,
    cumulative,
  };
}
