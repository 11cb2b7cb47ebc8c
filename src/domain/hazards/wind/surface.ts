import { GRADIENT_TO_SURFACE_FACTOR } from './constants.js';

/**
 * From the wind the models give (gradient level, or 1-min sustained 10 m wind over water as best
 * tracks report it) to the wind a fragility curve expects (typically a 3-s gust at 10 m over
 * open terrain), in three documented steps:
 *
 * 1. Gradient level → 10 m over water: ×0.9 (Franklin, Black & Valde 2003, Wea. Forecasting 18,
 *    32–44; CLIMADA's DEF_GRADIENT_TO_SURFACE_WINDS).
 * 2. Averaging period, at 10 m and one exposure, through the peak 3-s gust: the gust factors
 *    G(3 s, T₀) of Harper, Kepert & Ginger (2010), "Guidelines for converting between various
 *    wind averaging periods in tropical cyclone conditions", WMO/TD-No. 1555, Table 1.1 (3-s
 *    column, reference periods T₀ = 60, 120, 180, 600, 3600 s; exposures At-Sea, Off-Sea,
 *    Off-Land, In-Land). A T₁-s mean becomes a T₂-s mean as V·G(3,T₁)/G(3,T₂) (same expected
 *    peak gust); to or from the 3-s gust itself the factor is G(3,T) directly.
 * 3. Height and terrain, on the 10-min mean: logarithmic profile u(z) = (u_⋆ / κ)·ln(z/z₀) with the
 *    roughness lengths below; between two terrains the wind is assumed equal at a 60 m blending
 *    height (Wieringa 1986, "Roughness-dependent geographical interpolation of surface wind speed
 *    averages", Q. J. R. Meteorol. Soc. 112, 867–889; the exposure correction of WMO-No. 8, CIMO
 *    Guide, Vol. I ch. 5):  V₂(z₂) = V₁(z₁) · ln(z_b/z₀₁)/ln(z_b/z₀₂) · ln(z₂/z₀₂)/ln(z₁/z₀₁).
 */

/** Terrain classes, with Davenport–Wieringa roughness classes (Davenport et al. 2000, as in WMO-No. 8). */
export type Exposure = 'open-water' | 'open-terrain' | 'suburban' | 'urban';

/**
 * Roughness length z₀ (m): open water class 1 "sea" 0.0002; open terrain class 3 "open" 0.03;
 * suburban class 6 "very rough" 0.5 (low buildings 3–7 heights apart); urban class 7 "skimming"
 * 1.0 (densely built-up). A log profile at 10 m is only indicative where obstacles approach
 * 10 m (suburban, urban): no displacement height is modelled.
 */
export const ROUGHNESS_LENGTH_M: Readonly<Record<Exposure, number>> = {
  'open-water': 0.0002,
  'open-terrain': 0.03,
  suburban: 0.5,
  urban: 1.0,
};

/** Blending height (m) at which the wind is taken as independent of the surface (Wieringa 1986). */
export const BLENDING_HEIGHT_M = 60;

/** Harper, Kepert & Ginger (2010) Table 1.1 exposure categories. */
export type WmoExposure = 'at-sea' | 'off-sea' | 'off-land' | 'in-land';

/**
 * G(3 s, T₀) at 10 m from WMO/TD-1555 Table 1.1, by reference period T₀ (s).
 * At-Sea: "> 20 km offshore"; Off-Sea: onshore winds at the coast; Off-Land: offshore winds at
 * the coast; In-Land: "roughly open terrain".
 */
export const GUST_FACTOR_3S: Readonly<Record<WmoExposure, Readonly<Record<number, number>>>> = {
  'at-sea': { 60: 1.11, 120: 1.15, 180: 1.17, 600: 1.23, 3600: 1.3 },
  'off-sea': { 60: 1.23, 120: 1.28, 180: 1.31, 600: 1.38, 3600: 1.45 },
  'off-land': { 60: 1.36, 120: 1.42, 180: 1.44, 600: 1.52, 3600: 1.6 },
  'in-land': { 60: 1.49, 120: 1.55, 180: 1.58, 600: 1.66, 3600: 1.75 },
};

