import * as v from 'valibot';
import { DIMENSION_EXAMPLES, parseQuantity, type Dimension } from './_units.js';
import { parseTimestamp } from './_timestamps.js';
import { readGeometry } from './_geometry.js';
import type { AreaGeometry } from './types.js';
import { isObject } from '../../base/json.js';

/**
 * Schema pieces shared by the hazard models: quantities read into SI numbers, date-times
 * into canonical strings, points and area geometries, each failing with a message that
 * says what was expected.
 */

/** A quantity string of `dimension`, read into its SI value; optionally bounded below. */
export function quantity(dimension: Dimension, bound?: { min: number; exclusive?: boolean }) {
  return v.pipe(
    v.unknown(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      if (dataset.value === undefined) {
        addIssue({ message: `required: ${DIMENSION_EXAMPLES[dimension]}` });
        return NEVER;
      }
      const result = parseQuantity(dataset.value, dimension);
      if (!result.ok) {
        addIssue({ message: result.message });
        return NEVER;
      }
      if (bound && (bound.exclusive ? !(result.value > bound.min) : !(result.value >= bound.min))) {
        addIssue({ message: `must be ${bound.exclusive ? 'greater than' : 'at least'} ${bound.min}, got ${JSON.stringify(dataset.value)}` });
        return NEVER;
      }
      return result.value;
    }),
  );
}

/** An ISO 8601 date-time, read into hazsim's canonical UTC form. */
export const Timestamp = v.pipe(
  v.unknown(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    if (dataset.value === undefined) {
      addIssue({ message: "required: an ISO 8601 date-time such as '2022-09-28T18:00:00'" });
      return NEVER;
    }
    const result = parseTimestamp(dataset.value);
    if (!result.ok) {
      addIssue({ message: result.message });
      return NEVER;
    }
    return result.value;
  }),
);

function degrees(label: string, limit: number) {
  return v.pipe(
    v.number(`${label} must be a number of degrees`),
    v.finite(`${label} must be a finite number`),
    v.check(
      (value) => Math.abs(value) <= limit,
      (issue) => `${label} must be between -${limit} and ${limit} degrees, got ${String(issue.input)}`,
    ),
  );
}

const POINT_SHAPE = 'expected a point {"longitude": <degrees>, "latitude": <degrees>}';

/** A WGS-84 point `{longitude, latitude}` in degrees. */
export const Point = v.pipe(
  v.custom<Record<string, unknown>>(isObject, POINT_SHAPE),
  v.strictObject({ longitude: degrees('longitude', 180), latitude: degrees('latitude', 90) }, POINT_SHAPE),
);

/** A GeoJSON Polygon or MultiPolygon (or ERAD's flat ring), read into an AreaGeometry. */
export const Geometry = v.pipe(
  v.unknown(),
  v.rawTransform(({ dataset, addIssue, NEVER }): AreaGeometry => {
    const result = readGeometry(dataset.value);
    if (result.ok) return result.geometry;
    for (const problem of result.problems) {
      const path = problem.path.map((key) => ({ type: 'unknown' as const, origin: 'value' as const, input: dataset.value, key, value: undefined }));
      addIssue(path.length > 0 ? { message: problem.message, path: path as [(typeof path)[number], ...typeof path] } : { message: problem.message });
    }
    return NEVER;
  }),
);

/** A model or area name; '' when absent. */
export const Name = v.optional(v.string('name must be a string'), '');

/** A finite number (no unit), with a message naming the field. */
export function plainNumber(label: string, bound?: { min: number; max?: { value: number; why: string } }) {
  if (!bound) return v.pipe(v.number(`${label} must be a number`), v.finite(`${label} must be a finite number`));
  const { min, max } = bound;
  return v.pipe(
    v.number(`${label} must be a number`),
    v.finite(`${label} must be a finite number`),
    v.minValue(min, (issue) => `${label} must be at least ${min}, got ${String(issue.input)}`),
    v.maxValue(max?.value ?? Infinity, (issue) => `${label} must be at most ${max?.value} (${max?.why}), got ${String(issue.input)}`),
  );
}

/**
 * Checks that the areas nested in a flood or fire carry no timestamp of their own, or the
 * parent's: an area belongs to its parent's moment.
 */
export function areaTimestampsMatchParent<T extends { timestamp: string; affected_areas: { timestamp?: string }[] }>(parent: 'flood' | 'fire') {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const { timestamp, affected_areas: areas } = dataset.value;
    areas.forEach((area, index) => {
      if (area.timestamp === undefined || area.timestamp === timestamp) return;
      addIssue({
        message: `an area's timestamp must be its ${parent}'s (${timestamp}), got ${area.timestamp}`,
        path: [
          { type: 'object', origin: 'value', input: dataset.value, key: 'affected_areas', value: areas },
          { type: 'array', origin: 'value', input: areas, key: index, value: area },
          { type: 'object', origin: 'value', input: area, key: 'timestamp', value: area.timestamp },
        ],
      });
    });
  });
}

/** A flood or fire: a type, name and timestamp, and one or more areas read by `area`. */
export function areasModelObject<const T extends 'flood' | 'fire', A extends v.GenericSchema>(type: T, area: A) {
  return v.strictObject({
    type: v.literal(type),
    name: Name,
    timestamp: Timestamp,
    affected_areas: v.pipe(v.array(area, `affected_areas must be a list of ${type} areas`), v.minLength(1, `a ${type} needs at least one affected area`)),
  });
}
