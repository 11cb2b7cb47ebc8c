/**
 * The outlines under the report's map (src/domain/report/basemap.ts), meshed from the atlases
 * installed with hazsim: us-atlas 3.0.1 (US Census Bureau cartographic boundaries, 1:10,000,000)
 * for counties, states and the US coast and borders, world-atlas 2.0.2 (Natural Earth admin-0
 * countries, 1:10,000,000) for the coast and borders everywhere else. Only what the page needs is
 * read into it; the page itself makes no request.
 */
import { mesh } from 'topojson-client';
import type { GeometryCollection, GeometryObject, Topology } from 'topojson-specification';
import {
  clipOutlines,
  outlineBox,
  OUTLINE_MARGIN_DEG,
  simplifyToleranceDeg,
  type BasemapLayer,
  type LonLatBox,
  type OutlineKind,
} from '../../domain/report/index.js';
import { packagedTopology } from '../../base/packagedTopology.js';

/**
 * The places us-atlas outlines (ISO 3166-1 numeric: the USA, Puerto Rico, the US Virgin
 * Islands, American Samoa, Guam, the Northern Mariana Islands). Their coast and borders come
 * from us-atlas, whose county lines end on that coast, so world-atlas leaves them out.
 */
const US_ATLAS_PLACES = new Set(['840', '630', '850', '016', '316', '580']);

/** A topology with the extent of each of its arcs: west, south, east, north in degrees, four per arc. */
interface Atlas {
  topology: Topology;
  arcExtents: Float64Array;
}

/** Reads an installed atlas and the extent of each arc (arcs are delta-encoded quantized positions). */
function readAtlas(specifier: string): Atlas {
  const topology = packagedTopology(specifier);
  const { scale, translate } = topology.transform!;
  const arcExtents = new Float64Array(topology.arcs.length * 4);
  topology.arcs.forEach((arc, index) => {
    let x = 0;
    let y = 0;
    let west = Infinity;
    let east = -Infinity;
    let south = Infinity;
    let north = -Infinity;
    for (const [dx, dy] of arc) {
      x += dx;
      y += dy;
      if (x < west) west = x;
      if (x > east) east = x;
      if (y < south) south = y;
      if (y > north) north = y;
    }
    arcExtents.set(
      [west * scale[0] + translate[0], south * scale[1] + translate[1], east * scale[0] + translate[0], north * scale[1] + translate[1]],
      index * 4,
    );
  });
  return { topology, arcExtents };
}

function arcMeets(atlas: Atlas, arc: number, box: LonLatBox): boolean {
  const at = (arc < 0 ? ~arc : arc) * 4;
  const extents = atlas.arcExtents;
  return extents[at + 2] >= box.west && extents[at] <= box.east && extents[at + 3] >= box.south && extents[at + 1] <= box.north;
}

/**
 * The outlines of `object` near `box`. Only its geometries with an arc meeting the box are
 * meshed: both neighbours of such an arc are among them, so the mesh's "used by one geometry
 * only" test (a coast) stays true only of real coasts there; what lies away from the box is
 * clipped off afterwards.
 */
function outlinesNear(
  atlas: Atlas,
  object: string,
  box: LonLatBox,
  toleranceDeg: number,
  filter: (a: GeometryObject, b: GeometryObject) => boolean,
): number[][] {
  const collection = atlas.topology.objects[object] as GeometryCollection;
  const arcsOf = (geometry: GeometryObject): number[] => ('arcs' in geometry ? (geometry.arcs as unknown[]).flat(2) : []) as number[];
  const near = collection.geometries.filter((geometry) => arcsOf(geometry).some((arc) => arcMeets(atlas, arc, box)));
  return near.length === 0 ? [] : clipOutlines(mesh(atlas.topology, { ...collection, geometries: near }, filter).coordinates, box, toleranceDeg);
}

const isUsAtlasPlace = (geometry: GeometryObject) => US_ATLAS_PLACES.has(String(geometry.id));

/**
 * The outlines around assets at these positions (degrees), each kind within its margin
 * (OUTLINE_MARGIN_DEG); kinds with nothing near are left out, and so is everything when no
 * position is finite.
 */
export function basemapLayers(longitude: Float64Array, latitude: Float64Array): BasemapLayer[] {
  const boxes = Object.fromEntries(
    (Object.keys(OUTLINE_MARGIN_DEG) as OutlineKind[]).map((kind) => [kind, outlineBox(longitude, latitude, OUTLINE_MARGIN_DEG[kind])]),
  ) as Record<OutlineKind, LonLatBox | null>;
  if (!boxes.county || !boxes.state || !boxes.coast) return [];
  const tolerance = simplifyToleranceDeg(boxes.county, OUTLINE_MARGIN_DEG.county);
  const us = readAtlas('us-atlas/counties-10m.json');
  const world = readAtlas('world-atlas/countries-10m.json');
  const layers: BasemapLayer[] = [
    { kind: 'county', lines: outlinesNear(us, 'counties', boxes.county, tolerance, (a, b) => a !== b) },
    { kind: 'state', lines: outlinesNear(us, 'states', boxes.state, tolerance, (a, b) => a !== b) },
    {
      kind: 'coast',
      lines: [
        ...outlinesNear(us, 'nation', boxes.coast, tolerance, (a, b) => a === b),
        // Elsewhere: coasts (an edge of one country) and borders between two countries us-atlas does not draw.
        ...outlinesNear(world, 'countries', boxes.coast, tolerance, (a, b) => !isUsAtlasPlace(a) && !isUsAtlasPlace(b)),
      ],
    },
  ];
  return layers.filter((layer) => layer.lines.length > 0);
}
