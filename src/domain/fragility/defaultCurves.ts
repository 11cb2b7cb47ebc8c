import type { AssetType } from '../assets/types.js';
import type { CurveSet, CurveSpec } from './types.js';
import { tableColumn } from './_table.js';

/** One row of the DEFAULT_CURVES table: [median, β] per quantity and the fire decay length [km]. */
export interface DefaultCurvesRow {
  wind: readonly [number, number];
  depth: readonly [number, number];
  velocity: readonly [number, number];
  pga: readonly [number, number];
  pgv: readonly [number, number];
  fire: number;
}

/**
 * DEFAULT_CURVES, laid out like the table of docs/fragility.md: lognormal
 * median and β per asset type and quantity, and the fire decay length.
 *
 * Source: ERAD's (NREL) default curve table read as median/β where its scipy call passes
 * (s, loc = median, scale = 1/s); for its flood-depth rows with loc 0.01 the median is its
 * scale. Fire lengths are ERAD's newer engine values with maximum probability 0.95.
 */
export const DEFAULT_CURVES_TABLE = {
  // Per asset type: [median, beta] of wind speed [m/s], flood depth [m], flood velocity [m/s], PGA [g], PGV [cm/s]; fire length [km].
  switch: { wind: [50, 0.45], depth: [0.5, 0.35], velocity: [1.5, 0.35], pga: [0.4, 0.8], pgv: [35, 0.5], fire: 0.2 },
  battery_storage: { wind: [50, 0.45], depth: [0.7, 0.4], velocity: [1.5, 0.35], pga: [0.4, 0.8], pgv: [35, 0.5], fire: 0.2 },
  distribution_junction_box: { wind: [50, 0.4], depth: [2.0, 0.8], velocity: [2.0, 0.4], pga: [0.45, 0.5], pgv: [35, 0.5], fire: 0.2 },
  distribution_overhead_lines: { wind: [45, 0.35], depth: [1.28, 0.5], velocity: [3.5, 0.35], pga: [0.5, 0.55], pgv: [40, 0.5], fire: 0.3 },
  distribution_poles: { wind: [45, 0.4], depth: [1.28, 0.5], velocity: [3.0, 0.35], pga: [0.4, 0.6], pgv: [40, 0.5], fire: 0.3 },
  distribution_underground_cables: { wind: [55, 0.4], depth: [2.0, 0.8], velocity: [2.0, 0.4], pga: [1.0, 0.8], pgv: [60, 0.5], fire: 0.05 },
  solar_panels: { wind: [55, 0.3], depth: [0.8, 0.4], velocity: [2.0, 0.35], pga: [0.45, 0.45], pgv: [35, 0.5], fire: 0.2 },
  substation: { wind: [55, 0.4], depth: [1.0, 0.01], velocity: [2.0, 0.4], pga: [0.4, 0.5], pgv: [50, 0.5], fire: 0.25 },
  transformer_pad_mount: { wind: [50, 0.35], depth: [0.9, 0.5], velocity: [1.5, 0.35], pga: [0.4, 0.6], pgv: [35, 0.5], fire: 0.25 },
  transformer_pole_mount: { wind: [45, 0.3], depth: [1.2, 0.5], velocity: [2.5, 0.3], pga: [0.5, 0.8], pgv: [40, 0.5], fire: 0.3 },
  transmission_junction_box: { wind: [55, 0.54], depth: [1.0, 0.4], velocity: [1.5, 0.4], pga: [0.5, 0.5], pgv: [50, 0.5], fire: 0.2 },
  transmission_overhead_lines: { wind: [50, 0.35], depth: [1.8, 0.3], velocity: [3.5, 0.35], pga: [0.6, 0.6], pgv: [45, 0.5], fire: 0.3 },
  transmission_tower: { wind: [55, 0.4], depth: [2.2, 0.4], velocity: [3.0, 0.4], pga: [0.35, 0.4], pgv: [35, 0.5], fire: 0.25 },
  transmission_underground_cables: { wind: [60, 0.4], depth: [0.8, 0.25], velocity: [2.0, 0.4], pga: [0.8, 0.55], pgv: [65, 0.55], fire: 0.05 },
} as const satisfies Record<AssetType, DefaultCurvesRow>;

/** P(fail) of a fire curve at distance 0+ (DEFAULT_CURVES table note). */
export const DEFAULT_FIRE_MAX_PROBABILITY = 0.95;

const lognormal = ([median, beta]: readonly [number, number], unit: string): CurveSpec => ({ distribution: 'lognormal', median: `${median} ${unit}`, beta });

/** DEFAULT_CURVES as a curve set, in the custom curve set format. */
export const DEFAULT_CURVES: CurveSet = {
  name: 'DEFAULT_CURVES',
  description: "Lognormal median/beta curves for every asset type and quantity: the intended reading of ERAD's default table (docs/fragility.md)",
  curves: {
    wind_speed: tableColumn<DefaultCurvesRow>(DEFAULT_CURVES_TABLE, (row) => lognormal(row.wind, 'meter / second')),
    flood_depth: tableColumn<DefaultCurvesRow>(DEFAULT_CURVES_TABLE, (row) => lognormal(row.depth, 'meter')),
    flood_velocity: tableColumn<DefaultCurvesRow>(DEFAULT_CURVES_TABLE, (row) => lognormal(row.velocity, 'meter / second')),
    pga: tableColumn<DefaultCurvesRow>(DEFAULT_CURVES_TABLE, (row) => lognormal(row.pga, 'standard_gravity')),
    pgv: tableColumn<DefaultCurvesRow>(DEFAULT_CURVES_TABLE, (row) => lognormal(row.pgv, 'centimeter / second')),
    fire_boundary_distance: tableColumn<DefaultCurvesRow>(DEFAULT_CURVES_TABLE, (row) => ({
      distribution: 'exponential_decay',
      max_probability: DEFAULT_FIRE_MAX_PROBABILITY,
      length: `${row.fire} kilometer`,
    })),
  },
};