/** Averaging periods (s) the table supports; 3 is the gust itself. */
export const SUPPORTED_AVERAGING_SECONDS = [3, 60, 120, 180, 600, 3600] as const;

/**
 * WMO exposure used for the gust factors of a terrain class. The WMO table stops at "roughly
 * open terrain"; suburban and urban use In-Land, which understates their (larger) gustiness.
 */
export function wmoExposureOf(exposure: Exposure): WmoExposure {
  return exposure === 'open-water' ? 'at-sea' : 'in-land';
}

export interface SurfaceWindSpec {
  averagingSeconds: number;
  heightM: number;
  exposure: Exposure;
  /** The WMO row of the gust factors; absent: wmoExposureOf(exposure). */
  gustExposure?: WmoExposure;
}

/** The gradient level (top of the boundary layer) as a source or target. */
export interface GradientLevelSpec {
  level: 'gradient';
}

export type WindSpec = SurfaceWindSpec | GradientLevelSpec;

export interface ConvertedWind {
  speedMs: number;
  /** One line per step with its factor and source, for run records. */
  steps: string[];
  /** The steps as one sentence. */
  description: string;
}

/** The marine 1-min 10 m wind that the gradient level converts to and from. */
const MARINE_SUSTAINED: SurfaceWindSpec = { averagingSeconds: 60, heightM: 10, exposure: 'open-water' };
const REFERENCE_PERIOD_S = 600;
const STANDARD_HEIGHT_M = 10;

/** The WMO row a surface's gust factors come from: its own, else the one of its terrain. */
const gustRow = (spec: SurfaceWindSpec): WmoExposure => spec.gustExposure ?? wmoExposureOf(spec.exposure);

function gustFactor(row: WmoExposure, averagingSeconds: number): number {
  if (averagingSeconds === 3) return 1;
  return GUST_FACTOR_3S[row][averagingSeconds];
}

function checkSpec(spec: SurfaceWindSpec, role: string): void {
  if (!(SUPPORTED_AVERAGING_SECONDS as readonly number[]).includes(spec.averagingSeconds))
    throw new Error(
      `convertWind: ${role} averaging period ${spec.averagingSeconds} s is not in WMO/TD-1555 Table 1.1; use one of ${SUPPORTED_AVERAGING_SECONDS.join(', ')} s`,
    );
  if (!(spec.exposure in ROUGHNESS_LENGTH_M)) throw new Error(`convertWind: unknown ${role} exposure "${spec.exposure}"`);
  if (!(spec.heightM > ROUGHNESS_LENGTH_M[spec.exposure]))
    throw new Error(`convertWind: ${role} height ${spec.heightM} m must exceed the roughness length of ${spec.exposure}`);
}

const periodName = (seconds: number) => (seconds === 3 ? '3-s gust' : `${seconds}-s mean`);
const f4 = (x: number) => x.toFixed(4);

/** Log-law factor for a 10-min mean from (z₁, z₀₁) to (z₂, z₀₂) with a 60 m blending height. */
export function roughnessHeightFactor(fromHeightM: number, fromExposure: Exposure, toHeightM: number, toExposure: Exposure): number {
  const z01 = ROUGHNESS_LENGTH_M[fromExposure];
  const z02 = ROUGHNESS_LENGTH_M[toExposure];
  const blending = Math.log(BLENDING_HEIGHT_M / z01) / Math.log(BLENDING_HEIGHT_M / z02);
  return blending * (Math.log(toHeightM / z02) / Math.log(fromHeightM / z01));
}

/**
 * Convert a wind speed between averaging period, height and exposure (or the gradient level),
 * returning the speed and the steps taken. Surface-to-surface conversions go through the 10-min
 * mean: source period → 600 s (source exposure), height/terrain on the mean, 600 s → target period
 * (target exposure). Gust factors are the table's 10 m values; other heights use them unchanged
 * (noted in the steps).
 */
