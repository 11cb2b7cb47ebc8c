/**
 * parseShakeMapGrid: text of a USGS ShakeMap grid.xml (ShakeMap 3.5 or 4.x) → ShakeMapGrid with
 * every field converted to SI. Also reads uncertainty.xml, which has the same layout.
 *
 * Layout assumed, and checked row by row: the data rows walk the raster of grid_specification
 * from the north-west corner (lon_min, lat_max), longitude fastest, west → east, then north →
 * south. Truncated files (fewer rows than nlon·nlat, as in test fixtures) are read and flagged
 * `isComplete: false`.
 */
import { dateTimeProblem, parseIsoDateTime } from '../../../../base/dateTime.js';
import { NOT_A_DECIMAL, parseDecimal } from '../../../../base/decimal.js';
import { ShakeMapGridError } from './errors.js';
import { readGridData } from './gridData.js';
import type { GridField, GridSpecification, ShakeMapEvent, ShakeMapGrid } from './types.js';
import { fieldConversion } from './units.js';
import { lineOfOffset, readStartTags, type XmlStartTag } from './xmlTags.js';

function requireTag(tags: readonly XmlStartTag[], name: string): XmlStartTag {
  const tag = tags.find((candidate) => candidate.name === name);
  if (tag === undefined) throw new ShakeMapGridError(`missing <${name}> element`);
  return tag;
}

function requireAttribute(tag: XmlStartTag, attribute: string): string {
  const value = tag.attributes.get(attribute);
  if (value === undefined) throw new ShakeMapGridError(`<${tag.name}> has no ${attribute} attribute`);
  return value;
}

function requireNumber(tag: XmlStartTag, attribute: string): number {
  const text = requireAttribute(tag, attribute);
  const value = parseDecimal(text);
  if (value === undefined) throw new ShakeMapGridError(`<${tag.name}> attribute ${attribute}="${text}" ${NOT_A_DECIMAL}`);
  return value;
}

function requireCount(tag: XmlStartTag, attribute: string): number {
  const value = requireNumber(tag, attribute);
  if (!Number.isInteger(value) || value < 1) throw new ShakeMapGridError(`<${tag.name}> attribute ${attribute}="${value}" is not a positive integer`);
  return value;
}

function readSpecification(tag: XmlStartTag): GridSpecification {
  const specification = {
    lonMin: requireNumber(tag, 'lon_min'),
    latMin: requireNumber(tag, 'lat_min'),
    lonMax: requireNumber(tag, 'lon_max'),
    latMax: requireNumber(tag, 'lat_max'),
    nominalLonSpacing: requireNumber(tag, 'nominal_lon_spacing'),
    nominalLatSpacing: requireNumber(tag, 'nominal_lat_spacing'),
    nlon: requireCount(tag, 'nlon'),
    nlat: requireCount(tag, 'nlat'),
  };
  if (specification.lonMax < specification.lonMin || specification.latMax < specification.latMin) {
    throw new ShakeMapGridError(`<grid_specification> has lon_max < lon_min or lat_max < lat_min`);
  }
  return specification;
}

/**
 * ShakeMap writes UTC times with a "UTC" suffix (3.5), "Z", or no zone (4.x). Null for a time
 * with another zone (the hazard file then asks for UTC); a time that is not ISO 8601 or does
 * not exist (2018-02-30) is refused here, never rolled over.
 */
function utcIso(timestamp: string): string | null {
  // Early 3.5 grids name a local zone ("2004-12-26 07:58:53 WIB") whose offset the file does not give.
  const local = /^(.*\d)\s*([A-Za-z]{3,5})$/.exec(timestamp.trim());
  const inLocalZone = local !== null && !/^(UTC|GMT)$/.test(local[2]);
  const text = inLocalZone ? local[1] : timestamp.trim().replace(/(UTC|GMT)$/, 'Z');
  const parsed = parseIsoDateTime(text);
  if (!parsed.ok) throw new ShakeMapGridError(`<event> attribute event_timestamp="${timestamp}" ${dateTimeProblem(parsed.problem)}`);
  if (inLocalZone || /[+-]\d{2}:?\d{2}$/.test(text)) return null;
  return new Date(parsed.ms + (parsed.fraction === '' ? 0 : Number(`0.${parsed.fraction}`) * 1000)).toISOString();
}

function readEvent(tag: XmlStartTag, fallbackEventId: string): ShakeMapEvent {
  const timestamp = requireAttribute(tag, 'event_timestamp');
  return {
    // ShakeMap 3.5 repeats event_id on <event>; 4.x has it only on the root element.
    eventId: tag.attributes.get('event_id') ?? fallbackEventId,
    magnitude: requireNumber(tag, 'magnitude'),
    depthKm: requireNumber(tag, 'depth'),
    lat: requireNumber(tag, 'lat'),
    lon: requireNumber(tag, 'lon'),
    timestamp,
    timeUtcIso: utcIso(timestamp),
    network: tag.attributes.get('event_network') ?? '',
    description: tag.attributes.get('event_description') ?? '',
  };
}

interface FieldDeclaration {
  readonly index: number;
  readonly name: string;
  readonly units: string;
}

