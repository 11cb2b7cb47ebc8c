// Worden, C.B., Gerstenberger, M.C., Rhoades, D.A. and Wald, D.J. (2012). Probabilistic
// relationships between ground-motion parameters and modified Mercalli intensity in California.
// Bulletin of the Seismological Society of America 102(1), 204-221. Table 1 (bilinear relation and
// the distance/magnitude residual terms) and the low-intensity segment ShakeMap uses below MMI 2,
// as implemented in USGS ShakeMap (shakelib/gmice/wgrw12.py).
//
// Ground motion enters as log10 Y with Y = PGA or PSA in cm/s^2 (g x 981, ShakeMap's factor) or
// PGV in cm/s. Forward:  MMI = c1 + c2 log10 Y on each segment, segment breaks at log10 Y = T1.
// Inverse: log10 Y = (MMI - c1) / c2 with breaks at MMI = T2 (and MMI 2 for the lowest segment).
// Optional residual correction (Table 1, applied only when both Rrup and M are known):
// MMI += C5 + C6 log10(clip(Rrup, 10, 300)) + C7 clip(M, 3, 7.3).
//
// MMI is limited to [1, 10]: forward results are clipped to it (ShakeMap does the same) and the
// inverse clips its input to it. The regression itself rests on California "Did You Feel It?" and
// ShakeMap data between about MMI 2 and 8.6; values outside that are extrapolations of the lines.

export type Wgrw12IntensityMeasure = 'pga' | 'pgv' | 'sa(0.3)' | 'sa(1.0)' | 'sa(3.0)';

export interface Wgrw12Context {
  /** Rupture distance, km. The residual term needs both rrupKm and magnitude. */
  readonly rrupKm?: number;
  /** Moment magnitude. */
  readonly magnitude?: number;
}

interface Wgrw12Coefficients {
  /** Main bilinear relation: lower segment c1 + c2 L, upper segment c3 + c4 L. */
  readonly c1: number;
  readonly c2: number;
  readonly c3: number;
  readonly c4: number;
  /** Residual term coefficients. */
  readonly c5: number;
  readonly c6: number;
  readonly c7: number;
  /** Break in log10 Y (forward) and in MMI (inverse). */
  readonly t1: number;
  readonly t2: number;
  /** Low-intensity (MMI 1-2) segment: lowC1 + lowC2 L below log10 Y = lowT1 (MMI 2 inverse). */
  readonly lowC1: number;
  readonly lowC2: number;
  readonly lowT1: number;
  /** sigma of MMI given ground motion (MMI units). */
  readonly sigmaMmi: number;
  /** sigma of log10 Y given MMI (log10 units). */
  readonly sigmaLog10GroundMotion: number;
}

const COEFFICIENTS: Readonly<Record<Wgrw12IntensityMeasure, Wgrw12Coefficients>> = {
  pga: {
    c1: 1.78,
    c2: 1.55,
    c3: -1.6,
    c4: 3.7,
    c5: -0.91,
    c6: 1.02,
    c7: -0.17,
    t1: 1.57,
    t2: 4.22,
    lowC1: 1.71,
    lowC2: 2.08,
    lowT1: 0.14,
    sigmaMmi: 0.66,
    sigmaLog10GroundMotion: 0.35,
  },
  pgv: {
    c1: 3.78,
    c2: 1.47,
    c3: 2.89,
    c4: 3.16,
    c5: 0.9,
    c6: 0,
    c7: -0.18,
    t1: 0.53,
    t2: 4.56,
    lowC1: 4.62,
    lowC2: 2.17,
    lowT1: -1.21,
    sigmaMmi: 0.63,
    sigmaLog10GroundMotion: 0.38,
  },
  'sa(0.3)': {
    c1: 1.26,
    c2: 1.69,
    c3: -4.15,
    c4: 4.14,
    c5: -1.05,
    c6: 0.6,
    c7: 0,
    t1: 2.21,
    t2: 4.99,
    lowC1: 1.15,
    lowC2: 1.92,
    lowT1: 0.44,
    sigmaMmi: 0.82,
    sigmaLog10GroundMotion: 0.44,
  },
  'sa(1.0)': {
    c1: 2.5,
    c2: 1.51,
    c3: 0.2,
    c4: 2.9,
    c5: 2.27,
    c6: -0.49,
    c7: -0.29,
    t1: 1.65,
    t2: 4.98,
    lowC1: 2.71,
    lowC2: 2.17,
    lowT1: -0.33,
    sigmaMmi: 0.75,
    sigmaLog10GroundMotion: 0.47,
  },
  'sa(3.0)': {
    c1: 3.81,
    c2: 1.17,
    c3: 1.99,
    c4: 3.01,
    c5: 1.91,
    c6: -0.57,
    c7: -0.21,
    t1: 0.99,
    t2: 4.96,
    lowC1: 7.35,
    lowC2: 3.45,
    lowT1: -1.55,
    sigmaMmi: 0.89,
    sigmaLog10GroundMotion: 0.64,
  },
};

