// Boore, D.M., Stewart, J.P., Seyhan, E. and Atkinson, G.M. (2014). NGA-West2 equations for
// predicting PGA, PGV, and 5% damped PSA for shallow crustal earthquakes. Earthquake Spectra
// 30(3), 1057-1085. Equation numbers below are the paper's.
//
// ln Y = F_E(M, mechanism) + F_P(R_JB, M, region) + F_S(Vs30, R_JB, M, region, z1)      (eq. 1)
//
// RotD50 horizontal component; Y in g (PGA, PSA) or cm/s (PGV). Distance is Joyner-Boore R_JB.
// The nonlinear site term needs PGA on reference rock (Vs30 = 760 m/s), which is the same
// equation evaluated with the PGA coefficients and no site term (eq. 7-8).
//
// Region choices follow OpenQuake's BooreEtAl2014 (whose verification tables the tests use):
// 'global' has no basin term; 'california' and 'japan' add the basin term (eq. 9-10) with that
// region's centred z1 model (eq. 11, 12) and keep the global anelastic attenuation (dc3 = 0).
// The paper's regional anelastic adjustment (Table 3 dc3: China/Turkey, Italy/Japan) is selected
// separately with `anelasticAttenuation`, e.g. { region: 'japan', anelasticAttenuation: 'italy_japan' }.

import { BSSA14_COEFFICIENTS, type Bssa14Coefficients } from './bssa14Coefficients.js';
import { bssa14CaliforniaMeanZ1Km, bssa14JapanMeanZ1Km } from './basinDepthModels.js';
import { coefficientsFor, indexCoefficients } from './coefficientLookup.js';
import { checkOutputLength, emptyGroundMotion, type GroundMotion, type GroundMotionArrays } from './groundMotion.js';
import type { IntensityMeasure } from './intensityMeasure.js';
import { imtsOf, required, supportCheck, type GroundMotionModel } from './descriptor.js';

export type Bssa14Region = 'global' | 'california' | 'japan';
export type Bssa14AnelasticAttenuation = 'global' | 'china_turkey' | 'italy_japan';

export interface Bssa14Options {
  /** Basin model (default 'global' = no basin term). */
  readonly region?: Bssa14Region;
  /** Regional anelastic attenuation dc3 (default 'global', dc3 = 0). */
  readonly anelasticAttenuation?: Bssa14AnelasticAttenuation;
}

export interface Bssa14Rupture {
  /** Moment magnitude. */
  readonly magnitude: number;
  /** Rake in degrees; undefined selects the "unspecified mechanism" coefficient e0. */
  readonly rakeDegrees?: number;
}

export interface Bssa14Site {
  /** Joyner-Boore distance, km. */
  readonly rjbKm: number;
  /** Time-averaged shear-wave velocity of the top 30 m, m/s. */
  readonly vs30: number;
  /** Depth to Vs = 1.0 km/s, metres; undefined (or NaN) = unknown, so no basin adjustment. */
  readonly z1Metres?: number;
}

/** Per-site inputs of a batch evaluation; a NaN z1 means "unknown" for that site. */
export interface Bssa14SiteArrays {
  readonly rjbKm: Float64Array;
  readonly vs30: Float64Array;
  readonly z1Metres?: Float64Array;
}

// IMT-independent constants (eq. 3, 6-8 and Table 3 caption).
const REFERENCE_MAGNITUDE = 4.5;
const REFERENCE_DISTANCE_KM = 1;
const REFERENCE_VS30 = 760;
const NONLINEAR_F1 = 0;
const NONLINEAR_F3 = 0.1;
const PHI_V1 = 225;
const PHI_V2 = 300;
/** The basin term applies to periods of at least 0.65 s only (text after eq. 10). */
const BASIN_MIN_PERIOD_S = 0.65;

const COEFFICIENTS = indexCoefficients('BSSA14', BSSA14_COEFFICIENTS);
const PGA_COEFFICIENTS = coefficientsFor(COEFFICIENTS, 'pga');

/** Mechanism coefficient of eq. 2: e0 unspecified, e1 strike-slip, e2 normal, e3 reverse. */
function mechanismCoefficient(coefficients: Bssa14Coefficients, rakeDegrees: number | undefined): number {
  if (rakeDegrees === undefined || Number.isNaN(rakeDegrees)) return coefficients.e0;
  const absoluteRake = Math.abs(rakeDegrees);
  // Rakes within 30 degrees of horizontal are strike-slip; 30 < rake < 150 reverse; the rest normal.
  if (absoluteRake <= 30 || 180 - absoluteRake <= 30) return coefficients.e1;
  if (rakeDegrees > 30 && rakeDegrees < 150) return coefficients.e3;
  return coefficients.e2;
}

/** F_E, eq. 2: hinged quadratic/linear magnitude scaling plus the mechanism term. */
function eventTerm(coefficients: Bssa14Coefficients, rupture: Bssa14Rupture): number {
  const aboveHinge = rupture.magnitude - coefficients.mh;
  const magnitudeScaling = aboveHinge <= 0 ? coefficients.e4 * aboveHinge + coefficients.e5 * aboveHinge * aboveHinge : coefficients.e6 * aboveHinge;
  return mechanismCoefficient(coefficients, rupture.rakeDegrees) + magnitudeScaling;
}

