/**
 * Tropical-cyclone wind for hazsim: best-track import, parametric wind profiles (Holland 1980,
 * 2008, 2010; Emanuel & Rotunno 2011) with CLIMADA's parameter choices, storm-motion asymmetry,
 * and conversion to the wind fragility curves expect. See docs/wind.md.
 *
 * Typical wiring:
 *   const { track, warnings } = parseHurdat2(text, { storm: 'AL152018' });
 *   const marine = maxWindSpeedOverTrack(sites, track, { model: 'H10' }, new Float64Array(n));
 *   const gust = convertWind(1, { from: MARINE_SUSTAINED_WIND, to: OPEN_TERRAIN_GUST });
 *   for (let i = 0; i < n; i++) marine[i] *= gust.speedMs;   // record gust.description
 */

export {
  DEFAULT_ENVIRONMENTAL_PRESSURE_PA,
  GRADIENT_TO_SURFACE_FACTOR,
  HOLLAND_1980_AIR_DENSITY,
  MAX_DISTANCE_FROM_EYE_M,
  MAX_TRANSLATION_SPEED_MS,
} from './constants.js';
export { coriolisParameter } from './coriolis.js';
export { airDensityHolland2008 } from './airDensity.js';
export { holland1980Speed, hollandB1980, gradientMaximumWind, type Holland1980Parameters } from './holland1980.js';
export { hollandBs2008, maxSurfaceWindHolland2008, type Holland2008BInput } from './holland2008.js';
export { holland2010Speed, holland2010Exponent, holland2010PeripheralExponent, type Holland2010Parameters } from './holland2010.js';
export { emanuelRotunno2011Speed, type EmanuelRotunno2011Parameters } from './emanuelRotunno2011.js';
export { prepareProfile, profileSpeed, type PreparedProfile, type StormState, type WindModel, type WindModelOptions } from './windProfile.js';
export { haversineDistanceM, equirectangularDistanceM } from './distance.js';
export {
  asymmetricWindSpeed,
  trackHemisphere,
  translationAttenuation,
  translationVelocity,
  type HemisphereSign,
  type TranslationMetric,
  type TranslationVelocity,
} from './translation.js';
export { buildTimeline, interpolateTrack, stormStateAt, type TrackTimeline } from './trackInterpolation.js';
export { maxWindSpeedOverTrack, windSpeedField, windSpeedFieldAt, type SiteCoordinates, type WindFieldOptions } from './windField.js';
export {
  convertWind,
  roughnessHeightFactor,
  GUST_FACTOR_3S,
  ROUGHNESS_LENGTH_M,
  type ConvertedWind,
  type Exposure,
  type SurfaceWindSpec,
  type WindSpec,
} from './surface.js';
export { inlandDecayWind } from './inlandDecay.js';
export { parseHurdat2, listHurdat2Storms, type Hurdat2Options } from './tracks/hurdat2.js';
export { parseIbtracsCsv, type IbtracsOptions } from './tracks/ibtracs.js';
export { parseAtcfBDeck, type AtcfOptions } from './tracks/atcf.js';
export { estimateRmwM, estimateOuterRadiusM, fillMissingParameters } from './tracks/estimates.js';
export { TrackFormatError, type NormalizedTrack, type TrackFix, type TrackImport, type TrackSelection } from './tracks/types.js';

import type { SurfaceWindSpec } from './surface.js';

/** What the wind field returns: 1-min sustained wind at 10 m over open water (best-track convention). */
export const MARINE_SUSTAINED_WIND: SurfaceWindSpec = { averagingSeconds: 60, heightM: 10, exposure: 'open-water' };
/** What most wind fragility curves expect: 3-s gust at 10 m in open terrain (ASCE 7 exposure C). */
export const OPEN_TERRAIN_GUST: SurfaceWindSpec = { averagingSeconds: 3, heightM: 10, exposure: 'open-terrain' };
