/**
 * Bus coordinates of an OpenDSS model as longitude/latitude (docs/input-distribution.md,
 * "OpenDSS coordinates"): lon/lat when every coordinate reads as such (SMART-DS P4U); projected
 * x/y converted from the CRS the user names with proj4 (`--crs EPSG:32614` for SMART-DS
 * Austin's UTM metres); drawing units placed around a point the user names (`--place-at`,
 * scaled by `--coordinate-units`); anything else refused rather than put somewhere on Earth.
 * Buses without a coordinate then take their transformer's location, and chains of them
 * along lines are interpolated by line length between two located ends; the rest stay unlocated.
 */
import proj4 from 'proj4';
import { HazsimError } from '../../base/errors.js';
import { offsetFrom } from '../../base/geodesy/localOffset.js';
import type { BusCoordinate } from './circuit.js';

export interface Point {
  longitude: number;
  latitude: number;
}

/** Metres per unit for --coordinate-units (the survey foot is the US state-plane foot). */
export const COORDINATE_UNITS: Readonly<Record<string, number>> = { m: 1, km: 1000, ft: 0.3048, 'us-ft': 1200 / 3937, kft: 304.8, mi: 1609.344 };

/** How the user asked the x/y to be read; all absent means "as they are, if they are lon/lat". */
export interface CoordinateOptions {
  crs?: string;
  placeAt?: Point;
  units?: string;
}

/** A line between two buses for interpolation, with its length in metres. */
export interface Span {
  from: string;
  to: string;
  lengthM: number;
}

export interface LocatedBuses {
  points: Map<string, Point>;
  /** How the x/y were read: 'lon/lat', 'crs <name>', 'placed at <lon,lat>' or 'none' (the model gives no coordinates). */
  reading: string;
  fromFile: number;
  fromTransformers: number;
  interpolated: number;
  unlocated: number;
}

const OPTIONS_HINT =
  "say how to read them: --crs EPSG:<code> (REST and MCP: crs) when they are projected coordinates (UTM: EPSG:326<zone> north, EPSG:327<zone> south), or --place-at <lon,lat> (place_at) to put the feeder's centre at a point, with --coordinate-units m|ft|us-ft|kft|km|mi (coordinate_units) for the drawing's unit (default m)";

/** The proj4 definition a --crs names: EPSG UTM zones (WGS 84 and NAD83), EPSG:4326/4269/3857, or a proj4 string. */
export function projectionOf(crs: string): string {
  const text = crs.trim();
  if (text.startsWith('+proj')) return text;
  const match = /^epsg:(\d+)$/i.exec(text);
  const code = match ? Number(match[1]) : NaN;
  if (code >= 32601 && code <= 32660) return `+proj=utm +zone=${code - 32600} +datum=WGS84 +units=m +no_defs`;
  if (code >= 32701 && code <= 32760) return `+proj=utm +zone=${code - 32700} +south +datum=WGS84 +units=m +no_defs`;
  if (code >= 26901 && code <= 26923) return `+proj=utm +zone=${code - 26900} +datum=NAD83 +units=m +no_defs`;
  if (code === 4326 || code === 4269 || code === 3857) return `EPSG:${code}`;
  throw new HazsimError(
    'invalid_input',
    `Unknown CRS ${JSON.stringify(crs)}: hazsim knows EPSG:326xx and EPSG:327xx (WGS 84 UTM), EPSG:269xx (NAD83 UTM), EPSG:4326, EPSG:4269 and EPSG:3857; for any other CRS give its proj4 definition ("+proj=...")`,
    [{ path: 'crs', message: 'unknown CRS' }],
  );
}

function range(values: readonly BusCoordinate[]): string {
  const xs = values.map((value) => value.x);
  const ys = values.map((value) => value.y);
  return `x ${Math.min(...xs)} to ${Math.max(...xs)}, y ${Math.min(...ys)} to ${Math.max(...ys)}`;
}

/** True when every coordinate reads as longitude/latitude and they are not whole drawing numbers. */
function looksLikeLonLat(values: readonly BusCoordinate[]): boolean {
  return (
    values.every((value) => Math.abs(value.x) <= 180 && Math.abs(value.y) <= 90) &&
    values.some((value) => !Number.isInteger(value.x) || !Number.isInteger(value.y))
  );
}

