// The domain is pure (docs/architecture.md, "Layers"): no module of src/domain reaches the
// machine. ESLint refuses the node: modules; this test also catches what a lint rule on import
// declarations does not see: a module loaded by URL at run time, the module's own URL handed on
// (to start a thread from it), the environment and the core count.
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from '../helpers/cli.js';

const DOMAIN = path.join(ROOT, 'src/domain');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** A comment line (JSDoc body, `//`) names these words in prose; only code counts. */
function codeLines(file: string): { line: number; text: string }[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((text, index) => ({ line: index + 1, text }))
    .filter(({ text }) => !/^\s*(\*|\/\/|\/\*)/.test(text));
}

const MACHINE = [
  { pattern: /from '(node:)?(fs|os|worker_threads|child_process)(\/[^']*)?'/, what: 'a node: module of files, threads, processes or the machine' },
  { pattern: /\bimport\(/, what: 'a module loaded at run time' },
  { pattern: /import\.meta\.url/, what: "the module's own URL (a thread's entry)" },
  { pattern: /process\.env/, what: 'the environment' },
  { pattern: /availableParallelism|\bcpus\(/, what: "the machine's core count" },
];

test('src/domain reads no environment, core count or module URL and starts no thread; files only in formats/ folders', () => {
  const found: string[] = [];
  for (const file of sourceFiles(DOMAIN)) {
    const relative = path.relative(ROOT, file);
    const inFormats = relative.split(path.sep).includes('formats');
    for (const { line, text } of codeLines(file)) {
      for (const { pattern, what } of MACHINE) {
        if (inFormats && what.startsWith('a node:')) continue;
        if (pattern.test(text)) found.push(`${relative}:${line} ${what}: ${text.trim()}`);
      }
    }
  }
  assert.equal(found, [], `the domain reaches the machine; move it to src/app (threads: src/app/workers):\n${found.join('\n')}`);
});

test('every scenario and simulation thread entry lives in src/app/workers', () => {
  const entries = sourceFiles(path.join(ROOT, 'src'))
    .filter((file) => /\bparentPort\b|\bserveWorkerTask\b/.test(fs.readFileSync(file, 'utf8')))
    .map((file) => path.relative(ROOT, file))
    .filter((file) => !file.startsWith(path.join('src', 'base')));
  assert.ok(entries.length > 0);
  assert.equal(
    entries.filter((file) => !file.startsWith(path.join('src', 'app', 'workers'))),
    [],
  );
});

test.run();
