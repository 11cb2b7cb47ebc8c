import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EXAMPLES, json, ROOT, runCli, runCliAsync, tempDir } from '../helpers/cli.js';

// `-o` of `simulate` and `scenarios`: never replace what is not a regular file, never write
// into the cache, and check the destination before the run (docs/hardening.md).

const FEEDER = path.join(ROOT, 'test/data/tiny_feeder.json');
const QUAKE = path.join(ROOT, 'test/data/tiny_quake.json');

interface Context {
  cache: string;
}

const test = suite<Context>('result output destinations', {} as Context);

test.before((context) => {
  context.cache = tempDir();
  assert.is(runCli(['upload', FEEDER, '--name', 'feeder', '--cache-dir', context.cache]).code, 0);
  assert.is(runCli(['upload', QUAKE, '--name', 'quake', '--cache-dir', context.cache]).code, 0);
});

const run = (context: Context, args: string[], cwd?: string) => runCli([...args, '--cache-dir', context.cache], { cwd });

test('-o /dev/null succeeds for simulate and scenarios and leaves the device node a device', (context) => {
  for (const args of [
    ['simulate', 'feeder', 'quake', '-o', '/dev/null'],
    ['scenarios', 'feeder', 'quake', '-n', '3', '-o', '/dev/null'],
  ]) {
    const result = run(context, args);
    assert.is(result.code, 0, result.stderr);
    assert.ok(fs.statSync('/dev/null').isCharacterDevice(), '/dev/null was replaced');
  }
  assert.is(fs.readFileSync('/dev/null').length, 0);
});

test('-o /dev/full fails with exit 5 naming the device, which stays a device', (context) => {
  if (!fs.existsSync('/dev/full')) return;
  for (const args of [
    ['simulate', 'feeder', 'quake', '-o', '/dev/full'],
    ['scenarios', 'feeder', 'quake', '-n', '3', '-o', '/dev/full'],
  ]) {
    const result = run(context, args);
    assert.is(result.code, 5, result.stderr);
    assert.match(result.stderr, /\/dev\/full/);
    assert.match(result.stderr, /no space left/);
    assert.ok(fs.statSync('/dev/full').isCharacterDevice(), '/dev/full was replaced');
  }
});

test('-o into a FIFO writes the result through it', async (context) => {
  const dir = tempDir();
  const fifo = path.join(dir, 'pipe');
  assert.is(spawnSync('mkfifo', [fifo]).status, 0);
  const received = path.join(dir, 'received.sqlite');
  const reader = spawn('sh', ['-c', `cat "${fifo}" > "${received}"`]);
  const readerDone = new Promise((resolve) => reader.on('close', resolve));
  const result = await runCliAsync(['simulate', 'feeder', 'quake', '-o', fifo, '--cache-dir', context.cache]);
  await readerDone;
  assert.is(result.code, 0, result.stderr);
  assert.ok(fs.statSync(fifo).isFIFO(), 'the FIFO was replaced');
  assert.is(fs.readFileSync(received).subarray(0, 16).toString('latin1'), 'SQLite format 3\0');
});

test('-o inside the cache is refused with exit 5, before and after symlinks', (context) => {
  const link = path.join(tempDir(), 'link-to-cache');
  fs.symlinkSync(context.cache, link);
  const before = fs.readFileSync(path.join(context.cache, 'distribution_models/models_metadata.json'), 'utf8');
  for (const target of [
    path.join(context.cache, 'distribution_models/models_metadata.json'),
    path.join(context.cache, 'distribution_models/feeder.json'),
    path.join(link, 'hazard_models/quake.json'),
    path.join(context.cache, 'results'),
  ]) {
    const result = run(context, ['simulate', 'feeder', 'quake', '-o', target]);
    assert.is(result.code, 5, `${target}: ${result.stderr}`);
    assert.match(result.stderr, /inside the cache/);
  }
  assert.is(fs.readFileSync(path.join(context.cache, 'distribution_models/models_metadata.json'), 'utf8'), before);
  assert.is(run(context, ['show', 'feeder', '--json']).code, 0);
  assert.is(run(context, ['show', 'quake', '--json']).code, 0);
});

