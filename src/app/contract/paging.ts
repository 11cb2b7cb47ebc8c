/**
 * Cursor paging of ordered lists, shared by the REST list endpoints and the MCP list
 * requests and scenario records (docs/rest-api.md, docs/mcp.md). A cursor is opaque to
 * clients: base64url of `{list, after}`, where `after` is the key of the last item sent.
 * Keyed rather than numbered, so an entry added or deleted between two pages neither
 * repeats nor skips the entries after it.
 */
import { HazsimError } from '../../base/errors.js';

export interface Page<T> {
  items: T[];
  /** Every item of the list, over all pages. */
  total: number;
  /** The cursor of the next page; absent on the last one. */
  nextCursor?: string;
}

export interface PageRequest {
  /** Items per page; absent: everything from the cursor on. */
  limit?: number;
  cursor?: string;
}

/** How a list is ordered: each item's unique key, and the order of keys (the list's own sort). */
export interface ListOrder<T> {
  /** Names the list, so a cursor of another list is refused. */
  list: string;
  key(item: T): string;
  /** The list's order over keys; used to continue after an item deleted since its page was sent. */
  compare(a: string, b: string): number;
}

export function encodeCursor(list: string, after: string): string {
  return Buffer.from(JSON.stringify({ list, after }), 'utf8').toString('base64url');
}

/** The key a cursor points after; a cursor that is not one of ours, or of another list, is a usage error naming `field`. */
export function decodeCursor(cursor: string, list: string, field = 'cursor'): string {
  let decoded: unknown;
  try {
    decoded = /^[\w-]+$/.test(cursor) ? JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) : null;
  } catch {
    decoded = null;
  }
  const { list: cursorList, after } = (decoded ?? {}) as { list?: unknown; after?: unknown };
  if (cursorList !== list || typeof after !== 'string') {
    throw new HazsimError('invalid_input', `Invalid ${field}: pass the cursor a previous page returned, unchanged`, [
      { path: field, message: 'not a cursor of this list' },
    ]);
  }
  return after;
}

/** One page of `items` (already in `order`), starting after the cursor's key. */
export function pageOf<T>(items: readonly T[], request: PageRequest, order: ListOrder<T>): Page<T> {
  let start = 0;
  if (request.cursor !== undefined) {
    const after = decodeCursor(request.cursor, order.list);
    const same = items.findIndex((item) => order.key(item) === after);
    // The last item sent may have been deleted since: continue with the first one ordered after it.
    const next = same !== -1 ? same + 1 : items.findIndex((item) => order.compare(order.key(item), after) > 0);
    start = next === -1 ? items.length : next;
  }
  const end = request.limit === undefined ? items.length : Math.min(items.length, start + request.limit);
  const page = items.slice(start, end);
  return {
    items: page,
    total: items.length,
    ...(end < items.length && page.length > 0 ? { nextCursor: encodeCursor(order.list, order.key(page[page.length - 1])) } : {}),
  };
}
