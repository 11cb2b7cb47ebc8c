import type { Sites } from '../../src/hazards/types.js';

/** Sites from [longitude, latitude, height m] triples. */
export function sitesOf(points: [number, number, number?][]): Sites {
  return {
    count: points.length,
    longitude: Float64Array.from(points.map((point) => point[0])),
    latitude: Float64Array.from(points.map((point) => point[1])),
    heightM: Float64Array.from(points.map((point) => point[2] ?? 0)),
  };
}
