import { clipKeepingNaN, hollandBBounds } from './holland1980.js';

/**
 * Holland (2008) surface-wind shape parameter and pressure-derived maximum wind.
 *
 * Holland, G. J. (2008). A revised hurricane pressure–wind model. Monthly Weather Review 136,
 * 3432–3445. doi:10.1175/2008MWR2395.1
 */

export interface Holland2008BInput {
  /** Environmental minus central pressure (hPa). */
  pressureDeficitHpa: number;
  /** Rate of change of central pressure (hPa per hour, negative while deepening). */
  pressureTendencyHpaPerHour: number;
  latitudeDeg: number;
  /** Storm translation speed (m/s). NaN (unknown motion) gives NaN, as in CLIMADA. */
  translationSpeedMs: number;
  /** Gradient-to-surface factor deciding the clip interval (default 0.9). */
  surfaceFactor?: number;
}

/**
 * Holland (2008) eq. 11, the empirical b_s for 1-min sustained 10 m winds:
 *   x = 0.6 (1 − Δp/215),
 *   b_s = −4.4e-5 Δp² + 0.01 Δp + 0.03 ∂p_c/∂t − 0.014 |φ| + 0.15 v_t^x + 1.0,
 * (Δp in hPa, ∂p_c/∂t in hPa/h, v_t in m/s), clipped like CLIMADA to [1, 2.5]·g².
 */
export function hollandBs2008(input: Holland2008BInput): number {
  const dp = input.pressureDeficitHpa;
  const exponent = 0.6 * (1 - dp / 215);
  const bs =
    -4.4e-5 * dp * dp +
    0.01 * dp +
    0.03 * input.pressureTendencyHpaPerHour -
    0.014 * Math.abs(input.latitudeDeg) +
    0.15 * input.translationSpeedMs ** exponent +
    1.0;
  return clipKeepingNaN(bs, hollandBBounds(input.surfaceFactor ?? 0.9));
}

/**
 * Maximum surface wind from pressure, v_ms = sqrt(b_s·Δp/(ρ·e)) (Δp in Pa): Holland (2008)'s
 * pressure–wind relation as restated in Holland, Belanger & Fritz (2010) eq. 8.
 */
export function maxSurfaceWindHolland2008(bs: number, pressureDeficitPa: number, airDensity: number): number {
  return Math.sqrt((bs / (airDensity * Math.E)) * pressureDeficitPa);
}
