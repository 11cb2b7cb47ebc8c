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

/**
 * A warning when the model's coordinates as a whole are not longitude/latitude: every bus
 * coordinate (placeholders and other CRSs aside) out of range as given but in range with x
 * and y swapped means latitude in x and longitude in y (as in gdm's own p5r.json); every one
 * out of range either way means local x/y (the IEEE test feeders, in feet or metres). Null
 * when any coordinate reads as longitude/latitude, or there are none.
 */
export function coordinateOrderWarning(buses: readonly Component[]): string | null {
  let checked = 0;
  let swappedValid = 0;
  let example: { x: number; y: number } | null = null;
  for (const bus of buses) {
    const location = bus.fields.coordinate as Component | null;
    if (!location) continue;
    const x = location.fields.x as number;
    const y = location.fields.y as number;
    const crs = location.fields.crs as string | null;
    if ((crs !== null && !WGS84.test(crs)) || (x === 0 && y === 0)) continue;
    if (Math.abs(x) <= 180 && Math.abs(y) <= 90) return null;
    checked += 1;
    example ??= { x, y };
    if (Math.abs(y) <= 180 && Math.abs(x) <= 90) swappedValid += 1;
  }
  if (checked === 0 || !example) return null;
  const what = `all ${checked} bus coordinates are outside longitude/latitude range as GDM reads them (x = longitude, y = latitude; e.g. x = ${example.x}, y = ${example.y})`;
  if (swappedValid === checked) {
    return `${what} but valid with x and y swapped: the file has the latitude in x and the longitude in y (as gdm's own p5r.json). Every asset is unlocated until the Location components are written with x = longitude, y = latitude (ERAD's flip_coordinates does the same swap)`;
  }
  return `${what}, swapped or not: they look like local x/y coordinates (as in the IEEE test feeders). Every asset is unlocated: give the buses WGS-84 longitude/latitude`;
}
