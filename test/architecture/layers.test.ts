import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ALLOWED, layerOf } from '../../scripts/eslint-layers.js';
import { ROOT } from '../helpers/cli.js';

// The import graph of src/ and commands/ at folder level (src/domain/gdm, src/base/units...),
// counting only imports that exist at run time (type-only ones are erased), has no cycle, and
// every edge between layers is one that docs/architecture.md (and the lint rule) allows.

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The run-time imports of a file: relative specifiers of imports, re-exports and import() that are not type-only. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      const typeOnly = clause?.isTypeOnly || (clause && !clause.name && named && named.length > 0 && named.every((element) => element.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : undefined;
      const typeOnly = node.isTypeOnly || (named && named.length > 0 && named.every((element) => element.isTypeOnly));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((specifier) => specifier.startsWith('.'));
}

/** A file's folder node: two levels under src/ (src/domain/gdm, src/base/units, src/app/cache), else its top folder. */
function folderOf(file: string): string {
  const parts = path.relative(ROOT, file).split(path.sep);
  if (parts[0] !== 'src') return parts[0];
  return parts.length > 3 ? parts.slice(0, 3).join('/') : parts.slice(0, 2).join('/');
}

const files = [...sourceFiles(path.join(ROOT, 'src')), ...sourceFiles(path.join(ROOT, 'commands'))];
const edges = new Map<string, Map<string, string>>();
for (const file of files) {
  for (const specifier of runtimeImports(file)) {
    const target = path.resolve(path.dirname(file), specifier);
    const from = folderOf(file);
    const to = folderOf(target);
    if (from === to) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    edges.get(from)!.set(to, `${path.relative(ROOT, file)} imports ${specifier}`);
  }
}

test('the folder graph of run-time imports has no cycle', () => {
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (folder: string): void => {
    if (state.get(folder) === 'done') return;
    if (state.get(folder) === 'visiting') {
      const cycle = [...stack.slice(stack.indexOf(folder)), folder];
      const witnesses = cycle.slice(1).map((to, index) => edges.get(cycle[index])!.get(to));
      assert.unreachable(`import cycle: ${cycle.join(' -> ')}\n  ${witnesses.join('\n  ')}`);
    }
    state.set(folder, 'visiting');
    stack.push(folder);
    for (const next of edges.get(folder)?.keys() ?? []) visit(next);
    stack.pop();
    state.set(folder, 'done');
  };
  for (const folder of edges.keys()) visit(folder);
  assert.ok(edges.size >= 10, `the graph covers the source folders (${edges.size} with imports)`);
});

test('every import between layers points down (docs/architecture.md)', () => {
  const upward: string[] = [];
  for (const file of files) {
    const from = layerOf(file, ROOT);
    for (const specifier of runtimeImports(file)) {
      const to = layerOf(path.resolve(path.dirname(file), specifier), ROOT);
      if (from && to && from !== to && !(ALLOWED as Record<string, string[]>)[from].includes(to))
        upward.push(`${path.relative(ROOT, file)} (${from}) imports ${specifier} (${to})`);
    }
  }
  assert.equal(upward, []);
});

test('no domain module imports the application layer, a face or the CLI', () => {
  for (const [layer, allowed] of Object.entries(ALLOWED)) {
    if (!layer.startsWith('domain/')) continue;
    assert.ok(
      allowed.every((target) => target === 'base' || target.startsWith('domain/')),
      `${layer} may import only base and domain parts`,
    );
  }
});

test.run();
