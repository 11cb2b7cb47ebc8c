/**
 * USGS ShakeMap grids as earthquake input (docs/input-hazard.md). An uploaded grid.xml (with its
 * uncertainty.xml when given) becomes a `shakemap` entry of a hazsim hazard file: the grid's
 * raster, its PGA, PGV, PSA(0.3 s) and PSA(1.0 s) in SI units, and their ln standard deviations.
 * A run interpolates them bilinearly at the assets; assets outside the grid get no shaking and
 * are reported.
 */
import * as v from 'valibot';
import { Name, Point, quantity, Timestamp } from '../_schema.js';
import { BilinearStencil, gridGeometry, ShakeMapGridError, type ShakeMapGrid } from './shakemap/index.js';
import type { IntensityQuantity, ShakeMapHazard } from '../types.js';

/** ShakeMap field names of each earthquake quantity and of its standard deviation. */
const SHAKEMAP_FIELDS: readonly { quantity: IntensityQuantity; field: string; std: string }[] = [
  { quantity: 'pga', field: 'PGA', std: 'STDPGA' },
  { quantity: 'pgv', field: 'PGV', std: 'STDPGV' },
  { quantity: 'sa_0_3', field: 'PSA03', std: 'STDPSA03' },
  { quantity: 'sa_1_0', field: 'PSA10', std: 'STDPSA10' },
];

/** The SI unit the file's values are in, per quantity. */
const SI_UNITS: Readonly<Record<string, string>> = {
  pga: 'meter / second ** 2',
  pgv: 'meter / second',
  sa_0_3: 'meter / second ** 2',
  sa_1_0: 'meter / second ** 2',
};

function toNumbers(values: Float64Array): number[] {
  return Array.from(values);
}

/**
 * The hazsim hazard file holding one complete ShakeMap grid (with its uncertainty fields already
 * attached). Throws ShakeMapGridError when the grid is truncated, has no shaking field, or its
 * event time is not in UTC.
 */
export function shakeMapHazardFile(grid: ShakeMapGrid): Record<string, unknown> {
  if (!grid.isComplete) {
    const expected = grid.specification.nlon * grid.specification.nlat;
    throw new ShakeMapGridError(`the grid is truncated: ${grid.rowCount} of ${expected} data rows (nlon × nlat); upload the complete grid.xml`);
  }
  const timeUtcIso = grid.event.timeUtcIso;
  if (timeUtcIso === null) {
    throw new ShakeMapGridError(
      `event_timestamp ${JSON.stringify(grid.event.timestamp)} is not in UTC; write it as an ISO 8601 UTC date-time (e.g. 2015-04-25T06:11:25) and upload again`,
    );
  }
  const geometry = gridGeometry(grid.specification);
  const fields: Record<string, { unit: string; values: number[] }> = {};
  const deviations: Record<string, number[]> = {};
  for (const { quantity: name, field, std } of SHAKEMAP_FIELDS) {
    const values = grid.fields.get(field);
    if (values) fields[name] = { unit: SI_UNITS[name], values: toNumbers(values.values) };
    const deviation = grid.fields.get(std);
    if (values && deviation) deviations[name] = toNumbers(deviation.values);
  }
  if (Object.keys(fields).length === 0) throw new ShakeMapGridError('the grid has none of the fields PGA, PGV, PSA03, PSA10');
  const event = grid.event;
  return {
    name: event.eventId,
    description: `USGS ShakeMap ${grid.shakemapVersion} of event ${event.eventId}: M${event.magnitude} ${event.description}`.trim(),
    models: [
      {
        type: 'shakemap',
        name: event.eventId,
        timestamp: timeUtcIso.replace(/(\.0+)?Z$/, ''),
        event: {
          event_id: event.eventId,
          magnitude: event.magnitude,
          origin: { longitude: event.lon, latitude: event.lat },
          depth: `${event.depthKm} kilometer`,
          description: event.description,
          shakemap_version: grid.shakemapVersion,
        },
        grid: {
          longitude_min: geometry.lonMin,
          latitude_max: geometry.latMax,
          longitude_step: geometry.lonStep,
          latitude_step: geometry.latStep,
          columns: geometry.nlon,
          rows: geometry.nlat,
        },
        fields,
        ln_standard_deviations: deviations,
      },
    ],
  };
}

const finiteNumbers = (label: string) =>
  v.pipe(
    v.custom<number[]>(
      (input) => Array.isArray(input) && input.every((value) => typeof value === 'number' && Number.isFinite(value)),
      `${label} must be a list of finite numbers`,
    ),
    v.transform((values) => Float64Array.from(values)),
  );

const positive = (label: string) =>
  v.pipe(v.number(`${label} must be a number`), v.finite(`${label} must be finite`), v.gtValue(0, `${label} must be positive`));
const count = (label: string) =>
  v.pipe(v.number(`${label} must be a number`), v.integer(`${label} must be an integer`), v.minValue(2, `${label} must be at least 2`));

/** A raster as hazard files write it: north-west node, steps in degrees, node counts. */
export const Raster = v.strictObject(
  {
    longitude_min: v.pipe(v.number('longitude_min must be a number'), v.finite('longitude_min must be finite')),
    latitude_max: v.pipe(v.number('latitude_max must be a number'), v.finite('latitude_max must be finite')),
    longitude_step: positive('longitude_step'),
    latitude_step: positive('latitude_step'),
    columns: count('columns'),
    rows: count('rows'),
  },
  'expected a grid {longitude_min, latitude_max, longitude_step, latitude_step, columns, rows}',
);

