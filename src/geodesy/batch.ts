import { DEG_TO_RAD, WGS84_A_M, WGS84_E2 } from './wgs84.js';
import { geodesicDistanceReducedM, longitudeDifferenceRad, reducedLatitude } from './inverse.js';

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
 * into `outM` (length ≥ points.count). Allocation-free.
 *
 * Up to CHORD_FORMULA_LIMIT_M the geodesic is taken as a circular arc over its chord,
 * s = 2ρ·asin(c / 2ρ), with ρ the radius of curvature of the ellipsoid's normal section
 * at the chord midpoint in the chord's azimuth (Euler: 1/ρ = cos²α/M + sin²α/N). The
 * arc-over-chord form is exact for constant curvature and the midpoint cancels the
 * odd-order variation, leaving an error of order e⁴·(s/R)⁴·s. Beyond, Vincenty.
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
    const chord2 = dx * dx + dy * dy + dz * dz;
    if (chord2 >= limit2) {
      outM[i] = geodesicDistanceReducedM(originReduced.sinBeta, originReduced.cosBeta, points.sinBeta[i], points.cosBeta[i], longitudeDifferenceRad(longitudeDeg, points.longitudeDeg[i]));
      continue;
    }
    if (chord2 === 0) {
      outM[i] = 0;
      continue;
    }
    // Midpoint of the chord; (mx, my, mz/(1 − e²)) points along the ellipsoid normal there.
    const mx = (px + qx) * 0.5;
    const my = (py + qy) * 0.5;
    const nz = (pz + qz) * 0.5 * INV_ONE_MINUS_E2;
    const p2 = mx * mx + my * my;
    const n2 = p2 + nz * nz;
    const sin2Phi = (nz * nz) / n2;
    // Chord components: squared east part, squared vertical part, horizontal remainder.
    const east = mx * dy - my * dx;
    const east2 = p2 > 0 ? (east * east) / p2 : 0;
    const up = dx * mx + dy * my + dz * nz;
    const horizontal2 = chord2 - (up * up) / n2;
    const sin2Alpha = horizontal2 > 0 ? Math.min(1, east2 / horizontal2) : 0;
    const w2 = 1 - WGS84_E2 * sin2Phi;
    // 1/ρ = cos²α/M + sin²α/N with M = a(1 − e²)/W³, N = a/W.
    const curvature = (Math.sqrt(w2) * ((1 - sin2Alpha) * w2 * INV_ONE_MINUS_E2 + sin2Alpha)) / WGS84_A_M;
    const half = Math.sqrt(chord2) * curvature * 0.5;
    const h2 = half * half;
    // asin(h)/h by its Taylor series; h < 0.03 here, so the x¹¹ term is below 1e-18.
    outM[i] = (2 * half * (1 + h2 * (1 / 6 + h2 * (3 / 40 + h2 * (5 / 112 + h2 * (35 / 1152)))))) / curvature;
  }
}
