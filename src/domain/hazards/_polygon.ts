import type { AreaGeometry } from './types.js';
import { DEG_TO_RAD, WGS84_E2 } from '../../base/geodesy/wgs84.js';

/**
 * Point-in-area tests and nearest boundary points for hazard areas. Edges are straight
 * in longitude/latitude (as GeoJSON draws them); areas must not cross the antimeridian.
 */

/** Points closer than this to an edge, in degrees (about 0.1 mm), are on the boundary and count as inside. */
export const BOUNDARY_TOLERANCE_DEG = 1e-9;

type RingSide = 'inside' | 'outside' | 'boundary';

/** Where a point lies relative to one closed ring (crossing-number test plus an on-edge check). */
function ringSide(ring: Float64Array, lon: number, lat: number): RingSide {
  let inside = false;
  for (let i = 0; i + 3 < ring.length; i += 2) {
    const x1 = ring[i];
    const y1 = ring[i + 1];
    const x2 = ring[i + 2];
    const y2 = ring[i + 3];
    const dx = x2 - x1;
    const dy = y2 - y1;
    if (
      lon >= Math.min(x1, x2) - BOUNDARY_TOLERANCE_DEG &&
      lon <= Math.max(x1, x2) + BOUNDARY_TOLERANCE_DEG &&
      lat >= Math.min(y1, y2) - BOUNDARY_TOLERANCE_DEG &&
      lat <= Math.max(y1, y2) + BOUNDARY_TOLERANCE_DEG &&
      Math.abs(dx * (lat - y1) - dy * (lon - x1)) <= BOUNDARY_TOLERANCE_DEG * Math.hypot(dx, dy)
    ) {
      return 'boundary';
    }
    if (y1 > lat !== y2 > lat && lon < x1 + ((lat - y1) * dx) / dy) inside = !inside;
  }
  return inside ? 'inside' : 'outside';
}

/**
 * True when (lon, lat) lies in the area: inside some polygon's exterior ring and not
 * strictly inside one of its holes. Points on any ring (exterior or hole) count as inside.
 */
export function areaContains(geometry: AreaGeometry, lon: number, lat: number): boolean {
  const [minLon, minLat, maxLon, maxLat] = geometry.bbox;
  if (
    lon < minLon - BOUNDARY_TOLERANCE_DEG ||
    lon > maxLon + BOUNDARY_TOLERANCE_DEG ||
    lat < minLat - BOUNDARY_TOLERANCE_DEG ||
    lat > maxLat + BOUNDARY_TOLERANCE_DEG
  ) {
    return false;
  }
  for (const polygon of geometry.polygons) {
    const exterior = ringSide(polygon.rings[0], lon, lat);
    if (exterior === 'outside') continue;
    if (exterior === 'boundary') return true;
    let inHole = false;
    for (let r = 1; r < polygon.rings.length && !inHole; r++) inHole = ringSide(polygon.rings[r], lon, lat) === 'inside';
    if (!inHole) return true;
  }
  return false;
}

/** Edges of an area in chunks of consecutive edges, each with its lon/lat bounding box, for pruned nearest-edge searches. */
export interface PreparedBoundary {
  rings: Float64Array[];
  /** Per chunk: ring index, first vertex index (in points), vertex count; and its box. */
  chunkRing: Int32Array;
  chunkStart: Int32Array;
  chunkEdges: Int32Array;
  chunkBox: Float64Array;
}

const EDGES_PER_CHUNK = 32;