const QUANTITY_NAMES = SHAKEMAP_FIELDS.map((entry) => entry.quantity);

const ShakeMapField = v.strictObject({ unit: v.string('unit must be a unit string'), values: finiteNumbers('values') }, 'expected {unit, values}');

export const ShakeMapModel = v.pipe(
  v.strictObject({
    type: v.literal('shakemap'),
    name: Name,
    timestamp: Timestamp,
    event: v.strictObject({
      event_id: v.string('event_id must be a string'),
      magnitude: v.pipe(v.number('magnitude must be a number'), v.finite()),
      origin: Point,
      depth: quantity('length', { min: 0 }),
      description: v.optional(v.string(), ''),
      shakemap_version: v.optional(v.string(), ''),
    }),
    grid: Raster,
    fields: v.pipe(
      v.record(v.picklist(QUANTITY_NAMES, `fields are named ${QUANTITY_NAMES.join(', ')}`), ShakeMapField),
      v.check((fields) => Object.keys(fields).length > 0, `fields must hold at least one of ${QUANTITY_NAMES.join(', ')}`),
    ),
    ln_standard_deviations: v.optional(
      v.record(v.picklist(QUANTITY_NAMES, `ln_standard_deviations are named ${QUANTITY_NAMES.join(', ')}`), finiteNumbers('a standard deviation field')),
      {},
    ),
  }),
  v.rawTransform(({ dataset, addIssue, NEVER }): ShakeMapHazard => {
    const entry = dataset.value;
    const nodes = entry.grid.columns * entry.grid.rows;
    const fields: ShakeMapHazard['fields'] = {};
    let failed = false;
    for (const [name, field] of Object.entries(entry.fields)) {
      const expectedUnit = SI_UNITS[name];
      if (field.unit !== expectedUnit) {
        addIssue({ message: `fields.${name}.unit must be ${JSON.stringify(expectedUnit)}, got ${JSON.stringify(field.unit)}` });
        failed = true;
      }
      if (field.values.length !== nodes) {
        addIssue({ message: `fields.${name}.values holds ${field.values.length} values; the grid has columns × rows = ${nodes} nodes` });
        failed = true;
      }
      fields[name] = field.values;
    }
    for (const [name, values] of Object.entries(entry.ln_standard_deviations)) {
      if (!(name in entry.fields)) {
        addIssue({ message: `ln_standard_deviations.${name} has no field ${name} to belong to` });
        failed = true;
      } else if (values.length !== nodes) {
        addIssue({ message: `ln_standard_deviations.${name} holds ${values.length} values; the grid has ${nodes} nodes` });
        failed = true;
      }
    }
    if (failed) return NEVER;
    return {
      type: 'earthquake',
      declaredType: 'shakemap',
      name: entry.name,
      timestamp: entry.timestamp,
      event: {
        eventId: entry.event.event_id,
        magnitude: entry.event.magnitude,
        depthKm: entry.event.depth / 1000,
        longitude: entry.event.origin.longitude,
        latitude: entry.event.origin.latitude,
        description: entry.event.description,
        shakemapVersion: entry.event.shakemap_version,
      },
      grid: {
        lonMin: entry.grid.longitude_min,
        latMax: entry.grid.latitude_max,
        lonStep: entry.grid.longitude_step,
        latStep: entry.grid.latitude_step,
        nlon: entry.grid.columns,
        nlat: entry.grid.rows,
      },
      fields,
      lnStandardDeviations: entry.ln_standard_deviations,
    };
  }),
);

/**
 * Interpolates the grid's fields at the sites into `out` and their deviations into
 * `lnStandardDeviations` (most severe value per site when several models share a timestamp).
 * A grid's deviations are totals, so where it wins the between-event part, if asked for, is NaN.
 * Returns the number of sites outside the grid (left without shaking).
 */
export function interpolateShakeMap(
  model: ShakeMapHazard,
  latitude: Float64Array,
  longitude: Float64Array,
  out: Partial<Record<IntensityQuantity, Float64Array>>,
  lnStandardDeviations: Partial<Record<IntensityQuantity, Float64Array>>,
  lnBetweenEventDeviations?: Partial<Record<IntensityQuantity, Float64Array>>,
): number {
  const stencil = new BilinearStencil(latitude.length);
  stencil.locate(model.grid, longitude, latitude);
  const value = new Float64Array(latitude.length);
  const deviation = new Float64Array(latitude.length);
  for (const [quantityName, nodes] of Object.entries(model.fields)) {
    const target = out[quantityName];
    if (!nodes || !target) continue;
    stencil.interpolate(nodes, value);
    const deviationNodes = model.lnStandardDeviations[quantityName];
    if (deviationNodes) stencil.interpolate(deviationNodes, deviation);
    else deviation.fill(Number.NaN);
    const targetDeviation = lnStandardDeviations[quantityName];
    const targetBetweenEvent = lnBetweenEventDeviations?.[quantityName];
    for (let i = 0; i < value.length; i++) {
      if (!(value[i] > target[i]) && target[i] === target[i]) continue;
      if (value[i] !== value[i]) continue;
      target[i] = value[i];
      if (targetDeviation) targetDeviation[i] = deviation[i];
      if (targetBetweenEvent) targetBetweenEvent[i] = Number.NaN;
    }
  }
  return stencil.outsideCount;
}