/** The MMI range the relation is limited to. */
export const WGRW12_MMI_RANGE = { min: 1, max: 10 } as const;

/** ShakeMap's g -> cm/s^2 factor; used both ways so the round trip is exact. */
const CM_PER_S2_PER_G = 981;
/** MMI at which the inverse switches from the low-intensity segment to the main relation. */
const LOW_SEGMENT_TOP_MMI = 2;

function coefficientsFor(imt: Wgrw12IntensityMeasure): Wgrw12Coefficients {
  const coefficients = COEFFICIENTS[imt];
  if (!coefficients) throw new RangeError(`Worden et al. (2012) has no relation for '${imt}'`);
  return coefficients;
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), high);
}

/** Residual correction in MMI units, or 0 unless both distance and magnitude are given. */
function residualTerm(c: Wgrw12Coefficients, context: Wgrw12Context): number {
  const { rrupKm, magnitude } = context;
  if (rrupKm === undefined || magnitude === undefined || Number.isNaN(rrupKm) || Number.isNaN(magnitude)) return 0;
  return c.c5 + c.c6 * Math.log10(clamp(rrupKm, 10, 300)) + c.c7 * clamp(magnitude, 3, 7.3);
}

/** log10 of the ground motion in the relation's units (cm/s^2 or cm/s). */
function log10InRelationUnits(imt: Wgrw12IntensityMeasure, value: number): number {
  return Math.log10(imt === 'pgv' ? value : value * CM_PER_S2_PER_G);
}

/**
 * MMI from ground motion: `value` in g (PGA, PSA) or cm/s (PGV). Clipped to [1, 10];
 * NaN in gives NaN out.
 */
export function mmiFromGroundMotion(imt: Wgrw12IntensityMeasure, value: number, context: Wgrw12Context = {}): number {
  const c = coefficientsFor(imt);
  if (Number.isNaN(value)) return NaN;
  const log10Motion = log10InRelationUnits(imt, value);
  let mmi: number;
  if (log10Motion < c.lowT1) mmi = c.lowC1 + c.lowC2 * log10Motion;
  else if (log10Motion < c.t1) mmi = c.c1 + c.c2 * log10Motion;
  else mmi = c.c3 + c.c4 * log10Motion;
  return clamp(mmi + residualTerm(c, context), WGRW12_MMI_RANGE.min, WGRW12_MMI_RANGE.max);
}

/**
 * Ground motion from MMI: g (PGA, PSA) or cm/s (PGV). `mmi` is clipped to [1, 10] first;
 * NaN in gives NaN out.
 */
export function groundMotionFromMmi(imt: Wgrw12IntensityMeasure, mmi: number, context: Wgrw12Context = {}): number {
  const c = coefficientsFor(imt);
  if (Number.isNaN(mmi)) return NaN;
  const corrected = clamp(mmi, WGRW12_MMI_RANGE.min, WGRW12_MMI_RANGE.max) - residualTerm(c, context);
  let log10Motion: number;
  if (corrected < LOW_SEGMENT_TOP_MMI) log10Motion = (corrected - c.lowC1) / c.lowC2;
  else if (corrected < c.t2) log10Motion = (corrected - c.c1) / c.c2;
  else log10Motion = (corrected - c.c3) / c.c4;
  const value = 10 ** log10Motion;
  return imt === 'pgv' ? value : value / CM_PER_S2_PER_G;
}

/** Standard deviation of MMI given ground motion (MMI units). */
export function mmiSigma(imt: Wgrw12IntensityMeasure): number {
  return coefficientsFor(imt).sigmaMmi;
}

/** Standard deviation of ln(ground motion) given MMI (natural-log units). */
export function groundMotionLnSigma(imt: Wgrw12IntensityMeasure): number {
  return coefficientsFor(imt).sigmaLog10GroundMotion * Math.LN10;
}
