import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, EXAMPLES, json, ROOT, runCli, tempDir } from '../helpers/cli.js';

// Output paths, third pass (docs/hardening.md, "Result files" and "Interrupted and killed
// runs"): never write through or replace a link, `-o -` streams to stdout, an empty path is
// refused, a trailing "/" names a folder, a file of another kind is replaced only with
// --overwrite, and an interrupted or killed run leaves no partial file that nothing finds.

interface Context {
  cache: string;
}

const test = suite<Context>('output paths', {} as Context);

test.before((context) => {
  context.cache = tempDir();
  assert.is(runCli(['upload', path.join(EXAMPLES, 'feeder/example_feeder.json'), '--name', 'feeder', '--cache-dir', context.cache]).code, 0);
  assert.is(runCli(['upload', path.join(EXAMPLES, 'hazards/earthquake.json'), '--name', 'quake', '--cache-dir', context.cache]).code, 0);
});

const run = (context: Context, args: string[], cwd?: string) => runCli([...args, '--cache-dir', context.cache], { cwd });
const SQLITE_MAGIC = 'SQLite format 3\0';

/** Runs the CLI with its stdout sent to `file`, as `hazsim … > file` does. */
function runToFile(context: Context, args: string[], file: string) {
  const fd = fs.openSync(file, 'w');
  try {
    const result = spawnSync(process.execPath, [BIN, ...args, '--cache-dir', context.cache], { cwd: ROOT, stdio: ['ignore', fd, 'pipe'], encoding: 'utf8' });
    return { code: result.status ?? -1, stderr: result.stderr };
  } finally {
    fs.closeSync(fd);
  }
}

test('-o /dev/stdout > file puts the result in the file, the summary on stderr, and leaves the /dev/stdout link a link', (context) => {
  const before = fs.lstatSync('/dev/stdout');
  const out = path.join(tempDir(), 'out.sqlite');
  const result = runToFile(context, ['simulate', 'feeder', 'quake', '-o', '/dev/stdout'], out);
  assert.is(result.code, 0, result.stderr);
  assert.is(fs.readFileSync(out).subarray(0, 16).toString('latin1'), SQLITE_MAGIC);
  assert.match(result.stderr, /assets:/);
  const after = fs.lstatSync('/dev/stdout');
  assert.ok(after.isSymbolicLink() === before.isSymbolicLink() && after.ino === before.ino, '/dev/stdout was replaced');
});

test('-o - streams the scenario ZIP and the report to stdout, the JSON summary to stderr', (context) => {
  const work = tempDir();
  const zip = path.join(work, 'run.zip');
  const scenarios = runToFile(context, ['scenarios', 'feeder', 'quake', '-n', '3', '-o', '-', '--json'], zip);
  assert.is(scenarios.code, 0, scenarios.stderr);
  assert.is(JSON.parse(scenarios.stderr).file_path, '-');
  assert.is(spawnSync('unzip', ['-tq', zip]).status, 0, 'stdout is not a whole ZIP');
  const sqlite = path.join(work, 'run.sqlite');
  assert.is(runToFile(context, ['simulate', 'feeder', 'quake', '-o', '-'], sqlite).code, 0);
  const html = path.join(work, 'page.html');
  const report = runToFile(context, ['report', sqlite, '-o', '-'], html);
  assert.is(report.code, 0, report.stderr);
  assert.match(fs.readFileSync(html, 'utf8').slice(0, 100), /^<!doctype html>/i);
  assert.equal(fs.readdirSync(work).sort(), ['page.html', 'run.sqlite', 'run.zip']);
});

test('a symbolic link as -o is refused with exit 5: neither the link nor its target changes', (context) => {
  const work = tempDir();
  const target = path.join(work, 'notes.txt');
  fs.writeFileSync(target, 'mine\n');
  const link = path.join(work, 'result.sqlite');
  fs.symlinkSync(target, link);
  const dangling = path.join(work, 'dangling.zip');
  fs.symlinkSync(path.join(work, 'nowhere'), dangling);
  for (const args of [
    ['simulate', 'feeder', 'quake', '-o', link],
    ['scenarios', 'feeder', 'quake', '-n', '2', '-o', dangling],
    ['simulate', 'feeder', 'quake', '-o', '/dev/stderr'],
  ]) {
    const result = run(context, args);
    assert.is(result.code, 5, `${args.join(' ')}: ${result.stderr}`);
    assert.match(result.stderr, /symbolic link/);
  }
  assert.ok(fs.lstatSync(link).isSymbolicLink() && fs.lstatSync(dangling).isSymbolicLink());
  assert.is(fs.readFileSync(target, 'utf8'), 'mine\n');
  assert.equal(fs.readdirSync(work).sort(), ['dangling.zip', 'notes.txt', 'result.sqlite']);
  assert.ok(fs.lstatSync('/dev/stderr').isSymbolicLink());
});

