import type { AssetType } from '../assets/types.js';
import type { CurveSet, CurveSetV1, CurveSpec } from './types.js';
import { tableColumn, withSource } from './_table.js';
import { convertV1CurveSet } from './convertV1.js';

/** One row of the ERAD_V1_CURVES table: lognorm [s, loc, scale] per quantity and fire expon [loc, scale]. */
export interface EradV1CurvesRow {
  wind: readonly [number, number, number];
  depth: readonly [number, number, number];
  velocity: readonly [number, number, number];
  pga: readonly [number, number, number];
  pgv: readonly [number, number, number];
  fire: readonly [number, number];
}

/**
 * ERAD_V1_CURVES: ERAD's default table evaluated exactly as ERAD evaluates it, scipy
 * positional parameters (docs/fragility.md, "ERAD_V1_CURVES").
 * Lognormal columns are lognorm (s, loc, scale); PGA in m/s² with loc = k·9.81 as ERAD
 * writes it; fire is expon (loc, scale) in km. For users who must reproduce ERAD numbers
 * (ERAD's shifted lognormals: no failure below loc). hazsim measures fire distances
 * geodesically in km, where ERAD measured planar degrees and labelled them km.
 */
// One row per asset type, as ERAD lays out its table.
// prettier-ignore
export const ERAD_V1_CURVES_TABLE = {
  // Per asset type: lognorm [s, loc, scale] of wind speed [m/s], flood depth [m], flood velocity [m/s], PGA [m/s²], PGV [cm/s]; fire expon [loc, scale] [km].
  switch: { wind: [0.45, 50, 1 / 0.45], depth: [0.35, 0.5, 1 / 0.35], velocity: [0.35, 1.5, 1 / 0.35], pga: [0.8, 0.4 * 9.81, 1 / 0.8], pgv: [0.5, 35, 2], fire: [0.65, 0.95] },
  battery_storage: { wind: [0.45, 50, 1 / 0.45], depth: [0.4, 0.01, 0.7], velocity: [0.35, 1.5, 1 / 0.35], pga: [0.8, 0.4 * 9.81, 1 / 0.8], pgv: [0.5, 35, 2], fire: [0.65, 0.95] },
  distribution_junction_box: { wind: [0.4, 50, 1 / 0.4], depth: [0.8, 2.0, 1 / 0.8], velocity: [0.4, 2.0, 1 / 0.4], pga: [0.5, 0.45 * 9.81, 1 / 0.5], pgv: [0.5, 35, 2], fire: [0.5, 0.95] },
  distribution_overhead_lines: { wind: [0.35, 45, 1 / 0.35], depth: [0.5, 0.01, 1.28], velocity: [0.35, 3.5, 1 / 0.35], pga: [0.55, 0.5 * 9.81, 1 / 0.55], pgv: [0.5, 40, 2], fire: [0.5, 0.95] },
  distribution_poles: { wind: [0.4, 45, 1 / 0.4], depth: [0.5, 0.01, 1.28], velocity: [0.35, 3.0, 1 / 0.35], pga: [0.6, 0.4 * 9.81, 1 / 0.6], pgv: [0.5, 40, 2], fire: [1.0, 0.95] },
  distribution_underground_cables: { wind: [0.4, 55, 1 / 0.4], depth: [0.8, 2.0, 1 / 0.8], velocity: [0.4, 2.0, 1 / 0.4], pga: [0.8, 1.0 * 9.81, 1 / 0.8], pgv: [0.5, 60, 2], fire: [0.1, 0.95] },
  solar_panels: { wind: [0.3, 55, 1 / 0.3], depth: [0.4, 0.01, 0.8], velocity: [0.35, 2.0, 1 / 0.35], pga: [0.45, 0.45 * 9.81, 1 / 0.45], pgv: [0.5, 35, 2], fire: [0.55, 0.95] },
  substation: { wind: [0.4, 55, 1 / 0.4], depth: [0.01, 0.01, 1], velocity: [0.4, 2.0, 1 / 0.4], pga: [0.5, 0.4 * 9.81, 1 / 0.5], pgv: [0.5, 50, 2], fire: [0.7, 0.95] },
  transformer_pad_mount: { wind: [0.35, 50, 1 / 0.35], depth: [0.5, 0.01, 0.9], velocity: [0.35, 1.5, 1 / 0.35], pga: [0.6, 0.4 * 9.81, 1 / 0.6], pgv: [0.5, 35, 2], fire: [0.9, 0.95] },
  transformer_pole_mount: { wind: [0.3, 45, 1 / 0.3], depth: [0.5, 0.01, 1.2], velocity: [0.3, 2.5, 1 / 0.3], pga: [0.8, 0.5 * 9.81, 1 / 0.7], pgv: [0.5, 40, 2], fire: [1.0, 0.95] },
  transmission_junction_box: { wind: [0.54, 55, 1 / 0.54], depth: [0.4, 1.0, 1 / 0.4], velocity: [0.4, 1.5, 1 / 0.4], pga: [0.5, 0.5 * 9.81, 1 / 0.5], pgv: [0.5, 50, 2], fire: [0.55, 0.95] },
  transmission_overhead_lines: { wind: [0.35, 50, 1 / 0.35], depth: [0.3, 1.8, 1 / 0.3], velocity: [0.35, 3.5, 1 / 0.35], pga: [0.6, 0.6 * 9.81, 1 / 0.6], pgv: [0.5, 45, 2], fire: [1.1, 0.95] },
  transmission_tower: { wind: [0.4, 55, 1 / 0.4], depth: [0.4, 2.2, 1 / 0.4], velocity: [0.4, 3.0, 1 / 0.4], pga: [0.4, 0.35 * 9.81, 1 / 0.4], pgv: [0.5, 35, 2], fire: [0.7, 0.95] },
  transmission_underground_cables: { wind: [0.4, 60, 1 / 0.4], depth: [0.25, 0.8, 1 / 0.25], velocity: [0.4, 2.0, 1 / 0.4], pga: [0.55, 0.8 * 9.81, 1 / 0.55], pgv: [0.55, 65, 1 / 0.55], fire: [0.15, 0.95] },
} as const satisfies Record<AssetType, EradV1CurvesRow>;

