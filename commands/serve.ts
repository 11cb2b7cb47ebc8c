import { Command, InvalidArgumentError } from 'commander';
import type { CommandContext, GlobalOptions } from './context.js';
import { HazsimError } from '../src/base/errors.js';
import { HAZSIM_VERSION } from '../src/base/version.js';
import { DEFAULT_MAX_UPLOAD_MB } from '../src/faces/rest/limits.js';
import { parseDuration } from '../src/base/duration.js';

interface ServeOptions extends GlobalOptions {
  host?: string;
  port: number;
  maxUploadMb: number;
  apiKey?: string;
  corsOrigin: string[];
  allowedHost: string[];
  /** Milliseconds, null for never; undefined: $HAZSIM_JOB_TTL or its default. */
  jobTtl?: number | null;
}

function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) throw new InvalidArgumentError('expected a port number from 0 to 65535 (0 picks a free port)');
  return port;
}

function parseJobTtl(text: string): number | null {
  const parsed = parseDuration(text);
  if ('problem' in parsed) throw new InvalidArgumentError(parsed.problem);
  return parsed.ms;
}

function parseMegabytes(text: string): number {
  const megabytes = Number(text);
  if (!Number.isFinite(megabytes) || megabytes <= 0) throw new InvalidArgumentError('expected a positive number of megabytes');
  return megabytes;
}

/** The interface bound when neither --host nor $HAZSIM_HOST says otherwise: loopback only (docs/hardening.md, "Serving"). */
const DEFAULT_HOST = '127.0.0.1';

/** Whether `host` is reachable from this machine only. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** An API key must be usable in `Authorization: Bearer <key>`: non-empty, no whitespace. A variable set but empty is a mistake, not "no key". */
function checkApiKey(key: string | undefined, source: string): string | undefined {
  if (key === undefined) return undefined;
  if (!/^\S+$/.test(key)) throw new HazsimError('usage', `${source} must be a non-empty key without spaces`);
  return key;
}

function waitForStopSignal(): Promise<string> {
  return new Promise((resolve) => {
    const stop = (signal: string) => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      resolve(signal);
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
}

export function makeServeCommand(context: CommandContext): Command {
  return new Command('serve')
    .description('serve the REST API over the cache (Swagger UI at /docs, ReDoc at /redoc); SIGTERM stops it gracefully')
    .option('--host <host>', `interface to bind (default: $HAZSIM_HOST, else ${DEFAULT_HOST}; 0.0.0.0 for all interfaces)`)
    .option('--port <port>', 'port to bind (0 picks a free one)', parsePort, 8000)
    .option('--max-upload-mb <mb>', 'largest accepted upload in MB', parseMegabytes, DEFAULT_MAX_UPLOAD_MB)
    .option(
      '--cors-origin <origin>',
      'allow browser calls from this origin (repeatable or comma-separated; * for any); CORS is off without it',
      (text: string, previous: string[]) => [
        ...previous,
        ...text
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      ],
      [] as string[],
    )
    .option(
      '--allowed-host <name>',
      'also answer to this Host name (repeatable; e.g. the name of a proxy in front); by default a loopback server answers only to loopback names',
      (text: string, previous: string[]) => [...previous, text.trim()],
      [] as string[],
    )
    .option(
      '--job-ttl <duration>',
      'remove finished jobs and their results this long after they finish, such as 12h or 7d, or never (default: $HAZSIM_JOB_TTL, else 7d)',
      parseJobTtl,
    )
    .option('--api-key <key>', 'require "Authorization: Bearer <key>" on every endpoint but /, /health and the docs (default: $HAZSIM_API_KEY)')
    .action(async (options: ServeOptions) => {
      // The server stack (koa, swagger, ...) loads only here, so other commands start without it.
      const { createApp, startServer } = await import('../src/faces/rest/index.js');
      const service = context.service(options);
      const apiKey = checkApiKey(options.apiKey, '--api-key') ?? checkApiKey(context.env.HAZSIM_API_KEY, 'HAZSIM_API_KEY');
      const host = options.host ?? (context.env.HAZSIM_HOST || DEFAULT_HOST);
      if (!isLoopback(host) && !apiKey) {
        context.stderr.write(
          `warning: serving on ${host} without an API key: anyone who can reach this machine can read, change and delete the cache; set --api-key or HAZSIM_API_KEY\n`,
        );
      }
      // Only a server expires jobs on its own; `cache prune` removes expired jobs too.
      service.jobs.startExpirySweep(options.jobTtl);
      const app = createApp(service, {
        apiKey,
        maxUploadMb: options.maxUploadMb,
        corsOrigins: options.corsOrigin,
        boundHost: host,
        allowedHosts: options.allowedHost,
        log: (line) => context.stderr.write(`${line}\n`),
      });
      const running = await startServer(app, { host, port: options.port }).catch((error: NodeJS.ErrnoException) => {
        throw new HazsimError(
          'internal',
          `Cannot listen on ${host}:${options.port}: ${error.code === 'EADDRINUSE' ? 'the address is already in use' : error.message}`,
        );
      });
      const stopped = waitForStopSignal();
      context.stderr.write(
        `hazsim ${HAZSIM_VERSION} listening on ${running.url} (cache ${service.cache.root}${apiKey ? ', API key required' : ''}); docs at ${running.url}/docs\n`,
      );
      if (options.json)
        context.stdout.write(`${JSON.stringify({ status: 'listening', url: running.url, cache_directory: service.cache.root, version: HAZSIM_VERSION })}\n`);
      const signal = await stopped;
      context.stderr.write(`${signal}: no longer accepting connections; finishing in-flight requests\n`);
      await running.shutdown();
      // Jobs still running cannot outlive the process: they end failed now, with their partial files removed.
      await service.jobs.interrupt('Interrupted: the server shut down before the job finished; submit it again');
      context.stderr.write('hazsim server stopped\n');
    });
}
