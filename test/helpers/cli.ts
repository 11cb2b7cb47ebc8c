import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { skipTest } from './skip.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = path.join(ROOT, 'bin/hazsim.js');
export const SHARED_FIXTURES = path.resolve(ROOT, '../shared/fixtures/gdm');
export const EXAMPLES = path.join(ROOT, 'examples');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** A fresh, empty directory under the system temp dir. */
export function tempDir(prefix = 'hazsim-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** Runs the installed CLI as a separate process, stdin closed (no TTY). */
export function runCli(args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string; input?: string } = {}): CliResult {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, ...options.env },
    input: options.input ?? '',
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** The same as runCli, without blocking the event loop (for concurrent runs). */
export function runCliAsync(args: string[], options: { env?: NodeJS.ProcessEnv } = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** Parses a command's JSON stdout, failing with its output when it is not JSON. */
export function json<T = any>(result: CliResult): T {
  try {
    return JSON.parse(result.stdout) as T;
  } catch {
    throw new Error(`stdout is not JSON (exit ${result.code}):\n${result.stdout}\n--- stderr ---\n${result.stderr}`);
  }
}

/** True when the shared GDM fixtures are present; otherwise marks the calling test skipped (call it once per test). */
export function haveSharedFixtures(): boolean {
  if (fs.existsSync(SHARED_FIXTURES)) return true;
  skipTest(`${SHARED_FIXTURES} is absent (tests that read the shared GDM fixtures)`);
  return false;
}
