import type { Context } from 'koa';
import { pageOf, type ListOrder } from '../../app/contract/paging.js';

/** Headers of a list response (documented on every list endpoint). */
export const PAGE_HEADERS = {
  'X-Total-Count': 'number of records in the whole list, over all pages',
  'X-Next-Cursor': 'cursor of the next page; absent on the last page',
  Link: 'RFC 8288 link to the next page (rel="next"); absent on the last page',
};

/**
 * Answers a list endpoint with one page of `items` as the body (the specified array) and
 * the total and next cursor in headers. The next link keeps the request's own query.
 */
export function sendPage<T>(ctx: Context, items: readonly T[], query: { limit?: number; cursor?: string }, order: ListOrder<T>): void {
  const page = pageOf(items, query, order);
  ctx.set('X-Total-Count', String(page.total));
  if (page.nextCursor) {
    const next = new URLSearchParams(ctx.querystring);
    next.set('cursor', page.nextCursor);
    ctx.set('X-Next-Cursor', page.nextCursor);
    ctx.set('Link', `<${ctx.path}?${next.toString()}>; rel="next"`);
  }
  ctx.body = page.items;
}
