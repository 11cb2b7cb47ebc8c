import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { runCli, tempDir } from '../helpers/cli.js';

const completion = suite('hazsim completion');

/** Asks the generated bash script for completions of `words` (the last one being completed). */
function complete(script: string, words: string[]): string[] {
  const file = path.join(tempDir(), 'completion.bash');
  fs.writeFileSync(file, script);
  const quoted = words.map((word) => `'${word}'`).join(' ');
  const result = spawnSync(
    'bash',
    ['-c', `source ${file}; COMP_WORDS=(hazsim ${quoted}); COMP_CWORD=${words.length}; _hazsim_complete; printf '%s\\n' "\${COMPREPLY[@]}"`],
    { encoding: 'utf8' },
  );
  assert.is(result.status, 0, result.stderr);
  return result.stdout.split('\n').filter(Boolean);
}

completion('bash: completes subcommands, nested subcommands and options from the live command tree', () => {
  const result = runCli(['completion', 'bash']);
  assert.is(result.code, 0, result.stderr);
  assert.ok(complete(result.stdout, ['']).includes('upload'));
  assert.equal(complete(result.stdout, ['ca']), ['cache']);
  assert.equal(complete(result.stdout, ['cache', '']).sort(), ['info', 'refresh']);
  const listOptions = complete(result.stdout, ['list', '--']);
  for (const flag of ['--kind', '--refresh', '--json', '--cache-dir']) assert.ok(listOptions.includes(flag), flag);
});

completion('zsh: the script loads bash completion through bashcompinit', () => {
  const result = runCli(['completion', 'zsh']);
  assert.is(result.code, 0);
  assert.match(result.stdout, /^#compdef hazsim/);
  assert.match(result.stdout, /bashcompinit/);
  assert.match(result.stdout, /complete -o filenames -F _hazsim_complete hazsim/);
});

completion('an unknown shell is a usage error', () => {
  assert.is(runCli(['completion', 'fish']).code, 2);
});

completion.run();
