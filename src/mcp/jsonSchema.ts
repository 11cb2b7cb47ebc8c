import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';

/** An object JSON Schema, as MCP requires for tool input and output schemas. */
export interface ObjectJsonSchema {
  type: 'object';
  [key: string]: unknown;
}

/**
 * Converts one of hazsim's valibot schemas to the JSON Schema (draft 2020-12, MCP's default
 * dialect) a tool declares. Inputs are described as callers send them (defaults make fields
 * optional); outputs as hazsim returns them. `trim` only normalises a string, so it has no
 * JSON Schema counterpart and is left out.
 */
export function toolJsonSchema(schema: v.GenericSchema, typeMode: 'input' | 'output'): ObjectJsonSchema {
  const converted = toJsonSchema(schema, { target: 'draft-2020-12', typeMode, ignoreActions: ['trim'] });
  if (converted.type !== 'object') throw new TypeError(`A tool schema must describe an object, not ${JSON.stringify(converted.type)}`);
  return converted as ObjectJsonSchema;
}
