import type { Sites } from '../../src/domain/hazards/types.js';

/** Sites from [longitude, latitude, height m] triples. */
export function sitesOf(points: [number, number, number?][]): Sites {
  return {
    count: points.length,
    longitude: Float64Array.from(points.map((point) => point[0])),
    latitude: Float64Array.from(points.map((point) => point[1])),
    heightM: Float64Array.from(points.map((point) => point[2] ?? 0)),
  };
}

/** A closed rectangular ring [lon, lat][] from its bounds in degrees. */
export function ring(west: number, south: number, east: number, north: number): number[][] {
  return [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
    [west, south],
  ];
}
