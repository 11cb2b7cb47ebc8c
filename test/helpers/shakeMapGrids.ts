/**
 * Small ShakeMap grids written in the two published layouts (ShakeMap 3.5: units pctg/cms and
 * "UTC"-suffixed timestamps; 4.x: %g and cm/s), with fields that are bilinear in longitude and
 * latitude, so bilinear interpolation reproduces them exactly and a test can compute the expected
 * value at any point by hand.
 */

export interface GridLayout {
  lonMin: number;
  latMin: number;
  lonMax: number;
  latMax: number;
  step: number;
}

/** PGA in %g at a point: 10 + 100·(lon − lonMin) + 50·(lat − latMin). */
export const pgaPercentG = (layout: GridLayout, lon: number, lat: number) => 10 + 100 * (lon - layout.lonMin) + 50 * (lat - layout.latMin);
/** PGV in cm/s: 8 + 40·(lon − lonMin) − 20·(lat − latMin). */
export const pgvCms = (layout: GridLayout, lon: number, lat: number) => 8 + 40 * (lon - layout.lonMin) - 20 * (lat - layout.latMin);
export const STD_PGA = 0.55;

function nodes(layout: GridLayout): { nlon: number; nlat: number; rows: [number, number][] } {
  const nlon = Math.round((layout.lonMax - layout.lonMin) / layout.step) + 1;
  const nlat = Math.round((layout.latMax - layout.latMin) / layout.step) + 1;
  const rows: [number, number][] = [];
  for (let j = 0; j < nlat; j++) for (let i = 0; i < nlon; i++) rows.push([layout.lonMin + i * layout.step, layout.latMax - j * layout.step]);
  return { nlon, nlat, rows };
}

function header(layout: GridLayout, version: '3.5' | '4', nlon: number, nlat: number): string {
  const timestamp = version === '4' ? '2024-09-21T03:00:00' : '2024-09-21T03:00:00UTC';
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    `<shakemap_grid xmlns="http://earthquake.usgs.gov/eqcenter/shakemap" event_id="test0001" shakemap_id="test0001" shakemap_version="${version === '4' ? 2 : 1}" code_version="${version === '4' ? '4.1.2' : '3.5.1'}" process_timestamp="2024-09-21T04:00:00Z" shakemap_originator="us" map_status="RELEASED" shakemap_event_type="SCENARIO">`,
    `<event event_id="test0001" magnitude="7.0" depth="10.0" lat="32.95" lon="-80.17" event_timestamp="${timestamp}" event_network="us" event_description="Charleston test grid" />`,
    `<grid_specification lon_min="${layout.lonMin}" lat_min="${layout.latMin}" lon_max="${layout.lonMax}" lat_max="${layout.latMax}" nominal_lon_spacing="${layout.step}" nominal_lat_spacing="${layout.step}" nlon="${nlon}" nlat="${nlat}" />`,
  ].join('\n');
}

/** PGA (%g) and PGV (cm/s) of a grid at a node. */
export interface GridFields {
  pga: (layout: GridLayout, lon: number, lat: number) => number;
  pgv: (layout: GridLayout, lon: number, lat: number) => number;
}

/** A complete grid.xml of `version`'s layout with LON, LAT, PGA, PGV (and STDPGA for 3.5); the fields are pgaPercentG and pgvCms unless given. */
export function gridXml(layout: GridLayout, version: '3.5' | '4', fields: GridFields = { pga: pgaPercentG, pgv: pgvCms }): string {
  const { nlon, nlat, rows } = nodes(layout);
  const [pgaUnit, pgvUnit] = version === '4' ? ['%g', 'cm/s'] : ['pctg', 'cms'];
  const fieldLines = [
    '<grid_field index="1" name="LON" units="dd" />',
    '<grid_field index="2" name="LAT" units="dd" />',
    `<grid_field index="3" name="PGA" units="${pgaUnit}" />`,
    `<grid_field index="4" name="PGV" units="${pgvUnit}" />`,
    ...(version === '3.5' ? ['<grid_field index="5" name="STDPGA" units="ln(pctg)" />'] : []),
  ];
  const data = rows.map(([lon, lat]) =>
    [
      lon.toFixed(4),
      lat.toFixed(4),
      fields.pga(layout, lon, lat).toFixed(6),
      fields.pgv(layout, lon, lat).toFixed(6),
      ...(version === '3.5' ? [String(STD_PGA)] : []),
    ].join(' '),
  );
  return [header(layout, version, nlon, nlat), ...fieldLines, '<grid_data>', ...data, '</grid_data>', '</shakemap_grid>', ''].join('\n');
}

/** The matching ShakeMap 4 uncertainty.xml: STDPGA and STDPGV constant over the grid. */
export function uncertaintyXml(layout: GridLayout, stdPga = STD_PGA, stdPgv = 0.6): string {
  const { nlon, nlat, rows } = nodes(layout);
  const fields = [
    '<grid_field index="1" name="LON" units="dd" />',
    '<grid_field index="2" name="LAT" units="dd" />',
    '<grid_field index="3" name="STDPGA" units="ln(pctg)" />',
    '<grid_field index="4" name="STDPGV" units="ln(cms)" />',
  ];
  const data = rows.map(([lon, lat]) => [lon.toFixed(4), lat.toFixed(4), String(stdPga), String(stdPgv)].join(' '));
  return [header(layout, '4', nlon, nlat), ...fields, '<grid_data>', ...data, '</grid_data>', '</shakemap_grid>', ''].join('\n');
}
