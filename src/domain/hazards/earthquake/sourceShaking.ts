/**
 * Shaking of an earthquake given by its source (docs/input-hazard.md): distances from the
 * hypocentre or the rupture, Vs30 at each site, and the chosen ground-motion model's median and
 * natural-log standard deviations for every earthquake quantity (docs/gmpe.md).
 */
import type { PreparedPoints } from '../../../base/geodesy/batch.js';
import { GROUND_MOTION_MODELS, groundMotionArrays, type GroundMotionArrays, type IntensityMeasure, type RuptureInput } from './gmpe/index.js';
import { defaultTopDepthKm, planarRuptureDistances, pointSourceDistances, siteDistances, wellsCoppersmithWidthKm, type SiteDistances } from './rupture.js';
import { siteVs30 } from './siteVs30.js';
import { APPLICABILITY, outsideRange } from './applicability.js';
import { STANDARD_GRAVITY_MS2 } from '../_units.js';
import type { EarthquakeSourceHazard, GroundMotionModelChoice, IntensityQuantity, PhysicsProfile } from '../types.js';

/** The earthquake quantities a ground-motion model predicts, with its intensity measure and the SI value of its unit (g, cm/s). */
export const EARTHQUAKE_MEASURES: readonly { quantity: IntensityQuantity; imt: IntensityMeasure; siPerModelUnit: number }[] = [
  { quantity: 'pga', imt: 'pga', siPerModelUnit: STANDARD_GRAVITY_MS2 },
  { quantity: 'pgv', imt: 'pgv', siPerModelUnit: 0.01 },
  { quantity: 'sa_0_3', imt: 'sa(0.3)', siPerModelUnit: STANDARD_GRAVITY_MS2 },
  { quantity: 'sa_1_0', imt: 'sa(1.0)', siPerModelUnit: STANDARD_GRAVITY_MS2 },
];

/**
 * The ground-motion model an earthquake uses: the one it names, else the physics profile's
 * default (ERAD's chain for `erad_v1`, BSSA14 otherwise).
 */
export function resolveGroundMotionModel(model: { groundMotionModel?: GroundMotionModelChoice }, physics: PhysicsProfile = 'default'): GroundMotionModelChoice {
  return model.groundMotionModel ?? (physics === 'erad_v1' ? 'ERAD_V1' : 'BSSA14');
}

/** Per quantity: median in SI units and ln standard deviations (tau and phi as the model's descriptor gives them), one entry per site. */
export type SourceShaking = Record<IntensityQuantity, GroundMotionArrays>;

/** Distances of the sites from the earthquake's source, km. */
export function sourceDistances(model: EarthquakeSourceHazard, latitude: Float64Array, longitude: Float64Array, points: PreparedPoints): SiteDistances {
  const distances = siteDistances(latitude.length);
  const depthKm = model.depthM / 1000;
  if (!model.rupture) {
    pointSourceDistances(model.origin.latitude, model.origin.longitude, depthKm, points, distances);
    return distances;
  }
  const { strikeDeg, dipDeg, lengthM, widthM, topDepthM } = model.rupture;
  const rupture = { strikeDeg, dipDeg, lengthKm: lengthM / 1000, widthKm: widthM / 1000, topDepthKm: topDepthM / 1000 };
  planarRuptureDistances(model.origin, depthKm, rupture, latitude, longitude, distances);
  return distances;
}

/**
 * What the models read about the rupture. A point source is vertical, with the Wells &
 * Coppersmith (1994) width centred on the hypocentre (ASK14 reads width, dip and top depth);
 * an unspecified mechanism is strike-slip for ASK14, which has no unspecified class (its
 * reverse and normal terms are then off).
 */
export function ruptureInput(model: EarthquakeSourceHazard, gmm: Exclude<GroundMotionModelChoice, 'ERAD_V1'>): RuptureInput {
  const rakeDegrees = model.rakeDeg ?? (gmm === 'ASK14' ? 0 : undefined);
  if (model.rupture) {
    return {
      magnitude: model.magnitude,
      rakeDegrees,
      dipDegrees: model.rupture.dipDeg,
      ztorKm: model.rupture.topDepthM / 1000,
      widthKm: model.rupture.widthM / 1000,
    };
  }
  const widthKm = wellsCoppersmithWidthKm(model.magnitude);
  return { magnitude: model.magnitude, rakeDegrees, dipDegrees: 90, ztorKm: defaultTopDepthKm(model.depthM / 1000, widthKm, 90), widthKm };
}

/**
 * Median and variability of every earthquake quantity at the sites, from a published
 * ground-motion model. `outsideVs30Grid`: sites the Vs30 grid did not cover.
 */
export function sourceShaking(
  model: EarthquakeSourceHazard,
  gmm: Exclude<GroundMotionModelChoice, 'ERAD_V1'>,
  latitude: Float64Array,
  longitude: Float64Array,
  points: PreparedPoints,
): { shaking: SourceShaking; outsideVs30Grid: number; outsideRange: ReturnType<typeof outsideRange> } {
  const count = latitude.length;
  const distances = sourceDistances(model, latitude, longitude, points);
  const { vs30, outsideCount } = siteVs30(model, latitude, longitude);
  const groundMotionModel = GROUND_MOTION_MODELS[gmm];
  const rupture = ruptureInput(model, gmm);
  const sites = { ...distances, vs30 };
  const shaking: SourceShaking = {};
  for (const { quantity, imt, siPerModelUnit } of EARTHQUAKE_MEASURES) {
    const out = groundMotionArrays(count);
    groundMotionModel.evaluateSites(rupture, sites, imt, out);
    for (let i = 0; i < count; i++) out.median[i] *= siPerModelUnit;
    shaking[quantity] = out;
  }
  const range = APPLICABILITY[gmm];
  const distanceKm = range.distance.metric === 'rjb' ? distances.rjbKm : distances.rrupKm;
  return { shaking, outsideVs30Grid: outsideCount, outsideRange: outsideRange(range, model.magnitude, distanceKm, vs30) };
}
