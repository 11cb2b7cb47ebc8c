import * as v from 'valibot';
import { ASSET_TYPES, isAssetType } from '../assets/types.js';
import type { Issue } from '../../base/errors.js';
import { formatPath } from '../../base/validation.js';
import { readableIssues } from '../../base/readableIssues.js';
import { intensityQuantityNames, isIntensityQuantity, quantityDefinition, type IntensityQuantity } from '../hazards/quantities.js';
import { CURVE_FORMS, formsFor } from './curveForms.js';
import type { CurveSetV1, CurveSpec } from './types.js';
import { isObject } from '../../base/json.js';

/**
 * The version 1 curve set file: `{name?, description?, curves: {<quantity>: {<asset type>: <curve>}}}`
 * (docs/fragility.md). Every curve is checked against its quantity's units and its form's
 * rules (medians, betas, scales > 0); every problem is reported with its path.
 */

const SHAPE = 'expected a curve set {"name", "description", "curves": {<quantity>: {<asset type>: <curve>}}}';

const CurveSetShape = v.pipe(
  v.custom<Record<string, unknown>>(isObject, SHAPE),
  v.strictObject(
    {
      name: v.optional(v.string('name must be a string')),
      description: v.optional(v.string('description must be a string')),
      curves: v.record(v.string(), v.unknown(), 'curves must map quantities to {<asset type>: <curve>}'),
    },
    SHAPE,
  ),
);

function readCurve(quantity: IntensityQuantity, raw: unknown, path: (string | number)[], issues: Issue[]): CurveSpec | null {
  const distribution = (raw as { distribution?: unknown } | null)?.distribution;
  const allowed = formsFor(quantity);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || typeof distribution !== 'string' || !(allowed as string[]).includes(distribution)) {
    const got = typeof distribution === 'string' ? `got ${JSON.stringify(distribution)}` : 'got none';
    issues.push({ path: formatPath([...path, 'distribution']), message: `a ${quantity} curve needs "distribution": one of ${allowed.join(', ')}; ${got}` });
    return null;
  }
  const result = v.safeParse(CURVE_FORMS[distribution as CurveSpec['distribution']].schema(quantityDefinition(quantity).dimension), raw, { abortEarly: false });
  if (result.success) return result.output;
  issues.push(...readableIssues(result.issues, path));
  return null;
}

/** Checks a version 1 curve set's content: the set, or every problem with its path. */
export function checkCurveSetV1(content: unknown): { curveSet: CurveSetV1 | null; issues: Issue[] } {
  const shape = v.safeParse(CurveSetShape, content, { abortEarly: false });
  if (!shape.success) return { curveSet: null, issues: readableIssues(shape.issues) };
  const issues: Issue[] = [];
  const curves: CurveSetV1['curves'] = {};
  let count = 0;
  for (const [quantity, byType] of Object.entries(shape.output.curves)) {
    if (!isIntensityQuantity(quantity)) {
      issues.push({
        path: formatPath(['curves', quantity]),
        message: `unknown quantity ${JSON.stringify(quantity)}; expected one of ${intensityQuantityNames().join(', ')}`,
      });
      continue;
    }
    if (typeof byType !== 'object' || byType === null || Array.isArray(byType)) {
      issues.push({ path: formatPath(['curves', quantity]), message: 'expected {<asset type>: <curve>}' });
      continue;
    }
    const column: Partial<Record<(typeof ASSET_TYPES)[number], CurveSpec>> = {};
    for (const [assetType, raw] of Object.entries(byType)) {
      if (!isAssetType(assetType)) {
        issues.push({
          path: formatPath(['curves', quantity, assetType]),
          message: `unknown asset type ${JSON.stringify(assetType)}; expected one of ${ASSET_TYPES.join(', ')}`,
        });
        continue;
      }
      const curve = readCurve(quantity, raw, ['curves', quantity, assetType], issues);
      if (curve) {
        column[assetType] = curve;
        count += 1;
      }
    }
    curves[quantity] = column;
  }
  if (issues.length === 0 && count === 0) issues.push({ path: 'curves', message: 'a curve set needs at least one curve' });
  if (issues.length > 0) return { curveSet: null, issues };
  return {
    curveSet: {
      ...(shape.output.name !== undefined ? { name: shape.output.name } : {}),
      ...(shape.output.description !== undefined ? { description: shape.output.description } : {}),
      curves,
    },
    issues: [],
  };
}
