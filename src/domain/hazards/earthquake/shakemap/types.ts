/** Typed view of a USGS ShakeMap grid.xml (ShakeMap 3.5 and 4.x), values converted to SI. */

/** `<grid_specification>`: the regular lon/lat raster the data rows sample. */
export interface GridSpecification {
  readonly lonMin: number;
  readonly latMin: number;
  readonly lonMax: number;
  readonly latMax: number;
  /** As printed; rounded (e.g. 0.0167), so node positions use the extent / (count − 1) instead. */
  readonly nominalLonSpacing: number;
  readonly nominalLatSpacing: number;
  readonly nlon: number;
  readonly nlat: number;
}

/** `<event>` attributes. */
export interface ShakeMapEvent {
  readonly eventId: string;
  readonly magnitude: number;
  readonly depthKm: number;
  readonly lat: number;
  readonly lon: number;
  /** `event_timestamp` exactly as written (v3.5 appends "UTC", v4 writes no zone). */
  readonly timestamp: string;
  /**
   * The timestamp as an ISO-8601 UTC string, or null when the file names a zone other than UTC
   * (early ShakeMap 3.5 files wrote local abbreviations such as "WIB", whose offset is not
   * recoverable from the file).
   */
  readonly timeUtcIso: string | null;
  readonly network: string;
  readonly description: string;
}

/** What a field's SI values are. */
export type FieldQuantity = 'coordinate' | 'acceleration' | 'velocity' | 'intensity' | 'lnStandardDeviation' | 'intensityStandardDeviation' | 'ratio';

/** One `<grid_field>` column, converted. */
export interface GridField {
  /** 1-based column index from the file. */
  readonly index: number;
  readonly name: string;
  /** Units exactly as written in the file. */
  readonly fileUnits: string;
  /** Units of `values`: "m/s²", "m/s", "deg", "MMI", "ln" (natural-log units), "1". */
  readonly units: string;
  readonly quantity: FieldQuantity;
  /** One value per data row, in file order (north to south, west to east), SI units. */
  readonly values: Float64Array;
}

export interface ShakeMapGrid {
  readonly eventId: string;
  readonly codeVersion: string;
  readonly shakemapVersion: string;
  readonly mapStatus: string;
  readonly event: ShakeMapEvent;
  readonly specification: GridSpecification;
  /** Every field of the file, LON and LAT included, keyed by name, in file column order. */
  readonly fields: ReadonlyMap<string, GridField>;
  /** Data rows read; nlon·nlat for a complete grid, fewer for a truncated one. */
  readonly rowCount: number;
  /** Whether rowCount = nlon·nlat (only a complete grid can be interpolated). */
  readonly isComplete: boolean;
}
