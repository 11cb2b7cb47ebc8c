import * as v from 'valibot';
import { geodesicDistanceFastM } from '../../base/geodesy/batch.js';
import { areasModelObject, areaTimestampsMatchParent, Geometry, Name, quantity, Timestamp } from './_schema.js';
import { areaContains, nearestBoundaryPoint, prepareBoundary, type BoundaryPoint } from './_polygon.js';
import { areasApproach, areasFootprint, mergeMin, type HazardDescriptor } from './descriptor.js';
import { FIRE_DEFAULT_CURVES } from './fire/defaultCurves.js';
import type { FireArea, FireHazard } from './types.js';

/**
 * Wildfires: burning areas (fire perimeters). An asset inside a perimeter (its boundary
 * included) is at distance 0; outside, at the geodesic distance to the nearest point of the
 * nearest perimeter (docs/input-hazard.md). Every asset gets a distance at a fire's timestamp. The
 * areas' wind speed and direction are kept for the record but not used (as in ERAD).
 */

const areaFields = {
  name: Name,
  affected_area: Geometry,
  wind_speed: v.optional(quantity('speed')),
  wind_direction: v.optional(quantity('angle')),
};

interface AreaEntry {
  name: string;
  affected_area: FireArea['geometry'];
  wind_speed?: number;
  wind_direction?: number;
}

function toFireArea(area: AreaEntry): FireArea {
  return {
    name: area.name,
    geometry: area.affected_area,
    ...(area.wind_speed !== undefined ? { windSpeedMs: area.wind_speed } : {}),
    ...(area.wind_direction !== undefined ? { windDirectionDeg: area.wind_direction } : {}),
  };
}

const NestedFireArea = v.strictObject({ type: v.optional(v.literal('fire_area')), timestamp: v.optional(Timestamp), ...areaFields });

const FireObject = areasModelObject('fire', NestedFireArea);

export const FireModel = v.pipe(
  FireObject,
  areaTimestampsMatchParent<v.InferOutput<typeof FireObject>>('fire'),
  v.transform((entry): FireHazard => ({
    type: 'fire',
    declaredType: 'fire',
    name: entry.name,
    timestamp: entry.timestamp,
    areas: entry.affected_areas.map(toFireArea),
  })),
);

/** A fire area standing alone in the file: a fire of that one perimeter at its own timestamp. */
export const FireAreaModel = v.pipe(
  v.strictObject({ type: v.literal('fire_area'), timestamp: Timestamp, ...areaFields }),
  v.transform((entry): FireHazard => ({ type: 'fire', declaredType: 'fire_area', name: entry.name, timestamp: entry.timestamp, areas: [toFireArea(entry)] })),
);

export const fire: HazardDescriptor<FireHazard> = {
  type: 'fire',
  entries: [
    { type: 'fire', title: 'Fire Model', schema: FireModel, erad: { className: 'FireModel', fields: [], areas: 'affected_areas' } },
    {
      type: 'fire_area',
      title: 'Fire Area Model',
      schema: FireAreaModel,
      erad: { className: 'FireModelArea', fields: ['affected_area', 'wind_speed', 'wind_direction'] },
      eradPartOnly: true,
    },
  ],
  requires: [],
  defaultCurves: FIRE_DEFAULT_CURVES,
  footprint: areasFootprint,
  approach: areasApproach,
  compute(model, sites, out) {
    const distance = out.fire_boundary_distance!;
    const { longitude, latitude, count } = sites.sites;
    const nearest: BoundaryPoint = { lon: 0, lat: 0 };
    for (const area of model.areas) {
      const boundary = prepareBoundary(area.geometry);
      for (let i = 0; i < count; i++) {
        if (distance[i] === 0) continue;
        if (areaContains(area.geometry, longitude[i], latitude[i])) {
          distance[i] = 0;
          continue;
        }
        nearestBoundaryPoint(boundary, longitude[i], latitude[i], nearest);
        mergeMin(distance, i, geodesicDistanceFastM(latitude[i], longitude[i], nearest.lat, nearest.lon));
      }
    }
  },
};
