import { classAtSites, classMapSchema, type ClassMap } from './_classAreas.js';
import type { WmoExposure } from './surface.js';

/**
 * The exposure of a site for its gust factor (docs/wind.md §6): the four rows of Harper, Kepert &
 * Ginger (2010), WMO/TD-No. 1555, Table 1.1:
 *  - at_sea: more than 20 km offshore;
 *  - off_sea: at the coast with the wind coming off the sea (onshore flow);
 *  - off_land: at the coast with the wind coming off the land (offshore flow);
 *  - in_land: inland, roughly open terrain.
 * Given per hazard file as one class or areas over a default (like `terrain`). Where the file
 * gives none, each site's row follows its terrain class as before: open water at sea, every
 * land class in-land (surface.ts wmoExposureOf). Which coastal sites see onshore or offshore
 * wind at their peak depends on the storm's side and the coastline, which hazsim does not map,
 * so the user names them.
 */
export const EXPOSURE_CLASSES = ['at_sea', 'off_sea', 'off_land', 'in_land'] as const;
export type ExposureClass = (typeof EXPOSURE_CLASSES)[number];

/** The WMO row of each class. */
export const WMO_EXPOSURE: Readonly<Record<ExposureClass, WmoExposure>> = {
  at_sea: 'at-sea',
  off_sea: 'off-sea',
  off_land: 'off-land',
  in_land: 'in-land',
};

export type ExposureMap = ClassMap<ExposureClass>;

/** An area map needs a default for the sites outside its areas: in_land, the row of open land. */
export const ExposureSchema = classMapSchema('exposure', EXPOSURE_CLASSES, 'in_land');

/** The exposure class of every site, as an index into EXPOSURE_CLASSES; undefined when the file gives no exposure. */
export function exposureAtSites(
  map: ExposureMap | undefined,
  sites: { count: number; longitude: Float64Array; latitude: Float64Array },
): Uint8Array | undefined {
  return map ? classAtSites(map, EXPOSURE_CLASSES, map.default, sites) : undefined;
}
