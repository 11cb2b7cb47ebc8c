// The between-event standard deviation τ that hazsim assigns to AB06, which publishes only a
// total σ (docs/gmpe.md, "AB06"): the mean branch of the magnitude-dependent CENA τ model of
// Al Atik, L. (2015). NGA-East: Ground-motion standard deviation models for central and eastern
// North America. PEER Report 2015/07, Pacific Earthquake Engineering Research Center, chapter 5;
// coefficients as OpenQuake carries them (openquake/hazardlib/gsim/nga_east.py, CENA_TAU_MEAN and
// cena_tau). τ is constant up to M 5, linear in M to M 5.5 and again to M 6.5, constant above;
// one set for PGA and SA (the model is period-independent), one for PGV.
//
// Giving AB06 this τ, with φ = √(σ_AB06² − τ²) so that the total stays AB06's, is a judgement:
// no published split exists for AB06, and NGA-East's is the one derived for the same region
// (the models the USGS adopted after AB06 for central and eastern North America).

import type { GroundMotion, GroundMotionArrays } from './groundMotion.js';
import type { IntensityMeasure } from './intensityMeasure.js';

/** Al Atik (2015) CENA τ, mean branch: τ1 (M ≤ 5), τ2 (M 5.5), τ3 (M ≥ 6.5), natural-log units. */
export const AL_ATIK_2015_CENA_TAU = {
  pgv: { tau1: 0.3477, tau2: 0.3281, tau3: 0.3092 },
  sa: { tau1: 0.373, tau2: 0.3375, tau3: 0.3064 },
} as const;

/** τ (ln units) at magnitude M for `imt` (PGA and every SA period share the SA set). */
export function cenaBetweenEventTau(magnitude: number, imt: IntensityMeasure): number {
  const { tau1, tau2, tau3 } = imt === 'pgv' ? AL_ATIK_2015_CENA_TAU.pgv : AL_ATIK_2015_CENA_TAU.sa;
  if (magnitude <= 5) return tau1;
  if (magnitude <= 5.5) return tau1 + ((tau2 - tau1) * (magnitude - 5)) / 0.5;
  if (magnitude <= 6.5) return tau2 + ((tau3 - tau2) * (magnitude - 5.5)) / 1.0;
  return tau3;
}

/** Splits a total σ into τ (cenaBetweenEventTau, capped at σ) and φ = √(σ² − τ²), in place. */
export function assignCenaSplit(magnitude: number, imt: IntensityMeasure, motion: GroundMotion): GroundMotion {
  const tau = Math.min(cenaBetweenEventTau(magnitude, imt), motion.sigma);
  motion.tau = tau;
  motion.phi = Math.sqrt(motion.sigma * motion.sigma - tau * tau);
  return motion;
}

/** assignCenaSplit at every site of one rupture. */
export function assignCenaSplitSites(magnitude: number, imt: IntensityMeasure, out: GroundMotionArrays): void {
  const tau = cenaBetweenEventTau(magnitude, imt);
  for (let i = 0; i < out.sigma.length; i += 1) {
    const sigma = out.sigma[i];
    out.tau[i] = Math.min(tau, sigma);
    out.phi[i] = Math.sqrt(sigma * sigma - out.tau[i] * out.tau[i]);
  }
}
