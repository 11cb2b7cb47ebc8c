import { classAtSites, classMapSchema, type ClassMap } from './_classAreas.js';
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
export type TerrainMap = ClassMap<TerrainClass>;

export const TerrainSchema = classMapSchema('terrain', TERRAIN_CLASSES, DEFAULT_TERRAIN);

/**
 * The terrain class of every site, as an index into TERRAIN_CLASSES: the first area holding the
 * site (boundary included), else the map's default; open terrain when the file gives no terrain.
 */
export function terrainAtSites(map: TerrainMap | undefined, sites: { count: number; longitude: Float64Array; latitude: Float64Array }): Uint8Array {
  return classAtSites(map, TERRAIN_CLASSES, DEFAULT_TERRAIN, sites);
}