function anelasticCoefficient(coefficients: Bssa14Coefficients, attenuation: Bssa14AnelasticAttenuation): number {
  if (attenuation === 'china_turkey') return coefficients.c3 + coefficients.dc3ChinaTurkey;
  if (attenuation === 'italy_japan') return coefficients.c3 + coefficients.dc3ItalyJapan;
  return coefficients.c3 + coefficients.dc3;
}

/** Everything that depends on the event and the intensity measure but not on the site. */
interface PreparedEvent {
  readonly coefficients: Bssa14Coefficients;
  readonly eventTerm: number;
  /** c1 + c2 (M - Mref) of eq. 3. */
  readonly geometricSpreading: number;
  readonly anelastic: number;
  readonly pgaEventTerm: number;
  readonly pgaGeometricSpreading: number;
  readonly pgaAnelastic: number;
  /** 'none' when the region has no basin model or the period is below 0.65 s. */
  readonly basinModel: 'none' | 'california' | 'japan';
  /** tau(M), eq. 14. */
  readonly tau: number;
  /** phi(M) of eq. 17, before the distance and site adjustments. */
  readonly phiMagnitude: number;
}

/** Linear in M between 4.5 and 5.5 and flat outside (eq. 14 and 17 share this shape). */
function magnitudeInterpolated(magnitude: number, atSmall: number, atLarge: number): number {
  if (magnitude <= 4.5) return atSmall;
  if (magnitude >= 5.5) return atLarge;
  return atSmall + (atLarge - atSmall) * (magnitude - 4.5);
}

function prepare(rupture: Bssa14Rupture, imt: IntensityMeasure, options: Bssa14Options): PreparedEvent {
  const coefficients = coefficientsFor(COEFFICIENTS, imt);
  const attenuation = options.anelasticAttenuation ?? 'global';
  const region = options.region ?? 'global';
  const period = typeof coefficients.imt === 'number' ? coefficients.imt : 0;
  return {
    coefficients,
    eventTerm: eventTerm(coefficients, rupture),
    geometricSpreading: coefficients.c1 + coefficients.c2 * (rupture.magnitude - REFERENCE_MAGNITUDE),
    anelastic: anelasticCoefficient(coefficients, attenuation),
    pgaEventTerm: eventTerm(PGA_COEFFICIENTS, rupture),
    pgaGeometricSpreading: PGA_COEFFICIENTS.c1 + PGA_COEFFICIENTS.c2 * (rupture.magnitude - REFERENCE_MAGNITUDE),
    pgaAnelastic: anelasticCoefficient(PGA_COEFFICIENTS, attenuation),
    basinModel: region === 'global' || period < BASIN_MIN_PERIOD_S ? 'none' : region,
    tau: magnitudeInterpolated(rupture.magnitude, coefficients.tau1, coefficients.tau2),
    phiMagnitude: magnitudeInterpolated(rupture.magnitude, coefficients.phi1, coefficients.phi2),
  };
}

/** F_P, eq. 3-4, with R = sqrt(R_JB^2 + h^2). */
function pathTerm(geometricSpreading: number, anelastic: number, h: number, rjbKm: number): number {
  const distance = Math.sqrt(rjbKm * rjbKm + h * h);
  return geometricSpreading * Math.log(distance / REFERENCE_DISTANCE_KM) + anelastic * (distance - REFERENCE_DISTANCE_KM);
}

/** Basin term F_dz1, eq. 9-10; dz1 = z1 - mu_z1(Vs30) in km. Zero when z1 is unknown. */
function basinTerm(event: PreparedEvent, vs30: number, z1Metres: number | undefined): number {
  if (event.basinModel === 'none' || z1Metres === undefined || Number.isNaN(z1Metres)) return 0;
  const centredZ1Km = event.basinModel === 'japan' ? bssa14JapanMeanZ1Km(vs30) : bssa14CaliforniaMeanZ1Km(vs30);
  const z1DifferenceKm = z1Metres / 1000 - centredZ1Km;
  const { f6, f7 } = event.coefficients;
  return z1DifferenceKm <= f7 / f6 ? f6 * z1DifferenceKm : f7;
}

function lnMedian(event: PreparedEvent, rjbKm: number, vs30: number, z1Metres: number | undefined): number {
  const c = event.coefficients;
  // PGA on reference rock (Vs30 = 760 m/s) drives the nonlinear site response (eq. 7).
  const pgaRock = Math.exp(event.pgaEventTerm + pathTerm(event.pgaGeometricSpreading, event.pgaAnelastic, PGA_COEFFICIENTS.h, rjbKm));
  // F_lin, eq. 6: ln(min(Vs30, Vc) / Vref).
  const linearSite = c.c * Math.log(Math.min(vs30, c.vc) / REFERENCE_VS30);
  // F_nl, eq. 7-8: f2 uses Vs30 capped at 760 m/s, so rock sites get no nonlinearity.
  const f2 = c.f4 * (Math.exp(c.f5 * (Math.min(vs30, 760) - 360)) - Math.exp(c.f5 * (760 - 360)));
  const nonlinearSite = NONLINEAR_F1 + f2 * Math.log((pgaRock + NONLINEAR_F3) / NONLINEAR_F3);
  return event.eventTerm + pathTerm(event.geometricSpreading, event.anelastic, c.h, rjbKm) + linearSite + nonlinearSite + basinTerm(event, vs30, z1Metres);
}

