export { hazardForm, infrasysTypeOf } from './detect.js';
export { validateHazardContent, readHazardModel, summarizeHazardModel, type HazardSummary } from './model.js';
export { computeIntensities, quantitiesOf } from './intensities.js';
export { descriptorOf, hazardDescriptors, hazardFileEntries, hazardFileEntry, hazardFileTypes, registerHazardType, supportedHazardTypes } from './registry.js';
export * from './quantities.js';
export { areasApproach, areasFootprint, mergeMax, mergeMin, modelLabel, pointApproach, pointBox } from './descriptor.js';
export type {
  Approach,
  ComputeContext,
  PhysicsProfile,
  EradClass,
  HazardDefaultCurves,
  HazardDescriptor,
  HazardFileEntry,
  ModelFootprint,
  NotVulnerableNote,
  PreparedSites,
  QuantityViews,
  SiteRequirement,
} from './descriptor.js';
export { hypocentralDistanceKm, mmiFromMagnitude, pgaPercentGFromMmi, pgvCmsFromMmi, resolveGroundMotionModel } from './earthquake.js';
export { hollandWindSpeed, stormStateOf } from './wind.js';
export { interpolateWindHazard } from './windInterpolation.js';
export { DEFAULT_WIND_PROFILE, resolveWindProfile, WIND_PROFILES, type WindProfileName } from './wind/profiles.js';
export { defaultMaxWindSource, MAX_WIND_SOURCES, resolveMaxWindSource, RMW_SOURCES, type MaxWindSource, type RmwSource } from './wind/stormSize.js';
export { EXPOSURE_CLASSES, exposureAtSites, WMO_EXPOSURE, type ExposureClass, type ExposureMap } from './wind/exposure.js';
export { DEFAULT_TERRAIN, TERRAIN_CLASSES, TERRAIN_EXPOSURE, terrainAtSites, type TerrainClass, type TerrainMap } from './wind/terrain.js';
export { convertWind, type SurfaceWindSpec } from './wind/surface.js';
export { MARINE_SUSTAINED_WIND } from './wind/index.js';
export * from './types.js';
export { mergeWarnings, warningTexts, type HazardWarning, type SiteCountWarning } from './warnings.js';
export {
  detectTrackFormat,
  trackToHazardFile,
  TRACK_FORMAT_NAMES,
  type TrackFormat,
  type TrackHazardFile,
  type TrackSummary,
  type TrackUploadOptions,
} from './wind/trackHazardFile.js';
export { attachUncertainty, parseShakeMapGrid, ShakeMapGridError } from './earthquake/shakemap/index.js';
export { shakeMapHazardFile } from './earthquake/shakemapHazard.js';
