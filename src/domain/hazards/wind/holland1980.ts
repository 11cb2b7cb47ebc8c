/**
 * Holland (1980) symmetric gradient-wind profile.
 *
 * Holland, G. J. (1980). An analytic model of the wind and pressure profiles in hurricanes.
 * Monthly Weather Review 108, 1212–1218. doi:10.1175/1520-0493(1980)108<1212:AAMOTW>2.0.CO;2
 *
 * The surface pressure follows p(r) = p_c + Δp·exp(−(R/r)^B); inserting it into the
 * gradient-wind balance gives the speed profile (with Coriolis)
 *   V(r) = sqrt( (B/ρ)(R/r)^B Δp exp(−(R/r)^B) + (r f/2)² ) − r f/2,
 * and evaluating the cyclostrophic part at r = R gives Holland's maximum-wind relation
 * V_max = sqrt(B Δp/(ρ e)), solved here for B: B = ρ e V_max² / Δp.
 */

/** CLIMADA clips Holland's B to [1, 2.5] at gradient level (Holland 1980 reports 1 ≤ B ≤ 2.5). */
export const HOLLAND_B_MIN = 1;
export const HOLLAND_B_MAX = 2.5;

/**
 * The admissible B interval. When B describes 10 m surface winds obtained from gradient winds by
 * a factor g, the cyclostrophic relation V² ∝ B scales it by g² (CLIMADA `_b_holland_clip_interval`).
 */
export function hollandBBounds(surfaceFactor?: number): [number, number] {
  const scale = surfaceFactor === undefined ? 1 : surfaceFactor * surfaceFactor;
  return [HOLLAND_B_MIN * scale, HOLLAND_B_MAX * scale];
}

/** Clip to an interval, keeping NaN as NaN (a missing input stays missing). */
export function clipKeepingNaN(value: number, [low, high]: [number, number]): number {
  return Number.isNaN(value) ? NaN : Math.min(high, Math.max(low, value));
}

/**
 * Holland B from a maximum wind and the pressure deficit: B = V²·e·ρ/Δp (Holland 1980),
 * clipped to `hollandBBounds(surfaceFactor)`. Pass the gradient wind and no surface factor for the
 * gradient-level model; pass the 10 m wind and its surface factor for surface-level B.
 */
export function hollandB1980(windMs: number, pressureDeficitPa: number, airDensity: number, surfaceFactor?: number): number {
  return clipKeepingNaN((windMs * windMs * Math.E * airDensity) / pressureDeficitPa, hollandBBounds(surfaceFactor));
}

/**
 * Gradient-level maximum wind without the storm's motion, as CLIMADA prepares it for the H1980
 * model: the best-track maximum wind includes the translation speed, which is removed before
 * dividing by the gradient-to-surface factor: v_grad = max(0, v_max − |v_t|)/g.
 */
export function gradientMaximumWind(maxWindMs: number, translationSpeedMs: number, surfaceFactor: number): number {
  return Math.max(0, maxWindMs - translationSpeedMs) / surfaceFactor;
}

export interface Holland1980Parameters {
  /** Radius of maximum wind R (m). */
  rmaxM: number;
  /** Holland shape parameter B. */
  hollandB: number;
  /** Environmental minus central pressure Δp (Pa, > 0). */
  pressureDeficitPa: number;
  /** Air density ρ (kg/m³). */
  airDensity: number;
  /** Coriolis parameter f (s⁻¹); ignored when `cyclostrophic`. */
  coriolis: number;
  /** Drop the Coriolis terms (pure cyclostrophic balance). */
  cyclostrophic?: boolean;
}

/**
 * Holland (1980) gradient wind speed (m/s) at `distanceM` from the centre. Distances below 1 m are
 * evaluated at 1 m, as CLIMADA does, which keeps (R/r)^B finite at the eye (V → 0 there).
 */
export function holland1980Speed(distanceM: number, p: Holland1980Parameters): number {
  const r = Math.max(1, distanceM);
  const halfRf = p.cyclostrophic ? 0 : (r * p.coriolis) / 2;
  const s = (p.rmaxM / r) ** p.hollandB;
  const squared = (p.hollandB / p.airDensity) * s * p.pressureDeficitPa * Math.exp(-s) + halfRf * halfRf;
  return Math.sqrt(Math.max(0, squared)) - halfRf;
}
