/**
 * Where a component stands: its bus's GDM Location (x = longitude, y = latitude, WGS-84, unless
 * the model was uploaded with another coordinate reading), or the midpoint of its buses. A
 * missing, out-of-range or placeholder coordinate is reported with a reason, never replaced by 0,0.
 */
import type { Component } from '../gdm/index.js';
import { offsetFrom } from '../../base/geodesy/localOffset.js';

export interface Point {
  longitude: number;
  latitude: number;
}

/** Which of a Location's x and y is the longitude: GDM's order, or the swap some files have (gdm's own p5r.json). */
export const COORDINATE_ORDERS = ['lon,lat', 'lat,lon'] as const;
export type CoordinateOrder = (typeof COORDINATE_ORDERS)[number];

/**
 * How a model's Location x and y are read (docs/input-distribution.md, "Coordinate order and
 * placement"), chosen at upload: `order` says which of x and y runs east (the longitude) and
 * which north (the latitude); with `placeAt` they are metres east and north of that point
 * (local x/y feeders such as the IEEE test feeders) rather than degrees.
 */
export interface CoordinateReading {
  order: CoordinateOrder;
  placeAt: Point | null;
}

/** GDM's own reading: x = longitude, y = latitude, degrees. */
export const GDM_READING: CoordinateReading = { order: 'lon,lat', placeAt: null };

/** A coordinate reading as JSON keeps it: in the model's record (docs/cache.md) and its summary. */
export interface CoordinateReadingRecord {
  order: CoordinateOrder;
  place_at: Point | null;
}

export function readingRecord(reading: CoordinateReading): CoordinateReadingRecord {
  return { order: reading.order, place_at: reading.placeAt };
}

/** True when `value` is a CoordinateReadingRecord (the cache index and result files are read back from disk). */
export function isReadingRecord(value: unknown): value is CoordinateReadingRecord {
  const reading = value as Partial<CoordinateReadingRecord> | null;
  if (typeof reading !== 'object' || reading === null || !COORDINATE_ORDERS.includes(reading.order as never)) return false;
  const anchor = reading.place_at;
  return anchor === null || (typeof anchor === 'object' && Number.isFinite(anchor?.longitude) && Number.isFinite(anchor?.latitude));
}

/** The reading of a record; GDM's when the record has none (models uploaded without the options, or before they existed). */
export function readingOfRecord(record: CoordinateReadingRecord | undefined): CoordinateReading {
  return record ? { order: record.order, placeAt: record.place_at } : GDM_READING;
}

/** The reading in words for messages, e.g. "x = latitude, y = longitude" or "x metres east, y metres north of -105,39.7". */
export function readingLabel(reading: CoordinateReading): string {
  const order = reading.order === 'lon,lat' ? 'x = longitude, y = latitude' : 'x = latitude, y = longitude';
  if (!reading.placeAt) return order;
  const [east, north] = reading.order === 'lon,lat' ? ['x', 'y'] : ['y', 'x'];
  return `${east} metres east, ${north} metres north of ${reading.placeAt.longitude},${reading.placeAt.latitude}`;
}

/** A point, or the reason there is none. */
export type Located = Point | { reason: string };

const WGS84 = /^(epsg:4326|wgs ?84|ogc:crs84|urn:ogc:def:crs:(epsg::4326|ogc:1\.3:crs84))$/i;

/** True when a Location's crs names a system other than WGS-84 longitude/latitude (null: none named, GDM's default). */
export function isOtherCrs(crs: string | null): boolean {
  return crs !== null && !WGS84.test(crs);
}

/** A bus as messages name it: its name, or its uuid when it has none. */
export function busLabel(bus: Component): string {
  return `bus ${bus.name ? JSON.stringify(bus.name) : bus.uuid}`;
}

/** True when a longitude and latitude (degrees) are within ±180 and ±90. */
export function inRange(longitude: number, latitude: number): boolean {
  return Math.abs(longitude) <= 180 && Math.abs(latitude) <= 90;
}

