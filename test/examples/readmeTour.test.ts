import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { EXAMPLES, ROOT, tempDir } from '../helpers/cli.js';
import { makeZip } from '../helpers/zip.js';

const tour = suite('README: Install, then the short tour, as a new user runs them');
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');

/** The fenced block that follows a heading of the README. */
function blockAfter(heading: string, language: string): string {
  const section = README.slice(README.indexOf(`## ${heading}\n`));
  const match = new RegExp('```' + language + '\\n([\\s\\S]*?)```').exec(section);
  assert.ok(match, `a ${language} block under ${heading}`);
  return match![1];
}

// One private npm prefix for the whole file: `npm install -g --prefix <dir> .` as the Install section says.
const prefix = tempDir('hazsim-prefix-');
const bin = path.join(prefix, 'bin');

tour('the Quick start keeps its two commands', () => {
  assert.is(blockAfter('Quick start', 'sh'), 'npm ci && npm run demo\nnpm test\n');
});

tour('Install: npm install -g into a private prefix puts hazsim on the PATH; hazsim --version runs from there', () => {
  const install = blockAfter('Install', 'sh');
  assert.match(install, /npm ci && npm install -g \.\s/);
  assert.match(install, /npm install -g --prefix ~\/\.local \./);
  // `npm ci` has run (the test runner built dist/); the rest of the line, with a private prefix instead of ~/.local.
  const result = spawnSync(
    'npm',
    ['install', '-g', '--prefix', prefix, '--offline', '--ignore-scripts', '--no-audit', '--no-fund', '--no-update-notifier', '.'],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  assert.is(result.status, 0, result.stderr);
  assert.ok(fs.existsSync(path.join(bin, 'hazsim')), 'bin/hazsim in the prefix');
  const version = spawnSync('hazsim', ['--version'], { encoding: 'utf8', env: { ...process.env, PATH: `${bin}:${process.env.PATH}` }, cwd: tempDir() });
  assert.is(version.status, 0, version.stderr);
  assert.is(version.stdout.trim(), JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version);
});

tour('the tour, with bare `hazsim` from the installed PATH, in a fresh folder and cache', async () => {
  const commands = blockAfter('A short tour', 'sh');
  const work = tempDir();
  fs.copyFileSync(path.join(EXAMPLES, 'feeder/example_feeder.json'), path.join(work, 'feeder.json'));
  fs.copyFileSync(path.join(EXAMPLES, 'hazards/hurricane.json'), path.join(work, 'storm.json'));
  fs.writeFileSync(path.join(work, 'bundle.zip'), await makeZip({ 'bundle.json': fs.readFileSync(path.join(EXAMPLES, 'hazards/flood.json')) }));
  // The tour's lines with their optional [...] parts and comments dropped; the long-running
  // servers (serve, mcp, browse) are started by other tests.
  const lines = commands
    .split('\n')
    .map((line) =>
      line
        .replace(/#.*$/, '')
        .replace(/\s*\[[^\]]*\]/g, '')
        .trim(),
    )
    .filter((line) => line.startsWith('hazsim ') && !/^hazsim (serve|mcp|browse)\b/.test(line))
    .map((line) => line.replace(/\|zsh\|fish$/, '').replace('<name>', 'DEFAULT_CURVES'))
    .filter((line) => !/<file>/.test(line));
  assert.ok(lines.length >= 12, lines.join('\n'));
  const script = ['set -e', ...lines.map((line) => `echo "\\$ ${line.replace(/"/g, '\\"')}"; ${line} > /dev/null`), 'echo TOUR DONE'].join('\n');
  const result = spawnSync('bash', ['-c', script], {
    cwd: work,
    encoding: 'utf8',
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, HAZSIM_CACHE_DIR: path.join(work, 'cache') },
  });
  assert.is(result.status, 0, `${result.stdout}\n${result.stderr}`);
  assert.match(result.stdout, /TOUR DONE/);
  assert.ok(fs.existsSync(path.join(work, 'feeder+ian+DEFAULT_CURVES_results.sqlite')), result.stdout);
  assert.ok(fs.existsSync(path.join(work, 'feeder+ian+DEFAULT_CURVES_scenarios_1000samples_seed42_peak.zip')), result.stdout);
});

tour("the README's MCP configuration starts the installed server", async () => {
  const config = JSON.parse(/```json\n([\s\S]*?)```/.exec(README.slice(README.indexOf('## AI agents (MCP)')))![1]);
  const server = config.mcpServers.hazsim;
  assert.is(server.command, 'hazsim');
  const client = new Client({ name: 'readme-tour', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: server.command,
      args: [...server.args, '--cache-dir', tempDir()],
      env: { ...(process.env as Record<string, string>), PATH: `${bin}:${process.env.PATH}` },
      stderr: 'pipe',
    }),
  );
  try {
    const tools = await client.listTools();
    assert.ok(tools.tools.some((tool) => tool.name === 'run_simulation'));
  } finally {
    await client.close();
  }
});

tour.run();
