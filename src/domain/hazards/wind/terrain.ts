import * as v from 'valibot';
import { areaContains } from '../_polygon.js';
import { Geometry, Name } from '../_schema.js';
import type { AreaGeometry } from '../types.js';
import type { Exposure } from './surface.js';

/**
 * Terrain classes of the ground the assets stand on, for the surface-wind conversion
 * (surface.ts, docs/wind.md §6): open water, open terrain (the reference of most wind
 * fragility curves, ASCE 7 exposure C), suburban, urban. Given for a whole hazard file, or per
 * area with a default for sites outside every area (docs/input-hazard.md).
 */
export const TERRAIN_CLASSES = ['open_water', 'open_terrain', 'suburban', 'urban'] as const;
export type TerrainClass = (typeof TERRAIN_CLASSES)[number];

/** Where no terrain is given: open terrain. */
export const DEFAULT_TERRAIN: TerrainClass = 'open_terrain';

/** The exposure name surface.ts uses for each class. */
export const TERRAIN_EXPOSURE: Readonly<Record<TerrainClass, Exposure>> = {
  open_water: 'open-water',
  open_terrain: 'open-terrain',
  suburban: 'suburban',
  urban: 'urban',
};

/** The terrain of a hazard file: one class for every site, or areas with their own class. */
export interface TerrainMap {
  default: TerrainClass;
  areas: { name: string; terrain: TerrainClass; geometry: AreaGeometry }[];
}

const TerrainClassSchema = v.picklist(TERRAIN_CLASSES, `terrain must be one of ${TERRAIN_CLASSES.join(', ')}`);

export const TerrainSchema = v.union(
  [
    v.pipe(
      TerrainClassSchema,
      v.transform((terrain): TerrainMap => ({ default: terrain, areas: [] })),
    ),
    v.pipe(
      v.strictObject({
        default: v.optional(TerrainClassSchema, DEFAULT_TERRAIN),
        areas: v.array(
          v.strictObject({ name: Name, terrain: TerrainClassSchema, geometry: Geometry }),
          'terrain areas must be a list of {name, terrain, geometry}',
        ),
      }),
      v.transform((terrain): TerrainMap => ({ default: terrain.default, areas: terrain.areas })),
    ),
  ],
  `terrain must be a class (${TERRAIN_CLASSES.join(', ')}) or {default, areas: [{name, terrain, geometry}]}`,
);

/**
 * The terrain class of every site, as an index into TERRAIN_CLASSES: the first area holding the
 * site (boundary included), else the map's default; open terrain when the file gives no terrain.
 */
export function terrainAtSites(map: TerrainMap | undefined, sites: { count: number; longitude: Float64Array; latitude: Float64Array }): Uint8Array {
  const fallback = TERRAIN_CLASSES.indexOf(map?.default ?? DEFAULT_TERRAIN);
  const out = new Uint8Array(sites.count).fill(fallback);
  if (!map || map.areas.length === 0) return out;
  for (let site = 0; site < sites.count; site++) {
    const area = map.areas.find((candidate) => areaContains(candidate.geometry, sites.longitude[site], sites.latitude[site]));
    if (area) out[site] = TERRAIN_CLASSES.indexOf(area.terrain);
  }
  return out;
}
