import * as v from 'valibot';
import type { Dimension } from '../hazards/_units.js';
import { quantityDefinition, type IntensityQuantity } from '../hazards/quantities.js';
import { compileExponentialDecay, exponentialDecaySchema } from './exponentialDecay.js';
import { compileLognormal, lognormalSchema } from './lognormal.js';
import { compileNormal, normalSchema } from './normal.js';
import { compileScipy, scipySchema } from './scipy.js';
import type { CompiledCurve, CurveSpec } from './types.js';

/** A curve form: the schema of its JSON for a quantity's dimension, and its compilation to SI. */
interface CurveForm {
  schema(dimension: Dimension): v.GenericSchema<unknown, CurveSpec>;
  compile(spec: CurveSpec, dimension: Dimension): CompiledCurve;
}

function form<S extends v.GenericSchema<unknown, CurveSpec>>(
  schema: (dimension: Dimension) => S,
  compile: (spec: v.InferOutput<S>, dimension: Dimension) => CompiledCurve,
): CurveForm {
  return { schema, compile: compile as CurveForm['compile'] };
}

/** The curve forms by their `distribution` (docs/fragility.md). */
export const CURVE_FORMS: Readonly<Record<CurveSpec['distribution'], CurveForm>> = {
  lognormal: form(lognormalSchema, compileLognormal),
  normal: form(normalSchema, compileNormal),
  exponential_decay: form(exponentialDecaySchema, compileExponentialDecay),
  scipy: form(scipySchema, compileScipy),
};

/**
 * The forms a quantity's curves may take. Intensities fail more as they grow; a distance
 * to the hazard (the fire distance) fails less as it grows, so it takes the decay form
 * (or ERAD's scipy expon).
 */
export function formsFor(quantity: IntensityQuantity): CurveSpec['distribution'][] {
  return quantityDefinition(quantity).mostSevere === 'min' ? ['exponential_decay', 'scipy'] : ['lognormal', 'normal', 'scipy'];
}
