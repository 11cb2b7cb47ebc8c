// Boore, D.M. and Atkinson, G.M. (2008). Ground-motion prediction equations for the average
// horizontal component of PGA, PGV, and 5%-damped PSA at spectral periods between 0.01 s and
// 10.0 s. Earthquake Spectra 24(1), 99-138. Site amplification, eq. 6-8 and 13, relative to
// Vref = 760 m/s, in natural-log units.
//
// Atkinson & Boore (2006) apply this function to their B/C-boundary equations for soil and soft
// rock: the 2006 paper printed a preliminary version, and the authors' programs (and OpenQuake)
// use the final 2008 one, as here.

import type { Ba08SiteCoefficients } from './ab06Coefficients.js';

const REFERENCE_VS30 = 760;
const V1 = 180;
const V2 = 300;
/** PGA thresholds (g) of the nonlinear term, eq. 8: a1, a2 and PGAlow. */
const A1 = 0.03;
const A2 = 0.09;
const PGA_LOW = 0.06;

/** Nonlinear slope b_nl(Vs30), eq. 13a-d. */
function nonlinearSlope(c: Ba08SiteCoefficients, vs30: number): number {
  if (vs30 <= V1) return c.b1;
  if (vs30 <= V2) return (c.b1 - c.b2) * (Math.log(vs30 / V2) / Math.log(V1 / V2)) + c.b2;
  if (vs30 < REFERENCE_VS30) return c.b2 * (Math.log(vs30 / REFERENCE_VS30) / Math.log(V2 / REFERENCE_VS30));
  return 0;
}

/** F_NL, eq. 8a-c: constant below a1, cubic smoothing between a1 and a2, log-linear above. */
function nonlinearTerm(slope: number, pgaRockG: number): number {
  if (pgaRockG <= A1) return slope * Math.log(PGA_LOW / 0.1);
  if (pgaRockG <= A2) {
    const dx = Math.log(A2 / A1);
    const dy = slope * Math.log(A2 / PGA_LOW);
    const c = (3 * dy - slope * dx) / (dx * dx);
    const d = -(2 * dy - slope * dx) / (dx * dx * dx);
    const x = Math.log(pgaRockG / A1);
    return slope * Math.log(PGA_LOW / 0.1) + c * x * x + d * x * x * x;
  }
  return slope * Math.log(pgaRockG / 0.1);
}

/**
 * ln of the site amplification F_S = F_LIN + F_NL (eq. 6-8) at `vs30`, given the PGA (g) on the
 * reference 760 m/s condition.
 */
export function ba08LnSiteAmplification(c: Ba08SiteCoefficients, vs30: number, pgaRockG: number): number {
  return c.blin * Math.log(vs30 / REFERENCE_VS30) + nonlinearTerm(nonlinearSlope(c, vs30), pgaRockG);
}
