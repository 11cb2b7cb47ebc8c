// Atkinson, G.M. and Boore, D.M. (2006). Earthquake ground-motion prediction equations for
// eastern North America. Bulletin of the Seismological Society of America 96(6), 2181-2205;
// optionally with the magnitude-dependent stress parameter of Atkinson, G.M. and Boore, D.M.
// (2011). Modifications to existing ground-motion prediction equations in light of new data.
// BSSA 101(3), 1121-1135 (eq. 6 there).
//
// Stable continental crust (central and eastern North America). Horizontal component (geometric
// mean); Y in g (PGA, PSA) or cm/s (PGV). Distance is the closest distance to the rupture Rrup,
// floored at 1 km because the equations are singular at zero distance (p. 2182).
//
// log10 Y = c1 + c2 M + c3 M^2 + (c4 + c5 M) f1 + (c6 + c7 M) f2 + (c8 + c9 M) f0 + c10 R + S
//           + stress adjustment                                                          (eq. 5)
// f0 = max(log10(R0/R), 0), f1 = min(log10 R, log10 R1), f2 = max(log10(R/R2), 0),
// R0 = 10, R1 = 70, R2 = 140 km.
//
// Site handling: Vs30 >= 2000 m/s uses the hard-rock coefficients (Table 6) with no site term;
// below 2000 m/s the B/C-boundary coefficients (Table 9, Vs30 = 760) plus the Boore & Atkinson
// (2008) amplification S driven by PGA on B/C (p. 2200). Total sigma only: 0.30 log10 units; the
// registry's AB06_MODEL splits it with the τ of Al Atik (2015) (alAtik2015Tau.ts).

import {
  AB06_BC_COEFFICIENTS,
  AB06_HARD_ROCK_COEFFICIENTS,
  AB06_STRESS_COEFFICIENTS,
  BA08_SITE_COEFFICIENTS,
  type Ab06Coefficients,
  type Ab06StressCoefficients,
  type Ba08SiteCoefficients,
} from './ab06Coefficients.js';
import { assignCenaSplit, assignCenaSplitSites } from './alAtik2015Tau.js';
import { ba08LnSiteAmplification } from './ba08SiteAmplification.js';
import { coefficientsFor, indexCoefficients } from './coefficientLookup.js';
import { checkOutputLength, emptyGroundMotion, type GroundMotion, type GroundMotionArrays } from './groundMotion.js';
import type { IntensityMeasure } from './intensityMeasure.js';
import { imtsOf, required, supportCheck, type GroundMotionModel } from './descriptor.js';

/** 'original' = the 140-bar equations of 2006; 'atkinson_boore_2011' = the 2011 M-dependent stress. */
export type Ab06StressParameter = 'original' | 'atkinson_boore_2011';

export interface Ab06Options {
  /** Default 'atkinson_boore_2011'. */
  readonly stressParameter?: Ab06StressParameter;
}

export interface Ab06Rupture {
  /** Moment magnitude. */
  readonly magnitude: number;
}

export interface Ab06Site {
  /** Closest distance to the rupture, km. */
  readonly rrupKm: number;
  /** Vs30, m/s. */
  readonly vs30: number;
}

export interface Ab06SiteArrays {
  readonly rrupKm: Float64Array;
  readonly vs30: Float64Array;
}

/** Total standard deviation, 0.30 log10 units (Tables 6 and 9), in natural-log units. */
export const AB06_SIGMA = 0.3 * Math.LN10;

const HARD_ROCK_VS30 = 2000;
const R0_KM = 10;
const R1_KM = 70;
const R2_KM = 140;
const STANDARD_GRAVITY = 9.80665;

const HARD_ROCK = indexCoefficients('AB06', AB06_HARD_ROCK_COEFFICIENTS);
const BC = indexCoefficients('AB06', AB06_BC_COEFFICIENTS);
const STRESS = indexCoefficients('AB06', AB06_STRESS_COEFFICIENTS);
const SITE = indexCoefficients('BA08 site amplification', BA08_SITE_COEFFICIENTS);

