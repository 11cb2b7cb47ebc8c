/**
 * Source-to-site distances of an earthquake for the ground-motion models (docs/input-hazard.md):
 * R_JB (Joyner-Boore, to the surface projection of the rupture), R_rup (to the rupture plane),
 * R_x (perpendicular to strike from the top edge, positive on the hanging wall) and R_y0 (along
 * strike beyond the ends of the rupture), all in km.
 *
 * Without a rupture the source is a point: R_JB is the epicentral distance and R_rup the
 * hypocentral distance. With a rupture, a planar rectangle (strike, dip, length, width, top depth)
 * is placed so that the hypocentre lies on it, at mid-length, and distances are measured in a
 * local tangent plane at the epicentre (east = N·cos φ0·Δλ, north = M·Δφ with the WGS-84 radii of
 * curvature M and N): within 100 km of the epicentre this is within 0.1 % of the geodesic.
 */
import { distancesFromPointM, type PreparedPoints } from '../../../base/geodesy/batch.js';
import { DEG_TO_RAD, WGS84_A_M, WGS84_E2 } from '../../../base/geodesy/wgs84.js';

/** A planar rupture, degrees and km. */
export interface PlanarRupture {
  /** Azimuth of the strike, degrees clockwise from north; the rupture dips to the right of it (Aki & Richards). */
  strikeDeg: number;
  /** Dip below horizontal, degrees in (0, 90]. */
  dipDeg: number;
  lengthKm: number;
  /** Down-dip width, km. */
  widthKm: number;
  /** Depth of the top edge, km. */
  topDepthKm: number;
}

/** Distances of every site, km; one entry per site. */
export interface SiteDistances {
  rjbKm: Float64Array;
  rrupKm: Float64Array;
  rxKm: Float64Array;
  /** NaN for a point source (unknown: ASK14 then tapers with R_JB). */
  ry0Km: Float64Array;
}

export function siteDistances(count: number): SiteDistances {
  return { rjbKm: new Float64Array(count), rrupKm: new Float64Array(count), rxKm: new Float64Array(count), ry0Km: new Float64Array(count) };
}

/**
 * Point source: R_JB = epicentral distance, R_rup = hypocentral distance, R_x = −R_JB (footwall
 * side, so no hanging-wall term; for a point source the models' vertical default dip makes that
 * term zero anyway), R_y0 unknown.
 */
export function pointSourceDistances(latitude: number, longitude: number, depthKm: number, points: PreparedPoints, out: SiteDistances): void {
  distancesFromPointM(latitude, longitude, points, out.rjbKm);
  for (let i = 0; i < points.count; i++) {
    const epicentralKm = out.rjbKm[i] / 1000;
    out.rjbKm[i] = epicentralKm;
    out.rrupKm[i] = Math.sqrt(epicentralKm * epicentralKm + depthKm * depthKm);
    out.rxKm[i] = -epicentralKm;
    out.ry0Km[i] = Number.NaN;
  }
}

/**
 * Default top depth of a rupture: centred in depth on the hypocentre, but not above the surface.
 */
export function defaultTopDepthKm(hypocentreDepthKm: number, widthKm: number, dipDeg: number): number {
  return Math.max(0, hypocentreDepthKm - (widthKm / 2) * Math.sin(dipDeg * DEG_TO_RAD));
}

