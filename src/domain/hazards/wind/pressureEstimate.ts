import { HPA_PA, KNOT_MS } from './constants.js';

/**
 * Central pressure from the maximum wind when a model gives none, by inverting the
 * wind–pressure relation of Atkinson & Holliday (1977), "Tropical cyclone minimum sea level
 * pressure/maximum sustained wind relationship for the western North Pacific", Mon. Wea. Rev.
 * 105, 421–427:  V_max [kt] = 6.7·(1010 − p_c [hPa])^0.644,  so  Δp = (V_max/6.7)^(1/0.644) hPa.
 * The deficit is taken below the model's environmental pressure (1010 hPa in the original fit).
 */
export const ATKINSON_HOLLIDAY_COEFFICIENT_KT = 6.7;
export const ATKINSON_HOLLIDAY_EXPONENT = 0.644;

/** Central pressure (Pa) of a storm with maximum 1-min sustained wind `maxWindMs` under `environmentalPressurePa`. */
export function centralPressureFromMaxWind(maxWindMs: number, environmentalPressurePa: number): number {
  const deficitHpa = Math.pow(maxWindMs / KNOT_MS / ATKINSON_HOLLIDAY_COEFFICIENT_KT, 1 / ATKINSON_HOLLIDAY_EXPONENT);
  return environmentalPressurePa - deficitHpa * HPA_PA;
}
