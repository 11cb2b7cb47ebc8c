// Abrahamson, N.A., Silva, W.J. and Kamai, R. (2014). Summary of the ASK14 ground motion relation
// for active crustal regions. Earthquake Spectra 30(3), 1025-1055. Equation numbers are the paper's.
//
// California (the model's default region; the regional terms f11/f13 are zero). RotD50 horizontal
// component; Y in g (PGA, PSA) or cm/s (PGV).
//
// ln Y = f1(M, Rrup) + FRV f7(M) + FN f8(M) + f5(Sa1180, Vs30) + FHW f4(Rjb, Rrup, Rx, Ry0, W, dip,
//        Ztor, M) + f6(Ztor) + f10(Z1, Vs30)                                              (eq. 1)
//
// Sa1180 is the median on reference rock (Vs30 = 1180 m/s) with the site's own rupture geometry;
// it drives the nonlinear site term and the site-response derivative in the standard deviations.

import { ASK14_COEFFICIENTS, type Ask14Coefficients } from './ask14Coefficients.js';
import { ask14CaliforniaReferenceZ1Km } from './basinDepthModels.js';
import { coefficientsFor, indexCoefficients } from './coefficientLookup.js';
import { checkOutputLength, emptyGroundMotion, type GroundMotion, type GroundMotionArrays } from './groundMotion.js';
import { parseIntensityMeasure, type IntensityMeasure } from './intensityMeasure.js';
import { imtsOf, required, supportCheck, type GroundMotionModel, type RuptureInput } from './descriptor.js';

export interface Ask14Rupture {
  /** Moment magnitude. */
  readonly magnitude: number;
  /** Rake, degrees: 30 < rake < 150 reverse, -150 < rake < -30 normal, otherwise strike-slip. */
  readonly rakeDegrees: number;
  /** Dip, degrees. */
  readonly dipDegrees: number;
  /** Depth to the top of rupture, km. */
  readonly ztorKm: number;
  /** Down-dip rupture width, km. */
  readonly widthKm: number;
}

export interface Ask14Site {
  /** Closest distance to the rupture plane, km. */
  readonly rrupKm: number;
  /** Joyner-Boore distance, km; used only for the hanging-wall end taper when ry0Km is unknown (eq. 15b). */
  readonly rjbKm: number;
  /** Horizontal distance from the top edge of rupture, measured perpendicular to strike, km (positive on the hanging wall). */
  readonly rxKm: number;
  /** Horizontal distance off the end of the rupture, measured parallel to strike, km; undefined (or NaN) = unknown. */
  readonly ry0Km?: number;
  /** Vs30, m/s. */
  readonly vs30: number;
  /** Whether Vs30 was measured (selects phi coefficients s1m/s2m) or inferred (s1e/s2e). */
  readonly vs30Measured: boolean;
  /** Depth to Vs = 1.0 km/s, metres; undefined (or NaN) uses the California reference z1 of eq. 18. */
  readonly z1Metres?: number;
}

/**
 * Per-site inputs of a batch evaluation. vs30Measured: 1 measured, 0 inferred (absent: all
 * inferred); ry0Km absent or NaN: unknown (eq. 15b); z1Metres absent or NaN: California reference.
 */
export interface Ask14SiteArrays {
  readonly rrupKm: Float64Array;
  readonly rjbKm: Float64Array;
  readonly rxKm: Float64Array;
  readonly ry0Km?: Float64Array;
  readonly vs30: Float64Array;
  readonly vs30Measured?: Uint8Array | Float64Array;
  readonly z1Metres?: Float64Array;
}

// IMT-independent constants (page 1032-1040).
const SITE_N = 1.5;
const M2 = 5;
const HW_H1 = 0.25;
const HW_H2 = 1.5;
const HW_H3 = -0.75;
const HW_A2 = 0.2;
const ROCK_VS30 = 1180;
/** phi_amp of eq. 27 (within-event site-amplification variability). */
const PHI_AMP = 0.4;

const COEFFICIENTS = indexCoefficients('ASK14', ASK14_COEFFICIENTS);