/** The coordinate of one bus, read as the model's coordinate reading says. */
export function busPoint(bus: Component, reading: CoordinateReading): Located {
  const location = bus.fields.coordinate as Component | null;
  if (!location) return { reason: `${busLabel(bus)} has no coordinate` };
  const x = location.fields.x as number;
  const y = location.fields.y as number;
  const [east, north] = reading.order === 'lon,lat' ? [x, y] : [y, x];
  if (reading.placeAt) {
    // The uploader said these are metres from the anchor, whatever crs the file names; 0,0 is the anchor itself.
    const point = offsetFrom(reading.placeAt, east, north);
    if (!inRange(point.longitude, point.latitude))
      return { reason: `${busLabel(bus)} is at x = ${x}, y = ${y}, which read as ${readingLabel(reading)} is beyond longitude/latitude range` };
    return point;
  }
  const crs = location.fields.crs as string | null;
  if (isOtherCrs(crs)) return { reason: `${busLabel(bus)} has crs ${JSON.stringify(crs)}; hazsim reads WGS-84 longitude/latitude only` };
  if (x === 0 && y === 0) return { reason: `${busLabel(bus)} is at x = 0, y = 0, a placeholder rather than a place` };
  if (!inRange(east, north)) return { reason: `${busLabel(bus)} is at x = ${x}, y = ${y}, which is not a longitude/latitude read as ${readingLabel(reading)}` };
  return { longitude: east, latitude: north };
}

/** The mean position of a component's distinct buses; unlocated when any of them is. */
export function midpoint(buses: Component[], reading: CoordinateReading): Located {
  const distinct = [...new Map(buses.map((bus) => [bus.uuid, bus])).values()];
  if (distinct.length === 0) return { reason: 'it lists no bus' };
  let longitude = 0;
  let latitude = 0;
  for (const bus of distinct) {
    const point = busPoint(bus, reading);
    if ('reason' in point) return point;
    longitude += point.longitude;
    latitude += point.latitude;
  }
  // An arithmetic mean: feeders are small, and none crosses the antimeridian.
  return { longitude: longitude / distinct.length, latitude: latitude / distinct.length };
}

/**
 * A warning when the model's coordinates as a whole are not longitude/latitude as read: every
 * bus coordinate (placeholders and other CRSs aside) out of range as read but in range with x
 * and y swapped means the other order (gdm's own p5r.json has the latitude in x), and the
 * warning names the option that reads it so; every one out of range either way means local
 * x/y (the IEEE test feeders), and when they look like metres the warning offers --place-at.
 * Null when any coordinate reads as longitude/latitude, when there are none, and for a placed
 * model (its points are metres by the uploader's word).
 */
export function coordinateOrderWarning(buses: readonly Component[], reading: CoordinateReading): string | null {
  if (reading.placeAt) return null;
  let checked = 0;
  let swappedValid = 0;
  let beyondDegrees = 0;
  let example: { x: number; y: number } | null = null;
  for (const bus of buses) {
    const location = bus.fields.coordinate as Component | null;
    if (!location) continue;
    const x = location.fields.x as number;
    const y = location.fields.y as number;
    const crs = location.fields.crs as string | null;
    if (isOtherCrs(crs) || (x === 0 && y === 0)) continue;
    const [east, north] = reading.order === 'lon,lat' ? [x, y] : [y, x];
    if (inRange(east, north)) return null;
    checked += 1;
    example ??= { x, y };
    if (inRange(north, east)) swappedValid += 1;
    if (Math.abs(x) > 180 || Math.abs(y) > 180) beyondDegrees += 1;
  }
  if (checked === 0 || !example) return null;
  const what = `all ${checked} bus coordinates are outside longitude/latitude range as ${reading.order === 'lon,lat' ? 'GDM reads them' : 'read'} (${readingLabel(reading)}; e.g. x = ${example.x}, y = ${example.y})`;
  if (swappedValid === checked) {
    const other = reading.order === 'lon,lat' ? 'lat,lon' : 'lon,lat';
    const held =
      other === 'lat,lon' ? "the latitude in x and the longitude in y (as gdm's own p5r.json)" : 'the longitude in x and the latitude in y, as GDM has them';
    return `${what} but valid with x and y swapped: the file has ${held}. Every asset is unlocated: upload it again with --coordinate-order ${other} (REST and MCP: coordinate_order) to read it so${other === 'lat,lon' ? " (ERAD's flip_coordinates does the same swap)" : ''}`;
  }
  const metres = beyondDegrees * 2 >= checked;
  return `${what}, swapped or not: they look like local x/y coordinates (as in the IEEE test feeders). Every asset is unlocated: give the buses WGS-84 longitude/latitude${
    metres
      ? ', or, as x and y look like metres east and north of a point, upload with --place-at <longitude>,<latitude> of that point (REST and MCP: place_at)'
      : ''
  }`;
}
