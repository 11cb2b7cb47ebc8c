/**
 * Survival integrated over the aleatory variability of the intensity (docs/fragility.md): with
 * ln IM ~ N(ln median, σ²), the unconditional survival is E[S(IM)] = ∫ S(median·e^(σz)) φ(z) dz.
 * Evaluated with the trapezoidal rule on z ∈ [−6, 6] at step 0.1 (121 nodes, weights φ(z)·h
 * normalised to sum to 1): for smooth curves the rule converges faster than any power of h (a
 * Gaussian integrand over the whole line), and for a curve as steep as a step its error stays
 * below h·φ(0)/2 ≈ 0.02; the mass beyond ±6σ (2·10⁻⁹) is left out. A lognormal curve
 * (median θ, dispersion β) needs no rule: the result is exactly 1 − Φ(ln(median/θ)/√(β² + σ²))
 * (integratedLognormalSurvivalInto).
 */
import { lognormalSurvival, survivalAt } from '../fragility/index.js';
import type { CompiledCurve } from '../fragility/types.js';

/** How a run treats the variability of the intensities a model gives one for. */
export type GroundMotionVariability = 'median' | 'integrated';

const STEP = 0.1;
const LIMIT = 6;
const NODES: Float64Array = Float64Array.from({ length: Math.round((2 * LIMIT) / STEP) + 1 }, (_, k) => -LIMIT + k * STEP);
const WEIGHTS: Float64Array = (() => {
  const raw = NODES.map((z) => Math.exp(-0.5 * z * z));
  const total = raw.reduce((sum, value) => sum + value, 0);
  return raw.map((value) => value / total);
})();

/**
 * Writes into `out` the survival of each site integrated over ln-normal variability σ around
 * `median`; sites with σ NaN or 0 get the survival at the median. `evaluate` fills survival for
 * an array of intensities (NaN in, NaN out). `scaled` and `scratch` are work arrays of the same length.
 */
export function integratedSurvivalInto(
  evaluate: (intensity: Float64Array, survivalOut: Float64Array) => void,
  median: Float64Array,
  lnSigma: Float64Array,
  out: Float64Array,
  scaled: Float64Array,
  scratch: Float64Array,
): void {
  out.fill(0);
  for (let k = 0; k < NODES.length; k++) {
    const z = NODES[k];
    for (let i = 0; i < median.length; i++) {
      const sigma = lnSigma[i];
      scaled[i] = sigma > 0 ? median[i] * Math.exp(sigma * z) : median[i];
    }
    evaluate(scaled, scratch);
    const weight = WEIGHTS[k];
    for (let i = 0; i < median.length; i++) out[i] += weight * scratch[i];
  }
  // The weights sum to 1 up to rounding; keep survival inside [0, 1].
  for (let i = 0; i < out.length; i++) if (out[i] > 1) out[i] = 1;
}

/**
 * integratedSurvivalInto for a lognormal curve (median θ, dispersion β), in closed form: with
 * ln IM ~ N(ln median, σ²) and P(fail | IM) = Φ(ln(IM/θ)/β), failure is the event β·Z' ≤
 * ln(IM/θ) with Z' standard normal and independent of IM, so ln(IM/θ) − β·Z' is normal with
 * variance σ² + β² and E[S(IM)] = 1 − Φ(ln(median/θ)/√(β² + σ²)), exact and one evaluation per
 * site (the rule above would take 121 and err most for steep curves). Sites with σ NaN or 0
 * get the survival at the median.
 */
export function integratedLognormalSurvivalInto(curveMedian: number, beta: number, median: Float64Array, lnSigma: Float64Array, out: Float64Array): void {
  for (let i = 0; i < median.length; i++) {
    const sigma = lnSigma[i];
    out[i] = lognormalSurvival(curveMedian, sigma > 0 ? Math.sqrt(beta * beta + sigma * sigma) : beta, median[i]);
  }
}

/** integratedSurvivalInto at one site for any compiled curve (σ > 0), by the same rule. */
export function integratedSurvivalAt(curve: CompiledCurve, median: number, lnSigma: number): number {
  let total = 0;
  for (let k = 0; k < NODES.length; k++) total += WEIGHTS[k] * survivalAt(curve, median * Math.exp(lnSigma * NODES[k]));
  return total > 1 ? 1 : total;
}
