// What every ground-motion model in this folder returns for one site and intensity measure.

/**
 * Median ground motion (g for PGA and SA, cm/s for PGV) and its natural-log standard deviations:
 * tau between events, phi within events, sigma = sqrt(tau^2 + phi^2). A model that publishes only
 * a total sigma reports tau and phi as NaN.
 */
export interface GroundMotion {
  median: number;
  tau: number;
  phi: number;
  sigma: number;
}

/** Per-site results of a batch evaluation, filled in place (one entry per site). */
export interface GroundMotionArrays {
  readonly median: Float64Array;
  readonly tau: Float64Array;
  readonly phi: Float64Array;
  readonly sigma: Float64Array;
}

export function emptyGroundMotion(): GroundMotion {
  return { median: NaN, tau: NaN, phi: NaN, sigma: NaN };
}

/** Allocates result arrays for `siteCount` sites. */
export function groundMotionArrays(siteCount: number): GroundMotionArrays {
  return {
    median: new Float64Array(siteCount),
    tau: new Float64Array(siteCount),
    phi: new Float64Array(siteCount),
    sigma: new Float64Array(siteCount),
  };
}

/** Throws unless every output array holds at least `siteCount` entries. */
export function checkOutputLength(out: GroundMotionArrays, siteCount: number): void {
  for (const name of ['median', 'tau', 'phi', 'sigma'] as const) {
    if (out[name].length < siteCount) throw new RangeError(`output array '${name}' holds ${out[name].length} entries, need ${siteCount}`);
  }
}
