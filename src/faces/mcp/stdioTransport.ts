/**
 * The MCP stdio transport: newline-delimited JSON-RPC on stdin and stdout, as the SDK's
 * StdioServerTransport, except for a message over the size limit. The SDK's transport
 * closes itself on one (the server then exits, dropping the answers still in flight); this
 * one discards that message alone, answers it with a JSON-RPC error, and keeps serving
 * (docs/mcp.md, "Limits").
 */
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** The largest message read, as the SDK's own limit: a model belongs in the cache, not in a message. */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
/** Bytes kept from each end of a message too large to read, to find its id. */
const KEPT_BYTES = 4096;

/** A message being skipped: its first and last bytes and its length so far. */
interface Oversized {
  head: Buffer;
  tail: Buffer;
  bytes: number;
}

/** A JSON-RPC error answer (its id may be null when the message's id could not be read). */
interface ErrorAnswer {
  jsonrpc: '2.0';
  id: string | number | null;
  error: { code: number; message: string };
}

export class BoundedStdioTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onerror?: (error: Error) => void;
  onclose?: () => void;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private oversized: Oversized | null = null;

  constructor(
    private readonly stdin: Readable,
    private readonly stdout: Writable,
    private readonly maxMessageBytes = MAX_MESSAGE_BYTES,
  ) {}

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStreamError);
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStreamError);
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.pending = [];
    this.oversized = null;
    this.onclose?.();
  }

  send(message: JSONRPCMessage | ErrorAnswer): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.stdout.once('drain', resolve);
    });
  }

  private readonly onStreamError = (error: Error) => this.onerror?.(error);

  private readonly onData = (chunk: Buffer) => {
    let start = 0;
    while (start <= chunk.length) {
      const newline = chunk.indexOf(0x0a, start);
      this.take(chunk.subarray(start, newline === -1 ? chunk.length : newline));
      if (newline === -1) return;
      this.endLine();
      start = newline + 1;
    }
  };

  /** Adds a piece of the current line; past the limit only its two ends are kept. */
  private take(piece: Buffer): void {
    if (piece.length === 0) return;
    if (this.oversized) {
      this.oversized.tail = lastBytes(Buffer.concat([this.oversized.tail, piece]));
      this.oversized.bytes += piece.length;
      return;
    }
    if (this.pendingBytes + piece.length <= this.maxMessageBytes) {
      this.pending.push(piece);
      this.pendingBytes += piece.length;
      return;
    }
    const line = Buffer.concat([...this.pending, piece]);
    this.oversized = { head: Buffer.from(line.subarray(0, KEPT_BYTES)), tail: lastBytes(line), bytes: line.length };
    this.pending = [];
    this.pendingBytes = 0;
  }

  private endLine(): void {
    if (this.oversized) {
      const { head, tail, bytes } = this.oversized;
      this.oversized = null;
      const limitMib = this.maxMessageBytes / 1024 ** 2;
      void this.send({
        jsonrpc: '2.0',
        id: messageId(head.toString('utf8'), tail.toString('utf8')),
        error: {
          code: ErrorCode.InvalidRequest,
          message: `Message of ${bytes} bytes is larger than the ${limitMib} MiB a message may be; it was discarded. Put large models in the cache (hazsim upload) and pass their names`,
        },
      });
      return;
    }
    const text = Buffer.concat(this.pending).toString('utf8').replace(/\r$/, '');
    this.pending = [];
    this.pendingBytes = 0;
    if (text.trim() === '') return;
    let message: JSONRPCMessage;
    try {
      message = JSONRPCMessageSchema.parse(JSON.parse(text));
    } catch (error) {
      this.onerror?.(error as Error);
      return;
    }
    this.onmessage?.(message);
  }
}

function lastBytes(buffer: Buffer): Buffer {
  return buffer.length <= KEPT_BYTES ? buffer : Buffer.from(buffer.subarray(buffer.length - KEPT_BYTES));
}

const SCALAR = String.raw`(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|"(?:[^"\\]|\\.)*"|true|false|null)`;
const TOP_LEVEL_MEMBER = new RegExp(String.raw`\s*"((?:[^"\\]|\\.)*)"\s*:\s*${SCALAR}\s*([,}])`, 'y');
const LAST_MEMBER_ID = new RegExp(String.raw`"id"\s*:\s*${SCALAR}\s*\}\s*$`);

/**
 * The id of a message too large to parse, from its two ends: a top-level `"id"` among the
 * scalar members before the first nested value (how most clients write it), or the last
 * member (how the MCP SDK writes it: `{method, params, jsonrpc, id}`). Null when neither shows
 * it, and when a member name or the id on the way is no valid JSON (a bad escape such as
 * `"\x"`): such a message is malformed, and JSON-RPC answers a message it cannot read with a
 * null id. Never throws: it runs in the stream's data handler, where a throw ended the server.
 */
export function messageId(head: string, tail: string): string | number | null {
  const opening = /^\s*\{/.exec(head);
  if (opening) {
    TOP_LEVEL_MEMBER.lastIndex = opening[0].length;
    for (let member = TOP_LEVEL_MEMBER.exec(head); member; member = TOP_LEVEL_MEMBER.exec(head)) {
      const name = parsedOrUndefined(`"${member[1]}"`);
      if (name === undefined) return null;
      if (name === 'id') return idValue(member[2]);
      if (member[3] === '}') break;
    }
  }
  const last = LAST_MEMBER_ID.exec(tail.replace(/\r$/, ''));
  return last ? idValue(last[1]) : null;
}

/** A JSON-RPC id is a string or a number; anything else (or text that is no JSON) cannot be answered by id. */
function idValue(text: string): string | number | null {
  const value = parsedOrUndefined(text);
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

/** The JSON value of `text`, or undefined when it is no valid JSON. */
function parsedOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
