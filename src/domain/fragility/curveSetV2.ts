import * as v from 'valibot';
import { ASSET_TYPES, isAssetType, type AssetType } from '../assets/types.js';
import type { Issue } from '../../base/errors.js';
import { formatPath } from '../../base/validation.js';
import { readableIssues } from '../../base/readableIssues.js';
import { isObject } from '../../base/json.js';
import { unitFactor } from '../hazards/_units.js';
import { intensityQuantityNames, isIntensityQuantity, quantityDefinition } from '../hazards/quantities.js';
import { CURVE_FORMS, formsFor } from './curveForms.js';
import { REPORTED_CONFIDENCES } from './confidence.js';
import { compileFragility, firstCrossing, limitStateCurveSpec } from './limitStates.js';
import type { CurveSet, FragilityCurveSpec, LimitStateSpec } from './types.js';

/**
 * The version 2 curve set file (docs/fragility.md):
 * `{"format_version": 2, name?, description?, curves: {<hazard type>: {<asset type>: <curve> | [<curve>, ...]}}}`.
 * Every problem is reported with its JSON path: the shape, the quantity (registered, of
 * that hazard), its units (of the quantity's dimension), each limit state's form and
 * parameters, their order (no crossing over the measure's range), the out-of-service state
 * and the repair times (positive).
 */

const finite = (label: string) => v.pipe(v.number(`${label} must be a number`), v.finite(`${label} must be a finite number`));
const positive = (label: string) =>
  v.pipe(
    finite(label),
    v.check(
      (value) => value > 0,
      (issue) => `${label} must be greater than 0, got ${String(issue.input)}`,
    ),
  );

const PARAMETERS = {
  lognormal: v.strictObject({ median: finite('median'), beta: finite('beta') }),
  normal: v.strictObject({ mean: finite('mean'), std: finite('std') }),
  exponential_decay: v.strictObject({
    max_probability: finite('max_probability'),
    length: finite('length'),
    probability_inside: v.optional(finite('probability_inside')),
  }),
  scipy: v.strictObject({
    name: v.picklist(['lognorm', 'norm', 'expon', 'powerlaw'], (issue) => `name must be lognorm, norm, expon or powerlaw, got ${issue.received}`),
    args: v.array(finite('args'), 'args must be a list of numbers'),
  }),
} as const;

const FORM_NAMES = Object.keys(PARAMETERS) as (keyof typeof PARAMETERS)[];

const LimitStateShape = v.strictObject({
  name: v.pipe(v.string('name must be a string'), v.minLength(1, 'name must not be empty')),
  form: v.picklist(FORM_NAMES, (issue) => `form must be one of ${FORM_NAMES.join(', ')}, got ${issue.received}`),
  parameters: v.custom<Record<string, unknown>>(isObject, 'parameters must be an object'),
});

/** A repair-time distribution: normal, mean and standard deviation in hours. */
export const RepairTimeSchema = v.strictObject({
  distribution: v.literal('normal', 'distribution must be "normal"'),
  mean_hours: positive('mean_hours'),
  sd_hours: positive('sd_hours'),
});

/** How good a curve's evidence is (confidence.ts); a curve without one reads as `not-stated`. */
const CONFIDENCE = v.picklist(REPORTED_CONFIDENCES, (issue) => `confidence must be one of ${REPORTED_CONFIDENCES.join(', ')}, got ${issue.received}`);

/** Limit states a curve may have. */
export const MAX_LIMIT_STATES = 32;

