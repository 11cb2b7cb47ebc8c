import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { formatError, toHazsimError, type HazsimErrorKind } from '../../base/errors.js';

/** JSON-RPC code the MCP specification gives to "resource not found". */
export const RESOURCE_NOT_FOUND = -32002;

/**
 * The one place a failed tool call becomes a result: `isError: true` with the message and,
 * for invalid input, one line per issue. The server keeps running whatever was thrown.
 */
export function toToolError(error: unknown): CallToolResult {
  return { content: [{ type: 'text', text: formatError(toHazsimError(error)) }], isError: true };
}

const PROTOCOL_CODES: Readonly<Record<HazsimErrorKind, number>> = {
  usage: ErrorCode.InvalidParams,
  not_found: RESOURCE_NOT_FOUND,
  conflict: ErrorCode.InvalidParams,
  invalid_input: ErrorCode.InvalidParams,
  unreadable: ErrorCode.InvalidParams,
  too_large: ErrorCode.InvalidParams,
  no_space: ErrorCode.InternalError,
  internal: ErrorCode.InternalError,
};

/** The one place a failed resource read or prompt request becomes a JSON-RPC error with a message. */
export function toProtocolError(error: unknown): McpError {
  if (error instanceof McpError) return error;
  const hazsimError = toHazsimError(error);
  return new McpError(PROTOCOL_CODES[hazsimError.kind], formatError(hazsimError));
}
