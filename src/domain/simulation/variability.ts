/**
 * Survival integrated over the aleatory variability of the intensity (docs/fragility.md): with
 * ln IM ~ N(ln median, σ²), the unconditional survival is E[S(IM)] = ∫ S(median·e^(σz)) φ(z) dz.
 * Evaluated with the trapezoidal rule on z ∈ [−6, 6] at step 0.1 (121 nodes, weights φ(z)·h
 * normalised to sum to 1): for smooth curves the rule converges faster than any power of h (a
 * Gaussian integrand over the whole line), and for a curve as steep as a step its error stays
 * below h·φ(0)/2 ≈ 0.02; the mass beyond ±6σ (2·10⁻⁹) is left out. For a lognormal curve
 * (median θ, dispersion β) the result is the closed form 1 − Φ(ln(median/θ)/√(β² + σ²)).
 */

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
