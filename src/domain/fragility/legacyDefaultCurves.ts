import type { AssetType } from '../assets/types.js';
import type { CurveSet, CurveSetV1, CurveSpec } from './types.js';
import { tableColumn, withSource } from './_table.js';
import { convertV1CurveSet } from './convertV1.js';
import { ERAD_FLOOD_VELOCITY } from '../hazards/flood/defaultCurves.js';

/** One row of the LEGACY_DEFAULT_CURVES table: [median, β] per quantity and the fire decay length [km]. */
export interface DefaultCurvesRow {
  wind: readonly [number, number];
  depth: readonly [number, number];
  velocity: readonly [number, number];
  pga: readonly [number, number];
  pgv: readonly [number, number];
  fire: number;
}

/**
 * LEGACY_DEFAULT_CURVES (hazsim's default set before the cited DEFAULT_CURVES), laid out
 * like the table of docs/fragility.md: lognormal median and β per asset type and quantity,
 * and the fire decay length. Illustrative and uncited; kept unchanged so earlier runs can
 * be reproduced.
 *
 * Source: ERAD's (NREL) default curve table read as median/β where its scipy call passes
 * (s, loc = median, scale = 1/s); for its flood-depth rows with loc 0.01 the median is its
 * scale. Fire lengths are ERAD's newer engine values with maximum probability 0.95.
 */
export const LEGACY_DEFAULT_CURVES_TABLE = {
  // Per asset type: [median, beta] of wind speed [m/s], flood depth [m], flood velocity [m/s] (kept with the flood defaults that reuse it), PGA [g], PGV [cm/s]; fire length [km].
  switch: { wind: [50, 0.45], depth: [0.5, 0.35], velocity: ERAD_FLOOD_VELOCITY.switch, pga: [0.4, 0.8], pgv: [35, 0.5], fire: 0.2 },
  battery_storage: { wind: [50, 0.45], depth: [0.7, 0.4], velocity: ERAD_FLOOD_VELOCITY.battery_storage, pga: [0.4, 0.8], pgv: [35, 0.5], fire: 0.2 },
  distribution_junction_box: {
    wind: [50, 0.4],
    depth: [2.0, 0.8],
    velocity: ERAD_FLOOD_VELOCITY.distribution_junction_box,
    pga: [0.45, 0.5],
    pgv: [35, 0.5],
    fire: 0.2,
  },
  distribution_overhead_lines: {
    wind: [45, 0.35],
    depth: [1.28, 0.5],
    velocity: ERAD_FLOOD_VELOCITY.distribution_overhead_lines,
    pga: [0.5, 0.55],
    pgv: [40, 0.5],
    fire: 0.3,
  },
  distribution_poles: { wind: [45, 0.4], depth: [1.28, 0.5], velocity: ERAD_FLOOD_VELOCITY.distribution_poles, pga: [0.4, 0.6], pgv: [40, 0.5], fire: 0.3 },
  distribution_underground_cables: {
    wind: [55, 0.4],
    depth: [2.0, 0.8],
    velocity: ERAD_FLOOD_VELOCITY.distribution_underground_cables,
    pga: [1.0, 0.8],
    pgv: [60, 0.5],
    fire: 0.05,
  },
  solar_panels: { wind: [55, 0.3], depth: [0.8, 0.4], velocity: ERAD_FLOOD_VELOCITY.solar_panels, pga: [0.45, 0.45], pgv: [35, 0.5], fire: 0.2 },
  substation: { wind: [55, 0.4], depth: [1.0, 0.01], velocity: ERAD_FLOOD_VELOCITY.substation, pga: [0.4, 0.5], pgv: [50, 0.5], fire: 0.25 },
  transformer_pad_mount: {
    wind: [50, 0.35],
    depth: [0.9, 0.5],
    velocity: ERAD_FLOOD_VELOCITY.transformer_pad_mount,
    pga: [0.4, 0.6],
    pgv: [35, 0.5],
    fire: 0.25,
  },
  transformer_pole_mount: {
    wind: [45, 0.3],
    depth: [1.2, 0.5],
    velocity: ERAD_FLOOD_VELOCITY.transformer_pole_mount,
    pga: [0.5, 0.8],
    pgv: [40, 0.5],
    fire: 0.3,
  },
  transmission_junction_box: {
    wind: [55, 0.54],
    depth: [1.0, 0.4],
    velocity: ERAD_FLOOD_VELOCITY.transmission_junction_box,
    pga: [0.5, 0.5],
    pgv: [50, 0.5],
    fire: 0.2,
  },
  transmission_overhead_lines: {
    wind: [50, 0.35],
    depth: [1.8, 0.3],
    velocity: ERAD_FLOOD_VELOCITY.transmission_overhead_lines,
    pga: [0.6, 0.6],
    pgv: [45, 0.5],
    fire: 0.3,
  },
  transmission_tower: { wind: [55, 0.4], depth: [2.2, 0.4], velocity: ERAD_FLOOD_VELOCITY.transmission_tower, pga: [0.35, 0.4], pgv: [35, 0.5], fire: 0.25 },
  transmission_underground_cables: {
    wind: [60, 0.4],
    depth: [0.8, 0.25],
    velocity: ERAD_FLOOD_VELOCITY.transmission_underground_cables,
    pga: [0.8, 0.55],
    pgv: [65, 0.55],
    fire: 0.05,
  },
} as const satisfies Record<AssetType, DefaultCurvesRow>;

