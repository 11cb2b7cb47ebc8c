/** GDM's enumerations, written as their values (docs/input-distribution.md); input is case-sensitive. */

export const PHASES = ['A', 'B', 'C', 'N', 'S1', 'S2'] as const;
export type Phase = (typeof PHASES)[number];

export const VOLTAGE_TYPES = ['line-to-line', 'line-to-ground'] as const;
export type VoltageType = (typeof VOLTAGE_TYPES)[number];

export const LIMIT_TYPES = ['min', 'max'] as const;
export const CONNECTION_TYPES = ['STAR', 'DELTA', 'OPEN_DELTA', 'OPEN_STAR', 'ZIG_ZAG'] as const;
export const TRANSFORMER_MOUNTINGS = ['POLE_MOUNT', 'PAD_MOUNT', 'UNDERGROUND_VAULT'] as const;
export const LINE_CONSTRUCTIONS = ['OVERHEAD', 'UNDERGROUND'] as const;
export const SWITCH_NORMAL_STATES = ['open', 'close'] as const;
export const CUSTOMER_CLASSES = ['residential', 'commercial', 'industrial'] as const;
export const SEASONS = ['summer', 'winter', 'shoulder'] as const;
export const TOU_PERIOD_TYPES = ['peak', 'off_peak', 'mid_peak'] as const;
export const BILLING_DEMAND_BASES = ['peak_15min', 'peak_hour', 'contract_demand'] as const;

/** Who an inverter control setting applies to (its fixed `supported_by` literal). */
export const SUPPORTED_BY = ['battery-only', 'battery-and-solar', 'solar-only'] as const;
export type SupportedBy = (typeof SUPPORTED_BY)[number];

/** WireInsulationType: a float enum, written as its value (relative permittivity). */
export const WIRE_INSULATION = {
  AIR: 1.0,
  PVC: 3.18,
  XLPE: 2.3,
  EPR: 2.5,
  PE: 2.25,
  TEFLON: 2.1,
  SILICONE_RUBBER: 3.5,
  PAPER: 3.7,
  MICA: 6.0,
} as const;

/** Phase order used when listing phases (A, B, C, N, S1, S2). */
export function sortPhases(phases: Iterable<string>): string[] {
  return [...new Set(phases)].sort((a, b) => PHASES.indexOf(a as Phase) - PHASES.indexOf(b as Phase));
}
