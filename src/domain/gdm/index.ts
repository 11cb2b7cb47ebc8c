/**
 * Distribution models: GDM JSON (both `__metadata__` dialects, gdm 2.0-2.4) and the
 * spec's nested form, read into one typed model and validated with every problem listed.
 */
import { HazsimError, type Issue } from '../../base/errors.js';
import type { DistributionModel } from './model.js';
import { readContent } from './reader.js';

export { distributionForm } from './detect.js';
export {
  Quantity,
  ComponentRef,
  componentsOfType,
  type Component,
  type DistributionModel,
  type DistributionForm,
  type FieldValue,
  type QuantityValue,
} from './model.js';
export { distributionClassSchema, type InputForm } from './schemas.js';
export { CLASS_SPECS } from './classes/index.js';
export { readContent, type ReadResult } from './reader.js';
export * from './operations/index.js';

/** Checks a distribution model's content; returns every problem found (empty when valid). */
export function validateDistributionContent(content: unknown): Issue[] {
  return readContent(content).issues;
}

/** Reads and validates a distribution model; throws invalid_input listing every problem. */
export function readDistributionModel(content: unknown): DistributionModel {
  const { model, issues } = readContent(content);
  if (!model) throw new HazsimError('invalid_input', `Invalid distribution system: ${issues.length} problem${issues.length === 1 ? '' : 's'} found`, issues);
  return model;
}
