/**
 * Recognises distribution model content by its top-level shape, before full validation:
 * GDM JSON as gdm writes it (components carrying `__metadata__`) or the specification's (docs/specification.md) nested
 * form `{name, components, properties}`.
 */
import { isObject } from '../../base/json.js';

/** The form of a distribution model's content, or null when it is neither. */
export function distributionForm(content: unknown): 'gdm' | 'nested' | null {
  if (!isObject(content) || !Array.isArray(content.components)) return null;
  const first = content.components.find(isObject);
  if ('data_format_version' in content || (first && '__metadata__' in first)) return 'gdm';
  if ('properties' in content || (first && 'type' in first) || content.components.length === 0) return 'nested';
  return null;
}
