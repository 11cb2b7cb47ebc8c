export { hazardForm, infrasysTypeOf } from './detect.js';
export { validateHazardContent, readHazardModel, summarizeHazardModel, type HazardModelSummary } from './model.js';
export { computeIntensities, quantitiesOf } from './intensities.js';
export { descriptorOf, hazardDescriptors, hazardFileEntries, hazardFileEntry, hazardFileTypes, registerHazardType, supportedHazardTypes } from './registry.js';
export * from './quantities.js';
export { areasFootprint, mergeMax, mergeMin, modelLabel, pointBox } from './descriptor.js';
export type {
  ComputeContext,
  EradClass,
  HazardDescriptor,
  HazardFileEntry,
  ModelFootprint,
  PreparedSites,
  QuantityViews,
  SiteRequirement,
} from './descriptor.js';
export { hypocentralDistanceKm, mmiFromMagnitude, pgaPercentGFromMmi, pgvCmsFromMmi, resolveGroundMotionModel } from './earthquake.js';
export { hollandWindSpeed } from './wind.js';
export * from './types.js';
export { attachUncertainty, parseShakeMapGrid, ShakeMapGridError } from './earthquake/shakemap/index.js';
export { shakeMapHazardFile } from './earthquake/shakemapHazard.js';
