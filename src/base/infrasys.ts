/**
 * infrasys `__metadata__` blocks in both dialects (docs/input-distribution.md): flat
 * `{module, type, serialized_type, uuid?}` (infrasys >= 1.0) and the legacy wrapper
 * `{fields: {...}}` (infrasys <= 0.5), accepted at every level.
 */
import { isObject } from './json.js';

export type SerializedType = 'base' | 'composed_component' | 'quantity';

export interface Metadata {
  module: string;
  type: string;
  serializedType: SerializedType;
  uuid?: string;
}

const SERIALIZED_TYPES: readonly string[] = ['base', 'composed_component', 'quantity'];

/** The entries of a `__metadata__` block in either dialect: the legacy `fields` wrapper removed. */
export function metadataFields(block: Record<string, unknown>): Record<string, unknown> {
  return isObject(block.fields) ? block.fields : block;
}

/** Reads a `__metadata__` value; a message when it is not a valid block. */
export function readMetadata(value: unknown): Metadata | string {
  if (!isObject(value))
    return value === undefined ? 'required: every GDM object carries a "__metadata__" block' : 'must be an object {module, type, serialized_type}';
  const block = metadataFields(value);
  const { module, type, serialized_type: serializedType, uuid } = block;
  if (typeof type !== 'string' || type === '') return 'needs "type", the GDM class name';
  if (typeof module !== 'string') return 'needs "module", the Python module of the class';
  if (typeof serializedType !== 'string' || !SERIALIZED_TYPES.includes(serializedType))
    return 'needs "serialized_type": "base", "composed_component" or "quantity"';
  if (uuid !== undefined && typeof uuid !== 'string') return '"uuid" must be a string';
  return { module, type, serializedType: serializedType as SerializedType, ...(uuid !== undefined ? { uuid: uuid as string } : {}) };
}
