import type { PhysicsProfile } from '../descriptor.js';
import type { WindModel } from './windProfile.js';

/**
 * The wind-field models a wind hazard model can choose (`wind_profile`, docs/input-hazard.md).
 * The Holland profiles are evaluated with CLIMADA's parameter choices (docs/wind.md §3);
 * `ERAD_V1` is ERAD's two-exponential profile, kept exactly as ERAD computes it.
 */
export const WIND_PROFILES = ['HOLLAND_1980', 'HOLLAND_2008', 'HOLLAND_2010', 'ERAD_V1'] as const;
export type WindProfileName = (typeof WIND_PROFILES)[number];

/** The profile of each physics profile when a model names none. */
export const DEFAULT_WIND_PROFILE: Readonly<Record<PhysicsProfile, WindProfileName>> = {
  default: 'HOLLAND_2010',
  erad_v1: 'ERAD_V1',
};

/** The published model behind each Holland profile name (windProfile.ts). */
export const HOLLAND_MODEL: Readonly<Record<Exclude<WindProfileName, 'ERAD_V1'>, WindModel>> = {
  HOLLAND_1980: 'H1980',
  HOLLAND_2008: 'H08',
  HOLLAND_2010: 'H10',
};

/** The profile a wind model is evaluated with: its own `wind_profile`, else the physics profile's default. */
export function resolveWindProfile(model: { windProfile?: WindProfileName }, physics: PhysicsProfile = 'default'): WindProfileName {
  return model.windProfile ?? DEFAULT_WIND_PROFILE[physics];
}
