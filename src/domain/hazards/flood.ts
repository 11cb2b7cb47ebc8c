import * as v from 'valibot';
import { areasModelObject, areaTimestampsMatchParent, Geometry, Name, quantity, Timestamp } from './_schema.js';
import { areaContains, BOUNDARY_TOLERANCE_DEG } from './_polygon.js';
import { forEachSiteNear } from './_siteGrid.js';
import { areasApproach, areasFootprint, mergeMax, modelLabel, type HazardDescriptor } from './descriptor.js';
import { FLOOD_DEFAULT_CURVES } from './flood/defaultCurves.js';
import type { FloodArea, FloodHazard } from './types.js';

/**
 * Floods: areas of standing or flowing water (docs/input-hazard.md). Inside an area (its
 * boundary included) an asset gets flood depth = water_depth − height, or, when the area
 * gives an absolute water_elevation, water_elevation − (ground_elevation + height); and the
 * area's water_velocity (with the default physics only where it is in the water, depth > 0;
 * above the water its velocity is 0, docs/physics.md). Outside every area it gets no flood
 * quantity at all.
 */

const areaFields = {
  name: Name,
  affected_area: Geometry,
  water_velocity: v.optional(quantity('speed', { min: 0 })),
  water_depth: v.optional(quantity('length', { min: 0 })),
  water_elevation: v.optional(quantity('length')),
  ground_elevation: v.optional(quantity('length')),
};

type AreaEntry = {
  name: string;
  affected_area: FloodArea['geometry'];
  water_velocity?: number;
  water_depth?: number;
  water_elevation?: number;
  ground_elevation?: number;
};

/** Exactly one of water_depth and water_elevation says how high the water stands. */
function hasOneDepth(area: AreaEntry): boolean {
  return (area.water_depth === undefined) !== (area.water_elevation === undefined);
}
const ONE_DEPTH = 'give exactly one of water_depth (above ground) or water_elevation (absolute water surface)';

function groundNeedsElevation(area: AreaEntry): boolean {
  return area.ground_elevation === undefined || area.water_elevation !== undefined;
}
const GROUND_NEEDS_ELEVATION = 'ground_elevation only applies with water_elevation';

function toFloodArea(area: AreaEntry): FloodArea {
  return {
    name: area.name,
    geometry: area.affected_area,
    ...(area.water_velocity !== undefined ? { waterVelocityMs: area.water_velocity } : {}),
    ...(area.water_depth !== undefined ? { waterDepthM: area.water_depth } : {}),
    ...(area.water_elevation !== undefined ? { waterElevationM: area.water_elevation } : {}),
    ...(area.ground_elevation !== undefined ? { groundElevationM: area.ground_elevation } : {}),
  };
}

/** An area inside a flood's affected_areas: its type and timestamp may be left out (they are the flood's). */
const NestedAreaObject = v.strictObject({ type: v.optional(v.literal('flood_area')), timestamp: v.optional(Timestamp), ...areaFields });
type NestedArea = v.InferOutput<typeof NestedAreaObject>;
const NestedFloodArea = v.pipe(
  NestedAreaObject,
  v.forward(v.check<NestedArea, string>(hasOneDepth, ONE_DEPTH), ['water_depth']),
  v.forward(v.check<NestedArea, string>(groundNeedsElevation, GROUND_NEEDS_ELEVATION), ['ground_elevation']),
);

const FloodObject = areasModelObject('flood', NestedFloodArea);

export const FloodModel = v.pipe(
  FloodObject,
  areaTimestampsMatchParent<v.InferOutput<typeof FloodObject>>('flood'),
  v.transform((entry): FloodHazard => ({
    type: 'flood',
    declaredType: 'flood',
    name: entry.name,
    timestamp: entry.timestamp,
    areas: entry.affected_areas.map(toFloodArea),
  })),
);

/** A flood area standing alone in the file: a flood of that one area at its own timestamp. */
const StandaloneAreaObject = v.strictObject({ type: v.literal('flood_area'), timestamp: Timestamp, ...areaFields });
type StandaloneArea = v.InferOutput<typeof StandaloneAreaObject>;
export const FloodAreaModel = v.pipe(
  StandaloneAreaObject,
  v.forward(v.check<StandaloneArea, string>(hasOneDepth, ONE_DEPTH), ['water_depth']),
  v.forward(v.check<StandaloneArea, string>(groundNeedsElevation, GROUND_NEEDS_ELEVATION), ['ground_elevation']),
  v.transform((entry): FloodHazard => ({
    type: 'flood',
    declaredType: 'flood_area',
    name: entry.name,
    timestamp: entry.timestamp,
    areas: [toFloodArea(entry)],
  })),
);

export const flood: HazardDescriptor<FloodHazard> = {
  type: 'flood',
  entries: [
    { type: 'flood', title: 'Flood Model', schema: FloodModel, erad: { className: 'FloodModel', fields: [], areas: 'affected_areas' } },
    {
      type: 'flood_area',
      title: 'Flood Area Model',
      schema: FloodAreaModel,
      erad: { className: 'FloodModelArea', fields: ['affected_area', 'water_velocity', 'water_elevation', 'water_depth', 'ground_elevation'] },
      eradPartOnly: true,
    },
  ],
  requires: ['heightM'],
  defaultCurves: FLOOD_DEFAULT_CURVES,
  footprint: areasFootprint,
  approach: areasApproach,
  compute(model, sites, out, warn, context) {
    // Default physics: water flows against an asset only where the asset is in the water (docs/physics.md).
    const velocityNeedsWater = context.physics === 'default';
    const depth = out.flood_depth!;
    const velocity = out.flood_velocity!;
    const { longitude, latitude, heightM } = sites.sites;
    for (const area of model.areas) {
      let surfaceAboveGroundM: number;
      if (area.waterDepthM !== undefined) {
        surfaceAboveGroundM = area.waterDepthM;
      } else {
        if (area.groundElevationM === undefined) {
          warn(`${modelLabel(model)}: area ${area.name ? `'${area.name}' ` : ''}gives water_elevation but no ground_elevation; ground elevation 0 m used`);
        }
        surfaceAboveGroundM = area.waterElevationM! - (area.groundElevationM ?? 0);
      }
      const [minLon, minLat, maxLon, maxLat] = area.geometry.bbox;
      const box = [minLon - BOUNDARY_TOLERANCE_DEG, minLat - BOUNDARY_TOLERANCE_DEG, maxLon + BOUNDARY_TOLERANCE_DEG, maxLat + BOUNDARY_TOLERANCE_DEG] as const;
      forEachSiteNear(sites.grid, box, (site) => {
        if (!areaContains(area.geometry, longitude[site], latitude[site])) return;
        const depthAtAsset = surfaceAboveGroundM - heightM[site];
        mergeMax(depth, site, depthAtAsset);
        if (area.waterVelocityMs !== undefined) mergeMax(velocity, site, velocityNeedsWater && !(depthAtAsset > 0) ? 0 : area.waterVelocityMs);
      });
    }
  },
};
