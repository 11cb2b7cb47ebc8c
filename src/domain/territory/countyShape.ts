/**
 * County polygons as plain data, and the geometry territory placement needs: a point-in-polygon
 * test, the area on the sphere and uniform points inside a county (docs/hindcast.md,
 * "Placement"). Coordinates are longitude/latitude in degrees (GeoJSON order).
 */

/** A closed ring of [longitude, latitude] points; the last point may repeat the first. */
export type Ring = readonly (readonly [number, number])[];

/** One polygon: its outer ring, then its holes. */
export type Polygon = readonly Ring[];

export interface CountyShape {
  /** Five-digit county FIPS code, zero-padded ("37129"). */
  fips: string;
  name: string;
  polygons: readonly Polygon[];
}

/** Mean Earth radius, km (IUGG), the sphere the equal-area projection below is drawn on. */
const EARTH_RADIUS_KM = 6371.0088;
const RAD = Math.PI / 180;

function insideRing(ring: Ring, longitude: number, latitude: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > latitude !== yj > latitude && longitude < ((xj - xi) * (latitude - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Whether the point lies in the county: inside an outer ring and in none of that polygon's holes (even-odd rule). */
export function containsPoint(shape: CountyShape, longitude: number, latitude: number): boolean {
  return shape.polygons.some(
    (polygon) => polygon.length > 0 && insideRing(polygon[0], longitude, latitude) && !polygon.slice(1).some((hole) => insideRing(hole, longitude, latitude)),
  );
}

/** Shoelace area of a ring in Lambert's cylindrical equal-area projection (x = R·λ, y = R·sin φ), km². */
function ringAreaKm2(ring: Ring): number {
  let twice = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const x1 = ring[j][0] * RAD;
    const y1 = Math.sin(ring[j][1] * RAD);
    const x2 = ring[i][0] * RAD;
    const y2 = Math.sin(ring[i][1] * RAD);
    twice += x1 * y2 - x2 * y1;
  }
  return (Math.abs(twice) / 2) * EARTH_RADIUS_KM * EARTH_RADIUS_KM;
}

/**
 * Area of the county on the sphere, km²: outer rings less holes, each measured in an
 * equal-area projection, so straight edges in longitude/latitude are measured as drawn.
 */
export function areaKm2(shape: CountyShape): number {
  let total = 0;
  for (const polygon of shape.polygons) {
    polygon.forEach((ring, index) => {
      total += index === 0 ? ringAreaKm2(ring) : -ringAreaKm2(ring);
    });
  }
  return total;
}

export interface Bounds {
  west: number;
  east: number;
  south: number;
  north: number;
}

export function boundsOf(shape: CountyShape): Bounds {
  const bounds = { west: Infinity, east: -Infinity, south: Infinity, north: -Infinity };
  for (const polygon of shape.polygons) {
    for (const [longitude, latitude] of polygon[0] ?? []) {
      bounds.west = Math.min(bounds.west, longitude);
      bounds.east = Math.max(bounds.east, longitude);
      bounds.south = Math.min(bounds.south, latitude);
      bounds.north = Math.max(bounds.north, latitude);
    }
  }
  return bounds;
}

/** A source of uniform numbers in [0, 1), e.g. seedrandom.alea(`${seed}:${fips}`). */
export type UniformSource = () => number;

/** Draws per point before rejection sampling gives up: far above what any county needs (its bounding box is never 10⁴ times its area). */
const MAX_DRAWS_PER_POINT = 10_000;

/**
 * `count` points uniformly distributed over the county's area on the sphere, by rejection
 * sampling: longitude uniform over the bounding box, sin(latitude) uniform over its span (so
 * equal areas are equally likely), kept when inside the county. Two draws per candidate, in
 * that order, so a seed gives the same points on every machine.
 */
export function uniformPointsIn(shape: CountyShape, count: number, random: UniformSource): [number, number][] {
  const bounds = boundsOf(shape);
  const sinSouth = Math.sin(bounds.south * RAD);
  const sinNorth = Math.sin(bounds.north * RAD);
  const points: [number, number][] = [];
  let draws = 0;
  while (points.length < count) {
    if (++draws > MAX_DRAWS_PER_POINT * Math.max(1, count)) throw new Error(`county ${shape.fips}: no point inside its polygon after ${draws - 1} draws`);
    const longitude = bounds.west + random() * (bounds.east - bounds.west);
    const latitude = Math.asin(sinSouth + random() * (sinNorth - sinSouth)) / RAD;
    if (containsPoint(shape, longitude, latitude)) points.push([longitude, latitude]);
  }
  return points;
}