/**
 * log2 of the stress parameter relative to 140 bars. AB11 eq. 6: stress = 10^(3.45 - 0.2 M) bars,
 * held at its M5 value (10^2.45 = 282 bars) below M5.
 */
function stressScaleFactor(magnitude: number, stressParameter: Ab06StressParameter): number {
  if (stressParameter === 'original') return 0;
  const stressBars = 10 ** (3.45 - 0.2 * Math.max(magnitude, 5));
  return Math.log10(stressBars / 140) / Math.log10(2);
}

/** AB06 eq. 6: log10 of the factor for doubling the stress, times the number of doublings. */
function stressAdjustment(s: Ab06StressCoefficients, magnitude: number, scaleFactor: number): number {
  if (scaleFactor === 0) return 0;
  return scaleFactor * Math.min(s.delta + 0.05, 0.05 + (s.delta * Math.max(magnitude - s.m1, 0)) / (s.mh - s.m1));
}

/** The distance-independent part of eq. 5 and the magnitude-dependent distance slopes. */
interface PreparedEquation {
  readonly constant: number;
  readonly slopeF1: number;
  readonly slopeF2: number;
  readonly slopeF0: number;
  readonly c10: number;
}

function prepareEquation(c: Ab06Coefficients, magnitude: number, stress: number): PreparedEquation {
  return {
    constant: c.c1 + c.c2 * magnitude + c.c3 * magnitude * magnitude + stress,
    slopeF1: c.c4 + c.c5 * magnitude,
    slopeF2: c.c6 + c.c7 * magnitude,
    slopeF0: c.c8 + c.c9 * magnitude,
    c10: c.c10,
  };
}

/** log10 Y of eq. 5 without the site term, at distance R (km, already floored at 1). */
function log10Motion(equation: PreparedEquation, distanceKm: number): number {
  const logR = Math.log10(distanceKm);
  const f0 = Math.max(Math.log10(R0_KM) - logR, 0);
  const f1 = Math.min(logR, Math.log10(R1_KM));
  const f2 = Math.max(logR - Math.log10(R2_KM), 0);
  return equation.constant + equation.slopeF1 * f1 + equation.slopeF2 * f2 + equation.slopeF0 * f0 + equation.c10 * distanceKm;
}

interface PreparedEvent {
  readonly isPgv: boolean;
  readonly hardRock: PreparedEquation;
  readonly bc: PreparedEquation;
  /** PGA on the B/C boundary, which drives the nonlinear site amplification. */
  readonly pgaBc: PreparedEquation;
  readonly site: Ba08SiteCoefficients;
}

function prepare(rupture: Ab06Rupture, imt: IntensityMeasure, options: Ab06Options): PreparedEvent {
  const magnitude = rupture.magnitude;
  const scaleFactor = stressScaleFactor(magnitude, options.stressParameter ?? 'atkinson_boore_2011');
  const stress = stressAdjustment(coefficientsFor(STRESS, imt), magnitude, scaleFactor);
  // PGA on B/C carries the PGA stress adjustment, so the site nonlinearity sees the same PGA the
  // model predicts for a 760 m/s site.
  const pgaStress = stressAdjustment(coefficientsFor(STRESS, 'pga'), magnitude, scaleFactor);
  return {
    isPgv: imt === 'pgv',
    hardRock: prepareEquation(coefficientsFor(HARD_ROCK, imt), magnitude, stress),
    bc: prepareEquation(coefficientsFor(BC, imt), magnitude, stress),
    pgaBc: prepareEquation(coefficientsFor(BC, 'pga'), magnitude, pgaStress),
    site: coefficientsFor(SITE, imt),
  };
}

