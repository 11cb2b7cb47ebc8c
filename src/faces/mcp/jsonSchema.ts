import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { JSON_SCHEMA_CONVERSION } from '../../base/jsonSchema.js';

/** An object JSON Schema, as MCP requires for tool input and output schemas. */
export interface ObjectJsonSchema {
  type: 'object';
  [key: string]: unknown;
}

/**
 * Converts one of hazsim's valibot schemas to the JSON Schema a tool declares, the same way
 * the OpenAPI document does (JSON_SCHEMA_CONVERSION). Inputs are described as callers send
 * them (defaults make fields optional); outputs as hazsim returns them.
 */
export function toolJsonSchema(schema: v.GenericSchema, typeMode: 'input' | 'output'): ObjectJsonSchema {
  const converted = toJsonSchema(schema, { ...JSON_SCHEMA_CONVERSION, typeMode });
  if (converted.type !== 'object') throw new TypeError(`A tool schema must describe an object, not ${JSON.stringify(converted.type)}`);
  return converted as ObjectJsonSchema;
}
