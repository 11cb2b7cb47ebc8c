/**
 * A simulation result's features as a GeoJSON FeatureCollection (RFC 7946; docs/output-gis.md):
 * WGS-84 longitude, latitude (no `crs` member: RFC 7946 §4), a `bbox`, and the asset uuid as
 * each feature's `id`. QGIS, GDAL and web maps open it as it is.
 */
import { writeFileAtomic } from '../../base/atomic.js';
import { featuresBbox, type AssetFeature } from './gisFeatures.js';

/** The FeatureCollection text of `features`, one feature a line; `metadata` (the run's provenance) goes in a foreign member. */
export function geoJsonText(features: readonly AssetFeature[], metadata: Readonly<Record<string, string>>): string {
  const bbox = featuresBbox(features);
  const lines = features.map((feature) =>
    JSON.stringify({ type: 'Feature', id: feature.properties.uuid, geometry: feature.geometry, properties: feature.properties }),
  );
  const head = { type: 'FeatureCollection', ...(bbox ? { bbox } : {}), hazsim: metadata };
  return `${JSON.stringify(head).slice(0, -1)},"features":[\n${lines.join(',\n')}\n]}\n`;
}

/** Writes `features` as GeoJSON to `outputPath` in one atomic step. */
export function writeGeoJson(outputPath: string, features: readonly AssetFeature[], metadata: Readonly<Record<string, string>>): void {
  writeFileAtomic(outputPath, geoJsonText(features, metadata));
}