/** V1 of eq. 9, the Vs30 above which site scaling is flat. */
function vs30Cap(imt: IntensityMeasure): number {
  const key = parseIntensityMeasure(imt);
  if (typeof key !== 'number' || key <= 0.5) return 1500;
  if (key < 3) return Math.exp(-0.35 * Math.log(key / 0.5) + Math.log(1500));
  return 800;
}

/** Everything that depends on the rupture and the intensity measure but not on the site. */
interface PreparedEvent {
  readonly c: Ask14Coefficients;
  readonly vs30Cap: number;
  /** f1 without the distance-dependent parts: constant plus magnitude scaling. */
  readonly magnitudeTerm: number;
  /** Coefficient of ln R in f1. */
  readonly lnDistanceSlope: number;
  /** c4M, the magnitude-dependent fictitious depth of eq. 4. */
  readonly fictitiousDepth: number;
  /** f7 or f8 for the rupture's mechanism (eq. 5-6). */
  readonly faultingTerm: number;
  /** f6, eq. 16. */
  readonly ztorTerm: number;
  /** T1 * T2 * T4 of the hanging-wall model (site-independent tapers, eq. 11, 12, 14), times a13. */
  readonly hangingWallScale: number;
  /** W cos(dip), R1 of eq. 13. */
  readonly hangingWallR1: number;
  readonly tauA: number;
  readonly phiAMeasured: number;
  readonly phiAEstimated: number;
  /** f5 on reference rock (Vs30 = 1180 m/s; eq. 17 with Vs30 >= Vlin). */
  readonly rockSiteTerm: number;
}

function magnitudeTerm(c: Ask14Coefficients, magnitude: number): { constant: number; lnDistanceSlope: number } {
  // f1, eq. 2: three magnitude segments hinged at M1 (period dependent) and M2 = 5.
  if (magnitude >= c.m1) {
    return { constant: c.a1 + c.a5 * (magnitude - c.m1) + c.a8 * (8.5 - magnitude) ** 2, lnDistanceSlope: c.a2 + c.a3 * (magnitude - c.m1) };
  }
  if (magnitude >= M2) {
    return { constant: c.a1 + c.a4 * (magnitude - c.m1) + c.a8 * (8.5 - magnitude) ** 2, lnDistanceSlope: c.a2 + c.a3 * (magnitude - c.m1) };
  }
  return {
    constant: c.a1 + c.a4 * (M2 - c.m1) + c.a8 * (8.5 - M2) ** 2 + c.a6 * (magnitude - M2) + c.a7 * (magnitude - M2) ** 2,
    lnDistanceSlope: c.a2 + c.a3 * (M2 - c.m1),
  };
}

function fictitiousDepth(c: Ask14Coefficients, magnitude: number): number {
  // eq. 4: c4 above M5, tapering to 1 km at M4.
  if (magnitude > 5) return c.c4;
  if (magnitude > 4) return c.c4 - (c.c4 - 1) * (5 - magnitude);
  return 1;
}

function faultingTerm(c: Ask14Coefficients, rupture: Ask14Rupture): number {
  // eq. 5-6: full reverse/normal adjustment above M5, tapered linearly to zero at M4.
  const taper = Math.min(Math.max(rupture.magnitude - 4, 0), 1);
  if (rupture.rakeDegrees > 30 && rupture.rakeDegrees < 150) return c.a11 * taper;
  if (rupture.rakeDegrees > -150 && rupture.rakeDegrees < -30) return c.a12 * taper;
  return 0;
}

function hangingWallScale(c: Ask14Coefficients, rupture: Ask14Rupture): number {
  if (rupture.dipDegrees === 90) return 0;
  // T1, eq. 11: dip taper.
  const dipTaper = rupture.dipDegrees <= 30 ? 60 / 45 : (90 - rupture.dipDegrees) / 45;
  // T2, eq. 12: magnitude taper with a2HW = 0.2.
  const dm = rupture.magnitude - 6.5;
  const magnitudeTaper = rupture.magnitude > 6.5 ? 1 + HW_A2 * dm : rupture.magnitude > 5.5 ? 1 + HW_A2 * dm - (1 - HW_A2) * dm * dm : 0;
  // T4, eq. 14: depth-to-top taper.
  const depthTaper = rupture.ztorKm <= 10 ? 1 - (rupture.ztorKm * rupture.ztorKm) / 100 : 0;
  return c.a13 * dipTaper * magnitudeTaper * depthTaper;
}

