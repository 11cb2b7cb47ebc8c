import type { AreaGeometry, PolygonRings } from './types.js';
import { isObject } from '../../base/json.js';

/**
 * Reading hazard area geometries: GeoJSON Polygon (exterior ring plus holes) and
 * MultiPolygon, in longitude/latitude degrees, and ERAD's flat ring
 * `{"type": "Polygon", "coordinates": [[x, y], ...]}` (one exterior ring, no holes).
 */

export interface GeometryProblem {
  /** Path below the geometry value, e.g. ['coordinates', 0, 3, 1]. */
  path: (string | number)[];
  message: string;
}

export type GeometryResult = { ok: true; geometry: AreaGeometry } | { ok: false; problems: GeometryProblem[] };

const SHAPE_HINT = 'expected a GeoJSON Polygon or MultiPolygon: {"type": "Polygon", "coordinates": [[[lon, lat], ...]]}';

function isPosition(value: unknown): boolean {
  return Array.isArray(value) && value.length >= 2 && typeof value[0] === 'number' && typeof value[1] === 'number';
}

/** Reads an area geometry, reporting every problem with its path below the geometry. */
export function readGeometry(value: unknown): GeometryResult {
  const problems: GeometryProblem[] = [];
  if (!isObject(value)) return { ok: false, problems: [{ path: [], message: SHAPE_HINT }] };
  for (const key of Object.keys(value)) {
    if (key !== 'type' && key !== 'coordinates' && key !== 'bbox') problems.push({ path: [key], message: `unknown geometry field ${JSON.stringify(key)}` });
  }
  const coordinates = value.coordinates;
  const polygons: PolygonRings[] = [];
  if (value.type === 'Polygon') {
    if (!Array.isArray(coordinates) || coordinates.length === 0) {
      problems.push({ path: ['coordinates'], message: 'a Polygon needs its rings: [[[lon, lat], ...], ...holes]' });
    } else if (isPosition(coordinates[0])) {
      // ERAD's flat ring: one exterior ring written without GeoJSON's extra nesting.
      const ring = readRing(coordinates, ['coordinates'], problems);
      if (ring) polygons.push({ rings: [ring] });
    } else {
      const polygon = readPolygon(coordinates, ['coordinates'], problems);
      if (polygon) polygons.push(polygon);
    }
  } else if (value.type === 'MultiPolygon') {
    if (!Array.isArray(coordinates) || coordinates.length === 0) {
      problems.push({ path: ['coordinates'], message: 'a MultiPolygon needs at least one polygon: [[[[lon, lat], ...]], ...]' });
    } else {
      coordinates.forEach((polygonValue, index) => {
        const polygon = readPolygon(polygonValue, ['coordinates', index], problems);
        if (polygon) polygons.push(polygon);
      });
    }
  } else {
    problems.push({ path: ['type'], message: `${SHAPE_HINT}; got type ${JSON.stringify(value.type)}` });
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, geometry: { polygons, bbox: boundingBox(polygons) } };
}

function readPolygon(value: unknown, path: (string | number)[], problems: GeometryProblem[]): PolygonRings | null {
  if (!Array.isArray(value) || value.length === 0 || !Array.isArray(value[0])) {
    problems.push({ path, message: 'a polygon is a list of rings: [exterior, ...holes], each ring [[lon, lat], ...]' });
    return null;
  }
  const rings: Float64Array[] = [];
  let complete = true;
  value.forEach((ringValue, index) => {
    const ring = readRing(ringValue, [...path, index], problems);
    if (ring) rings.push(ring);
    else complete = false;
  });
  return complete ? { rings } : null;
}

/** A closed ring of at least 3 corners with non-zero area, as a flat lon/lat array. */
function readRing(value: unknown, path: (string | number)[], problems: GeometryProblem[]): Float64Array | null {
  if (!Array.isArray(value)) {
    problems.push({ path, message: 'a ring is a list of [lon, lat] positions' });
    return null;
  }
  const before = problems.length;
  const flat = new Float64Array(value.length * 2);
  value.forEach((position, index) => {
    if (!Array.isArray(position) || position.length < 2 || position.length > 3 || !position.every((n) => typeof n === 'number' && Number.isFinite(n))) {
      problems.push({ path: [...path, index], message: `a position is [longitude, latitude] in degrees (finite numbers), got ${JSON.stringify(position)}` });
      return;
    }
    const [lon, lat] = position as number[];
    if (lon < -180 || lon > 180) problems.push({ path: [...path, index, 0], message: `longitude must be between -180 and 180 degrees, got ${lon}` });
    if (lat < -90 || lat > 90) problems.push({ path: [...path, index, 1], message: `latitude must be between -90 and 90 degrees, got ${lat}` });
    flat[index * 2] = lon;
    flat[index * 2 + 1] = lat;
  });
  if (value.length < 4) {
    problems.push({ path, message: `a ring needs at least 4 positions (3 corners and the first repeated to close it), got ${value.length}` });
  }
  if (problems.length > before) return null;
  const last = value.length - 1;
  if (flat[0] !== flat[last * 2] || flat[1] !== flat[last * 2 + 1]) {
    problems.push({
      path,
      message: `the ring is not closed: its last position ${JSON.stringify(value[last])} must repeat its first ${JSON.stringify(value[0])}`,
    });
    return null;
  }
  if (ringArea(flat) === 0) {
    problems.push({ path, message: 'the ring encloses no area (its corners are repeated or on one line)' });
    return null;
  }
  const crossing = antimeridianEdge(flat);
  if (crossing >= 0) {
    const [from, to] = [flat[crossing * 2], flat[crossing * 2 + 2]];
    problems.push({
      path: [...path, crossing + 1],
      message: `the edge from longitude ${from} to ${to} spans more than 180°: the area crosses the antimeridian, which hazsim does not draw (edges are straight in longitude, so it would wrap the other way round the globe); split it at ±180° into the parts of a MultiPolygon (RFC 7946 §3.1.9)`,
    });
    return null;
  }
  return flat;
}

/**
 * Index of the first edge whose longitudes differ by more than 180°, or -1. Drawn straight in
 * longitude, such an edge runs the long way round; its writer meant the short way across ±180°
 * (RFC 7946 §3.1.9: such geometries are cut in two at the antimeridian).
 */
function antimeridianEdge(ring: Float64Array): number {
  for (let i = 0; i + 3 < ring.length; i += 2) if (Math.abs(ring[i + 2] - ring[i]) > 180) return i / 2;
  return -1;
}

/** Twice the signed planar area of a closed flat ring, in square degrees (shoelace). */
function ringArea(ring: Float64Array): number {
  let sum = 0;
  for (let i = 0; i + 3 < ring.length; i += 2) sum += ring[i] * ring[i + 3] - ring[i + 2] * ring[i + 1];
  return sum;
}

function boundingBox(polygons: PolygonRings[]): [number, number, number, number] {
  let minLon = Infinity;
  let minLat = Infinity;
  let maxLon = -Infinity;
  let maxLat = -Infinity;
  for (const polygon of polygons) {
    // Holes lie inside the exterior ring, so the exterior alone bounds the polygon.
    const ring = polygon.rings[0];
    for (let i = 0; i < ring.length; i += 2) {
      if (ring[i] < minLon) minLon = ring[i];
      if (ring[i] > maxLon) maxLon = ring[i];
      if (ring[i + 1] < minLat) minLat = ring[i + 1];
      if (ring[i + 1] > maxLat) maxLat = ring[i + 1];
    }
  }
  return [minLon, minLat, maxLon, maxLat];
}