/** Why a rupture cannot hold the hypocentre, or null when it can. */
export function ruptureProblem(rupture: PlanarRupture, hypocentreDepthKm: number): string | null {
  const bottomKm = rupture.topDepthKm + rupture.widthKm * Math.sin(rupture.dipDeg * DEG_TO_RAD);
  const tolerance = 1e-9 * Math.max(1, bottomKm);
  if (hypocentreDepthKm < rupture.topDepthKm - tolerance || hypocentreDepthKm > bottomKm + tolerance) {
    return `the hypocentre depth (${hypocentreDepthKm} km) must lie on the rupture, between its top (${rupture.topDepthKm} km) and its bottom (${round(bottomKm)} km = top + width · sin dip)`;
  }
  return null;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/**
 * Distances to a planar rupture through the hypocentre. The rupture is centred along strike on
 * the epicentre; its top edge runs (hypocentre depth − top depth)·cot(dip) up-dip of it.
 */
export function planarRuptureDistances(
  epicentre: { latitude: number; longitude: number },
  hypocentreDepthKm: number,
  rupture: PlanarRupture,
  latitudes: Float64Array,
  longitudes: Float64Array,
  out: SiteDistances,
): void {
  const phi0 = epicentre.latitude * DEG_TO_RAD;
  const sinPhi0 = Math.sin(phi0);
  const w = 1 - WGS84_E2 * sinPhi0 * sinPhi0;
  const primeVerticalKm = WGS84_A_M / Math.sqrt(w) / 1000;
  const meridionalKm = (WGS84_A_M * (1 - WGS84_E2)) / (w * Math.sqrt(w)) / 1000;
  const eastPerDegree = primeVerticalKm * Math.cos(phi0) * DEG_TO_RAD;
  const northPerDegree = meridionalKm * DEG_TO_RAD;

  const strike = rupture.strikeDeg * DEG_TO_RAD;
  const dip = rupture.dipDeg * DEG_TO_RAD;
  const sinDip = Math.sin(dip);
  const cosDip = Math.abs(rupture.dipDeg - 90) < 1e-12 ? 0 : Math.cos(dip);
  // Unit vectors (east, north): along strike, and horizontal in the dip direction (strike + 90°).
  const strikeEast = Math.sin(strike);
  const strikeNorth = Math.cos(strike);
  const dipEast = Math.cos(strike);
  const dipNorth = -Math.sin(strike);
  const topOffsetKm = sinDip > 0 ? ((hypocentreDepthKm - rupture.topDepthKm) * cosDip) / sinDip : 0;
  const halfLength = rupture.lengthKm / 2;
  const projectedWidth = rupture.widthKm * cosDip;
  const ztor = rupture.topDepthKm;

  for (let i = 0; i < latitudes.length; i++) {
    let dLon = longitudes[i] - epicentre.longitude;
    if (dLon > 180) dLon -= 360;
    else if (dLon < -180) dLon += 360;
    const east = dLon * eastPerDegree;
    const north = (latitudes[i] - epicentre.latitude) * northPerDegree;
    // Site relative to the centre of the top edge: u along strike, v horizontal in the dip direction.
    const u = east * strikeEast + north * strikeNorth;
    const v = east * dipEast + north * dipNorth + topOffsetKm;
    const beyondEnd = Math.max(0, Math.abs(u) - halfLength);
    const acrossProjection = v < 0 ? -v : v > projectedWidth ? v - projectedWidth : 0;
    out.rjbKm[i] = Math.hypot(beyondEnd, acrossProjection);
    out.rxKm[i] = v;
    out.ry0Km[i] = beyondEnd;
    // In the plane: a along strike, b down dip from the top edge, n normal to the plane.
    const b = v * cosDip - ztor * sinDip;
    const n = -v * sinDip - ztor * cosDip;
    const db = b < 0 ? -b : b > rupture.widthKm ? b - rupture.widthKm : 0;
    out.rrupKm[i] = Math.sqrt(beyondEnd * beyondEnd + db * db + n * n);
  }
}

/**
 * Wells & Coppersmith (1994, BSSA 84(4):974–1002, Table 2A, all slip types) rupture width from
 * moment magnitude: log10 W = −1.01 + 0.32 M (km). Used only for the width and top depth that
 * ASK14 needs when a point source is given.
 */
export function wellsCoppersmithWidthKm(magnitude: number): number {
  return 10 ** (-1.01 + 0.32 * magnitude);
}
