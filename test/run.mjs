#!/usr/bin/env node
// Runs every test file in its own process (two at a time, one per core), then prints the
// one closing line CI reads: "N passed, N failed". Fails when anything failed or no test ran.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const filter = process.argv.slice(2);

// CLI tests spawn bin/hazsim.js, which runs the compiled code: build it fresh first.
const build = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', path.join(root, 'tsconfig.json')], { stdio: 'inherit' });
if (build.status !== 0) {
  console.log('build failed');
  console.log('0 passed, 1 failed');
  process.exit(1);
}

function findTests(dir) {
  const found = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...findTests(full));
    else if (/\.test\.tsx?$/.test(entry.name)) found.push(full);
  }
  return found.sort();
}

const files = findTests(path.join(root, 'test')).filter((file) => filter.length === 0 || filter.some((word) => file.includes(word)));
const parallel = Math.max(1, Math.min(Number(process.env.HAZSIM_TEST_JOBS) || os.availableParallelism(), 4));
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

function runFile(file) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => {
      const total = Number(/Total:\s+(\d+)/.exec(output)?.[1] ?? 0);
      const ok = Number(/Passed:\s+(\d+)/.exec(output)?.[1] ?? 0);
      const skip = Number(/Skipped:\s+(\d+)/.exec(output)?.[1] ?? 0);
      let fileFailed = total - ok - skip;
      // A file that crashed or exited non-zero without a failing count still counts as one failure.
      if ((code !== 0 || signal) && fileFailed === 0) fileFailed = 1;
      passed += ok;
      skipped += skip;
      failed += fileFailed;
      const rel = path.relative(root, file);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (fileFailed > 0) {
        failures.push(rel);
        process.stdout.write(`\n✘ ${rel} (${seconds} s, exit ${code ?? signal})\n${output}\n`);
      } else {
        process.stdout.write(`✔ ${rel}: ${ok} passed${skip ? `, ${skip} skipped` : ''} (${seconds} s)\n`);
        // Notices (skips) and captured terminal screens (between SCREEN and END SCREEN) are shown even on success.
        let inScreen = false;
        const notices = output.split('\n').filter((line) => {
          if (/\bSCREEN /.test(line)) inScreen = true;
          const keep = (inScreen && line.trim() !== '') || line.includes('NOTICE:');
          if (line.startsWith('END SCREEN')) inScreen = false;
          return keep;
        });
        if (notices.length) process.stdout.write(`${notices.map((line) => `    ${line}`).join('\n')}\n`);
      }
      resolve();
    });
  });
}

const queue = [...files];
await Promise.all(
  Array.from({ length: parallel }, async () => {
    while (queue.length > 0) await runFile(queue.shift());
  }),
);

if (failures.length) console.log(`\nfailed files:\n${failures.map((file) => `  ${file}`).join('\n')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
