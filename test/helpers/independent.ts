/**
 * Independent references for checking the engine's numbers: textbook algorithms written
 * here from their publications, sharing no code with src/.
 */

/** WGS-84 semi-major axis [m] and flattening. */
const A_M = 6378137;
const F = 1 / 298.257223563;
const B_M = A_M * (1 - F);

/**
 * Geodesic distance [m] on WGS-84 by Vincenty's inverse formula (T. Vincenty, "Direct and
 * inverse solutions of geodesics on the ellipsoid with application of nested equations",
 * Survey Review 23 (1975) 88–93), iterated to 1e-13 rad: accurate to well under a
 * millimetre for the non-antipodal lines used here.
 */
export function vincentyDistanceM(lat1Deg: number, lon1Deg: number, lat2Deg: number, lon2Deg: number): number {
  const rad = Math.PI / 180;
  const u1 = Math.atan((1 - F) * Math.tan(lat1Deg * rad));
  const u2 = Math.atan((1 - F) * Math.tan(lat2Deg * rad));
  const l = (lon2Deg - lon1Deg) * rad;
  const [sinU1, cosU1, sinU2, cosU2] = [Math.sin(u1), Math.cos(u1), Math.sin(u2), Math.cos(u2)];
  let lambda = l;
  for (let iteration = 0; iteration < 200; iteration += 1) {
    const sinLambda = Math.sin(lambda);
    const cosLambda = Math.cos(lambda);
    const sinSigma = Math.hypot(cosU2 * sinLambda, cosU1 * sinU2 - sinU1 * cosU2 * cosLambda);
    if (sinSigma === 0) return 0;
    const cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda;
    const sigma = Math.atan2(sinSigma, cosSigma);
    const sinAlpha = (cosU1 * cosU2 * sinLambda) / sinSigma;
    const cos2Alpha = 1 - sinAlpha * sinAlpha;
    const cos2SigmaM = cos2Alpha === 0 ? 0 : cosSigma - (2 * sinU1 * sinU2) / cos2Alpha;
    const c = (F / 16) * cos2Alpha * (4 + F * (4 - 3 * cos2Alpha));
    const previous = lambda;
    lambda = l + (1 - c) * F * sinAlpha * (sigma + c * sinSigma * (cos2SigmaM + c * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)));
    if (Math.abs(lambda - previous) < 1e-13) {
      const u2Big = (cos2Alpha * (A_M * A_M - B_M * B_M)) / (B_M * B_M);
      const bigA = 1 + (u2Big / 16384) * (4096 + u2Big * (-768 + u2Big * (320 - 175 * u2Big)));
      const bigB = (u2Big / 1024) * (256 + u2Big * (-128 + u2Big * (74 - 47 * u2Big)));
      const deltaSigma =
        bigB *
        sinSigma *
        (cos2SigmaM +
          (bigB / 4) *
            (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM) - (bigB / 6) * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)));
      return B_M * bigA * (sigma - deltaSigma);
    }
  }
  throw new Error('Vincenty inverse did not converge');
}

/**
 * Standard normal distribution function Φ(x) by Marsaglia's Taylor series
 * Φ(x) = 1/2 + φ(x)·(x + x³/3 + x⁵/(3·5) + …) (G. Marsaglia, "Evaluating the normal
 * distribution", J. Statistical Software 11(4), 2004), summed until the sum stops
 * changing: absolute error below 1e-15 for |x| ≤ 7 (a different method from src/'s erfc).
 */
export function marsagliaNormalCdf(x: number): number {
  let sum = x;
  let term = x;
  let previous = 0;
  for (let i = 1; sum !== previous;) {
    previous = sum;
    i += 2;
    term *= (x * x) / i;
    sum = previous + term;
  }
  return 0.5 + sum * Math.exp(-0.5 * x * x - 0.91893853320467274178);
}

/** Survival 1 − Φ(ln(x/median)/β) of a lognormal fragility curve; 1 when x ≤ 0 (docs/fragility.md). */
export function lognormalSurvival(x: number, median: number, beta: number): number {
  return x <= 0 ? 1 : marsagliaNormalCdf(-Math.log(x / median) / beta);
}

/**
 * Marine 1-min sustained wind at 10 m → 3-s gust at 10 m over land of roughness length `z0M`
 * (docs/wind.md §6, by hand): 1-min → 10-min at sea with the WMO/TD-1555 Table 1.1 gust factors
 * (1.11/1.23), open water (z0 0.0002 m) → z0 by the log law with a 60 m blending height, then
 * 10-min → 3-s over land (×1.66, In-Land).
 */
export function marineToLandGust(z0M: number): number {
  return (1.11 / 1.23) * (Math.log(60 / 0.0002) / Math.log(60 / z0M)) * (Math.log(10 / z0M) / Math.log(10 / 0.0002)) * 1.66;
}
