import * as v from 'valibot';
import { unitFactor, type Dimension } from '../hazards/_units.js';
import { standardNormalSurvival } from './normalCdf.js';
import { unitText } from './_schema.js';
import type { CompiledCurve } from './types.js';

/**
 * Curves written the way ERAD writes them: a scipy.stats distribution with its positional
 * parameters, `<name>.cdf(x, *parameters)` with x in `unit` (docs/fragility.md):
 *   lognorm(s, loc = 0, scale = 1): Φ(ln((x − loc)/scale)/s) for x > loc, else 0
 *   norm(loc = 0, scale = 1):       Φ((x − loc)/scale)
 *   expon(loc = 0, scale = 1):      1 − e^(−(x − loc)/scale) for x ≥ loc, else 0
 *   powerlaw(a, loc = 0, scale = 1): ((x − loc)/scale)^a for loc ≤ x ≤ loc + scale, 0 below, 1 above
 * (powerlaw is how a power law p = c·V^a capped at 1, such as Quanta (2009)'s conductor law,
 * is written: scale = c^(−1/a), the speed where it reaches 1). loc and scale are in `unit`, s has none. Evaluating in SI with loc and scale converted
 * gives the same probabilities, since (x − loc)/scale does not change with the unit.
 */

/** The scipy.stats distributions hazsim evaluates. */
export type ScipyName = 'lognorm' | 'norm' | 'expon' | 'powerlaw';

const ARITY: Readonly<Record<ScipyName, { min: number; max: number; names: string }>> = {
  lognorm: { min: 1, max: 3, names: 's, loc, scale' },
  powerlaw: { min: 1, max: 3, names: 'a, loc, scale' },
  norm: { min: 0, max: 2, names: 'loc, scale' },
  expon: { min: 0, max: 2, names: 'loc, scale' },
};

export function scipySchema(dimension: Dimension) {
  return v.pipe(
    v.strictObject({
      distribution: v.literal('scipy'),
      name: v.picklist(
        ['lognorm', 'norm', 'expon', 'powerlaw'],
        (issue) => `name must be lognorm, norm, expon or powerlaw (the scipy distributions hazsim evaluates), got ${issue.received}`,
      ),
      parameters: v.array(
        v.pipe(v.number('parameters must be numbers'), v.finite('parameters must be finite numbers')),
        'parameters must be a list of numbers',
      ),
      unit: unitText(dimension),
    }),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const { name, parameters } = dataset.value;
      const arity = ARITY[name];
      const at = (key: 'parameters') =>
        [{ type: 'object' as const, origin: 'value' as const, input: dataset.value, key, value: parameters }] as [
          { type: 'object'; origin: 'value'; input: typeof dataset.value; key: string; value: unknown },
        ];
      if (parameters.length < arity.min || parameters.length > arity.max) {
        addIssue({
          message: `scipy ${name} takes ${arity.min} to ${arity.max} positional parameters (${arity.names}), got ${parameters.length}`,
          path: at('parameters'),
        });
        return;
      }
      const withShape = name === 'lognorm' || name === 'powerlaw';
      const scale = withShape ? parameters[2] : parameters[1];
      if (withShape && !(parameters[0] > 0))
        addIssue({ message: `${name}'s shape ${name === 'lognorm' ? 's' : 'a'} must be greater than 0, got ${parameters[0]}`, path: at('parameters') });
      if (scale !== undefined && !(scale > 0)) addIssue({ message: `${name}'s scale must be greater than 0, got ${scale}`, path: at('parameters') });
    }),
  );
}

export function compileScipy(spec: v.InferOutput<ReturnType<typeof scipySchema>>, dimension: Dimension): CompiledCurve {
  const factor = unitFactor(spec.unit, dimension)!;
  const p = spec.parameters;
  switch (spec.name) {
    case 'lognorm':
      return { form: 'scipy_lognorm', s: p[0], loc: (p[1] ?? 0) * factor, scale: (p[2] ?? 1) * factor };
    case 'norm':
      return { form: 'normal', mean: (p[0] ?? 0) * factor, std: (p[1] ?? 1) * factor };
    case 'expon':
      return { form: 'scipy_expon', loc: (p[0] ?? 0) * factor, scale: (p[1] ?? 1) * factor };
    case 'powerlaw':
      return { form: 'scipy_powerlaw', a: p[0], loc: (p[1] ?? 0) * factor, scale: (p[2] ?? 1) * factor };
  }
}

/** Survival 1 − lognorm.cdf(x, s, loc, scale): 1 at or below loc; NaN for NaN. */
export function scipyLognormSurvival(s: number, loc: number, scale: number, x: number): number {
  if (x > loc) return standardNormalSurvival(Math.log((x - loc) / scale) / s);
  return x <= loc ? 1 : Number.NaN;
}

/** Survival 1 − expon.cdf(x, loc, scale) = e^(−(x − loc)/scale) from loc on, 1 below; NaN for NaN. */
export function scipyExponSurvival(loc: number, scale: number, x: number): number {
  if (x >= loc) return Math.exp(-(x - loc) / scale);
  return x < loc ? 1 : Number.NaN;
}

/** Survival 1 − powerlaw.cdf(x, a, loc, scale): 1 at or below loc, 0 from loc + scale on; NaN for NaN. */
export function scipyPowerlawSurvival(a: number, loc: number, scale: number, x: number): number {
  if (x <= loc) return 1;
  if (x >= loc + scale) return 0;
  return x === x ? 1 - Math.pow((x - loc) / scale, a) : Number.NaN;
}

export function scipyPowerlawSurvivalInto(curve: Extract<CompiledCurve, { form: 'scipy_powerlaw' }>, x: Float64Array, out: Float64Array): void {
  const { a, loc, scale } = curve;
  for (let i = 0; i < x.length; i++) out[i] = scipyPowerlawSurvival(a, loc, scale, x[i]);
}

export function scipyLognormSurvivalInto(curve: Extract<CompiledCurve, { form: 'scipy_lognorm' }>, x: Float64Array, out: Float64Array): void {
  const { s, loc, scale } = curve;
  for (let i = 0; i < x.length; i++) out[i] = scipyLognormSurvival(s, loc, scale, x[i]);
}

export function scipyExponSurvivalInto(curve: Extract<CompiledCurve, { form: 'scipy_expon' }>, x: Float64Array, out: Float64Array): void {
  const { loc, scale } = curve;
  for (let i = 0; i < x.length; i++) out[i] = scipyExponSurvival(loc, scale, x[i]);
}
