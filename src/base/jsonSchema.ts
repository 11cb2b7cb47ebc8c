import type { ConversionConfig } from '@valibot/to-json-schema';

/**
 * How hazsim's valibot schemas become JSON Schema, for the OpenAPI document and the MCP tool
 * schemas alike: draft 2020-12 (OpenAPI 3.1's dialect and MCP's default), and `trim` left
 * out — it only normalises a string, which is still a string of the stated length — as is
 * `check`, a rule in code that JSON Schema cannot state (the description says it in words).
 */
export const JSON_SCHEMA_CONVERSION: Readonly<Pick<ConversionConfig, 'target' | 'ignoreActions'>> = {
  target: 'draft-2020-12',
  ignoreActions: ['trim', 'check'],
};
