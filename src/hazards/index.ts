import type { Issue } from '../core/errors.js';
import { hazardForm } from './detect.js';

export { hazardForm, ERAD_HAZARD_CLASSES, infrasysTypeOf } from './detect.js';

/** Checks a hazard model's content; returns every problem found (empty when valid). */
export function validateHazardContent(content: unknown): Issue[] {
  const form = hazardForm(content);
  if (!form) return [{ path: '', message: "expected a hazard model: {models, timestamps} or ERAD's infrasys hazard JSON" }];
  if (form === 'hazsim' && !Array.isArray((content as { timestamps?: unknown }).timestamps)) {
    return [{ path: 'timestamps', message: 'required: an array of ISO 8601 date-times' }];
  }
  return [];
}
