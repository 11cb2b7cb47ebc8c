/**
 * hazsim's MCP server: the resources, tools and prompts of docs/specification.md §4.2 over one service.
 * `createMcpServer` builds it without touching any stream; `serveStdio` connects it to
 * the process's stdin and stdout, which then carry nothing but protocol messages.
 */
import type { Readable, Writable } from 'node:stream';
import * as v from 'valibot';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type CallToolResult,
  type Resource,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { pageOf } from '../../app/contract/paging.js';
import { checkSqliteBinding } from '../../app/startup/sqliteBinding.js';
import type { ProgressEvent } from '../../base/workerTask.js';
import { HazsimError, toHazsimError } from '../../base/errors.js';
import type { HazsimService } from '../../app/service.js';
import { HAZSIM_VERSION } from '../../base/version.js';
import { issuesFromValibot } from '../../base/validation.js';
import { toProtocolError, toToolError } from './errors.js';
import { toolJsonSchema } from './jsonSchema.js';
import { getPrompt, listPrompts } from './prompts.js';
import { listResources, listResourceTemplates, readResource } from './resources.js';
import { TOOLS, type ToolCallContext, type ToolDefinition } from './tools.js';
import { BoundedStdioTransport } from './stdioTransport.js';

export interface McpServerOptions {
  /** Where diagnostics go (never stdout); silent by default. */
  log?: (line: string) => void;
  /** Entries per page of tools/list and resources/list (default MCP_PAGE_SIZE). */
  pageSize?: number;
}

/** Entries per page of tools/list and resources/list; nextCursor leads to the rest. */
export const MCP_PAGE_SIZE = 100;

/** The server's instructions; the hazard list comes from the registry, so a new hazard type is named without an edit here. */
function instructionsFor(service: HazsimService): string {
  return [
    `hazsim computes how likely the assets of a power distribution feeder are to survive natural hazards (${service.models.hazardTypes().hazard_types.join(', ')}).`,
    'Distribution models and hazard models are stored in a cache shared with the hazsim CLI and REST server; list them with list_cached_models and list_cached_hazard_models.',
    'run_simulation gives survival probabilities (a SQLite file and statistics); generate_scenarios draws reproducible Monte Carlo outage scenarios from a seed.',
  ].join(' ');
}

/** Builds hazsim's MCP server over `service`. */
export function createMcpServer(service: HazsimService, options: McpServerOptions = {}): Server {
  const log = options.log ?? (() => {});
  const pageSize = options.pageSize ?? MCP_PAGE_SIZE;
  const tools = new Map(TOOLS.map((tool) => [tool.name, tool]));
  const listedTools: Tool[] = [...tools.values()].map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: toolJsonSchema(tool.input, 'input'),
    outputSchema: toolJsonSchema(tool.output, 'output'),
    annotations: tool.annotations,
  }));

  const server = new Server(
    { name: 'hazsim', title: 'hazsim', version: HAZSIM_VERSION },
    { capabilities: { tools: {}, resources: {}, prompts: {} }, instructions: instructionsFor(service) },
  );

  const toolOrder = { list: 'tools', key: (tool: Tool) => tool.name, compare: (a: string, b: string) => toolIndex(a) - toolIndex(b) };
  const toolIndex = (name: string) => listedTools.findIndex((tool) => tool.name === name);
  server.setRequestHandler(ListToolsRequestSchema, (request) =>
    asProtocol(() => {
      const page = pageOf(listedTools, { limit: pageSize, cursor: request.params?.cursor }, toolOrder);
      return { tools: page.items, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
    }),
  );
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const { name, arguments: args } = request.params;
    try {
      const tool = tools.get(name);
      if (!tool) throw new HazsimError('usage', `Unknown tool: ${name} (available: ${[...tools.keys()].join(', ')})`);
      const progressToken = request.params._meta?.progressToken;
      const onProgress =
        progressToken === undefined
          ? () => {}
          : progressSender((params) => extra.sendNotification({ method: 'notifications/progress', params: { progressToken, ...params } }));
      const output = await callTool(tool, service, args ?? {}, { signal: extra.signal, onProgress });
      // Compact JSON: the text is read by a model, where whitespace costs tokens.
      return { content: [{ type: 'text', text: JSON.stringify(output) }], structuredContent: output };
    } catch (error) {
      const hazsimError = toHazsimError(error);
      // A cancelled call gets no answer (the SDK drops it); its abort is not a fault.
      if (hazsimError.kind === 'internal' && !extra.signal.aborted) log(`hazsim mcp: tool ${name} failed: ${hazsimError.stack ?? hazsimError.message}`);
      return toToolError(hazsimError);
    }
  });

  server.setRequestHandler(ListResourcesRequestSchema, (request) =>
    asProtocol(async () => {
      const page = pageOf((await listResources(service)).resources, { limit: pageSize, cursor: request.params?.cursor }, RESOURCE_ORDER);
      return { resources: page.items, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
    }),
  );
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => listResourceTemplates());
  server.setRequestHandler(ReadResourceRequestSchema, (request) => asProtocol(() => readResource(service, request.params.uri)));
  server.setRequestHandler(ListPromptsRequestSchema, () => listPrompts(service));
  server.setRequestHandler(GetPromptRequestSchema, (request) => asProtocol(() => getPrompt(service, request.params.name, request.params.arguments)));
  return server;
}

/**
 * Turns the service's progress events into MCP progress notifications: `progress` counts up
 * across phases (the protocol asks for a value that only grows), the phase and its
 * `done/total` are the message; at most one every 100 ms, so a fast run does not flood the client.
 */