function readFieldDeclarations(tags: readonly XmlStartTag[]): FieldDeclaration[] {
  const declarations = tags
    .filter((tag) => tag.name === 'grid_field')
    .map((tag) => ({ index: requireCount(tag, 'index'), name: requireAttribute(tag, 'name'), units: tag.attributes.get('units') ?? '' }))
    .sort((a, b) => a.index - b.index);
  if (declarations.length === 0) throw new ShakeMapGridError('missing <grid_field> elements');
  declarations.forEach((declaration, position) => {
    if (declaration.index !== position + 1)
      throw new ShakeMapGridError(
        `grid_field indices must be 1..${declarations.length} without gaps or repeats; found index ${declaration.index} at position ${position + 1}`,
      );
  });
  const names = new Set<string>();
  for (const { name } of declarations) {
    if (names.has(name)) throw new ShakeMapGridError(`grid_field name ${name} appears twice`);
    names.add(name);
  }
  for (const required of ['LON', 'LAT']) {
    if (!names.has(required)) throw new ShakeMapGridError(`missing grid_field ${required}`);
  }
  return declarations;
}

/** Difference of two longitudes folded into [−180, 180), so grids across the antimeridian compare. */
function longitudeDifference(a: number, b: number): number {
  return ((((a - b) % 360) + 540) % 360) - 180;
}

/** Checks that row r lies on raster node (r mod nlon, ⌊r / nlon⌋) — the layout interpolation relies on. */
function checkRasterOrder(text: string, dataStart: number, firstLine: number, specification: GridSpecification, lon: Float64Array, lat: Float64Array): void {
  const { lonMin, lonMax, latMin, latMax, nlon, nlat } = specification;
  const lonStep = nlon > 1 ? (lonMax - lonMin) / (nlon - 1) : 0;
  const latStep = nlat > 1 ? (latMax - latMin) / (nlat - 1) : 0;
  // Coordinates are printed with 4 decimals; a tenth of a cell is far above that rounding and far
  // below the distance to the next node.
  const lonTolerance = Math.max(0.1 * lonStep, 1e-4);
  const latTolerance = Math.max(0.1 * latStep, 1e-4);
  for (let row = 0; row < lon.length; row++) {
    const column = row % nlon;
    const gridRow = (row - column) / nlon;
    const expectedLon = lonMin + column * lonStep;
    const expectedLat = latMax - gridRow * latStep;
    if (Math.abs(longitudeDifference(lon[row], expectedLon)) > lonTolerance || Math.abs(lat[row] - expectedLat) > latTolerance) {
      const line = rowLine(text, dataStart, firstLine, row);
      throw new ShakeMapGridError(
        `data row on line ${line} is at (${lon[row]}, ${lat[row]}) but grid_specification puts row ${row + 1} at node (${expectedLon.toFixed(4)}, ${expectedLat.toFixed(4)}): rows must run west → east, then north → south`,
      );
    }
  }
}

/** File line of data row `row` (error path only): skips blank lines like readGridData does. */
function rowLine(text: string, dataStart: number, firstLine: number, row: number): number {
  let seen = -1;
  let line = firstLine;
  let at = dataStart;
  while (at < text.length) {
    const next = text.indexOf('\n', at);
    const end = next === -1 ? text.length : next;
    if (text.slice(at, end).trim() !== '') seen++;
    if (seen === row) return line;
    at = end + 1;
    line++;
  }
  return line;
}

/** Parses the text of a ShakeMap grid.xml or uncertainty.xml. */
export function parseShakeMapGrid(xml: string): ShakeMapGrid {
  const dataOpen = /<(?:[\w.-]+:)?grid_data\s*>/.exec(xml);
  if (dataOpen === null) throw new ShakeMapGridError('missing <grid_data> element');
  const dataStart = dataOpen.index + dataOpen[0].length;
  const dataEnd = xml.indexOf('</', dataStart);
  if (dataEnd === -1) throw new ShakeMapGridError(`<grid_data> opened on line ${lineOfOffset(xml, dataOpen.index)} is never closed`);

  const tags = readStartTags(xml, 0, dataOpen.index);
  if (tags.length === 0 || tags[0].name !== 'shakemap_grid') {
    throw new ShakeMapGridError(
      `not a ShakeMap grid.xml: the root element is ${tags.length === 0 ? 'missing' : `<${tags[0].name}>`}, expected <shakemap_grid>`,
    );
  }
  const root = tags[0];
  const eventId = root.attributes.get('event_id') ?? '';
  const specification = readSpecification(requireTag(tags, 'grid_specification'));
  const event = readEvent(requireTag(tags, 'event'), eventId);
  const declarations = readFieldDeclarations(tags);
  const conversions = declarations.map((declaration) => fieldConversion(declaration.name, declaration.index, declaration.units));

  const firstLine = lineOfOffset(xml, dataStart);
  const { columns, rowCount } = readGridData(
    xml,
    dataStart,
    dataEnd,
    declarations.map((declaration) => declaration.name),
    conversions.map((conversion) => conversion.factor),
    specification.nlon * specification.nlat,
    firstLine,
  );
  const columnOf = (name: string) => columns[declarations.findIndex((declaration) => declaration.name === name)];
  checkRasterOrder(xml, dataStart, firstLine, specification, columnOf('LON'), columnOf('LAT'));

  const fields = new Map<string, GridField>();
  declarations.forEach((declaration, position) => {
    const conversion = conversions[position];
    fields.set(declaration.name, {
      index: declaration.index,
      name: declaration.name,
      fileUnits: declaration.units,
      units: conversion.units,
      quantity: conversion.quantity,
      values: columns[position],
    });
  });
  return {
    eventId,
    codeVersion: root.attributes.get('code_version') ?? '',
    shakemapVersion: root.attributes.get('shakemap_version') ?? '',
    mapStatus: root.attributes.get('map_status') ?? '',
    event,
    specification,
    fields,
    rowCount,
    isComplete: rowCount === specification.nlon * specification.nlat,
  };
}
