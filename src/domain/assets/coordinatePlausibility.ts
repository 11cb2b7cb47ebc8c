/**
 * Coordinate sets that read as longitude/latitude yet cannot be where a feeder stands
 * (docs/input-distribution.md, "Coordinate order and placement"): every bus at one point (gdm's
 * IEEE-123 puts all 132 at 0,0), a few buses in range among many out of range (gdm's IEEE-13 has
 * one bus at x = 100, y = 0, which reads as 100° E on the equator), and buses spread farther
 * apart than any distribution system. coordinateOrderWarning (locate.ts) covers the set where
 * every coordinate is out of range.
 */
import type { Component } from '../gdm/index.js';
import { geodesicDistanceM } from '../../base/geodesy/inverse.js';
import { busLabel, inRange, isOtherCrs, readingLabel, type CoordinateReading } from './locate.js';

/**
 * The widest a located model may spread before its coordinates are doubted, km (the diagonal of
 * its bounding box). Long rural distribution feeders run some tens of km; 300 km leaves room
 * for a substation's whole service area while catching local x/y in small numbers, which read
 * as degrees span thousands of km (docs/decisions.md, "Implausible coordinate sets").
 */
export const PLAUSIBLE_SPREAD_KM = 300;

const OPTIONS_NOTE = '(REST and MCP: place_at, coordinate_order)';

interface BusCoordinate {
  bus: Component;
  x: number;
  y: number;
  east: number;
  north: number;
}

/** A point in degrees as a reader says it: "100° E, 0° N". */
function degreesLabel(longitude: number, latitude: number): string {
  return `${Math.abs(longitude)}° ${longitude < 0 ? 'W' : 'E'}, ${Math.abs(latitude)}° ${latitude < 0 ? 'S' : 'N'}`;
}

function coordinatesOf(buses: readonly Component[], reading: CoordinateReading): BusCoordinate[] {
  const found: BusCoordinate[] = [];
  for (const bus of buses) {
    const location = bus.fields.coordinate as Component | null;
    if (!location || isOtherCrs(location.fields.crs as string | null)) continue;
    const x = location.fields.x as number;
    const y = location.fields.y as number;
    const [east, north] = reading.order === 'lon,lat' ? [x, y] : [y, x];
    found.push({ bus, x, y, east, north });
  }
  return found;
}

function singlePointWarning(coordinates: readonly BusCoordinate[]): string | null {
  if (coordinates.length < 2) return null;
  const [first] = coordinates;
  if (coordinates.some((point) => point.x !== first.x || point.y !== first.y)) return null;
  const where = `x = ${first.x}, y = ${first.y}`;
  const placeholder = first.x === 0 && first.y === 0;
  if (placeholder || !inRange(first.east, first.north))
    return `all ${coordinates.length} bus coordinates are one point (${where}${placeholder ? ', a placeholder' : ''}): the file carries no bus positions, so every asset is unlocated. Give the buses WGS-84 longitude/latitude, or upload with --place-at <longitude>,<latitude> to stand the whole feeder at that point (REST and MCP: place_at)`;
  return `all ${coordinates.length} bus coordinates are one point (${where}, ${degreesLabel(first.east, first.north)}): every asset is simulated at that one place. Give the buses their own WGS-84 longitude/latitude, or, if x and y are not longitude and latitude in that order, upload with --coordinate-order or --place-at ${OPTIONS_NOTE}`;
}

function strayInRangeWarning(coordinates: readonly BusCoordinate[], reading: CoordinateReading): string | null {
  const real = coordinates.filter((point) => !(point.x === 0 && point.y === 0));
  const inside = real.filter((point) => inRange(point.east, point.north));
  const outside = real.filter((point) => !inRange(point.east, point.north));
  if (inside.length === 0 || outside.length <= inside.length) return null;
  const [stray] = inside;
  const [example] = outside;
  const strays =
    inside.length === 1
      ? `the one in range (${busLabel(stray.bus)} at x = ${stray.x}, y = ${stray.y}, read as ${degreesLabel(stray.east, stray.north)}) is most likely local x/y too`
      : `the ${inside.length} in range (e.g. ${busLabel(stray.bus)} at x = ${stray.x}, y = ${stray.y}, read as ${degreesLabel(stray.east, stray.north)}) are most likely local x/y too`;
  const what = `${outside.length} of ${real.length} bus coordinates are outside longitude/latitude range as read (${readingLabel(reading)}; e.g. x = ${example.x}, y = ${example.y}) and ${strays}: the assets on in-range buses would be simulated there, the rest are unlocated`;
  const other = reading.order === 'lon,lat' ? 'lat,lon' : 'lon,lat';
  if (real.every((point) => inRange(point.north, point.east)))
    return `${what}. With x and y swapped every one reads as longitude/latitude: upload again with --coordinate-order ${other} (REST and MCP: coordinate_order)`;
  return `${what}. They look like local x/y coordinates (as in the IEEE test feeders): give the buses WGS-84 longitude/latitude, or, if x and y are metres east and north of a point, upload with --place-at <longitude>,<latitude> of that point (REST and MCP: place_at); --coordinate-order ${other} does not help, as x and y swapped are out of range too`;
}

function spreadWarning(coordinates: readonly BusCoordinate[], reading: CoordinateReading): string | null {
  const located = coordinates.filter((point) => !(point.x === 0 && point.y === 0) && inRange(point.east, point.north));
  if (located.length < 2) return null;
  const longitudes = located.map((point) => point.east);
  const latitudes = located.map((point) => point.north);
  const [minLon, maxLon, minLat, maxLat] = [Math.min(...longitudes), Math.max(...longitudes), Math.min(...latitudes), Math.max(...latitudes)];
  const spreadKm = geodesicDistanceM(minLat, minLon, maxLat, maxLon) / 1000;
  if (!(spreadKm > PLAUSIBLE_SPREAD_KM)) return null;
  return `the bus coordinates span ${Math.round(spreadKm)} km (longitude ${minLon} to ${maxLon}, latitude ${minLat} to ${maxLat}, read as ${readingLabel(reading)}), more than the ${PLAUSIBLE_SPREAD_KM} km a distribution system covers: they may be local x/y that happen to fall within range, or x and y swapped. If so, upload again with --place-at <longitude>,<latitude> (x and y metres east and north of that point) or --coordinate-order ${reading.order === 'lon,lat' ? 'lat,lon' : 'lon,lat'} ${OPTIONS_NOTE}`;
}

/**
 * A warning when the buses' coordinates read as `reading` says are not a plausible feeder: one
 * point for all, a minority in range among coordinates out of range, or a spread beyond
 * PLAUSIBLE_SPREAD_KM. Null when they are plausible, and for a placed model (its x and y are
 * metres by the uploader's word).
 */
export function implausibleCoordinatesWarning(buses: readonly Component[], reading: CoordinateReading): string | null {
  if (reading.placeAt) return null;
  const coordinates = coordinatesOf(buses, reading);
  return singlePointWarning(coordinates) ?? strayInRangeWarning(coordinates, reading) ?? spreadWarning(coordinates, reading);
}
