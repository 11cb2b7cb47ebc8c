/** Summaries of a quantity over samples (docs/output-impact.md). */

export interface Distribution {
  mean: number;
  p10: number;
  p50: number;
  p90: number;
  min: number;
  max: number;
}

/**
 * The q-quantile of ascending values by linear interpolation between order statistics
 * (Hyndman and Fan's definition 7, the default of numpy.percentile and R's quantile).
 */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) return 0;
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/** Mean, P10, P50, P90, min and max of the values (all 0 for none). */
export function distributionOf(values: ArrayLike<number>): Distribution {
  const sorted = Float64Array.from(values).sort();
  let sum = 0;
  for (const value of sorted) sum += value;
  return {
    mean: sorted.length ? sum / sorted.length : 0,
    p10: quantileSorted(sorted, 0.1),
    p50: quantileSorted(sorted, 0.5),
    p90: quantileSorted(sorted, 0.9),
    min: sorted.length ? sorted[0] : 0,
    max: sorted.length ? sorted[sorted.length - 1] : 0,
  };
}