test('-o into a missing folder fails at once with exit 5 naming the path, and writes nothing', (context) => {
  const outer = tempDir();
  const target = path.join(outer, 'missing', 'result.sqlite');
  for (const args of [
    ['simulate', 'feeder', 'quake', '-o', target],
    ['scenarios', 'feeder', 'quake', '-n', '2', '-o', target],
  ]) {
    const result = run(context, args);
    assert.is(result.code, 5, result.stderr);
    assert.ok(result.stderr.includes(path.join(outer, 'missing')), result.stderr);
    assert.match(result.stderr, /does not exist/);
  }
  assert.equal(fs.readdirSync(outer), []);
});

test("-o naming an existing folder writes the run's stored name inside it", (context) => {
  const folder = tempDir();
  const simulated = json(run(context, ['simulate', 'feeder', 'quake', '-o', folder, '--json']));
  assert.is(simulated.file_path, path.join(folder, 'feeder+quake+DEFAULT_CURVES_results.sqlite'));
  const scenarios = json(run(context, ['scenarios', 'feeder', 'quake', '-n', '2', '-o', folder, '--json']));
  assert.is(scenarios.file_path, path.join(folder, 'feeder+quake+DEFAULT_CURVES_scenarios_2samples_seed0_peak.zip'));
  assert.equal(fs.readdirSync(folder).sort(), ['feeder+quake+DEFAULT_CURVES_results.sqlite', 'feeder+quake+DEFAULT_CURVES_scenarios_2samples_seed0_peak.zip']);
});

test('default names carry every argument that changes the file: a second hazard, curve set, seed or mode never overwrites the first run', (context) => {
  assert.is(run(context, ['upload', QUAKE, '--name', 'aftershock']).code, 0);
  const cwd = tempDir();
  const files = [
    ['scenarios', 'feeder', 'quake', '-n', '2'],
    ['scenarios', 'feeder', 'aftershock', '-n', '2'],
    ['scenarios', 'feeder', 'quake', '-n', '2', '--seed', '1'],
    ['scenarios', 'feeder', 'quake', '-n', '2', '--method', 'sequential'],
    ['scenarios', 'feeder', 'quake', '-n', '2', '--curve-set', 'ERAD_V1_CURVES'],
    ['scenarios', 'feeder', 'quake', '-n', '2', '--physics', 'erad_v1'],
    ['simulate', 'feeder', 'quake', '--ground-motion-variability', 'median'],
    ['simulate', 'feeder', 'aftershock'],
  ].map((args) => {
    const result = run(context, [...args, '--json'], cwd);
    assert.is(result.code, 0, result.stderr);
    return path.basename(json(result).file_path);
  });
  assert.equal(files, [
    'feeder+quake+DEFAULT_CURVES_scenarios_2samples_seed0_peak.zip',
    'feeder+aftershock+DEFAULT_CURVES_scenarios_2samples_seed0_peak.zip',
    'feeder+quake+DEFAULT_CURVES_scenarios_2samples_seed1_peak.zip',
    'feeder+quake+DEFAULT_CURVES_scenarios_2samples_seed0_sequential.zip',
    'feeder+quake+ERAD_V1_CURVES_scenarios_2samples_seed0_peak.zip',
    'feeder+quake+DEFAULT_CURVES+erad_v1_scenarios_2samples_seed0_peak.zip',
    'feeder+quake+DEFAULT_CURVES+median_ground_motion_results.sqlite',
    'feeder+aftershock+DEFAULT_CURVES_results.sqlite',
  ]);
  assert.equal(fs.readdirSync(cwd).sort(), [...files].sort());
});

