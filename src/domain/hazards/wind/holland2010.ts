/**
 * Holland, Belanger & Fritz (2010) surface wind profile.
 *
 * Holland, G. J., Belanger, J. I. & Fritz, A. (2010). A revised model for radial profiles of
 * hurricane winds. Monthly Weather Review 138, 4393–4401. doi:10.1175/2010MWR3317.1
 *
 * Eq. 6 (the form with v_m outside the brackets, CLIMADA's default):
 *   V(r) = v_m · [ (R/r)^b exp(1 − (R/r)^b) ]^x,
 * with x = 0.5 inside the radius of maximum wind and, outside, a linear increase towards the
 * exponent x_n fitted to a peripheral observation v_n at r_n:
 *   x_n = ln(v_n/v_m) / ln( (R/r_n)^b exp(1 − (R/r_n)^b) ),
 *   x(r) = 0.5 + (r − R)(x_n − 0.5)/(r_n − R) for r > R.
 * CLIMADA keeps x ≥ 0.4 and by default takes v_n = 17 m/s at r_n = 300 km; the model is
 * cyclostrophic (no Coriolis term).
 */

/** Peripheral wind speed v_n (m/s), CLIMADA's default for `_x_holland_2010`. */
export const HOLLAND_2010_PERIPHERAL_WIND_MS = 17;
/** Radius r_n (m) at which v_n is assumed, CLIMADA's default. */
export const HOLLAND_2010_PERIPHERAL_RADIUS_M = 300_000;
/** Exponent inside the radius of maximum wind (Holland et al. 2010). */
export const HOLLAND_2010_INNER_EXPONENT = 0.5;
/** Lower bound on the exponent applied by CLIMADA. */
export const HOLLAND_2010_MIN_EXPONENT = 0.4;

export interface Holland2010Parameters {
  rmaxM: number;
  /** Maximum 1-min sustained surface wind v_m (m/s). */
  maxWindMs: number;
  /** Surface shape parameter b_s. */
  hollandB: number;
  peripheralWindMs?: number;
  peripheralRadiusM?: number;
}

/** x_n: the exponent that makes the profile pass through (r_n, v_n). */
export function holland2010PeripheralExponent(p: Holland2010Parameters): number {
  const rn = p.peripheralRadiusM ?? HOLLAND_2010_PERIPHERAL_RADIUS_M;
  const vn = p.peripheralWindMs ?? HOLLAND_2010_PERIPHERAL_WIND_MS;
  const sn = (p.rmaxM / rn) ** p.hollandB;
  return Math.log(vn / p.maxWindMs) / Math.log(sn * Math.exp(1 - sn));
}

/** Exponent x(r): 0.5 inside R, linear towards x_n at r_n outside, never below 0.4. */
export function holland2010Exponent(distanceM: number, p: Holland2010Parameters, peripheralExponent = holland2010PeripheralExponent(p)): number {
  const rn = p.peripheralRadiusM ?? HOLLAND_2010_PERIPHERAL_RADIUS_M;
  return holland2010ExponentAt(distanceM, p.rmaxM, (peripheralExponent - HOLLAND_2010_INNER_EXPONENT) / (rn - p.rmaxM));
}

/** x(r) given R and the slope of its linear part, (x_n − 0.5)/(r_n − R): the one formula of the profile, the wind field and its bound. */
export function holland2010ExponentAt(distanceM: number, rmaxM: number, slope: number): number {
  return Math.max(HOLLAND_2010_INNER_EXPONENT + Math.max(0, distanceM - rmaxM) * slope, HOLLAND_2010_MIN_EXPONENT);
}

/** Eq. 6 wind speed (m/s) at `distanceM`; distances below 1 m are evaluated at 1 m (CLIMADA). */
export function holland2010Speed(distanceM: number, p: Holland2010Parameters, peripheralExponent = holland2010PeripheralExponent(p)): number {
  const r = Math.max(1, distanceM);
  const x = holland2010Exponent(r, p, peripheralExponent);
  const s = (p.rmaxM / r) ** p.hollandB;
  return p.maxWindMs * (s * Math.exp(1 - s)) ** x;
}
