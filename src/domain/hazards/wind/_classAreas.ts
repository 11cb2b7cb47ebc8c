import * as v from 'valibot';
import { areaContains } from '../_polygon.js';
import { Geometry, Name } from '../_schema.js';
import type { AreaGeometry } from '../types.js';

/**
 * A site property given as one class for the whole hazard file, or as areas with their own class
 * over a default for sites outside every area: the hazard file's `terrain` (terrain.ts) and
 * `exposure` (exposure.ts).
 */
export interface ClassMap<C extends string> {
  default: C;
  areas: { name: string; value: C; geometry: AreaGeometry }[];
}

/** The schema of `field`: a class, or {default?, areas: [{name, <field>, geometry}]}. */
export function classMapSchema<C extends string>(field: string, classes: readonly [C, ...C[]], fallback: C) {
  const Class = v.picklist(classes, `${field} must be one of ${classes.join(', ')}`);
  const Area = v.strictObject({ name: Name, [field]: Class, geometry: Geometry } as { name: typeof Name; value: typeof Class; geometry: typeof Geometry });
  return v.union(
    [
      v.pipe(
        Class,
        v.transform((value): ClassMap<C> => ({ default: value, areas: [] })),
      ),
      v.pipe(
        v.strictObject({
          default: v.optional(Class, fallback),
          areas: v.array(Area, `${field} areas must be a list of {name, ${field}, geometry}`),
        }),
        v.transform((map): ClassMap<C> => ({
          default: map.default as C,
          areas: (map.areas as unknown as Record<string, unknown>[]).map((area) => ({
            name: area.name as string,
            value: area[field] as C,
            geometry: area.geometry as AreaGeometry,
          })),
        })),
      ),
    ],
    `${field} must be a class (${classes.join(', ')}) or {default, areas: [{name, ${field}, geometry}]}`,
  );
}

/** The class of every site as an index into `classes`: the first area holding the site (boundary included), else the map's default, else `fallback`. */
export function classAtSites<C extends string>(
  map: ClassMap<C> | undefined,
  classes: readonly C[],
  fallback: C,
  sites: { count: number; longitude: Float64Array; latitude: Float64Array },
): Uint8Array {
  const out = new Uint8Array(sites.count).fill(classes.indexOf(map?.default ?? fallback));
  if (!map || map.areas.length === 0) return out;
  for (let site = 0; site < sites.count; site++) {
    const area = map.areas.find((candidate) => areaContains(candidate.geometry, sites.longitude[site], sites.latitude[site]));
    if (area) out[site] = classes.indexOf(area.value);
  }
  return out;
}