/** tau_A(M), eq. 25. */
function tauA(c: Ask14Coefficients, magnitude: number): number {
  if (magnitude < 5) return c.s3;
  if (magnitude <= 7) return c.s3 + ((c.s4 - c.s3) / 2) * (magnitude - 5);
  return c.s4;
}

/** phi_A(M), eq. 24. */
function phiA(s1: number, s2: number, magnitude: number): number {
  if (magnitude < 4) return s1;
  if (magnitude <= 6) return s1 + ((s2 - s1) / 2) * (magnitude - 4);
  return s2;
}

function prepare(rupture: Ask14Rupture, imt: IntensityMeasure): PreparedEvent {
  const c = coefficientsFor(COEFFICIENTS, imt);
  const magnitude = magnitudeTerm(c, rupture.magnitude);
  const cap = vs30Cap(imt);
  return {
    c,
    vs30Cap: cap,
    magnitudeTerm: magnitude.constant,
    lnDistanceSlope: magnitude.lnDistanceSlope,
    fictitiousDepth: fictitiousDepth(c, rupture.magnitude),
    faultingTerm: faultingTerm(c, rupture),
    ztorTerm: c.a15 * Math.min(rupture.ztorKm / 20, 1),
    hangingWallScale: hangingWallScale(c, rupture),
    hangingWallR1: rupture.widthKm * Math.cos((rupture.dipDegrees * Math.PI) / 180),
    tauA: tauA(c, rupture.magnitude),
    phiAMeasured: phiA(c.s1m, c.s2m, rupture.magnitude),
    phiAEstimated: phiA(c.s1e, c.s2e, rupture.magnitude),
    rockSiteTerm: (c.a10 + c.b * SITE_N) * Math.log(Math.min(ROCK_VS30, cap) / c.vlin),
  };
}

/** Hanging-wall term FHW f4 (eq. 10-15). */
function hangingWallTerm(event: PreparedEvent, rxKm: number, ry0Km: number | undefined, rjbKm: number): number {
  if (event.hangingWallScale === 0 || !(rxKm > 0)) return 0;
  // T3, eq. 13: distance taper across the hanging wall, R2 = 3 R1.
  const r1 = event.hangingWallR1;
  const r2 = 3 * r1;
  let rxTaper: number;
  if (rxKm < r1) rxTaper = HW_H1 + HW_H2 * (rxKm / r1) + HW_H3 * (rxKm / r1) ** 2;
  else if (rxKm <= r2) rxTaper = 1 - (rxKm - r1) / (r2 - r1);
  else return 0;
  return event.hangingWallScale * rxTaper * endTaper(rxKm, ry0Km, rjbKm);
}

/** T5: eq. 15a from Ry0 (with Ry1 = Rx tan 20 deg), or eq. 15b from Rjb when Ry0 is unknown. */
function endTaper(rxKm: number, ry0Km: number | undefined, rjbKm: number): number {
  if (ry0Km === undefined || Number.isNaN(ry0Km)) {
    if (rjbKm === 0) return 1;
    return rjbKm < 30 ? 1 - rjbKm / 30 : 0;
  }
  const beyondEnd = ry0Km - rxKm * Math.tan((20 * Math.PI) / 180);
  if (beyondEnd <= 0) return 1;
  return beyondEnd < 5 ? 1 - beyondEnd / 5 : 0;
}

/** The terms of eq. 1 that do not depend on Vs30 or z1 (shared by the site and the 1180 m/s rock). */
function sourceAndPathTerms(event: PreparedEvent, site: SiteValues): number {
  const { rrupKm } = site;
  const distance = Math.sqrt(rrupKm * rrupKm + event.fictitiousDepth * event.fictitiousDepth);
  return (
    event.magnitudeTerm +
    event.lnDistanceSlope * Math.log(distance) +
    event.c.a17 * rrupKm +
    event.faultingTerm +
    hangingWallTerm(event, site.rxKm, site.ry0Km, site.rjbKm) +
    event.ztorTerm
  );
}

