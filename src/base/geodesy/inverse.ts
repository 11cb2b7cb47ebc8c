import { DEG_TO_RAD, WGS84_B_M, WGS84_EP2, WGS84_F } from './wgs84.js';

/**
 * Geodesic (shortest-path) distance on the WGS-84 ellipsoid: Vincenty's inverse method
 * (T. Vincenty, "Direct and inverse solutions of geodesics on the ellipsoid", Survey
 * Review 23(176), 1975), accurate to about 0.1 mm. Where Vincenty's fixed-point
 * iteration fails (nearly antipodal points) the same equations are solved by bisection
 * on the azimuth at the first point, in the canonical arrangement of C. F. F. Karney,
 * "Algorithms for geodesics", J. Geodesy 87 (2013), §4, where the longitude difference is
 * a monotonic function of that azimuth.
 */

const MAX_ITERATIONS = 100;
/** Vincenty's convergence threshold on λ, radians (≈ 6 µm on the ground). */
const LAMBDA_TOLERANCE = 1e-12;

/** sin and cos of the reduced (parametric) latitude β, tan β = (1 − f)·tan φ; exact at the poles. */
export function reducedLatitude(latitudeDeg: number): { sinBeta: number; cosBeta: number } {
  const phi = latitudeDeg * DEG_TO_RAD;
  const sinBeta = (1 - WGS84_F) * Math.sin(phi);
  const cosBeta = Math.abs(latitudeDeg) === 90 ? 0 : Math.cos(phi);
  const norm = Math.hypot(sinBeta, cosBeta);
  return { sinBeta: sinBeta / norm, cosBeta: cosBeta / norm };
}

/** Longitude difference lon2 − lon1 in radians, reduced to [0, π] (the distance is symmetric in its sign). */
export function longitudeDifferenceRad(lon1Deg: number, lon2Deg: number): number {
  let d = (lon2Deg - lon1Deg) % 360;
  if (d < -180) d += 360;
  else if (d > 180) d -= 360;
  return Math.abs(d) * DEG_TO_RAD;
}

/** Vincenty's series A(u²) and B(u²) (his equations 3 and 4), u² = cos²α·e'². */
function seriesAB(cos2Alpha: number): { A: number; B: number } {
  const u2 = cos2Alpha * WGS84_EP2;
  return {
    A: 1 + (u2 / 16384) * (4096 + u2 * (-768 + u2 * (320 - 175 * u2))),
    B: (u2 / 1024) * (256 + u2 * (-128 + u2 * (74 - 47 * u2))),
  };
}

/** Geodesic length b·A·(σ − Δσ) from the auxiliary-sphere arc σ (Vincenty's equations 6 and 19). */
function lengthFromArc(sigma: number, sinSigma: number, cosSigma: number, cos2SigmaM: number, cos2Alpha: number): number {
  const { A, B } = seriesAB(cos2Alpha);
  const c2m2 = cos2SigmaM * cos2SigmaM;
  const deltaSigma =
    B * sinSigma * (cos2SigmaM + (B / 4) * (cosSigma * (-1 + 2 * c2m2) - (B / 6) * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * c2m2)));
  return WGS84_B_M * A * (sigma - deltaSigma);
}

/** Vincenty's C (his equation 10). */
function vincentyC(cos2Alpha: number): number {
  return (WGS84_F / 16) * cos2Alpha * (4 + WGS84_F * (4 - 3 * cos2Alpha));
}

/**
 * Distance in metres between two points given by sin/cos of their reduced latitudes and
 * their longitude difference L ∈ [0, π] in radians. The building block of every distance
 * hazsim measures; callers that reuse one point precompute its reduced latitude.
 */
export function geodesicDistanceReducedM(sinBeta1: number, cosBeta1: number, sinBeta2: number, cosBeta2: number, lonDiffRad: number): number {
  let lambda = lonDiffRad;
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const sinLambda = Math.sin(lambda);
    const cosLambda = Math.cos(lambda);
    const t1 = cosBeta2 * sinLambda;
    const t2 = cosBeta1 * sinBeta2 - sinBeta1 * cosBeta2 * cosLambda;
    const sinSigma = Math.sqrt(t1 * t1 + t2 * t2);
    const cosSigma = sinBeta1 * sinBeta2 + cosBeta1 * cosBeta2 * cosLambda;
    if (sinSigma === 0) {
      if (cosSigma > 0) return 0;
      break;
    }
    const sigma = Math.atan2(sinSigma, cosSigma);
    const sinAlpha = (cosBeta1 * cosBeta2 * sinLambda) / sinSigma;
    const cos2Alpha = 1 - sinAlpha * sinAlpha;
    // On the equator cos²α = 0 and the term it divides vanishes (Vincenty's note to eq. 17).
    const cos2SigmaM = cos2Alpha !== 0 ? cosSigma - (2 * sinBeta1 * sinBeta2) / cos2Alpha : 0;
    const C = vincentyC(cos2Alpha);
    const next = lonDiffRad + (1 - C) * WGS84_F * sinAlpha * (sigma + C * sinSigma * (cos2SigmaM + C * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)));
    if (next > Math.PI) break;
    if (Math.abs(next - lambda) <= LAMBDA_TOLERANCE) {
      return lengthFromArc(sigma, sinSigma, cosSigma, cos2SigmaM, cos2Alpha);
    }
    lambda = next;
  }
  return nearlyAntipodalDistanceM(sinBeta1, cosBeta1, sinBeta2, cosBeta2, lonDiffRad);
}

