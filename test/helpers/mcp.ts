import * as assert from 'uvu/assert';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer, type McpServerOptions } from '../../src/faces/mcp/index.js';
import type { HazsimService } from '../../src/app/service.js';
import { BIN, ROOT } from './cli.js';

/** A real Client linked to hazsim's MCP server in this process (full protocol, no child process). */
export async function connectInMemory(service: HazsimService, options?: McpServerOptions): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(service, options).connect(serverSide);
  const client = new Client({ name: 'hazsim-test', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

/** A real Client driving `hazsim mcp --cache-dir <cacheDir>` as a child process (with `env` added to the environment); `stderr()` is what it logged so far, `errors` what the client could not parse. */
export async function connectStdio(cacheDir: string, env?: Record<string, string>) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', '--cache-dir', cacheDir],
    cwd: ROOT,
    stderr: 'pipe',
    ...(env ? { env: { ...(process.env as Record<string, string>), ...env } } : {}),
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => (stderr += chunk));
  const client = new Client({ name: 'hazsim-test', version: '1.0.0' });
  const errors: Error[] = [];
  client.onerror = (error) => errors.push(error);
  await client.connect(transport);
  return { client, transport, errors, stderr: () => stderr };
}

/** The structured result of a successful tool call, checked to equal its JSON text content. */
export function toolOutput<T = any>(result: CallToolResult | Record<string, unknown>): T {
  const call = result as CallToolResult;
  assert.is(call.isError, undefined, `tool failed: ${JSON.stringify(call.content)}`);
  const text = call.content.find((item) => item.type === 'text');
  assert.ok(text && text.type === 'text', 'a text content item');
  assert.equal(JSON.parse(text.text), call.structuredContent);
  return call.structuredContent as T;
}

/** The message of a failed tool call (isError: true), which has no structured content. */
export function toolError(result: CallToolResult | Record<string, unknown>): string {
  const call = result as CallToolResult;
  assert.is(call.isError, true, `expected a failure, got ${JSON.stringify(call.structuredContent ?? call.content)}`);
  assert.is(call.structuredContent, undefined);
  const text = call.content.find((item) => item.type === 'text');
  assert.ok(text && text.type === 'text');
  return text.text;
}

/** The protocol error `promise` rejects with; fails when it resolves. */
export async function protocolError(promise: Promise<unknown>): Promise<McpError> {
  try {
    await promise;
  } catch (error) {
    assert.instance(error, McpError);
    return error as McpError;
  }
  assert.unreachable('expected a protocol error');
  throw new Error('unreachable');
}

/** The text of a resource's content; fails the test when the server sent a blob instead. */
export function textOf(content: { text: string } | { blob: string }): string {
  assert.ok('text' in content, 'the resource content is text');
  return content.text;
}