test('-o "" (an unset variable) is refused with exit 5 for every writer, and nothing is written', (context) => {
  const work = tempDir();
  const sqlite = path.join(work, 'r.sqlite');
  assert.is(run(context, ['simulate', 'feeder', 'quake', '-o', sqlite]).code, 0);
  for (const args of [
    ['simulate', 'feeder', 'quake', '-o', ''],
    ['scenarios', 'feeder', 'quake', '-n', '2', '-o', ''],
    ['impact', 'feeder', 'quake', '-n', '2', '-o', ''],
    ['report', sqlite, '-o', ''],
    ['merge', sqlite, '-o', ''],
  ]) {
    const result = run(context, args, work);
    assert.is(result.code, 5, `${args.join(' ')}: ${result.stderr}`);
    assert.match(result.stderr, /output path is empty/);
  }
  assert.equal(fs.readdirSync(work), ['r.sqlite']);
});

test('-o folder/ creates the folder and writes the stored name in it; a file there of another kind needs --overwrite', (context) => {
  const work = tempDir();
  const simulated = json(run(context, ['simulate', 'feeder', 'quake', '-o', 'newdir/', '--json'], work));
  assert.is(simulated.file_path, path.join(work, 'newdir', 'feeder+quake+DEFAULT_CURVES_results.sqlite'));
  assert.ok(fs.statSync(path.join(work, 'newdir')).isDirectory());
  // A trailing "/" never names a file: an existing file there is refused, a missing parent too.
  fs.writeFileSync(path.join(work, 'plain'), 'x');
  const notFolder = run(context, ['simulate', 'feeder', 'quake', '-o', 'plain/'], work);
  assert.is(notFolder.code, 5, notFolder.stderr);
  assert.match(notFolder.stderr, /names a folder/);
  const noParent = run(context, ['simulate', 'feeder', 'quake', '-o', 'a/b/'], work);
  assert.is(noParent.code, 5, noParent.stderr);
  // The second command of another kind at the same path: a conflict naming --overwrite, the SQLite result kept.
  const result = path.join(work, 'newdir', 'feeder+quake+DEFAULT_CURVES_results.sqlite');
  const otherKind = run(context, ['scenarios', 'feeder', 'quake', '-n', '2', '-o', result], work);
  assert.is(otherKind.code, 4, otherKind.stderr);
  assert.match(otherKind.stderr, /--overwrite/);
  assert.is(fs.readFileSync(result).subarray(0, 16).toString('latin1'), SQLITE_MAGIC);
  // The same kind is replaced as before; a user's own file only with --overwrite.
  assert.is(run(context, ['simulate', 'feeder', 'quake', '-o', result], work).code, 0);
  const notes = path.join(work, 'notes.sqlite');
  fs.writeFileSync(notes, 'my notes\n');
  assert.is(run(context, ['simulate', 'feeder', 'quake', '-o', notes], work).code, 4);
  assert.is(fs.readFileSync(notes, 'utf8'), 'my notes\n');
  const forced = run(context, ['scenarios', 'feeder', 'quake', '-n', '2', '-o', result, '--overwrite'], work);
  assert.is(forced.code, 0, forced.stderr);
  assert.is(fs.readFileSync(result).subarray(0, 2).toString('latin1'), 'PK');
});

/** Starts a long scenario run writing into `folder` and resolves once its partial file exists. */
async function startLongRun(context: Context, folder: string) {
  const child = spawn(
    process.execPath,
    [BIN, 'scenarios', 'feeder', 'quake', '-n', '40000', '-o', path.join(folder, 'big.zip'), '--cache-dir', context.cache],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + 60_000;
  while (!fs.readdirSync(folder).some((name) => name.endsWith('.tmp.damage.csv'))) {
    if (Date.now() > deadline) throw new Error(`no partial file appeared: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { child, exited, stderr: () => stderr };
}

test('Ctrl-C during scenarios removes its hidden partial files and exits 130', async (context) => {
  const folder = tempDir();
  const { child, exited, stderr } = await startLongRun(context, folder);
  child.kill('SIGINT');
  const { code } = await exited;
  assert.is(code, 130, stderr());
  assert.equal(fs.readdirSync(folder), []);
  assert.equal(fs.readdirSync(path.join(context.cache, 'writing')), []);
});

test('cache prune lists the partial files of a killed run wherever it wrote, and removes them with --yes', async (context) => {
  const folder = tempDir();
  const { child, exited } = await startLongRun(context, folder);
  child.kill('SIGKILL');
  await exited;
  const left = fs.readdirSync(folder);
  assert.ok(left.length >= 2, `expected the ZIP's partial file and its damage.csv, got ${left.join(', ')}`);
  const listed = json(run(context, ['cache', 'prune', '--json']));
  const partial = listed.entries.filter((entry: { kind: string }) => entry.kind === 'partial_file').map((entry: { path: string }) => entry.path);
  assert.equal(partial.sort(), left.map((name) => path.join(folder, name)).sort());
  assert.equal(fs.readdirSync(folder).sort(), left.sort(), 'a dry run removed something');
  assert.is(run(context, ['cache', 'prune', '--yes']).code, 0);
  assert.equal(fs.readdirSync(folder), []);
});

test.run();
