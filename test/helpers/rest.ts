import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import * as assert from 'uvu/assert';
import { createService, type HazsimService } from '../../src/app/service.js';
import { createApp, startServer, type AppOptions, type HazsimApp, type RunningServer } from '../../src/faces/rest/index.js';
import { BIN, EXAMPLES, ROOT, tempDir } from './cli.js';

export const TINY_FEEDER = path.join(ROOT, 'test/data/tiny_feeder.json');
export const TINY_QUAKE = path.join(ROOT, 'test/data/tiny_quake.json');
export const EXAMPLE_FEEDER = path.join(EXAMPLES, 'feeder/example_feeder.json');
export const EXAMPLE_CURVES = path.join(EXAMPLES, 'curve-sets/example_curves.json');
export const exampleHazard = (name: string) => path.join(EXAMPLES, 'hazards', `${name}.json`);

/** A REST server on 127.0.0.1 with an ephemeral port over a fresh cache (or the one given). */
export interface TestServer {
  base: string;
  cacheDir: string;
  service: HazsimService;
  app: HazsimApp;
  running: RunningServer;
  /** Lines the server logged (access log and faults). */
  logs: string[];
  stop(): Promise<void>;
}

export async function startTestServer(options: Omit<AppOptions, 'log'> & { cacheDir?: string } = {}): Promise<TestServer> {
  const cacheDir = options.cacheDir ?? tempDir('hazsim-rest-');
  const service = createService({ cacheDir });
  const logs: string[] = [];
  const app = createApp(service, { ...options, log: (line) => logs.push(line) });
  const running = await startServer(app, { host: '127.0.0.1', port: 0, shutdownTimeoutMs: 5000 });
  return { base: running.url, cacheDir, service, app, running, logs, stop: () => running.shutdown() };
}

/** A multipart form like a browser or curl sends it. */
export function uploadForm(fileName: string, content: string | Buffer, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.append('file', new Blob([content]), fileName);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}

export function fileForm(filePath: string, fields: Record<string, string> = {}): FormData {
  return uploadForm(path.basename(filePath), fs.readFileSync(filePath), fields);
}

/** Asserts the specification's (docs/specification.md) error body and status, and returns the body. */
export async function expectError(
  response: Response,
  status: number,
  detailPattern?: RegExp,
): Promise<{ detail: string; status_code: number; errors?: { path: string; message: string }[] }> {
  const text = await response.text();
  assert.is(response.status, status, `status ${response.status} (expected ${status}): ${text}`);
  assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  const body = JSON.parse(text);
  assert.type(body.detail, 'string');
  assert.is(body.status_code, status);
  if (status === 422) {
    assert.ok(Array.isArray(body.errors) && body.errors.length > 0, `422 without errors: ${text}`);
    for (const issue of body.errors) {
      assert.type(issue.path, 'string');
      assert.type(issue.message, 'string');
    }
  } else {
    assert.is(body.errors, undefined);
  }
  if (detailPattern) assert.match(body.detail, detailPattern);
  return body;
}

/** Asserts a JSON success and returns the body. */
export async function expectJson<T = any>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  assert.is(response.status, status, `status ${response.status} (expected ${status}): ${text}`);
  return JSON.parse(text) as T;
}

export const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** A `hazsim serve` child process (the compiled CLI) on 127.0.0.1 with an ephemeral port. */
export interface SpawnedServer {
  child: ChildProcess;
  url: string;
  stderr: () => string;
  exited: Promise<number | null>;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/** Spawns `hazsim serve` on a free port and waits for the URL it prints with --json. */
export function spawnServer(args: string[], env: NodeJS.ProcessEnv = {}): Promise<SpawnedServer> {
  const child = spawn(process.execPath, [BIN, 'serve', '--host', '127.0.0.1', '--port', '0', '--json', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const stop = () => {
    child.kill('SIGTERM');
    return exited;
  };
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
      if (stdout.includes('\n')) resolve({ child, url: JSON.parse(stdout.split('\n')[0]).url, stderr: () => stderr, exited, stop });
    });
    exited.then((code) => reject(new Error(`hazsim serve exited (${code}) before listening:\n${stderr}`)));
  });
}

/**
 * The temporary result files of a server process with `pid`: the core names them
 * `hazsim-<pid>-<random>-<file name>`, and stages them as `.hazsim-<pid>-...tmp`.
 */
export function resultTempFiles(pid: number): string[] {
  return fs.readdirSync(os.tmpdir()).filter((name) => name.replace(/^\./, '').startsWith(`hazsim-${pid}-`));
}

/** Waits up to `timeoutMs` for a server's temporary result files to be gone; returns those left. */
export async function resultTempFilesAfter(pid: number, timeoutMs = 2000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  while (resultTempFiles(pid).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return resultTempFiles(pid);
}

/** Every table and view of a SQLite file with its rows (in rowid, key or view order), for comparing two results. */
export function sqliteContents(filePath: string): Record<string, unknown[]> {
  const db = new Database(filePath, { readonly: true });
  try {
    const objects = db.prepare("SELECT name, type, sql FROM sqlite_master WHERE type IN ('table', 'view') ORDER BY name").all() as {
      name: string;
      type: string;
      sql: string;
    }[];
    // A WITHOUT ROWID table has no rowid; it is read in key order.
    const order = (type: string, sql: string) => (type === 'table' && !/WITHOUT ROWID\s*$/i.test(sql) ? ' ORDER BY rowid' : '');
    return Object.fromEntries(objects.map(({ name, type, sql }) => [name, db.prepare(`SELECT * FROM "${name}"${order(type, sql)}`).all()]));
  } finally {
    db.close();
  }
}
