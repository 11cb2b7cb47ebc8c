import type { Middleware } from 'koa';

/** Where the server writes its log lines (stderr by default; stdout stays free for data). */
export type LogSink = (line: string) => void;

export const stderrLog: LogSink = (line) => {
  process.stderr.write(`${line}\n`);
};

/**
 * One line per request, written when the response has been sent (or the client went
 * away): time, client address, method and path, status, bytes, duration in ms and the
 * request id (X-Request-Id), so a client's report can be matched to the log.
 * The path is JSON-escaped so a hostile URL cannot forge extra log lines.
 */
export function accessLog(log: LogSink): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    // Read now: once the client has gone, its socket no longer knows the address.
    const client = ctx.ip;
    ctx.res.once('close', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const target = JSON.stringify(ctx.originalUrl).slice(1, -1);
      const bytes = ctx.res.getHeader('content-length') ?? '-';
      // Before any answer was sent, Koa's status is still its default 404: not what happened.
      const outcome = ctx.res.writableFinished
        ? String(ctx.status)
        : ctx.res.headersSent
          ? `${ctx.status} (client closed)`
          : '- (client closed before the answer)';
      log(`${new Date().toISOString()} ${client} "${ctx.method} ${target}" ${outcome} ${bytes} ${ms.toFixed(1)}ms ${String(ctx.state.requestId ?? '-')}`);
    });
    await next();
  };
}