export function convertWind(speedMs: number, spec: { from: WindSpec; to: WindSpec }): ConvertedWind {
  const steps: string[] = [];
  let speed = speedMs;
  let from: SurfaceWindSpec;
  if ('level' in spec.from) {
    speed *= GRADIENT_TO_SURFACE_FACTOR;
    steps.push(`gradient level → 1-min 10 m over open water: ×${GRADIENT_TO_SURFACE_FACTOR} (Franklin, Black & Valde 2003)`);
    from = MARINE_SUSTAINED;
  } else from = spec.from;
  const to: SurfaceWindSpec = 'level' in spec.to ? MARINE_SUSTAINED : spec.to;
  checkSpec(from, 'source');
  checkSpec(to, 'target');

  // Gust factors for suburban/urban terrain fall back to In-Land; remember whether one was used.
  let roughTerrainGustFactor = false;
  const periodFactor = (surface: SurfaceWindSpec, fromSeconds: number, toSeconds: number): number => {
    if (!surface.gustExposure && (surface.exposure === 'suburban' || surface.exposure === 'urban')) roughTerrainGustFactor = true;
    return gustFactor(gustRow(surface), fromSeconds) / gustFactor(gustRow(surface), toSeconds);
  };

  const sameSurface = from.heightM === to.heightM && from.exposure === to.exposure && gustRow(from) === gustRow(to);
  if (sameSurface && from.averagingSeconds !== to.averagingSeconds) {
    const factor = periodFactor(from, from.averagingSeconds, to.averagingSeconds);
    speed *= factor;
    steps.push(
      `${periodName(from.averagingSeconds)} → ${periodName(to.averagingSeconds)} (${from.exposure}): ×${f4(factor)} via the 3-s gust factors of WMO/TD-1555 Table 1.1 (${gustRow(from)})`,
    );
  } else if (!sameSurface) {
    if (from.averagingSeconds !== REFERENCE_PERIOD_S) {
      const factor = periodFactor(from, from.averagingSeconds, REFERENCE_PERIOD_S);
      speed *= factor;
      steps.push(`${periodName(from.averagingSeconds)} → 600-s mean (${from.exposure}): ×${f4(factor)} (WMO/TD-1555 Table 1.1, ${gustRow(from)})`);
    }
    const factor = roughnessHeightFactor(from.heightM, from.exposure, to.heightM, to.exposure);
    speed *= factor;
    steps.push(
      `600-s mean ${from.heightM} m ${from.exposure} (z0 ${ROUGHNESS_LENGTH_M[from.exposure]} m) → ${to.heightM} m ${to.exposure} (z0 ${ROUGHNESS_LENGTH_M[to.exposure]} m): ×${f4(factor)} (log law, ${BLENDING_HEIGHT_M} m blending height, Wieringa 1986)`,
    );
    if (to.averagingSeconds !== REFERENCE_PERIOD_S) {
      const back = periodFactor(to, REFERENCE_PERIOD_S, to.averagingSeconds);
      speed *= back;
      steps.push(`600-s mean → ${periodName(to.averagingSeconds)} (${to.exposure}): ×${f4(back)} (WMO/TD-1555 Table 1.1, ${gustRow(to)})`);
    }
  }
  if ((from.heightM !== STANDARD_HEIGHT_M || to.heightM !== STANDARD_HEIGHT_M) && from.averagingSeconds !== to.averagingSeconds)
    steps.push('note: gust factors are the 10 m values of WMO/TD-1555, applied unchanged at other heights');
  if (roughTerrainGustFactor)
    steps.push('note: WMO/TD-1555 has no gust factors for suburban or urban terrain; In-Land (roughly open) values used, which understate gusts there');
  if ('level' in spec.to) {
    speed /= GRADIENT_TO_SURFACE_FACTOR;
    steps.push(`1-min 10 m over open water → gradient level: ÷${GRADIENT_TO_SURFACE_FACTOR} (Franklin, Black & Valde 2003)`);
  }
  if (steps.length === 0) steps.push('no conversion: source and target are the same');
  return { speedMs: speed, steps, description: `${speedMs.toFixed(2)} m/s → ${speed.toFixed(2)} m/s: ${steps.join('; ')}` };
}
