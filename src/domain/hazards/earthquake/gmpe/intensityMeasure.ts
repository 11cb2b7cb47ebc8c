// Intensity-measure keys shared by every ground-motion model in this folder.
//
// 'pga' (g), 'pgv' (cm/s), and 5 %-damped pseudo-spectral acceleration written 'sa(T)' with the
// period T in seconds (g). Whole-second periods keep one decimal ('sa(1.0)') so that the keys the
// hazard model uses read the same way everywhere.

export type IntensityMeasure = 'pga' | 'pgv' | `sa(${string})`;

/** The key of 5 %-damped spectral acceleration at `periodSeconds`, e.g. 0.3 -> 'sa(0.3)', 1 -> 'sa(1.0)'. */
export function spectralAcceleration(periodSeconds: number): IntensityMeasure {
  if (!(periodSeconds > 0) || !Number.isFinite(periodSeconds)) {
    throw new RangeError(`spectral period must be a positive number of seconds, got ${periodSeconds}`);
  }
  const text = Number.isInteger(periodSeconds) ? periodSeconds.toFixed(1) : String(periodSeconds);
  return `sa(${text})`;
}

/** 'pga' / 'pgv' unchanged, or the spectral period in seconds of an 'sa(T)' key. */
export function parseIntensityMeasure(imt: string): 'pga' | 'pgv' | number {
  if (imt === 'pga' || imt === 'pgv') return imt;
  const match = /^sa\(([0-9.eE+-]+)\)$/.exec(imt);
  const period = match ? Number(match[1]) : NaN;
  if (!(period > 0) || !Number.isFinite(period)) throw new RangeError(`unknown intensity measure '${imt}'`);
  return period;
}

/** The key for a coefficient-table entry ('pga', 'pgv' or a period in seconds). */
export function intensityMeasureOf(tableKey: 'pga' | 'pgv' | number): IntensityMeasure {
  return typeof tableKey === 'number' ? spectralAcceleration(tableKey) : tableKey;
}