const scipy = (name: 'lognorm' | 'expon', parameters: readonly number[], unit: string): CurveSpec => ({
  distribution: 'scipy',
  name,
  parameters: [...parameters],
  unit,
});

/** The table as a version 1 curve set. */
const ERAD_V1_CURVES_V1: CurveSetV1 = {
  curves: {
    wind_speed: tableColumn<EradV1CurvesRow>(ERAD_V1_CURVES_TABLE, (row) => scipy('lognorm', row.wind, 'meter / second')),
    flood_depth: tableColumn<EradV1CurvesRow>(ERAD_V1_CURVES_TABLE, (row) => scipy('lognorm', row.depth, 'meter')),
    flood_velocity: tableColumn<EradV1CurvesRow>(ERAD_V1_CURVES_TABLE, (row) => scipy('lognorm', row.velocity, 'meter / second')),
    pga: tableColumn<EradV1CurvesRow>(ERAD_V1_CURVES_TABLE, (row) => scipy('lognorm', row.pga, 'meter / second ** 2')),
    pgv: tableColumn<EradV1CurvesRow>(ERAD_V1_CURVES_TABLE, (row) => scipy('lognorm', row.pgv, 'centimeter / second')),
    fire_boundary_distance: tableColumn<EradV1CurvesRow>(ERAD_V1_CURVES_TABLE, (row) => scipy('expon', row.fire, 'kilometer')),
  },
};

/** ERAD_V1_CURVES as a version 2 set: one limit state (failure) per curve, evaluated as ERAD does. */
export const ERAD_V1_CURVES: CurveSet = withSource(
  {
    ...convertV1CurveSet(ERAD_V1_CURVES_V1),
    name: 'ERAD_V1_CURVES',
    description: "ERAD's default table evaluated as ERAD does (scipy lognorm s, loc, scale and expon loc, scale), to reproduce ERAD numbers",
    notes: ["ERAD's default table with ERAD's scipy parameters, unchanged; uncited"],
  },
  "ERAD (NREL) default fragility table with ERAD's scipy positional parameters, evaluated as ERAD evaluates it; uncited",
);