/** cm/s^2 -> g for accelerations; PGV stays in cm/s. */
function toOutputUnits(event: PreparedEvent, log10Value: number): number {
  const value = 10 ** log10Value;
  return event.isPgv ? value : value / (100 * STANDARD_GRAVITY);
}

function median(event: PreparedEvent, rrupKm: number, vs30: number): number {
  const distanceKm = Math.max(rrupKm, 1);
  if (vs30 >= HARD_ROCK_VS30) return toOutputUnits(event, log10Motion(event.hardRock, distanceKm));
  const pgaBcG = 10 ** log10Motion(event.pgaBc, distanceKm) / (100 * STANDARD_GRAVITY);
  const lnAmplification = ba08LnSiteAmplification(event.site, vs30, pgaBcG);
  return toOutputUnits(event, log10Motion(event.bc, distanceKm) + lnAmplification / Math.LN10);
}

/** AB06 median and total sigma at one site (tau and phi are not published: NaN). */
export function ab06(
  rupture: Ab06Rupture,
  site: Ab06Site,
  imt: IntensityMeasure,
  options: Ab06Options = {},
  out: GroundMotion = emptyGroundMotion(),
): GroundMotion {
  out.median = median(prepare(rupture, imt, options), site.rrupKm, site.vs30);
  out.tau = NaN;
  out.phi = NaN;
  out.sigma = AB06_SIGMA;
  return out;
}

/** AB06 for many sites of one rupture; fills `out` in place. */
export function ab06ForSites(rupture: Ab06Rupture, sites: Ab06SiteArrays, imt: IntensityMeasure, options: Ab06Options, out: GroundMotionArrays): void {
  const siteCount = sites.rrupKm.length;
  if (sites.vs30.length !== siteCount) throw new RangeError('AB06: rrupKm and vs30 must have one entry per site');
  checkOutputLength(out, siteCount);
  const event = prepare(rupture, imt, options);
  for (let i = 0; i < siteCount; i++) {
    out.median[i] = median(event, sites.rrupKm[i], sites.vs30[i]);
    out.tau[i] = NaN;
    out.phi[i] = NaN;
    out.sigma[i] = AB06_SIGMA;
  }
}

export const AB06_MODEL: GroundMotionModel<'AB06'> = {
  id: 'AB06',
  citation:
    'Atkinson, G.M. and Boore, D.M. (2006). Earthquake ground-motion prediction equations for eastern North America. Bulletin of the Seismological Society of America 96(6), 2181-2205; with the stress parameter of Atkinson, G.M. and Boore, D.M. (2011). Modifications to existing ground-motion prediction equations in light of new data. BSSA 101(3), 1121-1135.',
  tectonicSetting: 'stable continental crust',
  distanceMetrics: ['rrup'],
  ruptureParameters: ['magnitude'],
  siteParameters: ['vs30'],
  // AB06 tabulates 0.315 s, not 0.3 s: 'sa(0.3)' is supported by interpolation.
  supportedImts: imtsOf(AB06_BC_COEFFICIENTS),
  supports: supportCheck('AB06', AB06_BC_COEFFICIENTS),
  // The paper gives a total σ only; τ comes from Al Atik (2015)'s CENA model (alAtik2015Tau.ts).
  standardDeviations: 'total-with-assigned-split',
  evaluate: (rupture, site, imt, out = emptyGroundMotion()) =>
    assignCenaSplit(
      rupture.magnitude,
      imt,
      ab06({ magnitude: rupture.magnitude }, { rrupKm: required(site.rrupKm, 'rrupKm', 'AB06'), vs30: site.vs30 }, imt, {}, out),
    ),
  evaluateSites: (rupture, sites, imt, out) => {
    ab06ForSites({ magnitude: rupture.magnitude }, { rrupKm: required(sites.rrupKm, 'rrupKm', 'AB06'), vs30: sites.vs30 }, imt, {}, out);
    assignCenaSplitSites(rupture.magnitude, imt, out);
  },
};