/** Geodesic distance in metres between (lat1, lon1) and (lat2, lon2) in degrees on WGS-84; NaN when any input is NaN. */
export function geodesicDistanceM(lat1Deg: number, lon1Deg: number, lat2Deg: number, lon2Deg: number): number {
  if (Number.isNaN(lat1Deg + lon1Deg + lat2Deg + lon2Deg)) return Number.NaN;
  const p1 = reducedLatitude(lat1Deg);
  const p2 = reducedLatitude(lat2Deg);
  return geodesicDistanceReducedM(p1.sinBeta, p1.cosBeta, p2.sinBeta, p2.cosBeta, longitudeDifferenceRad(lon1Deg, lon2Deg));
}

/**
 * The geodesic between points Vincenty's iteration cannot resolve. In Karney's canonical
 * arrangement (|β1| ≥ |β2|, β1 ≤ 0, 0 ≤ L ≤ π) the longitude difference reached at
 * latitude β2 grows monotonically with the azimuth α1 ∈ [0, π] at the first point, so
 * bisection on α1 finds the shortest geodesic; Vincenty's series give λ and s along it.
 */
function nearlyAntipodalDistanceM(sinBeta1In: number, cosBeta1In: number, sinBeta2In: number, cosBeta2In: number, lonDiffRad: number): number {
  let sinBeta1 = sinBeta1In;
  let cosBeta1 = cosBeta1In;
  let sinBeta2 = sinBeta2In;
  let cosBeta2 = cosBeta2In;
  if (Math.abs(sinBeta2) > Math.abs(sinBeta1)) {
    [sinBeta1, cosBeta1, sinBeta2, cosBeta2] = [sinBeta2, cosBeta2, sinBeta1, cosBeta1];
  }
  if (sinBeta1 > 0 || Object.is(sinBeta1, 0)) {
    sinBeta1 = -sinBeta1;
    sinBeta2 = -sinBeta2;
  }
  // Two equatorial points farther apart than (1 − f)·π: the geodesic leaves the equator
  // heading north-east and comes back to it, so α1 > π/2 in the canonical frame.
  const bothEquatorial = sinBeta1 === 0 && sinBeta2 === 0;
  let low = bothEquatorial ? Math.PI / 2 : 0;
  let high = Math.PI;
  let arc = arcForAzimuth(low, sinBeta1, cosBeta1, sinBeta2, cosBeta2);
  for (let iteration = 0; iteration < 200 && high - low > 1e-16; iteration++) {
    const middle = (low + high) / 2;
    arc = arcForAzimuth(middle, sinBeta1, cosBeta1, sinBeta2, cosBeta2);
    if (arc.lambda < lonDiffRad) low = middle;
    else high = middle;
  }
  return lengthFromArc(arc.sigma, Math.sin(arc.sigma), Math.cos(arc.sigma), Math.cos(arc.twoSigmaM), arc.cos2Alpha);
}

/** The geodesic leaving β1 with azimuth α1, followed to where it reaches β2: its arc, mid-arc position, and longitude difference. */
function arcForAzimuth(alpha1: number, sinBeta1: number, cosBeta1: number, sinBeta2: number, cosBeta2: number) {
  const sinAlpha1 = Math.sin(alpha1);
  const cosAlpha1 = Math.cos(alpha1);
  const sinAlpha0 = sinAlpha1 * cosBeta1;
  const cos2Alpha = 1 - sinAlpha0 * sinAlpha0;
  // Karney (2013) eq. 45: the azimuth where the geodesic reaches β2, taken heading north.
  const cosAlpha2CosBeta2 = Math.sqrt(Math.max(0, cosAlpha1 * cosAlpha1 * cosBeta1 * cosBeta1 + (cosBeta2 * cosBeta2 - cosBeta1 * cosBeta1)));
  const sigma1 = Math.atan2(sinBeta1, cosAlpha1 * cosBeta1);
  const sigma2 = Math.atan2(sinBeta2, cosAlpha2CosBeta2);
  const omega1 = Math.atan2(sinAlpha0 * Math.sin(sigma1), Math.cos(sigma1));
  const omega2 = Math.atan2(sinAlpha0 * Math.sin(sigma2), Math.cos(sigma2));
  let omega12 = omega2 - omega1;
  if (omega12 < -Math.PI / 2) omega12 += 2 * Math.PI;
  else if (omega12 > (3 * Math.PI) / 2) omega12 -= 2 * Math.PI;
  const sigma = sigma2 - sigma1;
  const twoSigmaM = sigma1 + sigma2;
  const cos2SigmaM = Math.cos(twoSigmaM);
  const C = vincentyC(cos2Alpha);
  const lambda =
    omega12 - (1 - C) * WGS84_F * sinAlpha0 * (sigma + C * Math.sin(sigma) * (cos2SigmaM + C * Math.cos(sigma) * (-1 + 2 * cos2SigmaM * cos2SigmaM)));
  return { sigma, twoSigmaM, cos2Alpha, lambda };
}
