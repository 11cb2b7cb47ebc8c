import { CELSIUS_TO_KELVIN } from './constants.js';

/** Surface relative humidity assumed by Holland et al. (2010) in their eq. 9 density estimate. */
const SURFACE_RELATIVE_HUMIDITY = 0.9;
/** Specific gas constant of dry air (J kg⁻¹ K⁻¹) as used by Holland (2008). */
const DRY_AIR_GAS_CONSTANT = 286.9;

/**
 * Eyewall air density (kg/m³) from pressure and latitude, Holland (2008, Mon. Wea. Rev. 136,
 * 3432–3445) eqs. 6 and 9 as restated by Holland, Belanger & Fritz (2010, Mon. Wea. Rev. 138,
 * 4393–4401) eq. 9:
 *   T_s = 28 − 3(φ − 10)/20 (°C, signed latitude),  p_m = p_c + Δp/e,
 *   r = 3.802/p_m[hPa]·exp(17.67 T_s/(243.5 + T_s))   (Bolton 1980 saturation mixing ratio),
 *   T_v = (T_s + 273.16)(1 + 0.81·RH·r),  ρ = p_m / (R_d·T_v).
 */
export function airDensityHolland2008(latitudeDeg: number, centralPressurePa: number, pressureDeficitPa: number): number {
  const surfaceTemperatureC = 28 - (3 * (latitudeDeg - 10)) / 20;
  const eyewallPressurePa = centralPressurePa + pressureDeficitPa / Math.E;
  const mixingRatio = ((100 * 3.802) / eyewallPressurePa) * Math.exp((17.67 * surfaceTemperatureC) / (243.5 + surfaceTemperatureC));
  const virtualTemperatureK = (CELSIUS_TO_KELVIN + surfaceTemperatureC) * (1 + 0.81 * SURFACE_RELATIVE_HUMIDITY * mixingRatio);
  return eyewallPressurePa / (DRY_AIR_GAS_CONSTANT * virtualTemperatureK);
}