/** f5, eq. 17, for a site below or above Vlin. */
function siteTerm(event: PreparedEvent, vs30: number, sa1180: number): number {
  const { c } = event;
  const velocityRatio = Math.min(vs30, event.vs30Cap) / c.vlin;
  if (vs30 >= c.vlin) return (c.a10 + c.b * SITE_N) * Math.log(velocityRatio);
  return c.a10 * Math.log(velocityRatio) - c.b * Math.log(sa1180 + c.c) + c.b * Math.log(sa1180 + c.c * velocityRatio ** SITE_N);
}

/** f10, eq. 19 with the Vs30 dependence interpolated as in the application guidelines (page 1044). */
function soilDepthTerm(c: Ask14Coefficients, vs30: number, z1Metres: number | undefined): number {
  if (z1Metres === undefined || Number.isNaN(z1Metres)) return 0;
  const referenceKm = ask14CaliforniaReferenceZ1Km(vs30);
  const depthRatio = Math.log((z1Metres / 1000 + 0.01) / (referenceKm + 0.01));
  return soilDepthScaling(c, vs30) * depthRatio;
}

/** Piecewise-linear in Vs30 through a43 (<= 150 m/s), a44 (250), a45 (400), a46 (>= 700). */
function soilDepthScaling(c: Ask14Coefficients, vs30: number): number {
  if (vs30 <= 150) return c.a43;
  if (vs30 <= 250) return c.a43 + ((c.a44 - c.a43) * (vs30 - 150)) / 100;
  if (vs30 <= 400) return c.a44 + ((c.a45 - c.a44) * (vs30 - 250)) / 150;
  if (vs30 <= 700) return c.a45 + ((c.a46 - c.a45) * (vs30 - 400)) / 300;
  return c.a46;
}

/** d ln(Amp) / d ln(Sa1180), eq. 30: zero for linear sites (Vs30 >= Vlin). */
function siteAmplificationDerivative(c: Ask14Coefficients, vs30: number, sa1180: number): number {
  if (vs30 >= c.vlin) return 0;
  return c.b * sa1180 * (-1 / (sa1180 + c.c) + 1 / (sa1180 + c.c * (vs30 / c.vlin) ** SITE_N));
}

interface SiteValues {
  rrupKm: number;
  rjbKm: number;
  rxKm: number;
  ry0Km?: number;
  vs30: number;
  vs30Measured: boolean;
  z1Metres?: number;
}

function evaluate(event: PreparedEvent, site: SiteValues, out: GroundMotion): void {
  const sourceAndPath = sourceAndPathTerms(event, site);
  const sa1180 = Math.exp(sourceAndPath + event.rockSiteTerm);
  out.median = Math.exp(sourceAndPath + siteTerm(event, site.vs30, sa1180) + soilDepthTerm(event.c, site.vs30, site.z1Metres));
  // Standard deviations, eq. 24-29: the between- and within-event terms are inflated by the
  // nonlinear site response (1 + dAmp); phi_amp is kept below phi_A when phi_A < 0.4.
  const derivative = siteAmplificationDerivative(event.c, site.vs30, sa1180);
  const phiAlpha = site.vs30Measured ? event.phiAMeasured : event.phiAEstimated;
  const phiAmp = phiAlpha < PHI_AMP ? 0.99 * phiAlpha : PHI_AMP;
  const phiBSquared = phiAlpha * phiAlpha - phiAmp * phiAmp;
  const phi = Math.sqrt(phiBSquared * (1 + derivative) ** 2 + phiAmp * phiAmp);
  const tau = event.tauA * (1 + derivative);
  out.tau = tau;
  out.phi = phi;
  out.sigma = Math.sqrt(tau * tau + phi * phi);
}

/** ASK14 (California) median and standard deviations at one site. Writes into and returns `out`. */
export function ask14(rupture: Ask14Rupture, site: Ask14Site, imt: IntensityMeasure, out: GroundMotion = emptyGroundMotion()): GroundMotion {
  evaluate(prepare(rupture, imt), site, out);
  return out;
}