/** One curve's fields; cross-field rules are checked after. */
export const FragilityCurveShape = v.strictObject({
  quantity: v.string('quantity must name an intensity quantity'),
  units: v.string('units must name a unit'),
  applies_to: v.picklist(['asset', 'circuit', 'pole', 'span', 'km'], (issue) => `applies_to must be asset, circuit, pole, span or km, got ${issue.received}`),
  averaging_time_s: v.optional(positive('averaging_time_s')),
  height_m: v.optional(positive('height_m')),
  // The most of any published curve is a handful (HAZUS: 4); the bound keeps a result's damage-state columns few (docs/output-sqlite.md).
  limit_states: v.pipe(
    v.array(LimitStateShape, 'limit_states must be a list'),
    v.minLength(1, 'a curve needs at least one limit state'),
    v.maxLength(MAX_LIMIT_STATES, `a curve has at most ${MAX_LIMIT_STATES} limit states`),
  ),
  out_of_service: v.string('out_of_service must name one of the limit states'),
  failed_fraction: v.optional(
    v.record(
      v.string(),
      v.pipe(
        finite('failed_fraction'),
        v.check(
          (value) => value >= 0 && value <= 1,
          (issue) => `failed_fraction must lie in [0, 1], got ${String(issue.input)}`,
        ),
      ),
      'failed_fraction must map damage states to the share of circuits failed',
    ),
  ),
  repair_time: v.optional(v.record(v.string(), RepairTimeSchema, 'repair_time must map damage states to {distribution, mean_hours, sd_hours}')),
  repair_time_confidence: v.optional(CONFIDENCE),
  source: v.optional(v.pipe(v.string('source must be a string'), v.minLength(1, 'source must not be empty'))),
  confidence: v.optional(CONFIDENCE),
});

const SHAPE = 'expected a curve set {"format_version": 2, "name", "description", "curves": {<hazard type>: {<asset type>: <curve or list of curves>}}}';

const CurveSetShape = v.pipe(
  v.custom<Record<string, unknown>>(isObject, SHAPE),
  v.strictObject(
    {
      format_version: v.literal(2, 'format_version must be 2'),
      name: v.optional(v.string('name must be a string')),
      description: v.optional(v.string('description must be a string')),
      notes: v.optional(v.array(v.string('notes must be strings'), 'notes must be a list of strings')),
      fallback: v.optional(v.picklist(['DEFAULT_CURVES', 'LEGACY_DEFAULT_CURVES'], 'fallback must be DEFAULT_CURVES or LEGACY_DEFAULT_CURVES')),
      curves: v.record(v.string(), v.unknown(), 'curves must map hazard types to {<asset type>: <curve>}'),
    },
    SHAPE,
  ),
);

/** The hazard types that produce the registered quantities. */
export function hazardTypesWithQuantities(): string[] {
  return [...new Set(intensityQuantityNames().map((quantity) => quantityDefinition(quantity).hazard))];
}

function readLimitState(raw: v.InferOutput<typeof LimitStateShape>, path: (string | number)[], issues: Issue[]): LimitStateSpec | null {
  const result = v.safeParse(PARAMETERS[raw.form], raw.parameters, { abortEarly: false });
  if (!result.success) {
    issues.push(...readableIssues(result.issues, [...path, 'parameters']));
    return null;
  }
  return { name: raw.name, form: raw.form, parameters: result.output } as LimitStateSpec;
}