function progressSender(send: (params: { progress: number; message: string }) => Promise<void>): (event: ProgressEvent) => void {
  let sent = 0;
  let last = 0;
  return (event) => {
    const now = Date.now();
    if (now - last < 100 && event.done !== event.total) return;
    last = now;
    sent += 1;
    send({ progress: sent, message: `${event.phase}: ${event.done}/${event.total}` }).catch(() => {});
  };
}

const resourceGroup = (uri: string) =>
  uri === 'hazsim://hazards/types' ? 0 : uri.startsWith('hazsim://models/') ? 1 : uri.startsWith('hazsim://hazards/') ? 2 : 0;

/**
 * The order of resources/list: the fixed resources, then distribution models, then hazard
 * models, each kind by name; keys carry the group so a cursor after a deleted model still
 * finds its place.
 */
const RESOURCE_ORDER = {
  list: 'resources',
  key: (resource: Resource) => `${resourceGroup(resource.uri)}${resource.uri}`,
  compare: (a: string, b: string) => (a[0] === b[0] ? a.slice(1).localeCompare(b.slice(1)) : a[0] < b[0] ? -1 : 1),
};

/** Validates the arguments, runs the tool and checks its result against the declared output schema. */
async function callTool(tool: ToolDefinition, service: HazsimService, args: Record<string, unknown>, call: ToolCallContext): Promise<Record<string, unknown>> {
  const input = v.safeParse(tool.input, args, { abortEarly: false });
  if (!input.success) throw new HazsimError('invalid_input', `Invalid arguments for ${tool.name}:`, issuesFromValibot(input.issues));
  const output = v.safeParse(tool.output, await tool.run(service, input.output, call), { abortEarly: false });
  if (!output.success)
    throw new HazsimError('internal', `${tool.name} produced a result that does not match its output schema`, issuesFromValibot(output.issues));
  return output.output as Record<string, unknown>;
}

async function asProtocol<T>(run: () => T | Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toProtocolError(error);
  }
}

export interface StdioStreams {
  stdin: Readable;
  stdout: Writable;
  stderr: NodeJS.WritableStream;
}

/**
 * Serves hazsim over stdio until stdin ends and every request received has been answered.
 * Protocol messages alone go to `stdout`; the start-up line and diagnostics go to `stderr`.
 */
export async function serveStdio(
  service: HazsimService,
  streams: StdioStreams = { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr },
): Promise<void> {
  // Before any protocol message: a broken binding stops the start with how to fix it.
  checkSqliteBinding();
  const log = (line: string) => void streams.stderr.write(`${line}\n`);
  const server = createMcpServer(service, { log });
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  server.onerror = (error) => log(`hazsim mcp: ${error.message}`);
  const transport = new BoundedStdioTransport(streams.stdin, streams.stdout);
  await server.connect(transport);
  const stop = () => void server.close();
  whenAnswered(transport, streams.stdin, stop);
  refuseInvalidParams(transport);
  // A client that went away closes the pipe; stop quietly instead of dying on EPIPE.
  streams.stdout.once('error', stop);
  log(`hazsim mcp ${HAZSIM_VERSION}: serving the cache at ${service.cache.root} on stdio`);
  await closed;
}

/** The request schemas of the methods this server answers, by method. */
const REQUEST_SCHEMAS = new Map<string, { safeParse(value: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }>([
  ['tools/list', ListToolsRequestSchema],
  ['tools/call', CallToolRequestSchema],
  ['resources/list', ListResourcesRequestSchema],
  ['resources/templates/list', ListResourceTemplatesRequestSchema],
  ['resources/read', ReadResourceRequestSchema],
  ['prompts/list', ListPromptsRequestSchema],
  ['prompts/get', GetPromptRequestSchema],
]);

/**
 * Answers a request whose params do not fit its method's schema (a tool name that is not a
 * string, arguments that are not an object) with -32602 Invalid params naming each problem,
 * as JSON-RPC asks. The SDK parses the params before any handler runs and answers its own
 * failure as -32603, an internal error, which blames the server for the client's mistake.
 */
function refuseInvalidParams(transport: Transport): void {
  const receive = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const schema = 'method' in message && 'id' in message ? REQUEST_SCHEMAS.get(message.method) : undefined;
    const parsed = schema?.safeParse(message);
    if (!parsed || parsed.success || !('id' in message)) return receive?.(message, extra);
    const problems = (parsed.error?.issues ?? []).map((issue) => `${issue.path.map(String).join('.') || 'params'}: ${issue.message}`);
    void transport.send({
      jsonrpc: '2.0',
      id: message.id,
      error: { code: ErrorCode.InvalidParams, message: `Invalid params for ${(message as { method: string }).method}: ${problems.join('; ')}` },
    });
  };
}

/**
 * Calls `done` once `stdin` has ended and every request read from it has had its response
 * sent, so a client that writes its requests and closes its end still gets every answer.
 */
function whenAnswered(transport: Transport, stdin: Readable, done: () => void): void {
  const pending = new Set<string | number>();
  let ended = false;
  const settle = () => {
    if (ended && pending.size === 0) done();
  };
  const receive = transport.onmessage;
  transport.onmessage = (message, extra) => {
    if ('method' in message && 'id' in message) pending.add(message.id);
    receive?.(message, extra);
    // A cancelled request is never answered (the protocol says so): it is no longer pending.
    if ('method' in message && message.method === 'notifications/cancelled' && !('id' in message)) {
      pending.delete((message.params as { requestId?: string | number } | undefined)?.requestId ?? '');
      settle();
    }
  };
  const send = transport.send.bind(transport);
  transport.send = async (message, options) => {
    await send(message, options);
    if (('result' in message || 'error' in message) && 'id' in message && message.id !== undefined) {
      pending.delete(message.id);
      settle();
    }
  };
  stdin.once('end', () => {
    ended = true;
    settle();
  });
}
