export { hazardForm, ERAD_HAZARD_CLASSES, infrasysTypeOf } from './detect.js';
export { validateHazardContent, readHazardModel, summarizeHazardModel, type HazardModelSummary } from './model.js';
export { computeIntensities, quantitiesOf } from './intensities.js';
export { HAZARD_DESCRIPTORS, HAZARD_FILE_ENTRIES } from './registry.js';
export type { HazardDescriptor, HazardFileEntry, PreparedSites, QuantityViews, SiteRequirement } from './descriptor.js';
export { hypocentralDistanceKm, mmiFromMagnitude, pgaPercentGFromMmi, pgvCmsFromMmi } from './earthquake.js';
export { hollandWindSpeed } from './wind.js';
export * from './types.js';