/** ASK14 for many sites of one rupture; fills `out` in place. */
export function ask14ForSites(rupture: Ask14Rupture, sites: Ask14SiteArrays, imt: IntensityMeasure, out: GroundMotionArrays): void {
  const siteCount = sites.rrupKm.length;
  for (const name of ['rjbKm', 'rxKm', 'ry0Km', 'vs30', 'vs30Measured', 'z1Metres'] as const) {
    const values = sites[name];
    if (values && values.length !== siteCount) throw new RangeError(`ASK14: ${name} must have one entry per site`);
  }
  checkOutputLength(out, siteCount);
  const event = prepare(rupture, imt);
  const site: SiteValues = { rrupKm: 0, rjbKm: 0, rxKm: 0, ry0Km: 0, vs30: 0, vs30Measured: true, z1Metres: undefined };
  const result = emptyGroundMotion();
  for (let i = 0; i < siteCount; i++) {
    site.rrupKm = sites.rrupKm[i];
    site.rjbKm = sites.rjbKm[i];
    site.rxKm = sites.rxKm[i];
    site.ry0Km = sites.ry0Km ? sites.ry0Km[i] : undefined;
    site.vs30 = sites.vs30[i];
    site.vs30Measured = sites.vs30Measured ? sites.vs30Measured[i] !== 0 : false;
    site.z1Metres = sites.z1Metres ? sites.z1Metres[i] : undefined;
    evaluate(event, site, result);
    out.median[i] = result.median;
    out.tau[i] = result.tau;
    out.phi[i] = result.phi;
    out.sigma[i] = result.sigma;
  }
}

function ask14Rupture(rupture: RuptureInput) {
  return {
    magnitude: rupture.magnitude,
    rakeDegrees: required(rupture.rakeDegrees, 'rakeDegrees', 'ASK14'),
    dipDegrees: required(rupture.dipDegrees, 'dipDegrees', 'ASK14'),
    ztorKm: required(rupture.ztorKm, 'ztorKm', 'ASK14'),
    widthKm: required(rupture.widthKm, 'widthKm', 'ASK14'),
  };
}

export const ASK14_MODEL: GroundMotionModel<'ASK14'> = {
  id: 'ASK14',
  citation:
    'Abrahamson, N.A., Silva, W.J. and Kamai, R. (2014). Summary of the ASK14 ground motion relation for active crustal regions. Earthquake Spectra 30(3), 1025-1055.',
  tectonicSetting: 'active shallow crust',
  distanceMetrics: ['rrup', 'rjb', 'rx', 'ry0'],
  ruptureParameters: ['magnitude', 'rake', 'dip', 'ztor', 'width'],
  siteParameters: ['vs30', 'vs30Measured', 'z1'],
  supportedImts: imtsOf(ASK14_COEFFICIENTS),
  supports: supportCheck('ASK14', ASK14_COEFFICIENTS),
  standardDeviations: 'tau-phi-sigma',
  // Optional: ry0 (unknown -> Rjb end taper), vs30Measured (absent -> inferred), z1 (absent -> California reference).
  evaluate: (rupture, site, imt, out = emptyGroundMotion()) =>
    ask14(
      ask14Rupture(rupture),
      {
        rrupKm: required(site.rrupKm, 'rrupKm', 'ASK14'),
        rjbKm: required(site.rjbKm, 'rjbKm', 'ASK14'),
        rxKm: required(site.rxKm, 'rxKm', 'ASK14'),
        ry0Km: site.ry0Km,
        vs30: site.vs30,
        vs30Measured: site.vs30Measured ?? false,
        z1Metres: site.z1Metres,
      },
      imt,
      out,
    ),
  evaluateSites: (rupture, sites, imt, out) =>
    ask14ForSites(
      ask14Rupture(rupture),
      {
        rrupKm: required(sites.rrupKm, 'rrupKm', 'ASK14'),
        rjbKm: required(sites.rjbKm, 'rjbKm', 'ASK14'),
        rxKm: required(sites.rxKm, 'rxKm', 'ASK14'),
        ry0Km: sites.ry0Km,
        vs30: sites.vs30,
        vs30Measured: sites.vs30Measured,
        z1Metres: sites.z1Metres,
      },
      imt,
      out,
    ),
};
