/**
 * Shared shaking integrated jointly over an asset's elements (docs/correlated-shaking.md,
 * "In simulate"). In one earthquake the intensity at element e is
 *
 *   ln IM_e = ln m_e + τ_e·η + φ_e·ε_e,
 *
 * with one between-event residual η for the whole event and within-event residuals ε that are
 * correlated along the asset (Jayaram & Baker 2009: ρ(h) = exp(−3h/b)). The asset survives the
 * event with E[Π_e S_e(IM_e)^p_e], its counting elements (exposure.ts) in series. Elements a
 * few tens of metres apart have ρ ≈ 0.99, so this is far above Π_e E[S_e(IM_e)] (the product of
 * independently integrated elements).
 *
 * Approximation: the within-event residuals of one asset's counting elements are taken as
 * equicorrelated at their mean pairwise correlation ρ̄, ε_e = √ρ̄·Z + √(1 − ρ̄)·δ_e, so with
 * W = (τ·η + φ·√ρ̄·Z)/s one standard normal shared by the asset,
 *
 *   ln IM_e = ln m_e + s_e·W + d_e·δ_e,   s_e = √(τ_e² + ρ̄·φ_e²),   d_e = φ_e·√(1 − ρ̄),
 *
 * and the survival is ∫ φ(w) Π_e S̃_e(m_e·e^(s_e·w); d_e)^p_e dw, where S̃(x; d) = E[S(x·e^(dδ))]
 * (closed form for lognormal curves: β → √(β² + d²)). The outer integral is the trapezoidal rule
 * on w ∈ [−6.5, 6.5] at step 0.25 (53 nodes). One counting element needs no rule: its survival is
 * S̃ at the median with d = σ, exact. The error against the exact multivariate normal is bounded
 * in test/simulate/jointShaking.test.ts.
 */
import { lognormalSurvival, survivalAt } from '../fragility/index.js';
import type { CompiledCurve } from '../fragility/types.js';
import { integratedSurvivalAt } from './variability.js';

const STEP = 0.25;
const LIMIT = 6.5;
const NODES: Float64Array = Float64Array.from({ length: Math.round((2 * LIMIT) / STEP) + 1 }, (_, k) => -LIMIT + k * STEP);
const WEIGHTS: Float64Array = (() => {
  const raw = NODES.map((z) => Math.exp(-0.5 * z * z));
  const total = raw.reduce((sum, value) => sum + value, 0);
  return raw.map((value) => value / total);
})();

/** S̃(x; d): the curve's survival at x with ln-normal variability d (≥ 0) integrated out; NaN for NaN. */
export function smoothedSurvival(curve: CompiledCurve, x: number, d: number): number {
  if (x !== x) return Number.NaN;
  if (!(d > 0)) return survivalAt(curve, x);
  switch (curve.form) {
    case 'lognormal':
      return lognormalSurvival(curve.median, Math.sqrt(curve.beta * curve.beta + d * d), x);
    case 'failed_share': {
      let survival = 1;
      for (let k = 0; k < curve.limitStates.length; k++) survival -= curve.weights[k] * (1 - smoothedSurvival(curve.limitStates[k], x, d));
      return survival < 0 ? 0 : survival;
    }
    default:
      return integratedSurvivalAt(curve, x, d);
  }
}

/** One asset's counting elements in one event: medians, between- and within-event deviations, curves and powers. */
export interface AssetShaking {
  count: number;
  median: Float64Array;
  tau: Float64Array;
  phi: Float64Array;
  power: Float64Array;
  curve: CompiledCurve[];
  /** Mean pairwise within-event correlation of the elements (1 for one element). */
  meanCorrelation: number;
}

/** The asset's survival of the event, E[Π_e S_e(IM_e)^p_e], as described above. */
export function jointSurvival(asset: AssetShaking): number {
  const { count, median, tau, phi, power, curve } = asset;
  if (count === 0) return Number.NaN;
  if (count === 1) {
    const sigma = Math.sqrt(tau[0] * tau[0] + phi[0] * phi[0]);
    return smoothedSurvival(curve[0], median[0], sigma) ** power[0];
  }
  const rho = Math.min(1, Math.max(0, asset.meanCorrelation));
  let total = 0;
  for (let k = 0; k < NODES.length; k++) {
    const w = NODES[k];
    let product = 1;
    for (let e = 0; e < count && product > 0; e++) {
      const shared = Math.sqrt(tau[e] * tau[e] + rho * phi[e] * phi[e]);
      const own = phi[e] * Math.sqrt(1 - rho);
      product *= smoothedSurvival(curve[e], median[e] * Math.exp(shared * w), own) ** power[e];
    }
    total += WEIGHTS[k] * product;
  }
  return total > 1 ? 1 : total;
}
