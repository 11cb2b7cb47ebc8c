/**
 * A simulation result as map features (docs/output-gis.md): one feature per asset with its
 * geometry and its survival and damage state at one time, the plain data the GeoJSON and
 * GeoParquet writers take. Coordinates are WGS-84 longitude, latitude in degrees, as the
 * result's `assets` table holds them.
 */

/** A point, or a line along its route, in GeoJSON's form (RFC 7946 §3.1: [longitude, latitude]). */
export type AssetGeometry = { type: 'Point'; coordinates: [number, number] } | { type: 'LineString'; coordinates: [number, number][] };

/** What a feature says about its asset; wire names, snake_case, as the result's columns. */
export interface AssetFeatureProperties {
  uuid: string;
  name: string;
  asset_type: string;
  component_type: string;
  /** The timestamp the values below are at. */
  timestamp: string;
  survival_probability: number;
  /** 1 − survival_probability. */
  failure_probability: number;
  /** The quantity whose survival is lowest there (the one whose curve gives the damage state), or null where none has a value. */
  governing_quantity: string | null;
  /** The most likely damage state of the governing quantity's curve there, or null (no curve, or a result without damage states). */
  damage_state: string | null;
  damage_state_probability: number | null;
}

export interface AssetFeature {
  /** Null for an asset without a location (RFC 7946 §3.2 allows it). */
  geometry: AssetGeometry | null;
  properties: AssetFeatureProperties;
}

/** The columns of the properties, in the order the writers give them. */
export const FEATURE_PROPERTY_NAMES = [
  'uuid',
  'name',
  'asset_type',
  'component_type',
  'timestamp',
  'survival_probability',
  'failure_probability',
  'governing_quantity',
  'damage_state',
  'damage_state_probability',
] as const satisfies readonly (keyof AssetFeatureProperties)[];

/**
 * An asset's geometry: a line along its route ([lon0, lat0, lon1, lat1, ...], domain/assets/routes.ts)
 * when it has one, else its point; null without a finite location.
 */
export function assetGeometry(longitude: number, latitude: number, route: readonly number[] | null): AssetGeometry | null {
  if (route && route.length >= 4) {
    const coordinates: [number, number][] = [];
    for (let k = 0; k + 1 < route.length; k += 2) coordinates.push([route[k], route[k + 1]]);
    return { type: 'LineString', coordinates };
  }
  if (!Number.isFinite(longitude) || !Number.isFinite(latitude)) return null;
  return { type: 'Point', coordinates: [longitude, latitude] };
}

/** [west, south, east, north] of the features' geometries (RFC 7946 §5), or null when none has one. */
export function featuresBbox(features: readonly AssetFeature[]): [number, number, number, number] | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const { geometry } of features) {
    if (!geometry) continue;
    const positions = geometry.type === 'Point' ? [geometry.coordinates] : geometry.coordinates;
    for (const [lon, lat] of positions) {
      west = Math.min(west, lon);
      east = Math.max(east, lon);
      south = Math.min(south, lat);
      north = Math.max(north, lat);
    }
  }
  return west <= east ? [west, south, east, north] : null;
}
