/**
 * What the report's map draws of the hazard: read from the structure of the normalized
 * models, so a new hazard type's points, radii and areas appear without code here.
 * - a point field ({longitude, latitude}) is a marker: a wind centre, an epicentre;
 * - a numeric field named `radius...M` of an entry with one point is a circle around it
 *   (the radius of maximum wind);
 * - an area geometry ({polygons: [{rings}]}) is a polygon: flood and fire perimeters;
 * - the points of one hazard type and field over time form a track, drawn as a line.
 */
import type { HazardEntry } from '../hazards/types.js';

export type MapOverlay =
  | { kind: 'point'; timestamp: string; label: string; position: [number, number] }
  | { kind: 'circle'; timestamp: string; label: string; position: [number, number]; radiusM: number }
  | { kind: 'polygon'; timestamp: string; label: string; rings: [number, number][][] }
  | { kind: 'track'; label: string; positions: [number, number][] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !ArrayBuffer.isView(value);
}

function isPoint(value: unknown): value is { longitude: number; latitude: number } {
  return isRecord(value) && typeof value.longitude === 'number' && typeof value.latitude === 'number';
}

function isArea(value: unknown): value is { polygons: { rings: ArrayLike<number>[] }[] } {
  return isRecord(value) && Array.isArray(value.polygons) && value.polygons.every((polygon) => isRecord(polygon) && Array.isArray(polygon.rings));
}

/** Leaflet order: [latitude, longitude]. */
function ringPositions(ring: ArrayLike<number>): [number, number][] {
  const positions: [number, number][] = [];
  for (let i = 0; i + 1 < ring.length; i += 2) positions.push([ring[i + 1], ring[i]]);
  return positions;
}

function entryLabel(entry: HazardEntry): string {
  return `${entry.type}${entry.name ? ` ${entry.name}` : ''}`;
}

/** Points, circles and polygons of every model, then one track per hazard type and point field seen at two or more timestamps. */
export function hazardOverlays(entries: readonly HazardEntry[]): MapOverlay[] {
  const overlays: MapOverlay[] = [];
  const tracks = new Map<string, { timestamp: string; position: [number, number] }[]>();
  for (const entry of entries) {
    const label = entryLabel(entry);
    const fields = Object.entries(entry as unknown as Record<string, unknown>);
    const points = fields.filter(([, value]) => isPoint(value)) as [string, { longitude: number; latitude: number }][];
    for (const [field, point] of points) {
      const position: [number, number] = [point.latitude, point.longitude];
      overlays.push({ kind: 'point', timestamp: entry.timestamp, label: `${label} ${field}`, position });
      const key = `${entry.type} ${field}`;
      tracks.set(key, [...(tracks.get(key) ?? []), { timestamp: entry.timestamp, position }]);
    }
    if (points.length === 1) {
      for (const [field, value] of fields) {
        if (/^radius.*M$/.test(field) && typeof value === 'number' && value > 0) {
          overlays.push({
            kind: 'circle',
            timestamp: entry.timestamp,
            label: `${label} ${field}`,
            position: [points[0][1].latitude, points[0][1].longitude],
            radiusM: value,
          });
        }
      }
    }
    const areas: { name: string; geometry: unknown }[] = [];
    for (const [, value] of fields) {
      if (isArea(value)) areas.push({ name: '', geometry: value });
      if (Array.isArray(value))
        for (const item of value) if (isRecord(item) && isArea(item.geometry)) areas.push({ name: String(item.name ?? ''), geometry: item.geometry });
    }
    for (const area of areas) {
      for (const polygon of (area.geometry as { polygons: { rings: ArrayLike<number>[] }[] }).polygons) {
        overlays.push({
          kind: 'polygon',
          timestamp: entry.timestamp,
          label: `${label}${area.name ? ` ${area.name}` : ''}`,
          rings: polygon.rings.map(ringPositions),
        });
      }
    }
  }
  for (const [key, fixes] of tracks) {
    if (fixes.length < 2) continue;
    const ordered = [...fixes].sort((a, b) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0));
    overlays.push({ kind: 'track', label: `${key} track`, positions: ordered.map((fix) => fix.position) });
  }
  return overlays;
}
