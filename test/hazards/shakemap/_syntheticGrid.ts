// Writes a ShakeMap-4-style grid.xml for a known function of (lon, lat), so interpolation can be
// checked against exact values on a grid larger than the truncated reference fixtures.

export interface SyntheticGridOptions {
  readonly lonMin: number;
  readonly latMin: number;
  readonly lonStep: number;
  readonly latStep: number;
  readonly nlon: number;
  readonly nlat: number;
  /** Value of every non-coordinate field at a node (MMI, PGA %g, PGV cm/s). */
  readonly value: (lon: number, lat: number) => number;
}

/** Node longitude/latitude exactly as the reader computes them from grid_specification. */
export function nodeLon(options: SyntheticGridOptions, column: number): number {
  const lonMax = options.lonMin + (options.nlon - 1) * options.lonStep;
  return options.lonMin + column * ((lonMax - options.lonMin) / (options.nlon - 1));
}

export function nodeLat(options: SyntheticGridOptions, row: number): number {
  const latMax = options.latMin + (options.nlat - 1) * options.latStep;
  return latMax - row * ((latMax - options.latMin) / (options.nlat - 1));
}

export function syntheticGridXml(options: SyntheticGridOptions): string {
  const { lonMin, latMin, lonStep, latStep, nlon, nlat } = options;
  const lonMax = lonMin + (nlon - 1) * lonStep;
  const latMax = latMin + (nlat - 1) * latStep;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><shakemap_grid xmlns="http://earthquake.usgs.gov/eqcenter/shakemap" event_id="synthetic1" shakemap_id="synthetic1" shakemap_version="1" code_version="4.1.5" map_status="automatic">',
    `<event magnitude="6.5" depth="10.0" lat="${latMin}" lon="${lonMin}" event_timestamp="2020-01-02T03:04:05" event_network="xx" event_description="synthetic &amp; exact" />`,
    `<grid_specification lon_min="${lonMin}" lat_min="${latMin}" lon_max="${lonMax}" lat_max="${latMax}" nominal_lon_spacing="${lonStep}" nominal_lat_spacing="${latStep}" nlon="${nlon}" nlat="${nlat}"/><grid_field index="1" name="LON" units="dd" />`,
    '<grid_field index="2" name="LAT" units="dd" />',
    '<grid_field index="3" name="MMI" units="intensity" />',
    '<grid_field index="4" name="PGA" units="%g" />',
    '<grid_field index="5" name="PGV" units="cm/s" />',
    '<grid_data>',
  ];
  for (let row = 0; row < nlat; row++) {
    for (let column = 0; column < nlon; column++) {
      const lon = nodeLon(options, column);
      const lat = nodeLat(options, row);
      const value = String(options.value(lon, lat));
      lines.push(`${lon.toFixed(4)} ${lat.toFixed(4)} ${value} ${value} ${value}`);
    }
  }
  lines.push('</grid_data>', '</shakemap_grid>', '');
  return lines.join('\n');
}
