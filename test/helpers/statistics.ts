// Reference statistics for the sampling tests, computed from first principles (no library):
// exact binomial tails in log space, and the Wilson–Hilferty approximation of chi-square
// quantiles.

/** Upper 0.1% point of the standard normal, z such that Φ(z) = 0.999 (standard tables: 3.0902323). */
export const Z_0_999 = 3.090232306167813;

/** P(X = k) for k = 0..trials, X ~ Binomial(trials, p), built by the ratio recurrence in log space so nothing underflows. */
export function binomialPmf(trials: number, p: number): Float64Array {
  const pmf = new Float64Array(trials + 1);
  if (p <= 0) pmf[0] = 1;
  else if (p >= 1) pmf[trials] = 1;
  else {
    const logOdds = Math.log(p / (1 - p));
    let log = trials * Math.log1p(-p);
    for (let k = 0; k <= trials; k += 1) {
      pmf[k] = Math.exp(log);
      log += Math.log((trials - k) / (k + 1)) + logOdds;
    }
  }
  return pmf;
}

/**
 * The two-sided (1 − alpha) binomial acceptance interval [low, high]: the widest-tailed
 * integers with P(X < low) ≤ alpha/2 and P(X > high) ≤ alpha/2. Tails are summed from each
 * end so neither loses precision near 1.
 */
export function binomialInterval(trials: number, p: number, alpha: number): [number, number] {
  const pmf = binomialPmf(trials, p);
  let low = 0;
  for (let below = 0; low <= trials && below + pmf[low] <= alpha / 2; low += 1) below += pmf[low];
  let high = trials;
  for (let above = 0; high >= 0 && above + pmf[high] <= alpha / 2; high -= 1) above += pmf[high];
  return [low, high];
}

/** Smallest k with P(X ≤ k) ≥ level, X ~ Binomial(trials, p). */
export function binomialQuantile(trials: number, p: number, level: number): number {
  const pmf = binomialPmf(trials, p);
  let cumulative = 0;
  for (let k = 0; k <= trials; k += 1) {
    cumulative += pmf[k];
    if (cumulative >= level) return k;
  }
  return trials;
}

/**
 * Chi-square quantile with `degrees` degrees of freedom at the upper-tail point whose normal
 * quantile is z (Wilson & Hilferty 1931: (χ²/k)^(1/3) is close to normal with mean
 * 1 − 2/(9k) and variance 2/(9k)). Relative error well under 1% for k ≥ 10.
 */
export function chiSquareQuantileWilsonHilferty(degrees: number, z: number): number {
  const v = 2 / (9 * degrees);
  return degrees * (1 - v + z * Math.sqrt(v)) ** 3;
}
