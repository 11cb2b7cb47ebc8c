import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../../base/atomic.js';
import { sha256Hex } from '../../base/sha256.js';
import { ASSET_TYPES, type AssetExtraction, type AssetTable, type AssetType, type ComponentNote } from '../../domain/assets/types.js';
import { readingRecord, type CoordinateReading, type CoordinateReadingRecord } from '../../domain/assets/index.js';

/** The derived file of a distribution model holding its asset table. */
export const DERIVED_ASSETS_FILE = 'assets.json';

/** Bumped whenever the asset mapping or this file's layout changes, so old derived files are rebuilt. */
const DERIVED_FORMAT = 3;

interface DerivedAssets {
  format: number;
  source_sha256: string;
  /** The coordinate reading the locations were derived with: a table of another reading is rebuilt. */
  coordinates: CoordinateReadingRecord;
  uuid: string[];
  name: string[];
  assetType: AssetType[];
  componentType: string[];
  longitude: number[];
  latitude: number[];
  heightM: number[];
  /** NaN is written as null by JSON. */
  route: (number | null)[];
  lengthM: (number | null)[];
  unlocated: ComponentNote[];
  notAssetCount: number;
  /**
   * sha256 of this object's JSON without this field, recorded at write: a table edited or
   * damaged since gives another hash and is rebuilt instead of trusted (docs/hardening.md).
   */
  content_sha256?: string;
}

/** What a simulation needs of a distribution model: its located assets and the unlocated ones. */
export interface CachedAssets {
  assets: AssetTable;
  unlocated: ComponentNote[];
  notAssetCount: number;
}

/**
 * Reads the asset table derived from a model (docs/cache.md), if it was derived from exactly
 * these bytes (same sha256) read with this coordinate reading; a missing, stale or unreadable
 * file gives null and is rebuilt.
 */
export function readDerivedAssets(derivedPath: string, sourceSha256: string, reading: CoordinateReading): CachedAssets | null {
  let derived: DerivedAssets;
  try {
    derived = JSON.parse(fs.readFileSync(derivedPath, 'utf8')) as DerivedAssets;
  } catch {
    return null;
  }
  if (derived.format !== DERIVED_FORMAT || derived.source_sha256 !== sourceSha256) return null;
  if (JSON.stringify(derived.coordinates) !== JSON.stringify(readingRecord(reading))) return null;
  // JSON.parse keeps key order and numbers round-trip exactly, so an untouched file hashes the same again.
  const { content_sha256: recorded, ...content } = derived;
  if (recorded !== sha256Hex(JSON.stringify(content))) return null;
  const count = derived.uuid.length;
  return {
    assets: {
      count,
      uuid: derived.uuid,
      name: derived.name,
      assetType: derived.assetType,
      assetTypeIndex: Uint8Array.from(derived.assetType, (type) => ASSET_TYPES.indexOf(type)),
      componentType: derived.componentType,
      longitude: Float64Array.from(derived.longitude),
      latitude: Float64Array.from(derived.latitude),
      heightM: Float64Array.from(derived.heightM),
      route: Float64Array.from(derived.route, (value) => value ?? NaN),
      lengthM: Float64Array.from(derived.lengthM, (value) => value ?? NaN),
    },
    unlocated: derived.unlocated,
    notAssetCount: derived.notAssetCount,
  };
}

/** The derived-asset file's text for a model whose JSON bytes have `sourceSha256`, its assets extracted with `reading`. */
export function derivedAssetsText(sourceSha256: string, reading: CoordinateReading, extraction: AssetExtraction): string {
  const { assets } = extraction;
  const derived: DerivedAssets = {
    format: DERIVED_FORMAT,
    source_sha256: sourceSha256,
    coordinates: readingRecord(reading),
    uuid: assets.uuid,
    name: assets.name,
    assetType: assets.assetType,
    componentType: assets.componentType,
    longitude: Array.from(assets.longitude),
    latitude: Array.from(assets.latitude),
    heightM: Array.from(assets.heightM),
    route: Array.from(assets.route),
    lengthM: Array.from(assets.lengthM),
    unlocated: extraction.unlocated,
    notAssetCount: extraction.notAssets.length,
  };
  return JSON.stringify({ ...derived, content_sha256: sha256Hex(JSON.stringify(derived)) });
}

/** Stores a derived file next to its model, atomically. */
export function writeDerivedFile(derivedPath: string, text: string): void {
  fs.mkdirSync(path.dirname(derivedPath), { recursive: true });
  writeFileAtomic(derivedPath, text);
}