/** phi(M, R_JB, Vs30), eq. 15-17. */
function withinEventPhi(event: PreparedEvent, rjbKm: number, vs30: number): number {
  const c = event.coefficients;
  let phi = event.phiMagnitude;
  if (rjbKm > c.r2) phi += c.deltaPhiR;
  else if (rjbKm > c.r1) phi += c.deltaPhiR * (Math.log(rjbKm / c.r1) / Math.log(c.r2 / c.r1));
  if (vs30 <= PHI_V1) phi -= c.deltaPhiV;
  else if (vs30 < PHI_V2) phi -= c.deltaPhiV * (Math.log(PHI_V2 / vs30) / Math.log(PHI_V2 / PHI_V1));
  return phi;
}

/** BSSA14 median and standard deviations at one site. Writes into and returns `out`. */
export function bssa14(
  rupture: Bssa14Rupture,
  site: Bssa14Site,
  imt: IntensityMeasure,
  options: Bssa14Options = {},
  out: GroundMotion = emptyGroundMotion(),
): GroundMotion {
  const event = prepare(rupture, imt, options);
  const phi = withinEventPhi(event, site.rjbKm, site.vs30);
  out.median = Math.exp(lnMedian(event, site.rjbKm, site.vs30, site.z1Metres));
  out.tau = event.tau;
  out.phi = phi;
  out.sigma = Math.sqrt(event.tau * event.tau + phi * phi);
  return out;
}

/** BSSA14 for many sites of one rupture; fills `out` in place without allocating per site. */
export function bssa14ForSites(rupture: Bssa14Rupture, sites: Bssa14SiteArrays, imt: IntensityMeasure, options: Bssa14Options, out: GroundMotionArrays): void {
  const siteCount = sites.rjbKm.length;
  if (sites.vs30.length !== siteCount || (sites.z1Metres && sites.z1Metres.length !== siteCount)) {
    throw new RangeError('BSSA14: rjbKm, vs30 and z1Metres must have one entry per site');
  }
  checkOutputLength(out, siteCount);
  const event = prepare(rupture, imt, options);
  const z1 = sites.z1Metres;
  for (let i = 0; i < siteCount; i++) {
    const rjbKm = sites.rjbKm[i];
    const vs30 = sites.vs30[i];
    const phi = withinEventPhi(event, rjbKm, vs30);
    out.median[i] = Math.exp(lnMedian(event, rjbKm, vs30, z1 ? z1[i] : undefined));
    out.tau[i] = event.tau;
    out.phi[i] = phi;
    out.sigma[i] = Math.sqrt(event.tau * event.tau + phi * phi);
  }
}

const BSSA14_SUPPORTS = supportCheck('BSSA14', BSSA14_COEFFICIENTS);

/**
 * BSSA14 with the given options. The registry entry uses the California basin model: with z1
 * unknown it equals the global (no basin) model, with z1 known it adds the basin term.
 */
export function bssa14Model(options: Bssa14Options = { region: 'california' }): GroundMotionModel<'BSSA14'> {
  return {
    id: 'BSSA14',
    citation:
      'Boore, D.M., Stewart, J.P., Seyhan, E. and Atkinson, G.M. (2014). NGA-West2 equations for predicting PGA, PGV, and 5% damped PSA for shallow crustal earthquakes. Earthquake Spectra 30(3), 1057-1085.',
    tectonicSetting: 'active shallow crust',
    distanceMetrics: ['rjb'],
    ruptureParameters: ['magnitude', 'rake'],
    siteParameters: ['vs30', 'z1'],
    supportedImts: imtsOf(BSSA14_COEFFICIENTS),
    supports: BSSA14_SUPPORTS,
    standardDeviations: 'tau-phi-sigma',
    evaluate: (rupture, site, imt, out = emptyGroundMotion()) =>
      bssa14(
        { magnitude: rupture.magnitude, rakeDegrees: rupture.rakeDegrees },
        { rjbKm: required(site.rjbKm, 'rjbKm', 'BSSA14'), vs30: site.vs30, z1Metres: site.z1Metres },
        imt,
        options,
        out,
      ),
    evaluateSites: (rupture, sites, imt, out) =>
      bssa14ForSites(
        { magnitude: rupture.magnitude, rakeDegrees: rupture.rakeDegrees },
        { rjbKm: required(sites.rjbKm, 'rjbKm', 'BSSA14'), vs30: sites.vs30, z1Metres: sites.z1Metres },
        imt,
        options,
        out,
      ),
  };
}
