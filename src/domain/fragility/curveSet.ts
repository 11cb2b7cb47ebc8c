import type { Issue } from '../../base/errors.js';
import { invalidContent } from '../../base/readableIssues.js';
import { isObject } from '../../base/json.js';
import { convertV1CurveSet } from './convertV1.js';
import { checkCurveSetV1 } from './curveSetV1.js';
import { checkCurveSetV2 } from './curveSetV2.js';
import type { CurveSet } from './types.js';

/**
 * A curve set file of either version (docs/fragility.md): `"format_version": 2` marks
 * version 2; without it the file is read as version 1 and converted, with a note.
 */

export interface CurveSetResult {
  curveSet: CurveSet | null;
  issues: Issue[];
}

/** Checks a curve set's content: the set (version 2), or every problem with its path. */
export function checkCurveSet(content: unknown): CurveSetResult {
  if (isObject(content) && Object.hasOwn(content, 'format_version')) return checkCurveSetV2(content);
  const v1 = checkCurveSetV1(content);
  return v1.curveSet ? { curveSet: convertV1CurveSet(v1.curveSet), issues: [] } : { curveSet: null, issues: v1.issues };
}

/** Checks a curve set's content; returns every problem found (empty when valid). */
export function validateCurveSet(content: unknown): Issue[] {
  return checkCurveSet(content).issues;
}

/** Reads a curve set's content, throwing invalid_input with every problem. */
export function readCurveSet(content: unknown): CurveSet {
  const { curveSet, issues } = checkCurveSet(content);
  if (!curveSet) throw invalidContent('curve set', issues);
  return curveSet;
}