/** P(fail) of a fire curve at distance 0+ (LEGACY_DEFAULT_CURVES table note). */
export const LEGACY_FIRE_MAX_PROBABILITY = 0.95;

const lognormal = ([median, beta]: readonly [number, number], unit: string): CurveSpec => ({ distribution: 'lognormal', median: `${median} ${unit}`, beta });

/** The table as a version 1 curve set. */
const LEGACY_DEFAULT_CURVES_V1: CurveSetV1 = {
  curves: {
    wind_speed: tableColumn<DefaultCurvesRow>(LEGACY_DEFAULT_CURVES_TABLE, (row) => lognormal(row.wind, 'meter / second')),
    flood_depth: tableColumn<DefaultCurvesRow>(LEGACY_DEFAULT_CURVES_TABLE, (row) => lognormal(row.depth, 'meter')),
    flood_velocity: tableColumn<DefaultCurvesRow>(LEGACY_DEFAULT_CURVES_TABLE, (row) => lognormal(row.velocity, 'meter / second')),
    pga: tableColumn<DefaultCurvesRow>(LEGACY_DEFAULT_CURVES_TABLE, (row) => lognormal(row.pga, 'standard_gravity')),
    pgv: tableColumn<DefaultCurvesRow>(LEGACY_DEFAULT_CURVES_TABLE, (row) => lognormal(row.pgv, 'centimeter / second')),
    fire_boundary_distance: tableColumn<DefaultCurvesRow>(LEGACY_DEFAULT_CURVES_TABLE, (row) => ({
      distribution: 'exponential_decay',
      max_probability: LEGACY_FIRE_MAX_PROBABILITY,
      length: `${row.fire} kilometer`,
    })),
  },
};

/** Where every LEGACY_DEFAULT_CURVES curve comes from. */
export const LEGACY_SOURCE =
  "Illustrative, uncited: ERAD's (NREL) default curve table read as lognormal median/beta (median = its loc where its scale is 1/s, else its scale); fire lengths from ERAD's newer engine, maximum probability 0.95";

/** LEGACY_DEFAULT_CURVES as a version 2 set: one limit state (failure) per curve, the numbers unchanged. */
export const LEGACY_DEFAULT_CURVES: CurveSet = withSource(
  {
    ...convertV1CurveSet(LEGACY_DEFAULT_CURVES_V1),
    name: 'LEGACY_DEFAULT_CURVES',
    description: "hazsim's earlier default: ERAD's default table read as lognormal median/beta; illustrative and uncited (docs/fragility.md)",
    notes: ['the earlier DEFAULT_CURVES, unchanged, so earlier runs can be reproduced; illustrative and uncited'],
  },
  LEGACY_SOURCE,
);
