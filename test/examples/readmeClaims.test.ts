import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT, runCli, tempDir } from '../helpers/cli.js';

// What the README says about the commands, checked against the commands themselves: which
// take --json, the completion shells, the curve-sets subcommands and the names of the files
// simulate and scenarios write (the tour itself runs in readmeTour.test.ts).

const test = suite('README claims match the commands');
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');

/** The command names a help text lists under "Commands:". */
function commandsOf(help: string): string[] {
  const section = help.slice(help.indexOf('Commands:'));
  return [...section.matchAll(/^ {2}([a-z][\w-]*)/gm)].map((match) => match[1]).filter((name) => name !== 'help');
}

test('exactly the subcommands the README names have no --json; all others take it', () => {
  const claim = /\(`browse`, `mcp` and `completion` have no `--json`/.exec(README);
  assert.ok(claim, 'the README names the commands without --json');
  const leaves: string[] = [];
  for (const name of commandsOf(runCli(['--help']).stdout)) {
    const help = runCli([name, '--help']).stdout;
    const children = help.includes('Commands:') ? commandsOf(help) : [];
    if (children.length === 0) leaves.push(name);
    for (const child of children) leaves.push(`${name} ${child}`);
  }
  const withoutJson = leaves.filter((command) => !runCli([...command.split(' '), '--help']).stdout.includes('--json'));
  assert.equal(withoutJson.sort(), ['browse', 'completion', 'mcp']);
});

test('the tour names every completion shell and curve-sets subcommand', () => {
  const shells = /choices: ([^)]*)\)/
    .exec(runCli(['completion', '--help']).stdout)![1]
    .replace(/"/g, '')
    .split(', ');
  assert.match(README, new RegExp(`hazsim completion ${shells.join('\\|')}\\s`));
  const curveSets = commandsOf(runCli(['curve-sets', '--help']).stdout);
  const line = /hazsim curve-sets \[([^\]]*)\]/.exec(README)![1];
  assert.equal(
    line
      .split('|')
      .map((part) => part.split(' ')[0])
      .sort(),
    curveSets.sort(),
  );
});

test('"What comes out" names the files simulate and scenarios write in the working folder', () => {
  const work = tempDir();
  const cache = path.join(work, 'cache');
  for (const file of ['test/data/tiny_feeder.json', 'test/data/tiny_quake.json'])
    assert.is(runCli(['upload', path.join(ROOT, file), '--cache-dir', cache]).code, 0);
  assert.is(runCli(['simulate', 'tiny_feeder', 'tiny_quake', '--cache-dir', cache], { cwd: work }).code, 0);
  assert.is(runCli(['scenarios', 'tiny_feeder', 'tiny_quake', '-n', '3', '--seed', '7', '--cache-dir', cache], { cwd: work }).code, 0);
  const pattern = (template: string) =>
    new RegExp(
      `^${template
        .replace(/[+.]/g, '\\$&')
        .replace(/\{distribution\}/, 'tiny_feeder')
        .replace('{hazard}', 'tiny_quake')
        .replace('{curve_set}', 'DEFAULT_CURVES')
        .replace('{n}', '3')
        .replace('{seed}', '7')
        .replace('{method}', 'peak')}$`,
    );
  const simulateName = /`hazsim simulate` writes `([^`]+)`/.exec(README)![1];
  const scenariosName = /`hazsim scenarios` writes `([^`]+)`/.exec(README)![1];
  const written = fs.readdirSync(work).filter((name) => name !== 'cache');
  assert.ok(
    written.some((name) => pattern(simulateName).test(name)),
    `${simulateName} vs ${written.join(', ')}`,
  );
  assert.ok(
    written.some((name) => pattern(scenariosName).test(name)),
    `${scenariosName} vs ${written.join(', ')}`,
  );
});

test.run();
