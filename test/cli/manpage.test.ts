import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { ROOT } from '../helpers/cli.js';
import { createProgram } from '../../commands/main.js';
import { createContext } from '../../commands/context.js';
import { manPage } from '../../commands/manPage.js';

const MAN = path.join(ROOT, 'man', 'hazsim.1');
const page = suite('man/hazsim.1');

page('is current: it equals what the command definitions generate (npm run man)', () => {
  assert.fixture(fs.readFileSync(MAN, 'utf8'), manPage(createProgram(createContext())));
});

page('renders with groff -ww and man -l without warnings', () => {
  const groff = spawnSync('groff', ['-ww', '-man', '-Tutf8', MAN], { encoding: 'utf8' });
  assert.is(groff.status, 0);
  assert.is(groff.stderr, '', groff.stderr);
  const man = spawnSync('man', ['-l', MAN], { encoding: 'utf8', env: { ...process.env, MANPAGER: 'cat', PAGER: 'cat', MANWIDTH: '80' } });
  assert.is(man.status, 0, man.stderr);
  assert.is(man.stderr.trim(), '', man.stderr);
});

page('names every subcommand and every option of the commander definitions', () => {
  const rendered = spawnSync('groff', ['-man', '-Tascii', '-P', '-c', '-P', '-b', '-P', '-u', MAN], { encoding: 'utf8' }).stdout;
  const walk = (command: Command, prefix: string[]) => {
    for (const sub of command.commands) {
      const name = [...prefix, sub.name()].join(' ');
      assert.ok(rendered.includes(`hazsim ${name}`), `subcommand "${name}" missing`);
      for (const option of sub.options) assert.ok(rendered.includes(option.long ?? option.flags), `option ${option.flags} of "${name}" missing`);
      walk(sub, [...prefix, sub.name()]);
    }
  };
  walk(createProgram(createContext()), []);
  for (const section of ['EXIT STATUS', 'ENVIRONMENT', 'FILES', 'HAZSIM_CACHE_DIR']) assert.ok(rendered.includes(section), section);
});

page('is installed through package.json "man"', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  assert.equal(pkg.man, ['man/hazsim.1']);
});

page.run();
