import { DEG_TO_RAD, WGS84_A_M, WGS84_E2 } from './wgs84.js';
import { geodesicDistanceM, geodesicDistanceReducedM, longitudeDifferenceRad, reducedLatitude } from './inverse.js';

/**
 * Many points prepared once for repeated distance queries: earth-centred (ECEF)
 * coordinates for the short-range formula and reduced-latitude sines and cosines for
 * Vincenty beyond it. Plain typed arrays, so a worker thread can receive them.
 */
export interface PreparedPoints {
  count: number;
  longitudeDeg: Float64Array;
  xM: Float64Array;
  yM: Float64Array;
  zM: Float64Array;
  sinBeta: Float64Array;
  cosBeta: Float64Array;
}

/**
 * Chord length below which the chord formula is used, metres. Checked against Vincenty
 * on random pairs over the whole ellipsoid: the worst difference is 8 µm at 200 km and
 * 0.1 mm at 350 km (test/geodesy/batch.test.ts keeps it under 0.5 mm).
 */
export const CHORD_FORMULA_LIMIT_M = 350_000;

const ONE_MINUS_E2 = 1 - WGS84_E2;
const INV_ONE_MINUS_E2 = 1 / ONE_MINUS_E2;
const QUARTER_INV_A2 = 1 / (4 * WGS84_A_M * WGS84_A_M);

/** Earth-centred coordinates of a point on the WGS-84 surface (height 0), metres. */
export function toEcef(latitudeDeg: number, longitudeDeg: number): { x: number; y: number; z: number } {
  const phi = latitudeDeg * DEG_TO_RAD;
  const lambda = longitudeDeg * DEG_TO_RAD;
  const sinPhi = Math.sin(phi);
  const cosPhi = Math.abs(latitudeDeg) === 90 ? 0 : Math.cos(phi);
  const primeVerticalM = WGS84_A_M / Math.sqrt(1 - WGS84_E2 * sinPhi * sinPhi);
  return { x: primeVerticalM * cosPhi * Math.cos(lambda), y: primeVerticalM * cosPhi * Math.sin(lambda), z: primeVerticalM * ONE_MINUS_E2 * sinPhi };
}

/** Prepares `count` points given in degrees for distancesFromPointM. */
export function preparePoints(latitudeDeg: Float64Array, longitudeDeg: Float64Array, count = latitudeDeg.length): PreparedPoints {
  const prepared: PreparedPoints = {
    count,
    longitudeDeg: longitudeDeg.slice(0, count),
    xM: new Float64Array(count),
    yM: new Float64Array(count),
    zM: new Float64Array(count),
    sinBeta: new Float64Array(count),
    cosBeta: new Float64Array(count),
  };
  for (let i = 0; i < count; i++) {
    const ecef = toEcef(latitudeDeg[i], longitudeDeg[i]);
    prepared.xM[i] = ecef.x;
    prepared.yM[i] = ecef.y;
    prepared.zM[i] = ecef.z;
    const reduced = reducedLatitude(latitudeDeg[i]);
    prepared.sinBeta[i] = reduced.sinBeta;
    prepared.cosBeta[i] = reduced.cosBeta;
  }
  return prepared;
}

/**
 * Geodesic distance in metres from one point (degrees) to every prepared point, written
 * into `outM` (length ≥ points.count). Allocation-free. Up to CHORD_FORMULA_LIMIT_M the
 * chord-arc formula (chordArcDistanceM), beyond it Vincenty.
 */
