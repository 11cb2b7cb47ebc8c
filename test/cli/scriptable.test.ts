import { spawn } from 'node:child_process';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { BIN, EXAMPLES, ROOT, json, runCli, tempDir } from '../helpers/cli.js';
import { TmuxSession, haveTmux } from '../helpers/tmux.js';

const FEEDER = path.join(ROOT, 'test/data/tiny_feeder.json');
const scriptable = suite('scriptable output: streams, exit codes, --json everywhere');

scriptable('with no arguments hazsim prints its help on stdout and exits 0', () => {
  const result = runCli([]);
  assert.is(result.code, 0);
  assert.match(result.stdout, /^Usage: hazsim /);
  assert.is(result.stderr, '');
});

scriptable('validate --json on an invalid file prints the verdict and every issue on stdout, exit 5', () => {
  const file = path.join(tempDir(), 'bad.json');
  const feeder = JSON.parse(fs.readFileSync(FEEDER, 'utf8'));
  feeder.components[0].uuid = 'not-a-uuid';
  fs.writeFileSync(file, JSON.stringify(feeder));
  const result = runCli(['validate', file, '--json']);
  assert.is(result.code, 5);
  const verdict = json(result);
  assert.is(verdict.valid, false);
  assert.is(verdict.file, file);
  assert.ok(verdict.issues.length > 0, result.stdout);
  assert.ok(
    verdict.issues.every((issue: { path: string; message: string }) => typeof issue.path === 'string' && typeof issue.message === 'string'),
    result.stdout,
  );
  assert.is(JSON.parse(result.stderr).error.exit_code, 5);
});

scriptable('option-parsing errors honour --json: a JSON error object on stderr, nothing on stdout, exit 2', () => {
  const result = runCli(['list', '--no-such-option', '--json', '--cache-dir', tempDir()]);
  assert.is(result.code, 2);
  assert.is(result.stdout, '');
  assert.equal(JSON.parse(result.stderr), { error: { kind: 'usage', message: "unknown option '--no-such-option'", exit_code: 2 } });
});

scriptable('-n 0 and -n -5 are the same invalid input (exit 5); -n abc is a usage error (exit 2)', () => {
  const cache = tempDir();
  for (const samples of ['0', '-5']) {
    const result = runCli(['scenarios', 'feeder', 'storm', '-n', samples, '--cache-dir', cache]);
    assert.is(result.code, 5, `-n ${samples}: ${result.stderr}`);
    assert.match(result.stderr, /number_of_samples: must be at least 1/);
  }
  assert.is(runCli(['scenarios', 'feeder', 'storm', '-n', 'abc', '--cache-dir', cache]).code, 2);
});

scriptable('off a terminal tables are full tab-separated values, never cut', () => {
  const cache = tempDir();
  const description = `a long description ${'x'.repeat(120)}`;
  assert.is(runCli(['upload', FEEDER, '--description', description, '--cache-dir', cache]).code, 0);
  const result = runCli(['list', '--cache-dir', cache]);
  assert.is(result.code, 0, result.stderr);
  const [header, row] = result.stdout.trimEnd().split('\n');
  assert.is(header, 'KIND\tNAME\tCREATED (UTC)\tDESCRIPTION');
  const cells = row.split('\t');
  assert.is(cells.length, 4);
  assert.equal([cells[0], cells[1], cells[3]], ['distribution', 'tiny_feeder', description]);
  assert.not.ok(result.stdout.includes('…'));
});

scriptable('warnings go to stderr (and into the --json object); the example curve set fallback is one short line', () => {
  const cache = tempDir();
  const out = tempDir();
  for (const args of [
    ['upload', path.join(EXAMPLES, 'feeder/example_feeder.json')],
    ['upload', path.join(EXAMPLES, 'hazards/wildfire.json'), '--name', 'fire'],
    ['curve-sets', 'upload', path.join(EXAMPLES, 'curve-sets/example_curves.json')],
  ])
    assert.is(runCli([...args, '--cache-dir', cache]).code, 0, args.join(' '));
  const human = runCli(['simulate', 'example_feeder', 'fire', '--curve-set', 'example_curves', '-o', path.join(out, 'a.sqlite'), '--cache-dir', cache]);
  assert.is(human.code, 0, human.stderr);
  assert.not.match(human.stdout, /warning/);
  const warnings = human.stderr.split('\n').filter((line) => line.startsWith('hazsim: warning: '));
  const fallback = warnings.find((line) => line.includes('curve set example_curves has no curve for'));
  assert.ok(fallback, human.stderr);
  assert.ok(fallback!.length < 250, fallback);
  const machine = runCli([
    'simulate',
    'example_feeder',
    'fire',
    '--curve-set',
    'example_curves',
    '-o',
    path.join(out, 'b.sqlite'),
    '--cache-dir',
    cache,
    '--json',
  ]);
  assert.is(machine.code, 0, machine.stderr);
  assert.equal(
    json(machine).warnings.map((warning: string) => `hazsim: warning: ${warning}`),
    warnings,
  );
});

