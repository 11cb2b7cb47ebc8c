import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from '../helpers/cli.js';

// Every `src/…` and `docs/…` path that a comment or a doc names exists, and every relative
// link in the docs leads to a file: a file that moves takes its mentions with it
// (docs/architecture.md, "One vocabulary").

const CODE_FOLDERS = ['src', 'commands', 'scripts', 'test', 'bench', 'examples'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'fixtures']);

function filesUnder(dir: string, pattern: RegExp): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : filesUnder(full, pattern);
    return pattern.test(entry.name) ? [full] : [];
  });
}

const codeFiles = CODE_FOLDERS.flatMap((folder) => filesUnder(path.join(ROOT, folder), /\.(ts|tsx|mjs|js)$/));
const docFiles = [...filesUnder(path.join(ROOT, 'docs'), /\.md$/), ...['README.md', 'CONTRIBUTING.md'].map((name) => path.join(ROOT, name))].filter((file) =>
  fs.existsSync(file),
);

/** A comment line: one that starts a comment or continues a block comment, or code with a trailing `// ...`. */
function isComment(line: string): boolean {
  return /^\s*(\/\/|\*|\/\*)/.test(line) || /\s\/\/\s/.test(line);
}

/** A named path exists as written, as the .ts source of a .js specifier, or without its extension (a folder). */
function exists(named: string): boolean {
  const trimmed = named.replace(/[.,:;]+$/, '');
  return [trimmed, trimmed.replace(/\.js$/, '.ts'), trimmed.replace(/\.js$/, '.tsx'), `${trimmed}.ts`].some((candidate) =>
    fs.existsSync(path.join(ROOT, candidate)),
  );
}

/** `src/…` and `docs/…` paths in a line; patterns (`<name>`, `*`, `{…}`) are not paths. */
function namedPaths(line: string): string[] {
  return [...line.matchAll(/(?<![\w./-])((?:src|docs)\/[A-Za-z0-9_./-]*[A-Za-z0-9_])/g)].map((match) => match[1]).filter((named) => !/[*<{]/.test(named));
}

test('every src/ and docs/ path named in a comment exists', () => {
  const missing: string[] = [];
  for (const file of codeFiles) {
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (!isComment(line)) return;
        for (const named of namedPaths(line)) if (!exists(named)) missing.push(`${path.relative(ROOT, file)}:${index + 1} names ${named}`);
      });
  }
  assert.ok(codeFiles.length > 100, `the source files were found (${codeFiles.length})`);
  assert.equal(missing, []);
});

test('every src/ and docs/ path and every relative link in the docs exists', () => {
  const missing: string[] = [];
  for (const file of docFiles) {
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        const where = `${path.relative(ROOT, file)}:${index + 1}`;
        for (const named of namedPaths(line)) if (!exists(named)) missing.push(`${where} names ${named}`);
        for (const [, target] of line.matchAll(/\]\(([^)#:\s]+)(?:#[^)]*)?\)/g)) {
          if (!fs.existsSync(path.resolve(path.dirname(file), target))) missing.push(`${where} links ${target}`);
        }
      });
  }
  assert.ok(docFiles.length > 10, `the docs were found (${docFiles.length})`);
  assert.equal(missing, []);
});

test.run();
