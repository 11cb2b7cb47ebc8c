#!/usr/bin/env node
// Runs every test file in its own process (two at a time, one per core), then prints the
// one closing line CI reads: "N passed, N failed" (", N skipped" added when tests skipped).
// Fails when anything failed or no test ran; a file still running after HAZSIM_TEST_FILE_TIMEOUT
// seconds (600) is killed with its processes and fails. Test files get a private TMPDIR, removed
// at the end, so a run leaves nothing in the system temp folder.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const filter = process.argv.slice(2);

// CLI tests spawn bin/hazsim.js, which runs the compiled code: build it fresh first.
// scripts/build.mjs: skipped when dist/ is current, else built aside and swapped in (never rewritten in place).
const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
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

// Everything the tests and the programs they spawn put in the temp folder goes here.
const privateTmp = fs.mkdtempSync(path.join(os.tmpdir(), 'hazsim-tests-'));
const removePrivateTmp = () => fs.rmSync(privateTmp, { recursive: true, force: true, maxRetries: 3 });
// A hung test file fails after this long instead of holding CI until its own limit.
const fileTimeoutSeconds = Number(process.env.HAZSIM_TEST_FILE_TIMEOUT) || 600;
const running = new Set();
const killGroup = (pid) => {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // the group has already ended
  }
};
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const pid of running) killGroup(pid);
    removePrivateTmp();
    process.exit(130);
  });
}

const files = findTests(path.join(root, 'test')).filter((file) => filter.length === 0 || filter.some((word) => file.includes(word)));
const parallel = Math.max(1, Math.min(Number(process.env.HAZSIM_TEST_JOBS) || os.availableParallelism(), 4));
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
// Distinct notices and skip reasons, printed once at the end however many tests repeat them.
const notices = new Set();
const skipReasons = new Map();

function runFile(file) {
  return new Promise((resolve) => {
    const started = Date.now();
    // A process group of its own, so a file that hangs is ended with every process it started.
    const child = spawn(process.execPath, ['--import', 'tsx', file], {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: '0', TMPDIR: privateTmp, TMP: privateTmp, TEMP: privateTmp },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    running.add(child.pid);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      output += `\ntest/run.mjs: ${path.relative(root, file)} still ran after ${fileTimeoutSeconds} s (HAZSIM_TEST_FILE_TIMEOUT); its processes were killed\n`;
      killGroup(child.pid);
    }, fileTimeoutSeconds * 1000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      killGroup(child.pid);
      running.delete(child.pid);
      const total = Number(/Total:\s+(\d+)/.exec(output)?.[1] ?? 0);
      const ok = Number(/Passed:\s+(\d+)/.exec(output)?.[1] ?? 0);
      const skip = Number(/Skipped:\s+(\d+)/.exec(output)?.[1] ?? 0);
      let fileFailed = total - ok - skip;
      // A test that cannot run here (a tool or shared fixture absent) returns early, which uvu
      // counts as passed, after printing one "SKIP: <reason>" line (test/helpers/skip.ts).
      // (uvu's progress marks may precede it on the same line.)
      const skipLines = output.split('\n').flatMap((line) => (line.includes('SKIP: ') ? [line.slice(line.indexOf('SKIP: ') + 6).trim()] : []));
      const skippedHere = Math.min(ok, skipLines.length) + skip;
      for (const reason of skipLines) skipReasons.set(reason, (skipReasons.get(reason) ?? 0) + 1);
      // A file that crashed or exited non-zero without a failing count still counts as one failure.
      if ((code !== 0 || signal) && fileFailed === 0) fileFailed = 1;
      passed += ok - (skippedHere - skip);
      skipped += skippedHere;
      failed += fileFailed;
      const rel = path.relative(root, file);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (fileFailed > 0) {
        failures.push(rel);
        process.stdout.write(`\n✘ ${rel} (${seconds} s, exit ${code ?? signal})\n${output}\n`);
      } else {
        const ran = ok - (skippedHere - skip);
        process.stdout.write(`✔ ${rel}: ${ran} passed${skippedHere ? `, ${skippedHere} skipped` : ''} (${seconds} s)\n`);
        // Captured terminal screens (between SCREEN and END SCREEN) are shown even on success;
        // notices are gathered and shown once at the end.
        let inScreen = false;
        const screens = output.split('\n').filter((line) => {
          if (/\bSCREEN /.test(line)) inScreen = true;
          const keep = inScreen && line.trim() !== '';
          if (line.startsWith('END SCREEN')) inScreen = false;
          return keep;
        });
        if (screens.length) process.stdout.write(`${screens.map((line) => `    ${line}`).join('\n')}\n`);
        for (const line of output.split('\n')) if (line.includes('NOTICE:')) notices.add(line.slice(line.indexOf('NOTICE:')).trim());
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

removePrivateTmp();
if (notices.size) console.log(`\nnotices:\n${[...notices].map((line) => `  ${line}`).join('\n')}`);
if (skipReasons.size) console.log(`\nskipped:\n${[...skipReasons].map(([reason, count]) => `  ${count} x ${reason}`).join('\n')}`);
if (failures.length) console.log(`\nfailed files:\n${failures.map((file) => `  ${file}`).join('\n')}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
