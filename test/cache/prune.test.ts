import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { json, ROOT, runCli, tempDir } from '../helpers/cli.js';

// Cache hygiene through the spawned CLI (docs/cache.md, "Refresh" and "Pruning"): refresh removes
// the folders of the models it drops, prune lists orphaned folders and old results (a dry run
// unless --yes) and removes them, cache info counts the results folder.

const FEEDER = path.join(ROOT, 'test/data/tiny_feeder.json');
const DAY_MS = 86_400_000;

const test = suite('cache refresh, prune and info');
const context = { cache: '' };

const run = (args: string[]) => runCli([...args, '--cache-dir', context.cache]);
const models = () => path.join(context.cache, 'distribution_models');
const results = () => path.join(context.cache, 'results');

function write(file: string, bytes: number, ageDays = 0): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.alloc(bytes, 1));
  const when = new Date(Date.now() - ageDays * DAY_MS);
  fs.utimesSync(file, when, when);
}

test.before(() => {
  context.cache = tempDir();
  for (const name of ['kept', 'removed_by_hand']) assert.is(run(['upload', FEEDER, '--name', name]).code, 0);
  // Each upload derives the model's asset table; give both a time series folder as a ZIP upload would.
  for (const name of ['kept', 'removed_by_hand']) {
    assert.ok(fs.existsSync(path.join(models(), '.derived', name)), `derived data of ${name}`);
    write(path.join(models(), `${name}_time_series`, 'time_series_metadata.db'), 100);
  }
  // Folders of a model that was never in the index (left by an older version, or copied by hand).
  write(path.join(models(), 'ghost_time_series', 'a.arrow'), 300);
  write(path.join(models(), '.derived', 'ghost', 'assets.json'), 200);
  // A time series folder beside an unlisted model file belongs to it: refresh will list that file.
  fs.copyFileSync(FEEDER, path.join(models(), 'unlisted.json'));
  write(path.join(models(), 'unlisted_time_series', 'time_series_metadata.db'), 10);
  write(path.join(results(), 'old_results.sqlite'), 1000, 45);
  write(path.join(results(), 'recent_scenarios.zip'), 500, 2);
  write(path.join(results(), '.recent_results.sqlite.123.abc.tmp'), 50, 60);
});

test('cache info counts the results folder beside the model totals', () => {
  const info = json(run(['cache', 'info', '--json']));
  assert.equal(info.results, { directory: results(), total_files: 2, total_size_bytes: 1500, total_size_mb: info.results.total_size_mb });
  assert.ok(Math.abs(info.results.total_size_mb - 1500 / 1_048_576) < 0.01);
  const human = run(['cache', 'info']);
  assert.match(human.stdout, /results \(not in total\)\t-\t2\t1500/);
});

test('refresh drops the record of a model file removed by hand and removes its time series and derived folders, naming them', () => {
  fs.rmSync(path.join(models(), 'removed_by_hand.json'));
  const result = json(run(['cache', 'refresh', '--json']));
  assert.equal(result.distribution_models.removed, ['removed_by_hand']);
  assert.equal(result.distribution_models.added, ['unlisted']);
  const gone = [path.join(models(), '.derived', 'removed_by_hand'), path.join(models(), 'removed_by_hand_time_series')];
  assert.equal(result.distribution_models.removed_folders, gone);
  for (const folder of gone) assert.not.ok(fs.existsSync(folder), folder);
  assert.ok(fs.existsSync(path.join(models(), 'kept_time_series')));
  assert.ok(fs.existsSync(path.join(models(), '.derived', 'kept')));
});

test('prune without --yes and without a terminal is a dry run: it lists orphans and old results and removes nothing', () => {
  const result = json(run(['cache', 'prune', '--json']));
  const ghost = [path.join(models(), '.derived', 'ghost'), path.join(models(), 'ghost_time_series')];
  assert.equal(result, {
    status: 'success',
    dry_run: true,
    older_than_days: 30,
    entries: [
      { path: ghost[0], kind: 'derived_data', size_bytes: 200 },
      { path: ghost[1], kind: 'time_series', size_bytes: 300 },
      { path: path.join(results(), 'old_results.sqlite'), kind: 'old_result', size_bytes: 1000 },
    ],
    total_size_bytes: 1500,
  });
  for (const entry of result.entries) assert.ok(fs.existsSync(entry.path), entry.path);
  const human = run(['cache', 'prune']);
  assert.is(human.code, 0, human.stderr);
  assert.match(human.stdout, /Would remove 3 entries .*nothing removed\. Run 'hazsim cache prune --cache-dir \S+ --yes'/);
  const shorter = json(run(['cache', 'prune', '--older-than', '1', '--json']));
  assert.equal(
    shorter.entries.filter((entry: { kind: string }) => entry.kind === 'old_result').map((entry: { path: string }) => path.basename(entry.path)),
    ['old_results.sqlite', 'recent_scenarios.zip'],
  );
});

test('prune --yes removes exactly what it listed; models in use, recent results and files being written stay', () => {
  const result = json(run(['cache', 'prune', '--yes', '--json']));
  assert.is(result.dry_run, false);
  assert.is(result.entries.length, 3);
  for (const entry of result.entries) assert.not.ok(fs.existsSync(entry.path), entry.path);
  for (const kept of [
    path.join(models(), 'kept.json'),
    path.join(models(), 'kept_time_series'),
    path.join(models(), '.derived', 'kept'),
    path.join(models(), 'unlisted_time_series'),
    path.join(results(), 'recent_scenarios.zip'),
    path.join(results(), '.recent_results.sqlite.123.abc.tmp'),
  ]) {
    assert.ok(fs.existsSync(kept), kept);
  }
  assert.equal(
    json(run(['list', '--json'])).map((record: { name: string }) => record.name),
    ['kept', 'unlisted'],
  );
  assert.match(run(['cache', 'prune']).stdout, /^Nothing to prune/);
});

test('a negative age is a usage error', () => {
  const result = run(['cache', 'prune', '--older-than', '-1']);
  assert.is(result.code, 2);
  assert.match(result.stderr, /--older-than.*must be a number of days >= 0/);
});

test.run();