/** Splits every ring of an area into chunks of edges with bounding boxes. */
export function prepareBoundary(geometry: AreaGeometry): PreparedBoundary {
  const rings = geometry.polygons.flatMap((polygon) => polygon.rings);
  const ringOf: number[] = [];
  const startOf: number[] = [];
  const edgesOf: number[] = [];
  const boxes: number[] = [];
  rings.forEach((ring, ringIndex) => {
    const edgeCount = ring.length / 2 - 1;
    for (let start = 0; start < edgeCount; start += EDGES_PER_CHUNK) {
      const edges = Math.min(EDGES_PER_CHUNK, edgeCount - start);
      let minLon = Infinity;
      let minLat = Infinity;
      let maxLon = -Infinity;
      let maxLat = -Infinity;
      for (let v = start; v <= start + edges; v++) {
        minLon = Math.min(minLon, ring[v * 2]);
        maxLon = Math.max(maxLon, ring[v * 2]);
        minLat = Math.min(minLat, ring[v * 2 + 1]);
        maxLat = Math.max(maxLat, ring[v * 2 + 1]);
      }
      ringOf.push(ringIndex);
      startOf.push(start);
      edgesOf.push(edges);
      boxes.push(minLon, minLat, maxLon, maxLat);
    }
  });
  return {
    rings,
    chunkRing: Int32Array.from(ringOf),
    chunkStart: Int32Array.from(startOf),
    chunkEdges: Int32Array.from(edgesOf),
    chunkBox: Float64Array.from(boxes),
  };
}

/** The nearest boundary point found by nearestBoundaryPoint, in degrees. Reused by the caller to stay allocation-free. */
export interface BoundaryPoint {
  lon: number;
  lat: number;
}

/**
 * The point of the area's boundary nearest to (lon, lat), written into `out`. Nearness is
 * measured in the tangent plane at the query point (east: N·cos φ·Δλ, north: M·Δφ), which
 * is exact to first order around it; callers measure the geodesic distance to the point.
 */
export function nearestBoundaryPoint(boundary: PreparedBoundary, lon: number, lat: number, out: BoundaryPoint): void {
  const sinPhi = Math.sin(lat * DEG_TO_RAD);
  const w2 = 1 - WGS84_E2 * sinPhi * sinPhi;
  // Metres per degree east and north, up to the common factor a·π/180.
  const kx = Math.cos(lat * DEG_TO_RAD) / Math.sqrt(w2);
  const ky = (1 - WGS84_E2) / (w2 * Math.sqrt(w2));
  const { chunkBox, chunkRing, chunkStart, chunkEdges, rings } = boundary;
  const chunkCount = chunkRing.length;
  // An upper bound from each chunk's first vertex lets the box bounds prune most chunks.
  let best = Infinity;
  for (let c = 0; c < chunkCount; c++) {
    const ring = rings[chunkRing[c]];
    const ex = (ring[chunkStart[c] * 2] - lon) * kx;
    const ey = (ring[chunkStart[c] * 2 + 1] - lat) * ky;
    const d2 = ex * ex + ey * ey;
    if (d2 < best) {
      best = d2;
      out.lon = ring[chunkStart[c] * 2];
      out.lat = ring[chunkStart[c] * 2 + 1];
    }
  }
  for (let c = 0; c < chunkCount; c++) {
    const bx = Math.max(chunkBox[c * 4] - lon, 0, lon - chunkBox[c * 4 + 2]) * kx;
    const by = Math.max(chunkBox[c * 4 + 1] - lat, 0, lat - chunkBox[c * 4 + 3]) * ky;
    if (bx * bx + by * by >= best) continue;
    const ring = rings[chunkRing[c]];
    const end = chunkStart[c] + chunkEdges[c];
    for (let v = chunkStart[c]; v < end; v++) {
      const x1 = (ring[v * 2] - lon) * kx;
      const y1 = (ring[v * 2 + 1] - lat) * ky;
      const ex = (ring[v * 2 + 2] - lon) * kx - x1;
      const ey = (ring[v * 2 + 3] - lat) * ky - y1;
      const length2 = ex * ex + ey * ey;
      const t = length2 > 0 ? Math.min(1, Math.max(0, -(x1 * ex + y1 * ey) / length2)) : 0;
      const px = x1 + t * ex;
      const py = y1 + t * ey;
      const d2 = px * px + py * py;
      if (d2 < best) {
        best = d2;
        out.lon = ring[v * 2] + t * (ring[v * 2 + 2] - ring[v * 2]);
        out.lat = ring[v * 2 + 1] + t * (ring[v * 2 + 3] - ring[v * 2 + 1]);
      }
    }
  }
}
