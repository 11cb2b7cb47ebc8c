import { DEFAULT_MAX_UPLOAD_MB } from './limits.js';
import Koa from 'koa';
import type { HazsimService } from '../../app/service.js';
import { accessLog, stderrLog, type LogSink } from './accessLog.js';
import { bearerAuthorizer } from './auth.js';
import { createBodyReaders } from './body.js';
import { errorMiddleware } from './errors.js';
import { compression, cors, requestId } from './http.js';
import { allowedHostNames, boundHostOnly, sameOriginWrites } from './crossSite.js';
import { buildOpenApiDocument } from './openapi.js';
import { buildRouter, type Route } from './routeTable.js';
import { curveSetRoutes } from './routes/curveSets.js';
import { docRoutes } from './routes/docs.js';
import { metaRoutes } from './routes/meta.js';
import { modelRoutes } from './routes/models.js';
import { simulationRoutes } from './routes/simulation.js';
import { impactRoutes } from './routes/impact.js';
import { hindcastRoutes } from './routes/hindcast.js';
import { jobRoutes } from './routes/jobs.js';

/** Errors of a response stream whose client closed the connection before the end. */
const CLIENT_GONE_CODES = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE']);

export interface AppOptions {
  /** When set, every endpoint but the front page, health and documentation needs `Authorization: Bearer <key>`. */
  apiKey?: string;
  /** Largest accepted upload, in MiB (default 512). */
  maxUploadMb?: number;
  /** Where uploads are spooled while they arrive (default: the system temp directory). */
  uploadDir?: string;
  /** Access log and server-fault lines (default: stderr). */
  log?: LogSink;
  /** Origins allowed to call the API from a browser (`*` for any); none by default, so no CORS headers are sent. */
  corsOrigins?: readonly string[];
  /** The interface the server is bound to: the Host header must name it (a loopback server: a loopback name). Absent: any Host. */
  boundHost?: string;
  /** More names the Host header may carry (`--allowed-host`, e.g. a proxy's). */
  allowedHosts?: readonly string[];
}

/** A Koa app with its route table, so the server and the tests see what it serves. */
export interface HazsimApp extends Koa {
  routes: readonly Route[];
  /** Set when the server begins shutting down: responses then ask clients to close their connections. */
  draining: boolean;
}

/**
 * The REST interface over one service (docs/architecture.md), not yet listening: pass
 * `app.callback()` to any HTTP server, or use startServer.
 */
export function createApp(service: HazsimService, options: AppOptions = {}): HazsimApp {
  const log = options.log ?? stderrLog;
  const maxUploadMb = options.maxUploadMb ?? DEFAULT_MAX_UPLOAD_MB;
  let document: object = {};
  const routes: Route[] = [
    ...metaRoutes(service, Date.now(), { revealPaths: !options.apiKey, log }),
    ...modelRoutes(service, 'distribution'),
    ...modelRoutes(service, 'hazard'),
    ...simulationRoutes(service),
    ...impactRoutes(service),
    ...hindcastRoutes(service),
    ...jobRoutes(service),
    ...curveSetRoutes(service),
    ...docRoutes(() => document),
  ];
  document = buildOpenApiDocument(routes, { apiKey: Boolean(options.apiKey), maxSamples: service.limits.maxSamples });

  const app = new Koa() as HazsimApp;
  app.routes = routes;
  app.draining = false;
  // Every open event stream listens for 'draining'; there may be any number of them.
  app.setMaxListeners(0);
  app.on('error', (error: Error, ctx?: Koa.Context) => {
    // A client that leaves during a download is not a fault; the access log marks it "(client closed)".
    if (ctx && CLIENT_GONE_CODES.has((error as NodeJS.ErrnoException).code ?? '') && !ctx.res.writableFinished) return;
    // Whatever fails after the client has gone (an upload cut short, a write to its closed
    // socket) follows from its leaving: the access log's one line says so, without a stack.
    if (ctx && !ctx.res.writableFinished && ctx.req.socket.destroyed) return;
    log(`${new Date().toISOString()} error${ctx ? ` in ${ctx.method} ${JSON.stringify(ctx.originalUrl)}` : ''}: ${error.stack ?? error.message}`);
  });
  const readers = createBodyReaders({ maxUploadBytes: maxUploadMb * 1024 * 1024, uploadDir: options.uploadDir });
  const router = buildRouter(routes, readers, options.apiKey ? bearerAuthorizer(options.apiKey) : null);
  app.use(requestId());
  app.use(accessLog(log));
  app.use(async (ctx, next) => {
    await next();
    if (app.draining) ctx.set('Connection', 'close');
  });
  app.use(cors(options.corsOrigins ?? []));
  app.use(compression());
  app.use(errorMiddleware({ maxUploadMb, cacheRoot: service.cache.root }));
  const boundHost = options.boundHost ?? (options.allowedHosts?.length ? '0.0.0.0' : undefined);
  app.use(boundHostOnly(boundHost === undefined ? null : allowedHostNames(boundHost, options.allowedHosts ?? [])));
  app.use(sameOriginWrites(options.corsOrigins ?? []));
  app.use(router.routes);
  app.use(router.fallback);
  return app;
}
