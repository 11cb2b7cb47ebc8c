import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT, tempDir } from '../helpers/cli.js';

// scripts/build.mjs (the `prepare` and `build` scripts): dist/ is built once and never rewritten
// in place. Exercised on a two-file project laid out like this one (src/, commands/,
// tsconfig.json, node_modules with TypeScript), so a build takes seconds, not minutes.

const test = suite('scripts/build.mjs');

function project(): string {
  const dir = tempDir('hazsim-build-');
  fs.mkdirSync(path.join(dir, 'scripts'));
  fs.copyFileSync(path.join(ROOT, 'scripts/build.mjs'), path.join(dir, 'scripts/build.mjs'));
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  fs.mkdirSync(path.join(dir, 'src'));
  fs.mkdirSync(path.join(dir, 'commands'));
  fs.writeFileSync(path.join(dir, 'src/answer.ts'), 'export const answer: number = 42;\n');
  fs.writeFileSync(path.join(dir, 'commands/main.ts'), "import { answer } from '../src/answer.js';\nconsole.log(answer);\n");
  fs.writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', types: [], outDir: 'dist', rootDir: '.', skipLibCheck: true },
      include: ['src/**/*.ts', 'commands/**/*.ts'],
    }),
  );
  return dir;
}

const build = (dir: string, ...args: string[]) => spawnSync(process.execPath, [path.join(dir, 'scripts/build.mjs'), ...args], { encoding: 'utf8' });
const run = (dir: string) => spawnSync(process.execPath, [path.join(dir, 'dist/commands/main.js')], { encoding: 'utf8' }).stdout.trim();

test('the first call builds; later calls find dist/ current and touch nothing', () => {
  const dir = project();
  const first = build(dir);
  assert.is(first.status, 0, first.stderr);
  assert.is(run(dir), '42');
  const before = fs.statSync(path.join(dir, 'dist/src/answer.js'));
  const again = build(dir);
  assert.is(again.status, 0, again.stderr);
  assert.match(again.stderr, /dist\/ is current \(sources unchanged\); not rebuilt/);
  const after = fs.statSync(path.join(dir, 'dist/src/answer.js'));
  assert.is(after.ino, before.ino);
  assert.is(after.mtimeMs, before.mtimeMs);
});

test('a changed source is built aside and swapped in: a new dist/ folder, an open file of the old one still reads whole, nothing left beside it', () => {
  const dir = project();
  assert.is(build(dir).status, 0);
  const oldFolder = fs.statSync(path.join(dir, 'dist')).ino;
  // A running process holds the old build's files open.
  const held = fs.openSync(path.join(dir, 'dist/src/answer.js'), 'r');
  fs.writeFileSync(path.join(dir, 'src/answer.ts'), 'export const answer: number = 43;\n');
  const rebuilt = build(dir);
  assert.is(rebuilt.status, 0, rebuilt.stderr);
  assert.is(run(dir), '43');
  assert.is.not(fs.statSync(path.join(dir, 'dist')).ino, oldFolder, 'dist/ is a new folder, not the old one rewritten');
  const buffer = Buffer.alloc(200);
  const read = fs.readSync(held, buffer, 0, 200, 0);
  fs.closeSync(held);
  assert.match(buffer.subarray(0, read).toString(), /answer = 42/);
  assert.equal(
    fs.readdirSync(dir).filter((name) => name.startsWith('.dist-')),
    [],
  );
});

test('a failed compile leaves the current dist/ as it was and no folder beside it', () => {
  const dir = project();
  assert.is(build(dir).status, 0);
  fs.writeFileSync(path.join(dir, 'src/answer.ts'), 'export const answer: number = "not a number";\n');
  const failed = build(dir);
  assert.is.not(failed.status, 0);
  assert.match(failed.stderr, /hazsim build: the TypeScript build failed/);
  assert.is(run(dir), '42');
  assert.equal(
    fs.readdirSync(dir).filter((name) => name.startsWith('.dist-')),
    [],
  );
});

test("this package's prepare and build scripts are scripts/build.mjs: npm ci builds once, npm install -g . and npx find dist/ current", () => {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  assert.is(scripts.prepare, 'node scripts/build.mjs');
  assert.is(scripts.build, 'node scripts/build.mjs');
});

test.run();