/** Converts the coordinates of the buses in `keys` as the options say; throws when they cannot be read as asked or at all. */
function convert(
  coordinates: ReadonlyMap<string, BusCoordinate>,
  keys: Iterable<string>,
  options: CoordinateOptions,
): { points: Map<string, Point>; reading: string } {
  const entries: [string, BusCoordinate][] = [];
  for (const key of keys) {
    const coordinate = coordinates.get(key);
    if (coordinate) entries.push([key, coordinate]);
  }
  const points = new Map<string, Point>();
  if (entries.length === 0) return { points, reading: 'none' };
  const values = entries.map(([, value]) => value);
  if (options.crs) {
    const converter = proj4(projectionOf(options.crs), 'EPSG:4326');
    for (const [key, value] of entries) {
      const [longitude, latitude] = converter.forward([value.x, value.y]);
      if (!(Math.abs(longitude) <= 180 && Math.abs(latitude) <= 90))
        throw new HazsimError(
          'invalid_input',
          `Bus coordinates read in ${options.crs} fall outside the Earth (bus ${key} at x = ${value.x}, y = ${value.y}); is it the right CRS?`,
          [{ path: 'crs', message: 'coordinates do not fit this CRS' }],
        );
      points.set(key, { longitude, latitude });
    }
    return { points, reading: `crs ${options.crs}` };
  }
  if (options.placeAt) {
    const factor = COORDINATE_UNITS[options.units ?? 'm'];
    const xs = values.map((value) => value.x);
    const ys = values.map((value) => value.y);
    const centreX = (Math.min(...xs) + Math.max(...xs)) / 2;
    const centreY = (Math.min(...ys) + Math.max(...ys)) / 2;
    for (const [key, value] of entries) points.set(key, offsetFrom(options.placeAt, (value.x - centreX) * factor, (value.y - centreY) * factor));
    return { points, reading: `placed at ${options.placeAt.longitude},${options.placeAt.latitude} (${options.units ?? 'm'})` };
  }
  if (!looksLikeLonLat(values)) {
    const example = entries[0];
    throw new HazsimError(
      'invalid_input',
      `The bus coordinates are not longitude/latitude (${range(values)}; e.g. bus ${example[0]} at ${example[1].x}, ${example[1].y}): they look like drawing units or projected x/y, which hazsim will not place somewhere on Earth by guessing. Upload again and ${OPTIONS_HINT}`,
      [{ path: 'crs', message: 'bus coordinates are not longitude/latitude; give crs or place_at' }],
    );
  }
  for (const [key, value] of entries) points.set(key, { longitude: value.x, latitude: value.y });
  return { points, reading: 'lon/lat' };
}

/** Chains of unlocated buses along lines (every inner bus with exactly two lines) between two located buses get points by length. */
function interpolate(points: Map<string, Point>, keys: readonly string[], spans: readonly Span[]): number {
  const neighbours = new Map<string, { to: string; lengthM: number }[]>();
  const link = (a: string, b: string, lengthM: number) => {
    const list = neighbours.get(a);
    if (list) list.push({ to: b, lengthM });
    else neighbours.set(a, [{ to: b, lengthM }]);
  };
  for (const span of spans) {
    if (span.from === span.to) continue;
    link(span.from, span.to, span.lengthM);
    link(span.to, span.from, span.lengthM);
  }
  const tried = new Set<string>();
  let placed = 0;
  const walk = (start: string, first: { to: string; lengthM: number }) => {
    const chain: { key: string; lengthM: number }[] = [];
    let previous = start;
    let step = first;
    for (;;) {
      if (points.has(step.to)) return { chain, end: step.to, lastM: step.lengthM };
      const next = neighbours.get(step.to) ?? [];
      if (next.length !== 2 || tried.has(step.to)) return null;
      chain.push({ key: step.to, lengthM: step.lengthM });
      const onward = next[0].to === previous ? next[1] : next[0];
      previous = step.to;
      step = onward;
    }
  };
  for (const key of keys) {
    if (points.has(key) || tried.has(key)) continue;
    const next = neighbours.get(key) ?? [];
    if (next.length !== 2) continue;
    tried.add(key);
    const left = walk(key, next[0]);
    const right = walk(key, next[1]);
    if (!left || !right || left.end === right.end) continue;
    // The path from the left end to the right end: its buses and the line length between each pair.
    const side = (found: { chain: { key: string; lengthM: number }[]; end: string; lastM: number }) => ({
      nodes: [key, ...found.chain.map((item) => item.key), found.end],
      edges: [...found.chain.map((item) => item.lengthM), found.lastM],
    });
    const leftSide = side(left);
    const rightSide = side(right);
    const nodes = [...leftSide.nodes.reverse(), ...rightSide.nodes.slice(1)];
    const edges = [...leftSide.edges.reverse(), ...rightSide.edges];
    const total = edges.reduce((sum, length) => sum + length, 0);
    const from = points.get(nodes[0])!;
    const to = points.get(nodes[nodes.length - 1])!;
    let distance = 0;
    for (let index = 1; index < nodes.length - 1; index += 1) {
      distance += edges[index - 1];
      const fraction = total > 0 ? distance / total : index / (nodes.length - 1);
      points.set(nodes[index], {
        longitude: from.longitude + (to.longitude - from.longitude) * fraction,
        latitude: from.latitude + (to.latitude - from.latitude) * fraction,
      });
      tried.add(nodes[index]);
      placed += 1;
    }
  }
  return placed;
}

/**
 * Longitude/latitude of every bus that can have one: read (as the options say), then taken
 * from a transformer's located bus, then interpolated along lines.
 */
export function locateBuses(
  coordinates: ReadonlyMap<string, BusCoordinate>,
  keys: readonly string[],
  transformers: readonly string[][],
  spans: readonly Span[],
  options: CoordinateOptions,
): LocatedBuses {
  const { points, reading } = convert(coordinates, keys, options);
  const fromFile = points.size;
  let fromTransformers = 0;
  for (const buses of transformers) {
    const located = buses.find((bus) => points.has(bus));
    if (!located) continue;
    for (const bus of buses) {
      if (points.has(bus)) continue;
      points.set(bus, points.get(located)!);
      fromTransformers += 1;
    }
  }
  const interpolated = interpolate(points, keys, spans);
  return { points, reading, fromFile, fromTransformers, interpolated, unlocated: keys.length - points.size };
}
