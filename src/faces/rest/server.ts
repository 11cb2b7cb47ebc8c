import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HazsimApp } from './app.js';
import { checkSqliteBinding } from '../../app/startup/sqliteBinding.js';

export interface ServerOptions {
  /** Interface to bind (spec: all interfaces, 0.0.0.0). */
  host?: string;
  /** Port to bind (spec: 8000); 0 picks a free one. */
  port?: number;
  /** How long a shutdown waits for in-flight requests before cutting them, in ms. */
  shutdownTimeoutMs?: number;
}

export interface RunningServer {
  server: http.Server;
  /** Base URL, e.g. http://127.0.0.1:8000 (a wildcard host is shown as 127.0.0.1). */
  url: string;
  /**
   * Graceful shutdown: stops accepting connections, lets in-flight requests finish (their
   * responses close the connection), closes idle keep-alive connections, and resolves when
   * the last one is gone. Requests still running after the timeout are cut.
   */
  shutdown(): Promise<void>;
}

/** Checks that the SQLite binding loads (else throws how to fix it), then listens with `app` and resolves once the port is bound. */
export function startServer(app: HazsimApp, options: ServerOptions = {}): Promise<RunningServer> {
  checkSqliteBinding();
  const server = http.createServer(app.callback());
  const shutdownTimeoutMs = options.shutdownTimeoutMs ?? 30_000;
  let closing: Promise<void> | null = null;

  const shutdown = () => {
    closing ??= new Promise<void>((resolve) => {
      app.draining = true;
      // Open event streams end now; they would otherwise hold the shutdown until its timeout.
      app.emit('draining');
      const timer = setTimeout(() => server.closeAllConnections(), shutdownTimeoutMs);
      timer.unref();
      server.close(() => {
        clearTimeout(timer);
        resolve();
      });
      server.closeIdleConnections();
    });
    return closing;
  };

  // Longer than any client's idle keep-alive (undici: 4 s, browsers: 60 s or so), so a client
  // never reuses a connection the server is closing at the same moment.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8000, options.host ?? '0.0.0.0', () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      const shownHost =
        address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolve({ server, url: `http://${shownHost}:${address.port}`, shutdown });
    });
  });
}
