import { HazsimError } from '../../base/errors.js';
import { ASSET_TYPES, type AssetTable } from '../assets/types.js';
import type { CompiledCurveSet } from '../fragility/types.js';
import {
  convertWind,
  EXPOSURE_CLASSES,
  exposureAtSites,
  MARINE_SUSTAINED_WIND,
  WMO_EXPOSURE,
  TERRAIN_CLASSES,
  TERRAIN_EXPOSURE,
  terrainAtSites,
  type HazardModel,
  type PhysicsProfile,
  type ExposureClass,
  type TerrainClass,
} from '../hazards/index.js';

/**
 * From the wind the hazard gives (1-min sustained at 10 m over open water, the best-track
 * convention every wind profile follows) to the wind each fragility curve expects: its declared
 * averaging time and height (`averaging_time_s`, `height_m`; a 3-s gust at 10 m when the curve
 * declares nothing), over the terrain the asset stands on (the hazard file's `terrain`, open
 * terrain by default), with the gust factors of the asset's exposure (the hazard file's
 * `exposure`; by default the row of its terrain: at sea over open water, in-land elsewhere). The factors are those of convertWind (docs/wind.md §6). Under the
 * erad_v1 physics the wind reaches the curves unchanged, as in ERAD.
 */

/** What a wind curve expects when it does not say: the peak 3-s gust at 10 m (ASCE 7 basic wind speed). */
export const UNDECLARED_WIND_MEASURE = { averagingSeconds: 3, heightM: 10 } as const;

/** The averaging time and height a curve declares, or the undeclared default. */
export function declaredWindMeasure(curve: object): { averagingSeconds: number; heightM: number; declared: boolean } {
  const { averaging_time_s: averaging, height_m: height } = curve as { averaging_time_s?: unknown; height_m?: unknown };
  const declared = typeof averaging === 'number' || typeof height === 'number';
  return {
    averagingSeconds: typeof averaging === 'number' ? averaging : UNDECLARED_WIND_MEASURE.averagingSeconds,
    heightM: typeof height === 'number' ? height : UNDECLARED_WIND_MEASURE.heightM,
    declared,
  };
}

/** One conversion as run_info records it: which asset types on which terrain, to what, by which factor and steps. */
export interface WindConversionStep {
  asset_types: string[];
  terrain: TerrainClass;
  /** The WMO gust-factor row the hazard file's `exposure` chose; absent where it gives none. */
  exposure?: ExposureClass;
  averaging_time_s: number;
  height_m: number;
  declared_by_curve: boolean;
  factor: number;
  steps: string[];
}

/** What makes two assets share a conversion (planWindConversion, and the parts of a run joined in parts.ts). */
export function conversionKey(step: Pick<WindConversionStep, 'terrain' | 'exposure' | 'averaging_time_s' | 'height_m' | 'declared_by_curve'>): string {
  return `${step.terrain}|${step.exposure}|${step.averaging_time_s}|${step.height_m}|${step.declared_by_curve}`;
}

export interface WindConversionRecord {
  physics: PhysicsProfile;
  source: string;
  conversions: WindConversionStep[];
}

export interface WindConversion {
  /** Factor per asset row, applied to the hazard's wind before its curve. */
  factorByAsset: Float64Array;
  record: WindConversionRecord;
}

const SOURCE = '1-min sustained wind at 10 m over open water (the wind profiles, best-track convention)';

/** The factor of every asset and the record of the conversions used. */
/** `sites` are the assets, or with the default physics the elements (spans and structures) they expand to. */
export function planWindConversion(
  assets: Pick<AssetTable, 'count' | 'longitude' | 'latitude' | 'assetTypeIndex'>,
  hazard: HazardModel,
  compiled: CompiledCurveSet,
  physics: PhysicsProfile,
): WindConversion {
  const factorByAsset = new Float64Array(assets.count).fill(1);
  if (physics === 'erad_v1') {
    return { factorByAsset, record: { physics, source: 'the wind profile as ERAD compares it to its curves', conversions: [] } };
  }
  const terrain = terrainAtSites(hazard.terrain, assets);
  const exposure = exposureAtSites(hazard.exposure, assets);
  const measureByType = new Map(
    compiled.entries
      .filter((entry) => entry.quantity === 'wind_speed')
      .map((entry) => [ASSET_TYPES.indexOf(entry.asset_type), declaredWindMeasure(entry.curve)]),
  );
  const byKey = new Map<string, WindConversionStep>();
  for (let a = 0; a < assets.count; a++) {
    const measure = measureByType.get(assets.assetTypeIndex[a]);
    if (!measure) continue;
    const terrainClass = TERRAIN_CLASSES[terrain[a]];
    const exposureClass = exposure ? EXPOSURE_CLASSES[exposure[a]] : undefined;
    const key = conversionKey({
      terrain: terrainClass,
      exposure: exposureClass,
      averaging_time_s: measure.averagingSeconds,
      height_m: measure.heightM,
      declared_by_curve: measure.declared,
    });
    let step = byKey.get(key);
    if (!step) {
      step = {
        asset_types: [],
        terrain: terrainClass,
        ...(exposureClass ? { exposure: exposureClass } : {}),
        averaging_time_s: measure.averagingSeconds,
        height_m: measure.heightM,
        declared_by_curve: measure.declared,
        ...convert(measure, terrainClass, exposureClass, ASSET_TYPES[assets.assetTypeIndex[a]]),
      };
      byKey.set(key, step);
    }
    const assetType = ASSET_TYPES[assets.assetTypeIndex[a]];
    if (!step.asset_types.includes(assetType)) step.asset_types.push(assetType);
    factorByAsset[a] = step.factor;
  }
  return { factorByAsset, record: { physics, source: SOURCE, conversions: [...byKey.values()] } };
}

function convert(
  measure: { averagingSeconds: number; heightM: number },
  terrain: TerrainClass,
  exposure: ExposureClass | undefined,
  assetType: string,
): { factor: number; steps: string[] } {
  try {
    const converted = convertWind(1, {
      from: MARINE_SUSTAINED_WIND,
      to: {
        averagingSeconds: measure.averagingSeconds,
        heightM: measure.heightM,
        exposure: TERRAIN_EXPOSURE[terrain],
        ...(exposure ? { gustExposure: WMO_EXPOSURE[exposure] } : {}),
      },
    });
    return { factor: converted.speedMs, steps: converted.steps };
  } catch (error) {
    throw new HazsimError('invalid_input', `the wind_speed curve of ${assetType}: ${(error as Error).message.replace(/^convertWind: /, '')}`);
  }
}

/** Multiplies the wind of every asset at every timestamp where the hazard produced it by the asset's factor. */
export function applyWindConversion(wind: Float64Array, producedAt: Uint8Array, factorByAsset: Float64Array): void {
  const count = factorByAsset.length;
  for (let t = 0; t < producedAt.length; t++) {
    if (!producedAt[t]) continue;
    const offset = t * count;
    for (let a = 0; a < count; a++) wind[offset + a] *= factorByAsset[a];
  }
}
