// Registry of the ground-motion models in this folder, built from the list of their
// descriptors (descriptor.ts), each exported by its model's module beside its equations, so the
// hazard model can pick one by id.

import { AB06_MODEL } from './ab06.js';
import { ASK14_MODEL } from './ask14.js';
import { bssa14Model } from './bssa14.js';
import type { GroundMotionModel } from './descriptor.js';

export type { DistanceMetric, GroundMotionModel, RuptureInput, RuptureParameter, SiteArrays, SiteInput, SiteParameter } from './descriptor.js';
export type { GroundMotion, GroundMotionArrays } from './groundMotion.js';
export { emptyGroundMotion, groundMotionArrays } from './groundMotion.js';
export { spectralAcceleration, parseIntensityMeasure, type IntensityMeasure } from './intensityMeasure.js';
export { bssa14, bssa14ForSites, bssa14Model, type Bssa14Options, type Bssa14Region, type Bssa14AnelasticAttenuation } from './bssa14.js';
export { ask14, ask14ForSites, ASK14_MODEL } from './ask14.js';
export { ab06, ab06ForSites, AB06_MODEL, AB06_SIGMA, type Ab06Options, type Ab06StressParameter } from './ab06.js';
export {
  mmiFromGroundMotion,
  groundMotionFromMmi,
  mmiSigma,
  groundMotionLnSigma,
  WGRW12_MMI_RANGE,
  type Wgrw12IntensityMeasure,
  type Wgrw12Context,
} from './worden2012.js';

/** Every ground-motion model, each declared in its own module; the ids and the registry come from this list. */
const MODELS = [bssa14Model(), ASK14_MODEL, AB06_MODEL] as const;

export type GroundMotionModelId = (typeof MODELS)[number]['id'];

/** The models' ids, in the list's order (the order error messages and docs name them in). */
export const GROUND_MOTION_MODEL_IDS: readonly GroundMotionModelId[] = MODELS.map((model) => model.id);

export const GROUND_MOTION_MODELS: Readonly<Record<GroundMotionModelId, GroundMotionModel>> = Object.fromEntries(
  MODELS.map((model, index) => {
    if (GROUND_MOTION_MODEL_IDS.indexOf(model.id) !== index) throw new Error(`ground-motion model ${model.id} is declared twice`);
    return [model.id, model];
  }),
) as Record<GroundMotionModelId, GroundMotionModel>;
