import { KNOT_MS } from './constants.js';

/**
 * Inland decay of a landfalling tropical cyclone's maximum wind, Kaplan & DeMaria (1995),
 * "A simple empirical model for predicting the decay of tropical cyclone winds after landfall",
 * J. Appl. Meteor. 34, 2499–2512:
 *   V(t) = V_b + (R·V₀ − V_b)·e^(−α t),
 * V₀ the maximum 1-min sustained wind at landfall, t hours since landfall; R = 0.9 accounts for
 * the sudden reduction at the coast. Fitted to US landfalls south of 37°N (1967–1993).
 */
export const KAPLAN_DEMARIA_DECAY_PER_HOUR = 0.095;
export const KAPLAN_DEMARIA_LANDFALL_REDUCTION = 0.9;
export const KAPLAN_DEMARIA_BACKGROUND_WIND_MS = 26.7 * KNOT_MS;

/** Maximum sustained wind (m/s) `hoursSinceLandfall` hours after landfall at `landfallWindMs`. */
export function inlandDecayWind(landfallWindMs: number, hoursSinceLandfall: number): number {
  if (!(hoursSinceLandfall >= 0)) throw new Error(`inlandDecayWind: hours since landfall must be ≥ 0, got ${hoursSinceLandfall}`);
  const vb = KAPLAN_DEMARIA_BACKGROUND_WIND_MS;
  return vb + (KAPLAN_DEMARIA_LANDFALL_REDUCTION * landfallWindMs - vb) * Math.exp(-KAPLAN_DEMARIA_DECAY_PER_HOUR * hoursSinceLandfall);
}