scriptable('Ctrl-C at a prompt exits 130 quietly', async () => {
  if (!haveTmux()) return;
  const session = new TmuxSession(`node ${BIN} upload --cache-dir ${tempDir()}`);
  try {
    await session.waitFor(/Model file to upload/);
    session.send('C-c');
    const screen = await session.waitFor(/\[exit \d+\]/);
    assert.match(screen, /\[exit 130\]/);
    assert.not.match(screen, /force closed/);
  } finally {
    session.close();
  }
});

scriptable('--json only where there is a result to print; `cache` alone is `cache info` and takes the global options', () => {
  for (const args of [['browse'], ['mcp'], ['completion', 'bash']]) {
    const result = runCli([...args, '--json']);
    assert.is(result.code, 2, args.join(' '));
    assert.match(result.stderr, /unknown option '--json'/);
  }
  const cache = tempDir();
  const info = runCli(['cache', '--cache-dir', cache, '--json']);
  assert.is(info.code, 0, info.stderr);
  assert.is(json(info).cache_directory, cache);
  const help = runCli(['curve-sets', '--help']);
  assert.match(help.stdout, /\n {2}summary .*default/);
});

scriptable('delete asks on a terminal (no keeps the model, exit 1); --yes deletes without asking', async () => {
  if (!haveTmux()) return;
  const cache = tempDir();
  assert.is(runCli(['upload', FEEDER, '--cache-dir', cache]).code, 0);
  const names = () => json(runCli(['list', '--json', '--cache-dir', cache])).map((model: { name: string }) => model.name);
  const asked = new TmuxSession(`node ${BIN} delete tiny_feeder --cache-dir ${cache}`);
  try {
    const screen = await asked.waitFor(/Delete the distribution model tiny_feeder and its files\?/);
    console.log(`SCREEN delete asks:\n${screen}\nEND SCREEN`);
    asked.send('n', 'Enter');
    const after = await asked.waitFor(/\[exit \d+\]/);
    assert.match(after, /delete cancelled: tiny_feeder kept/);
    assert.match(after, /\[exit 1\]/);
  } finally {
    asked.close();
  }
  assert.equal(names(), ['tiny_feeder']);
  const forced = new TmuxSession(`node ${BIN} delete tiny_feeder --yes --cache-dir ${cache}`);
  try {
    const screen = await forced.waitFor(/\[exit \d+\]/);
    assert.match(screen, /\[exit 0\]/);
    assert.not.match(screen, /Delete the/);
  } finally {
    forced.close();
  }
  assert.equal(names(), []);
});

scriptable('every command has an Examples section in --help, and the man page has them all', () => {
  const commands = [
    'upload',
    'validate',
    'list',
    'show',
    'delete',
    'simulate',
    'scenarios',
    'cache info',
    'cache refresh',
    'cache prune',
    'hazard-types',
    'curve-sets summary',
    'curve-sets list',
    'curve-sets show',
    'curve-sets upload',
    'curve-sets delete',
    'serve',
    'mcp',
    'browse',
    'completion',
  ];
  const man = fs.readFileSync(path.join(ROOT, 'man/hazsim.1'), 'utf8');
  assert.match(man, /\n\.SH EXAMPLES\n/);
  for (const command of commands) {
    const help = runCli([...command.split(' '), '--help']);
    assert.is(help.code, 0, command);
    assert.match(help.stdout, new RegExp(`\nExamples:\n  \\$ [^\n]*hazsim[^\n]*${command.split(' ').at(-1)!.replace('summary', 'curve-sets')}`), command);
    assert.ok(man.includes(`.SS ${command}\n.nf\n$ `), `man page examples of ${command}`);
  }
});

scriptable('a reader that stops early (| head) ends the run quietly with the SIGPIPE status 141, not a stack trace', async () => {
  const child = spawn(process.execPath, [BIN, 'report', '--help'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  // The reading end is closed before the help is written: the write fails with EPIPE, as after `head -1` exits.
  child.stdout.destroy();
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  assert.is(stderr, '');
  assert.is(code, 141);
});

scriptable.run();