test('a temporary file left next to the destination by a killed run is removed by the next run', (context) => {
  const folder = tempDir();
  // pid 2^22+1 is above Linux's pid_max ceiling, so no process can own it.
  const stale = path.join(folder, '.out.sqlite.4194305.0123abcd.tmp');
  fs.writeFileSync(stale, 'partial');
  assert.is(run(context, ['simulate', 'feeder', 'quake', '-o', path.join(folder, 'out.sqlite')]).code, 0);
  assert.equal(fs.readdirSync(folder), ['out.sqlite']);
});

test('report -o takes the same checks: /dev/null written through, the cache and a missing folder refused before any work', (context) => {
  const work = tempDir();
  const result = path.join(work, 'run.sqlite');
  assert.is(run(context, ['simulate', 'feeder', 'quake', '-o', result]).code, 0);
  const toNull = run(context, ['report', result, '-o', '/dev/null']);
  assert.is(toNull.code, 0, toNull.stderr);
  assert.ok(fs.statSync('/dev/null').isCharacterDevice(), '/dev/null was replaced');
  const intoCache = run(context, ['report', result, '-o', path.join(context.cache, 'distribution_models', 'models_metadata.json')]);
  assert.is(intoCache.code, 5, intoCache.stderr);
  assert.match(intoCache.stderr, /inside the cache/);
  assert.ok(JSON.parse(fs.readFileSync(path.join(context.cache, 'distribution_models', 'models_metadata.json'), 'utf8')).feeder);
  const missing = run(context, ['report', result, '-o', path.join(work, 'no', 'such', 'page.html')]);
  assert.is(missing.code, 5, missing.stderr);
  assert.match(missing.stderr, /does not exist/);
  const intoFolder = run(context, ['report', result, '-o', work, '--json']);
  assert.is(intoFolder.code, 0, intoFolder.stderr);
  assert.is(json(intoFolder).file_path, path.join(work, 'run_report.html'));
  const beside = run(context, ['report', result]);
  assert.is(beside.code, 0, beside.stderr);
  assert.ok(fs.existsSync(path.join(work, 'run_report.html')));
});

test('impact -o (and an impact part) takes the same checks: /dev/null written through, the cache and a missing folder refused before any work, a folder gets the default name', (context) => {
  assert.is(run(context, ['upload', path.join(EXAMPLES, 'feeder/example_feeder.json')]).code, 0);
  assert.is(run(context, ['upload', path.join(EXAMPLES, 'hazards/earthquake.json'), '--name', 'example_quake']).code, 0);
  const impact = (output: string) => run(context, ['impact', 'example_feeder', 'example_quake', '-n', '3', '-o', output, '--json']);
  const toNull = impact('/dev/null');
  assert.is(toNull.code, 0, toNull.stderr);
  assert.is(json(toNull).file_path, '/dev/null');
  assert.ok(fs.statSync('/dev/null').isCharacterDevice(), '/dev/null was replaced');
  const partToNull = run(context, ['impact', 'example_feeder', 'example_quake', '-n', '3', '--shard', '0/2', '-o', '/dev/null']);
  assert.is(partToNull.code, 0, partToNull.stderr);
  assert.ok(fs.statSync('/dev/null').isCharacterDevice(), 'an impact part replaced /dev/null');
  const intoCache = impact(path.join(context.cache, 'results'));
  assert.is(intoCache.code, 5, intoCache.stderr);
  assert.match(intoCache.stderr, /inside the cache/);
  const work = tempDir();
  const missing = impact(path.join(work, 'no', 'such', 'impact.sqlite'));
  assert.is(missing.code, 5, missing.stderr);
  assert.match(missing.stderr, /does not exist/);
  assert.equal(fs.readdirSync(work), []);
  const intoFolder = impact(work);
  assert.is(intoFolder.code, 0, intoFolder.stderr);
  assert.is(json(intoFolder).file_path, path.join(work, 'example_feeder+example_quake+DEFAULT_CURVES_impact_3samples_seed0_peak.sqlite'));
  assert.equal(fs.readdirSync(work), ['example_feeder+example_quake+DEFAULT_CURVES_impact_3samples_seed0_peak.sqlite']);
});

test.run();
