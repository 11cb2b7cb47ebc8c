import type { Issue } from '../core/errors.js';
import { distributionForm } from './detect.js';

export { distributionForm } from './detect.js';

/** Checks a distribution model's content; returns every problem found (empty when valid). */
export function validateDistributionContent(content: unknown): Issue[] {
  const form = distributionForm(content);
  if (!form) return [{ path: '', message: 'expected a distribution model: GDM JSON or {name, components, properties}' }];
  return [];
}
