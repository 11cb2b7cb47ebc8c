import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BIN, ROOT, runCli, tempDir } from '../helpers/cli.js';

const completion = suite('hazsim completion');

/** A folder with a `hazsim` on it, as an installed one would be: the script asks it for cached names. */
function binFolder(): string {
  const folder = tempDir();
  fs.writeFileSync(path.join(folder, 'hazsim'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`, { mode: 0o755 });
  return folder;
}
const bin = binFolder();

/** Asks the generated bash script for completions of `words` (the last one being completed). */
function complete(script: string, words: string[], env: NodeJS.ProcessEnv = {}): string[] {
  const file = path.join(tempDir(), 'completion.bash');
  fs.writeFileSync(file, script);
  const quoted = words.map((word) => `'${word}'`).join(' ');
  const result = spawnSync(
    'bash',
    ['-c', `source ${file}; COMP_WORDS=(hazsim ${quoted}); COMP_CWORD=${words.length}; _hazsim_complete; printf '%s\\n' "\${COMPREPLY[@]}"`],
    { encoding: 'utf8', env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, ...env } },
  );
  assert.is(result.status, 0, result.stderr);
  return result.stdout.split('\n').filter(Boolean);
}

completion('bash: completes subcommands, nested subcommands and options from the live command tree', () => {
  const result = runCli(['completion', 'bash']);
  assert.is(result.code, 0, result.stderr);
  assert.ok(complete(result.stdout, ['']).includes('upload'));
  assert.equal(complete(result.stdout, ['ca']), ['cache']);
  assert.equal(complete(result.stdout, ['cache', '']).sort(), ['info', 'prune', 'refresh']);
  const listOptions = complete(result.stdout, ['list', '--']);
  for (const flag of ['--kind', '--refresh', '--json', '--cache-dir']) assert.ok(listOptions.includes(flag), flag);
});

completion('bash: completes model and curve set names from the cache the command line names, option values from their choices', () => {
  const cache = tempDir();
  const other = tempDir();
  for (const [file, name] of [
    ['test/data/tiny_feeder.json', 'charleston'],
    ['test/data/tiny_feeder.json', 'columbia'],
    ['test/data/tiny_quake.json', 'quake'],
  ]) {
    assert.is(runCli(['upload', path.join(ROOT, file), '--name', name, '--cache-dir', cache]).code, 0);
  }
  assert.is(runCli(['upload', path.join(ROOT, 'test/data/tiny_quake.json'), '--name', 'hurricane_ian', '--cache-dir', other]).code, 0);
  assert.is(runCli(['curve-sets', 'upload', path.join(ROOT, 'examples/curve-sets/example_curves.json'), '--name', 'my_curves', '--cache-dir', cache]).code, 0);
  const script = runCli(['completion', 'bash']).stdout;
  const inCache = (words: string[]) => complete(script, [words[0], '--cache-dir', cache, ...words.slice(1)]);
  assert.equal(inCache(['simulate', '']).sort(), ['charleston', 'columbia']);
  assert.equal(inCache(['simulate', 'c']).sort(), ['charleston', 'columbia']);
  assert.equal(inCache(['simulate', 'charleston', '']), ['quake']);
  assert.equal(inCache(['scenarios', '-n', '5', 'charleston', 'q']), ['quake'], 'an option value is not counted as an argument');
  assert.equal(inCache(['show', '']).sort(), ['charleston', 'columbia', 'quake']);
  assert.equal(inCache(['simulate', 'charleston', 'quake', '--curve-set', '']).sort(), [
    'DEFAULT_CURVES',
    'ERAD_V1_CURVES',
    'LEGACY_DEFAULT_CURVES',
    'my_curves',
  ]);
  assert.equal(inCache(['curve-sets', 'show', 'my']), ['my_curves']);
  assert.equal(inCache(['simulate', '--physics', '']).sort(), ['default', 'erad_v1']);
  assert.equal(inCache(['scenarios', '--method', 's']), ['sequential']);
  assert.equal(inCache(['upload', '--kind', 'h']), ['hazard']);
  // Without --cache-dir the script asks the default cache, here set by the environment.
  assert.equal(complete(script, ['simulate', 'x', ''], { HAZSIM_CACHE_DIR: other }), ['hurricane_ian']);
  const names = runCli(['completion', '--names', 'hazard', '--cache-dir', cache]);
  assert.is(names.code, 0, names.stderr);
  assert.is(names.stdout, 'quake\n');
});

completion('zsh: the script loads bash completion through bashcompinit', () => {
  const result = runCli(['completion', 'zsh']);
  assert.is(result.code, 0);
  assert.match(result.stdout, /^#compdef hazsim/);
  assert.match(result.stdout, /bashcompinit/);
  assert.match(result.stdout, /complete -o filenames -F _hazsim_complete hazsim/);
});

completion('an unknown shell is a usage error', () => {
  assert.is(runCli(['completion', 'powershell']).code, 2);
});

completion('fish: carries the bash script (fish quoting undone, byte for byte) and runs it in bash for the words fish gives', () => {
  const fish = runCli(['completion', 'fish']);
  assert.is(fish.code, 0, fish.stderr);
  const bash = runCli(['completion', 'bash']).stdout;
  const literal = /^set -g __hazsim_bash_completion '((?:[^'\\]|\\.)*)'$/m.exec(fish.stdout);
  assert.ok(literal, 'the bash script as one fish single-quoted string');
  assert.is(literal![1].replace(/\\(['\\])/g, '$1'), bash);
  assert.match(fish.stdout, /^complete -c hazsim -f -a '\(__hazsim_complete\)'$/m);
  // The function's pipeline, as fish runs it for `hazsim cache <TAB>`: $words is (hazsim cache '').
  const pipeline = /^ {4}printf '%s\\n' \$__hazsim_bash_completion \| (bash -c '[^']*') hazsim \$words$/m.exec(fish.stdout);
  assert.ok(pipeline, fish.stdout.split('\n').slice(-6).join('\n'));
  const script = /^bash -c '([^']*)'$/.exec(pipeline![1])![1];
  // Through a real pipe, as fish's printf | bash is (a pipe from node is a socket, which /dev/stdin cannot open).
  const result = spawnSync('sh', ['-c', `printf '%s\\n' "$SCRIPT" | bash -c "$RUN" hazsim hazsim cache ''`], {
    encoding: 'utf8',
    env: { ...process.env, SCRIPT: bash, RUN: script },
  });
  assert.is(result.status, 0, result.stderr);
  assert.equal(result.stdout.split('\n').filter(Boolean).sort(), ['info', 'prune', 'refresh']);
});

completion.run();