/** Checks one curve of `hazard`; pushes every problem found under `path`. */
export function readFragilityCurve(hazard: string, raw: unknown, path: (string | number)[], issues: Issue[]): FragilityCurveSpec | null {
  const shape = v.safeParse(FragilityCurveShape, raw, { abortEarly: false });
  if (!shape.success) {
    issues.push(...readableIssues(shape.issues, path));
    return null;
  }
  const curve = shape.output;
  const before = issues.length;
  if (!isIntensityQuantity(curve.quantity)) {
    issues.push({
      path: formatPath([...path, 'quantity']),
      message: `unknown quantity ${JSON.stringify(curve.quantity)}; expected one of ${intensityQuantityNames().join(', ')}`,
    });
    return null;
  }
  const definition = quantityDefinition(curve.quantity);
  if (definition.hazard !== hazard) {
    issues.push({ path: formatPath([...path, 'quantity']), message: `${curve.quantity} is produced by ${definition.hazard}, not ${hazard}` });
    return null;
  }
  if (unitFactor(curve.units, definition.dimension) === undefined) {
    issues.push({
      path: formatPath([...path, 'units']),
      message: `${JSON.stringify(curve.units)} is not a unit of ${definition.dimension} (${curve.quantity} is measured in units such as ${definition.siUnit})`,
    });
    return null;
  }
  if (hazard !== 'wind') {
    for (const key of ['averaging_time_s', 'height_m'] as const)
      if (curve[key] !== undefined) issues.push({ path: formatPath([...path, key]), message: `${key} applies to wind curves only` });
  }
  const allowed = formsFor(curve.quantity);
  const limitStates: LimitStateSpec[] = [];
  const names = new Set<string>();
  curve.limit_states.forEach((rawState, index) => {
    const statePath = [...path, 'limit_states', index];
    if (names.has(rawState.name))
      issues.push({ path: formatPath([...statePath, 'name']), message: `limit state ${JSON.stringify(rawState.name)} appears twice` });
    names.add(rawState.name);
    if (!(allowed as string[]).includes(rawState.form)) {
      issues.push({
        path: formatPath([...statePath, 'form']),
        message: `a ${curve.quantity} limit state takes form ${allowed.join(' or ')}; got ${rawState.form}`,
      });
      return;
    }
    const limitState = readLimitState(rawState, statePath, issues);
    if (!limitState) return;
    const spec = limitStateCurveSpec(limitState, curve.units);
    const checked = v.safeParse(CURVE_FORMS[spec.distribution].schema(definition.dimension), spec, { abortEarly: false });
    if (!checked.success) {
      for (const issue of readableIssues(checked.issues, [...statePath, 'parameters']))
        issues.push({ path: issue.path.replace(/\.parameters\.parameters$/, '.parameters.args'), message: issue.message });
      return;
    }
    limitStates.push(limitState);
  });
  if (!names.has(curve.out_of_service))
    issues.push({
      path: formatPath([...path, 'out_of_service']),
      message: `out_of_service ${JSON.stringify(curve.out_of_service)} is not one of the limit states (${[...names].join(', ')})`,
    });
  for (const state of Object.keys(curve.repair_time ?? {}))
    if (!names.has(state))
      issues.push({
        path: formatPath([...path, 'repair_time', state]),
        message: `damage state ${JSON.stringify(state)} is not one of the limit states (${[...names].join(', ')})`,
      });
  if (curve.repair_time_confidence !== undefined && curve.repair_time === undefined)
    issues.push({ path: formatPath([...path, 'repair_time_confidence']), message: 'repair_time_confidence applies to curves with repair_time only' });
  checkFailedFraction(curve, [...names], path, issues);
  if (issues.length > before) return null;
  const result: FragilityCurveSpec = { ...curve, limit_states: limitStates } as FragilityCurveSpec;
  const crossing = firstCrossing(compileFragility(result, hazard, definition.dimension).limitStates);
  if (crossing) {
    const lower = limitStates[crossing.index - 1].name;
    const upper = limitStates[crossing.index].name;
    const x = crossing.x / (unitFactor(curve.units, definition.dimension) ?? 1);
    issues.push({
      path: formatPath([...path, 'limit_states', crossing.index]),
      message: `limit state ${JSON.stringify(upper)} is more likely than the less severe ${JSON.stringify(lower)} at ${Number(x.toPrecision(6))} ${curve.units} (${crossing.upper.toFixed(4)} > ${crossing.lower.toFixed(4)}): limit states must be ordered from the least to the most severe and must not cross`,
    });
    return null;
  }
  return result;
}

/**
 * A curve per circuit needs the share of circuits failed in each damage state, every limit
 * state named and the shares not decreasing with severity (a worse state fails no fewer
 * circuits); other curves must not give one.
 */
