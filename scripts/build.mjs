#!/usr/bin/env node
// Builds dist/ (the compiled CLI that bin/hazsim.js runs) without ever rewriting it in place.
//
// `npm ci` runs it once (the `prepare` script). Later calls (`npm install -g .`, `npx hazsim`,
// the test runner, the bench) find dist/ current and return at once: dist/.build-fingerprint
// holds the sha256 of every compiled source, tsconfig.json and the TypeScript version, and a
// build is needed only when that changes. A needed build compiles into a fresh folder beside
// dist/ and swaps it in with two renames, so a hazsim process running from this folder never
// reads a half-written file (tsc writing into dist/ crashed running processes and test runs).
//
//   node scripts/build.mjs          build when the sources changed
//   node scripts/build.mjs --force  build even when dist/ is current
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const FINGERPRINT_FILE = '.build-fingerprint';
// The folders tsconfig.json compiles (its "include").
const SOURCE_FOLDERS = ['src', 'commands'];

function sourceFiles(folder) {
  const found = [];
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name)) found.push(full);
  }
  return found;
}

/** The sha256 of what the build reads: every source file (by path and content), tsconfig.json and the compiler's version. */
export function sourceFingerprint() {
  const hash = createHash('sha256');
  const files = SOURCE_FOLDERS.flatMap((folder) => sourceFiles(path.join(root, folder))).sort();
  for (const file of [...files, path.join(root, 'tsconfig.json')]) {
    hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  const typescript = path.join(root, 'node_modules/typescript/package.json');
  hash.update(fs.existsSync(typescript) ? JSON.parse(fs.readFileSync(typescript, 'utf8')).version : 'no typescript');
  return hash.digest('hex');
}

function currentFingerprint() {
  try {
    return fs.readFileSync(path.join(dist, FINGERPRINT_FILE), 'utf8').trim();
  } catch {
    return null;
  }
}

/** Builds dist/ when needed; returns 'current' or 'built'. Throws with tsc's exit status when the compile fails. */
export function build({ force = false } = {}) {
  const fingerprint = sourceFingerprint();
  if (!force && currentFingerprint() === fingerprint) return 'current';
  const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
  if (!fs.existsSync(tsc)) throw new Error(`dist/ is missing or out of date and TypeScript is not installed (${tsc}): run npm ci in ${root}`);
  const suffix = `${process.pid}.${randomBytes(4).toString('hex')}`;
  const next = path.join(root, `.dist-next.${suffix}`);
  const compiled = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.json'), '--outDir', next], { stdio: 'inherit' });
  if (compiled.status !== 0) {
    fs.rmSync(next, { recursive: true, force: true });
    throw Object.assign(new Error('the TypeScript build failed'), { exitCode: compiled.status ?? 1 });
  }
  fs.writeFileSync(path.join(next, FINGERPRINT_FILE), `${fingerprint}\n`);
  // Swap: the old build moves aside whole, the new one takes its name; a process that already runs
  // keeps its open files, and no path under dist/ ever names a half-written file.
  const old = path.join(root, `.dist-old.${suffix}`);
  const hadDist = fs.existsSync(dist);
  if (hadDist) fs.renameSync(dist, old);
  fs.renameSync(next, dist);
  if (hadDist) fs.rmSync(old, { recursive: true, force: true });
  return 'built';
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const outcome = build({ force: process.argv.includes('--force') });
    if (outcome === 'current') console.error('hazsim build: dist/ is current (sources unchanged); not rebuilt');
  } catch (error) {
    console.error(`hazsim build: ${error.message}`);
    process.exitCode = error.exitCode ?? 1;
  }
}
