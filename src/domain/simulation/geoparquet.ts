/**
 * A simulation result's features as GeoParquet 1.1 (https://geoparquet.org/releases/v1.1.0/;
 * docs/output-gis.md): one row per asset, the properties as columns and the geometry as ISO
 * WKB in a `geometry` column described by the file's `geo` metadata. No `crs` is written,
 * which GeoParquet reads as OGC:CRS84 (longitude, latitude on WGS-84), what the result holds.
 * The geometry column is plain BYTE_ARRAY, not Parquet's newer GEOMETRY logical type, so
 * readers that predate that type (GDAL, hence QGIS; pyarrow; DuckDB) read it.
 */
import { ByteWriter, geojsonToWkb, ParquetWriter } from 'hyparquet-writer';
import type { ColumnSource } from 'hyparquet-writer';
import { writeFileAtomic } from '../../base/atomic.js';
import { featuresBbox, FEATURE_PROPERTY_NAMES, type AssetFeature, type AssetFeatureProperties } from './gisFeatures.js';

/** The file's key-value metadata key of the GeoParquet description. */
export const GEOPARQUET_METADATA_KEY = 'geo';
/** The key of the run's provenance (run_info of the result). */
export const GEOPARQUET_HAZSIM_KEY = 'hazsim';

const NUMBER_COLUMNS = new Set<keyof AssetFeatureProperties>(['survival_probability', 'failure_probability', 'damage_state_probability']);
const REQUIRED_COLUMNS = new Set<keyof AssetFeatureProperties>([
  'uuid',
  'name',
  'asset_type',
  'component_type',
  'timestamp',
  'survival_probability',
  'failure_probability',
]);

/** The schema: the properties (text as UTF8, numbers as DOUBLE), then the WKB geometry. */
function schema() {
  return [
    { name: 'root', num_children: FEATURE_PROPERTY_NAMES.length + 1 },
    ...FEATURE_PROPERTY_NAMES.map((name) => ({
      name,
      type: NUMBER_COLUMNS.has(name) ? ('DOUBLE' as const) : ('BYTE_ARRAY' as const),
      ...(NUMBER_COLUMNS.has(name) ? {} : { converted_type: 'UTF8' as const }),
      repetition_type: REQUIRED_COLUMNS.has(name) ? ('REQUIRED' as const) : ('OPTIONAL' as const),
    })),
    { name: 'geometry', type: 'BYTE_ARRAY' as const, repetition_type: 'OPTIONAL' as const },
  ];
}

/** The `geo` metadata of GeoParquet 1.1 for `features`. */
export function geoMetadata(features: readonly AssetFeature[]): Record<string, unknown> {
  const types = [...new Set(features.flatMap(({ geometry }) => (geometry ? [geometry.type] : [])))].sort();
  const bbox = featuresBbox(features);
  return {
    version: '1.1.0',
    primary_column: 'geometry',
    columns: { geometry: { encoding: 'WKB', geometry_types: types, ...(bbox ? { bbox } : {}) } },
  };
}

/** The GeoParquet bytes of `features`; `metadata` (the run's provenance) is kept under the key `hazsim`. */
export function geoParquetBytes(features: readonly AssetFeature[], metadata: Readonly<Record<string, string>>): Uint8Array {
  const writer = new ByteWriter();
  const parquet = new ParquetWriter({
    writer,
    schema: schema(),
    kvMetadata: [
      { key: GEOPARQUET_METADATA_KEY, value: JSON.stringify(geoMetadata(features)) },
      { key: GEOPARQUET_HAZSIM_KEY, value: JSON.stringify(metadata) },
    ],
    createdBy: 'hazsim',
  });
  const columnData: ColumnSource[] = FEATURE_PROPERTY_NAMES.map((name) => ({ name, data: features.map((feature) => feature.properties[name]) }));
  columnData.push({ name: 'geometry', data: features.map(({ geometry }) => (geometry ? geojsonToWkb(geometry) : null)) });
  // A ByteWriter has no flush: write and finish complete before they return, so there is no promise to wait for.
  if (features.length > 0) void parquet.write({ columnData, rowGroupSize: features.length });
  void parquet.finish();
  return writer.getBytes();
}

/** Writes `features` as GeoParquet to `outputPath` in one atomic step. */
export function writeGeoParquet(outputPath: string, features: readonly AssetFeature[], metadata: Readonly<Record<string, string>>): void {
  writeFileAtomic(outputPath, geoParquetBytes(features, metadata));
}