function checkFailedFraction(
  curve: { applies_to: string; failed_fraction?: Record<string, number> },
  names: string[],
  path: (string | number)[],
  issues: Issue[],
): void {
  const at = formatPath([...path, 'failed_fraction']);
  const shares = curve.failed_fraction;
  if (curve.applies_to !== 'circuit') {
    if (shares) issues.push({ path: at, message: 'failed_fraction applies to curves per circuit (applies_to: circuit) only' });
    return;
  }
  if (!shares) {
    issues.push({ path: at, message: `a curve per circuit needs failed_fraction: the share of circuits failed in each damage state (${names.join(', ')})` });
    return;
  }
  for (const state of Object.keys(shares))
    if (!names.includes(state))
      issues.push({
        path: formatPath([...path, 'failed_fraction', state]),
        message: `damage state ${JSON.stringify(state)} is not one of the limit states (${names.join(', ')})`,
      });
  let previous = 0;
  for (const name of names) {
    const share = shares[name];
    if (share === undefined) {
      issues.push({ path: at, message: `failed_fraction gives no share for damage state ${JSON.stringify(name)}` });
      return;
    }
    if (share < previous) {
      issues.push({
        path: formatPath([...path, 'failed_fraction', name]),
        message: `the share of circuits failed must not decrease with severity: ${name} ${share} < ${previous}`,
      });
      return;
    }
    previous = share;
  }
}

/** Checks a version 2 curve set's content: the set, or every problem with its path. */
export function checkCurveSetV2(content: unknown): { curveSet: CurveSet | null; issues: Issue[] } {
  const shape = v.safeParse(CurveSetShape, content, { abortEarly: false });
  if (!shape.success) return { curveSet: null, issues: readableIssues(shape.issues) };
  const issues: Issue[] = [];
  const hazards = hazardTypesWithQuantities();
  const curves: CurveSet['curves'] = {};
  let count = 0;
  for (const [hazard, byType] of Object.entries(shape.output.curves)) {
    if (!hazards.includes(hazard)) {
      issues.push({ path: formatPath(['curves', hazard]), message: `unknown hazard type ${JSON.stringify(hazard)}; expected one of ${hazards.join(', ')}` });
      continue;
    }
    if (!isObject(byType)) {
      issues.push({ path: formatPath(['curves', hazard]), message: 'expected {<asset type>: <curve or list of curves>}' });
      continue;
    }
    const column: Partial<Record<AssetType, FragilityCurveSpec[]>> = {};
    for (const [assetType, raw] of Object.entries(byType)) {
      const path = ['curves', hazard, assetType];
      if (!isAssetType(assetType)) {
        issues.push({ path: formatPath(path), message: `unknown asset type ${JSON.stringify(assetType)}; expected one of ${ASSET_TYPES.join(', ')}` });
        continue;
      }
      const list = Array.isArray(raw) ? raw : [raw];
      const read = list.map((item, index) => readFragilityCurve(hazard, item, Array.isArray(raw) ? [...path, index] : path, issues));
      const seen = new Set<string>();
      read.forEach((curve, index) => {
        if (!curve) return;
        if (seen.has(curve.quantity))
          issues.push({
            path: formatPath([...path, index, 'quantity']),
            message: `${assetType} has two ${hazard} curves for ${curve.quantity}; give one curve per quantity`,
          });
        seen.add(curve.quantity);
      });
      // An empty list says the asset type does not fail under this hazard (buried cable in wind).
      if (read.every((curve) => curve !== null)) {
        column[assetType] = read as FragilityCurveSpec[];
        count += Math.max(read.length, 1);
      }
    }
    curves[hazard] = column;
  }
  if (issues.length === 0 && count === 0) issues.push({ path: 'curves', message: 'a curve set needs at least one curve' });
  if (issues.length > 0) return { curveSet: null, issues };
  const { name, description, notes, fallback } = shape.output;
  return {
    curveSet: {
      format_version: 2,
      ...(name !== undefined ? { name } : {}),
      ...(description !== undefined ? { description } : {}),
      ...(notes !== undefined ? { notes } : {}),
      ...(fallback !== undefined ? { fallback } : {}),
      curves,
    },
    issues: [],
  };
}