export function distancesFromPointM(latitudeDeg: number, longitudeDeg: number, points: PreparedPoints, outM: Float64Array): void {
  const origin = toEcef(latitudeDeg, longitudeDeg);
  const px = origin.x;
  const py = origin.y;
  const pz = origin.z;
  const originReduced = reducedLatitude(latitudeDeg);
  const limit2 = CHORD_FORMULA_LIMIT_M * CHORD_FORMULA_LIMIT_M;
  const { xM, yM, zM } = points;
  for (let i = 0; i < points.count; i++) {
    const qx = xM[i];
    const qy = yM[i];
    const qz = zM[i];
    const dx = qx - px;
    const dy = qy - py;
    const dz = qz - pz;
    if (dx * dx + dy * dy + dz * dz < limit2) {
      outM[i] = chordArcDistanceM(px, py, pz, qx, qy, qz);
    } else {
      outM[i] = geodesicDistanceReducedM(
        originReduced.sinBeta,
        originReduced.cosBeta,
        points.sinBeta[i],
        points.cosBeta[i],
        longitudeDifferenceRad(longitudeDeg, points.longitudeDeg[i]),
      );
    }
  }
}

/** Geodesic distance in metres between two points in degrees, by the same rule as distancesFromPointM. */
export function geodesicDistanceFastM(lat1Deg: number, lon1Deg: number, lat2Deg: number, lon2Deg: number): number {
  const p = toEcef(lat1Deg, lon1Deg);
  const q = toEcef(lat2Deg, lon2Deg);
  const dx = q.x - p.x;
  const dy = q.y - p.y;
  const dz = q.z - p.z;
  if (dx * dx + dy * dy + dz * dz < CHORD_FORMULA_LIMIT_M * CHORD_FORMULA_LIMIT_M) return chordArcDistanceM(p.x, p.y, p.z, q.x, q.y, q.z);
  return geodesicDistanceM(lat1Deg, lon1Deg, lat2Deg, lon2Deg);
}

/**
 * The geodesic between two nearby surface points (ECEF metres) as a circular arc over
 * their chord, s = 2ρ·asin(c / 2ρ), with ρ the radius of curvature of the ellipsoid's
 * normal section at the chord midpoint in the chord's azimuth (Euler: 1/ρ = cos²α/M +
 * sin²α/N). Exact for constant curvature; the midpoint cancels the odd-order variation,
 * leaving an error of order e⁴·(s/R)⁴·s.
 */
function chordArcDistanceM(px: number, py: number, pz: number, qx: number, qy: number, qz: number): number {
  const dx = qx - px;
  const dy = qy - py;
  const dz = qz - pz;
  const chord2 = dx * dx + dy * dy + dz * dz;
  // Midpoint of the chord; (mx, my, nz) = (x, y, z/(1 − e²)) points along the ellipsoid normal there.
  const mx = (px + qx) * 0.5;
  const my = (py + qy) * 0.5;
  const nz = (pz + qz) * 0.5 * INV_ONE_MINUS_E2;
  const p2 = mx * mx + my * my;
  const inverseN2 = 1 / (p2 + nz * nz);
  const w2 = 1 - WGS84_E2 * nz * nz * inverseN2;
  // sin²α = (east part)² / (horizontal part)², from the chord's components along east and up.
  const east = mx * dy - my * dx;
  const up = dx * mx + dy * my + dz * nz;
  const horizontal2 = chord2 - up * up * inverseN2;
  const sin2Alpha = horizontal2 > 0 && p2 > 0 ? Math.min(1, (east * east) / (p2 * horizontal2)) : 0;
  // a/ρ = W·((1 − sin²α)·W²/(1 − e²) + sin²α), with M = a(1 − e²)/W³ and N = a/W.
  const shape = (1 - sin2Alpha) * w2 * INV_ONE_MINUS_E2 + sin2Alpha;
  // h = c/2ρ; s = 2ρ·asin(h) = c·asin(h)/h, by its Taylor series (h < 0.03 below the limit: the h¹¹ term is below 1e-18).
  const h2 = chord2 * w2 * shape * shape * QUARTER_INV_A2;
  return Math.sqrt(chord2) * (1 + h2 * (1 / 6 + h2 * (3 / 40 + h2 * (5 / 112 + h2 * (35 / 1152)))));
}
