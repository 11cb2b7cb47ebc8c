/**
 * What a browser may ask of the server on a user's behalf (docs/hardening.md, "Serving"):
 * a web page the user visits can send a form or a fetch to http://127.0.0.1:8000, and a name
 * it controls can be made to resolve to 127.0.0.1 (DNS rebinding). Both are refused here.
 */
import type { Middleware } from 'koa';

/** Methods that change the cache or start work; GET, HEAD and OPTIONS only read. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses (403) a state-changing request a browser sent from another origin: its
 * `Sec-Fetch-Site` is not `same-origin` or `none` (typed by the user), or its `Origin` is not
 * the server's own. Origins allowed by CORS (`--cors-origin`) pass. Clients that are not
 * browsers (curl, scripts, the SDKs) send neither header and are not affected.
 */
export function sameOriginWrites(corsOrigins: readonly string[]): Middleware {
  const anyOrigin = corsOrigins.includes('*');
  const allowed = new Set(corsOrigins);
  return async (ctx, next) => {
    if (STATE_CHANGING.has(ctx.method)) {
      const origin = ctx.get('Origin');
      const fetchSite = ctx.get('Sec-Fetch-Site').toLowerCase();
      const ownOrigin = `${ctx.protocol}://${ctx.host}`;
      const corsAllowed = origin !== '' && (anyOrigin || allowed.has(origin));
      const crossSiteFetch = fetchSite !== '' && fetchSite !== 'same-origin' && fetchSite !== 'none';
      const foreignOrigin = origin !== '' && origin !== ownOrigin;
      if (!corsAllowed && (crossSiteFetch || foreignOrigin)) {
        ctx.throw(
          403,
          `Refused a ${ctx.method} from another origin (${origin || fetchSite}): a web page cannot change this server's cache; start the server with --cors-origin to allow that origin`,
        );
      }
    }
    await next();
  };
}

/** The host name of a Host header, without its port and brackets, in lower case. */
function hostName(header: string): string {
  const bracketed = /^\[([^\]]*)\]/.exec(header);
  if (bracketed) return bracketed[1].toLowerCase();
  return header.replace(/:\d*$/, '').toLowerCase();
}

/** True for a name or address that always means this machine. */
function isLoopbackName(name: string): boolean {
  return name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127\.\d+\.\d+\.\d+$/.test(name);
}

/**
 * The Host names a server bound to `boundHost` answers to: a loopback server only to
 * loopback names (a rebinding name that resolves to 127.0.0.1 is refused), a server bound to
 * one address to that address; one bound to every interface to any name. `extra` adds names
 * (`--allowed-host`, e.g. the name of a proxy in front). Null: any name.
 */
export function allowedHostNames(boundHost: string, extra: readonly string[]): ((name: string) => boolean) | null {
  const names = new Set(extra.map((name) => hostName(name)));
  const bound = hostName(boundHost);
  if ((bound === '0.0.0.0' || bound === '::' || bound === '') && names.size === 0) return null;
  if (isLoopbackName(bound)) return (name) => isLoopbackName(name) || names.has(name);
  return (name) => name === bound || names.has(name);
}

/** Refuses (421 Misdirected Request) a request whose Host the server does not answer to. */
export function boundHostOnly(accepts: ((name: string) => boolean) | null): Middleware {
  return async (ctx, next) => {
    if (accepts && !accepts(hostName(ctx.get('Host')))) {
      ctx.throw(421, `This server does not answer to the host "${ctx.get('Host')}"; start it with --allowed-host to add a name`);
    }
    await next();
  };
}
