/**
 * Where a component stands: its bus's GDM Location (x = longitude, y = latitude, WGS-84),
 * or the midpoint of its buses. A missing, out-of-range or placeholder coordinate is
 * reported with a reason, never replaced by 0,0.
 */
import type { Component } from '../gdm/index.js';

export interface Point {
  longitude: number;
  latitude: number;
}

/** A point, or the reason there is none. */
export type Located = Point | { reason: string };

const WGS84 = /^(epsg:4326|wgs ?84|ogc:crs84|urn:ogc:def:crs:(epsg::4326|ogc:1\.3:crs84))$/i;

function busLabel(bus: Component): string {
  return `bus ${bus.name ? JSON.stringify(bus.name) : bus.uuid}`;
}

/** The coordinate of one bus. */
export function busPoint(bus: Component): Located {
  const location = bus.fields.coordinate as Component | null;
  if (!location) return { reason: `${busLabel(bus)} has no coordinate` };
  const x = location.fields.x as number;
  const y = location.fields.y as number;
  const crs = location.fields.crs as string | null;
  if (crs !== null && !WGS84.test(crs)) return { reason: `${busLabel(bus)} has crs ${JSON.stringify(crs)}; hazsim reads WGS-84 longitude/latitude only` };
  if (x === 0 && y === 0) return { reason: `${busLabel(bus)} is at x = 0, y = 0, a placeholder rather than a place` };
  if (Math.abs(x) > 180 || Math.abs(y) > 90)
    return { reason: `${busLabel(bus)} is at x = ${x}, y = ${y}, which is not a longitude/latitude (GDM x is the longitude, y the latitude)` };
  return { longitude: x, latitude: y };
}

/** The mean position of a component's distinct buses; unlocated when any of them is. */
export function midpoint(buses: Component[]): Located {
  const distinct = [...new Map(buses.map((bus) => [bus.uuid, bus])).values()];
  if (distinct.length === 0) return { reason: 'it lists no bus' };
  let longitude = 0;
  let latitude = 0;
  for (const bus of distinct) {
    const point = busPoint(bus);
    if ('reason' in point) return point;
    longitude += point.longitude;
    latitude += point.latitude;
  }
  // An arithmetic mean: feeders are small, and none crosses the antimeridian.
  return { longitude: longitude / distinct.length, latitude: latitude / distinct.length };
}
