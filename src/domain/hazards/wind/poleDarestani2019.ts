/**
 * Wood distribution pole wind fragility of Darestani & Shafieezadeh (2019), "Multi-dimensional
 * wind fragility functions for wood utility poles", Engineering Structures 183, 937-948:
 * ln(V) of the failure wind speed V [mile/hour] is normal with mean μ and standard deviation σ,
 * each a quadratic in wind angle θ [degrees between wind and conductors], conductor area A
 * [m²] and pole age a [years]:
 * [1, θ, A, a, θ², θA, A², θa, Aa, a²] · coefficients (their Tables 14-20, as transcribed in
 * NREL ERAD's pole_coefficients_data).
 */

/** Class 4 wood pole: coefficients of μ and σ in the order [1, θ, A, a, θ², θA, A², θa, Aa, a²]. */
export const CLASS_4_WOOD_POLE = {
  mu: [5.93, -1.091e-2, -6.42e-2, 6.387e-3, 7.453e-5, -1.521e-3, 7.169e-3, 0, 0, -1.352e-4],
  sigma: [1.568e-1, 0, 0, -1.99e-3, 0, 0, 0, 0, 0, 6.428e-5],
} as const;

/** The configuration DEFAULT_CURVES evaluates (hazsim's choice, docs/fragility.md): wind across the line, 4 m² of conductor, a 25-year-old pole. */
export const DEFAULT_POLE_CONFIGURATION = { windAngleDegrees: 90, conductorAreaM2: 4, ageYears: 25 } as const;

/** Median [mile/hour] and β of the lognormal failure curve for a pole of these coefficients and configuration. */
export function darestaniLognormal(
  coefficients: { mu: readonly number[]; sigma: readonly number[] },
  configuration: { windAngleDegrees: number; conductorAreaM2: number; ageYears: number },
): { medianMph: number; beta: number } {
  const { windAngleDegrees: t, conductorAreaM2: c, ageYears: a } = configuration;
  const terms = [1, t, c, a, t * t, t * c, c * c, t * a, c * a, a * a];
  const dot = (weights: readonly number[]) => weights.reduce((sum, weight, index) => sum + weight * terms[index], 0);
  return { medianMph: Math.exp(dot(coefficients.mu)), beta: dot(coefficients.sigma) };
}
