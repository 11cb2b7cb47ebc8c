import { airDensityHolland2008 } from './airDensity.js';
import { GRADIENT_TO_SURFACE_FACTOR, HOLLAND_1980_AIR_DENSITY, HOUR_S, HPA_PA } from './constants.js';
import { coriolisParameter } from './coriolis.js';
import { emanuelRotunno2011Speed } from './emanuelRotunno2011.js';
import { gradientMaximumWind, holland1980Speed, hollandB1980 } from './holland1980.js';
import { holland2010PeripheralExponent, holland2010Speed } from './holland2010.js';
import { hollandBs2008, maxSurfaceWindHolland2008 } from './holland2008.js';

/**
 * One storm position's symmetric (rotational) wind profile, prepared once per time step and then
 * evaluated at any distance. The four models and their parameter choices are CLIMADA's
 * (`trop_cyclone_windfields.py`, MODEL_VANG):
 *  - H1980: B from Holland (1980) with the gradient wind (motion removed), profile at gradient
 *    level, times the 0.9 gradient-to-surface factor.
 *  - H08:   b_s from Holland (2008) eq. 11, Holland (1980) profile at the surface (CLIMADA default).
 *  - H10:   b_s from Holland (2008), v_m from pressure (Holland et al. 2010 eq. 8), Holland et al.
 *           (2010) profile through 17 m/s at 300 km.
 *  - ER11:  Emanuel & Rotunno (2011) with the best-track maximum wind.
 * All results are 1-min sustained winds at 10 m over water (what best tracks report).
 */
export type WindModel = 'H1980' | 'H08' | 'H10' | 'ER11';

/** The state of the storm at one time, in SI units. */
export interface StormState {
  latitudeDeg: number;
  longitudeDeg: number;
  /** Best-track maximum 1-min sustained 10 m wind (m/s). */
  maxWindMs: number;
  centralPressurePa: number;
  environmentalPressurePa: number;
  rmaxM: number;
  /** Storm motion, eastward and northward components (m/s). */
  translationEastMs: number;
  translationNorthMs: number;
  /** Rate of change of central pressure (Pa/s). */
  pressureTendencyPaPerS: number;
}

export interface WindModelOptions {
  /** Default 'H10' (see docs/wind.md for why). */
  model?: WindModel;
  /** Air density (kg/m³), or 'holland2008' for the pressure/latitude estimate. Default 1.15. */
  airDensity?: number | 'holland2008';
  /** Gradient-to-surface factor (default 0.9, Franklin et al. 2003). */
  surfaceFactor?: number;
  /** Drop Coriolis terms in H1980/H08/ER11 (CLIMADA default false; H10 is always cyclostrophic). */
  cyclostrophic?: boolean;
  /**
   * H10 and H08: take the peak wind from pressure (Holland 2008, CLIMADA's convention) rather
   * than the best track. Default true. With false, B comes from the track's maximum wind through
   * Holland (1980)'s v_max = √(BΔp/(ρe)) at the surface (B clipped to [0.81, 2.025]), and H10's
   * v_m is the track's maximum wind.
   */
  maxWindFromPressure?: boolean;
}

export interface PreparedProfile {
  model: WindModel;
  rmaxM: number;
  hollandB: number;
  pressureDeficitPa: number;
  airDensity: number;
  coriolis: number;
  cyclostrophic: boolean;
  /** Maximum wind used by H10 / ER11 (m/s). */
  maxWindMs: number;
  /** H10 exponent at the peripheral radius. */
  peripheralExponent: number;
  /** Factor applied to the profile (0.9 for H1980, else 1). */
  outputFactor: number;
  /**
   * True for H08 and H10: their maximum wind implicitly contains the storm motion, so CLIMADA
   * subtracts the attenuated translation speed before adding the translation vector back.
   */
  containsTranslation: boolean;
}

/** Smallest positive double: Δp is floored here, as CLIMADA does, so B and the profile stay finite. */
const MIN_PRESSURE_DEFICIT_PA = Number.EPSILON;

export function prepareProfile(state: StormState, options: WindModelOptions = {}): PreparedProfile {
  const model = options.model ?? 'H10';
  const surfaceFactor = options.surfaceFactor ?? GRADIENT_TO_SURFACE_FACTOR;
  // Central pressure never exceeds the environmental pressure (CLIMADA `tctrack_to_si`).
  const centralPressurePa = Math.min(state.centralPressurePa, state.environmentalPressurePa);
  const pressureDeficitPa = Math.max(MIN_PRESSURE_DEFICIT_PA, state.environmentalPressurePa - centralPressurePa);
  const airDensity =
    options.airDensity === 'holland2008'
      ? airDensityHolland2008(state.latitudeDeg, centralPressurePa, pressureDeficitPa)
      : (options.airDensity ?? HOLLAND_1980_AIR_DENSITY);
  const translationSpeedMs = Math.hypot(state.translationEastMs, state.translationNorthMs);
  const base = {
    model,
    rmaxM: state.rmaxM,
    pressureDeficitPa,
    airDensity,
    coriolis: coriolisParameter(state.latitudeDeg),
    cyclostrophic: options.cyclostrophic ?? false,
    maxWindMs: state.maxWindMs,
    peripheralExponent: NaN,
    outputFactor: 1,
    containsTranslation: model === 'H08' || model === 'H10',
  };
  const surfaceB = () =>
    hollandBs2008({
      pressureDeficitHpa: pressureDeficitPa / HPA_PA,
      pressureTendencyHpaPerHour: (state.pressureTendencyPaPerS * HOUR_S) / HPA_PA,
      latitudeDeg: state.latitudeDeg,
      translationSpeedMs,
      surfaceFactor,
    });
  switch (model) {
    case 'H1980': {
      const gradientWind = gradientMaximumWind(state.maxWindMs, translationSpeedMs, surfaceFactor);
      return { ...base, hollandB: hollandB1980(gradientWind, pressureDeficitPa, airDensity), outputFactor: surfaceFactor };
    }
    case 'H08':
      return {
        ...base,
        hollandB: (options.maxWindFromPressure ?? true) ? surfaceB() : hollandB1980(state.maxWindMs, pressureDeficitPa, airDensity, surfaceFactor),
      };
    case 'H10': {
      const fromPressure = options.maxWindFromPressure ?? true;
      const hollandB = fromPressure ? surfaceB() : hollandB1980(state.maxWindMs, pressureDeficitPa, airDensity, surfaceFactor);
      const maxWindMs = fromPressure ? maxSurfaceWindHolland2008(hollandB, pressureDeficitPa, airDensity) : state.maxWindMs;
      const peripheralExponent = holland2010PeripheralExponent({ rmaxM: state.rmaxM, maxWindMs, hollandB });
      return { ...base, hollandB, maxWindMs, peripheralExponent, cyclostrophic: true };
    }
    case 'ER11':
      return { ...base, hollandB: NaN };
  }
}

/** Symmetric rotational wind speed (m/s, 10 m, 1-min) of a prepared profile at `distanceM`. */
export function profileSpeed(profile: PreparedProfile, distanceM: number): number {
  switch (profile.model) {
    case 'H1980':
    case 'H08':
      return profile.outputFactor * holland1980Speed(distanceM, profile);
    case 'H10':
      return holland2010Speed(distanceM, profile, profile.peripheralExponent);
    case 'ER11':
      return emanuelRotunno2011Speed(distanceM, profile);
  }
}
