import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, json, runCli, tempDir } from '../helpers/cli.js';

const FEEDER = path.join(ROOT, 'test/data/tiny_feeder.json');
const QUAKE = path.join(ROOT, 'test/data/tiny_quake.json');

const roundTrip = suite('CLI model management round trip');

roundTrip('upload, list, show, cache info, delete through spawned processes', () => {
  const cache = tempDir();
  const up = runCli(['upload', FEEDER, '--cache-dir', cache, '--description', 'two buses', '--json']);
  assert.is(up.code, 0, up.stderr);
  const uploaded = json(up);
  assert.is(uploaded.status, 'success');
  assert.is(uploaded.message, 'Distribution system tiny_feeder uploaded successfully');
  assert.is(uploaded.kind, 'distribution');
  assert.is(uploaded.file_path, path.join(cache, 'distribution_models', 'tiny_feeder.json'));

  const upHazard = runCli(['upload', QUAKE, '--cache-dir', cache, '--name', 'quake', '--json']);
  assert.is(upHazard.code, 0, upHazard.stderr);
  assert.is(json(upHazard).message, 'Hazard model quake uploaded successfully');

  // A second process sees what the first stored.
  const listed = json(runCli(['list', '--cache-dir', cache, '--json']));
  assert.equal(
    listed.map((model: any) => [model.kind, model.name, model.description]),
    [
      ['distribution', 'tiny_feeder', 'two buses'],
      ['hazard', 'quake', ''],
    ],
  );
  for (const model of listed) {
    assert.match(model.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?$/);
    assert.ok(fs.existsSync(model.file_path));
  }
  const human = runCli(['list', '--cache-dir', cache]);
  assert.is(human.code, 0);
  assert.match(human.stdout, /KIND\s+NAME\s+CREATED \(UTC\)\s+DESCRIPTION/);
  assert.match(human.stdout, /distribution\s+tiny_feeder\s+\S+\s+two buses/);
  assert.match(human.stdout, /hazard\s+quake/);

  const onlyHazards = json(runCli(['list', '--kind', 'hazard', '--cache-dir', cache, '--json']));
  assert.equal(
    onlyHazards.map((model: any) => model.name),
    ['quake'],
  );

  const shown = json(runCli(['show', 'tiny_feeder', '--cache-dir', cache, '--json']));
  assert.is(shown.name, 'tiny_feeder');
  assert.equal(shown.content, JSON.parse(fs.readFileSync(FEEDER, 'utf8')));
  const shownHuman = runCli(['show', 'quake', '--cache-dir', cache]);
  assert.match(shownHuman.stdout, /kind:\s+hazard/);

  const info = json(runCli(['cache', 'info', '--cache-dir', cache, '--json']));
  assert.is(info.cache_directory, cache);
  assert.is(info.metadata_file, path.join(cache, 'distribution_models', 'models_metadata.json'));
  assert.is(info.total_models, 2);
  // Two model files plus one metadata file per store (hazsim's hidden derived data is not counted).
  assert.is(info.total_files, 4);
  const expectedBytes = ['distribution_models', 'hazard_models']
    .flatMap((dir) =>
      fs
        .readdirSync(path.join(cache, dir))
        .filter((file) => !file.startsWith('.'))
        .map((file) => fs.statSync(path.join(cache, dir, file)).size),
    )
    .reduce((a, b) => a + b, 0);
  assert.is(info.total_size_bytes, expectedBytes);
  assert.is(info.total_size_mb, Math.round((expectedBytes / 1048576) * 100) / 100);

  const deleted = runCli(['delete', 'tiny_feeder', '--cache-dir', cache, '--json']);
  assert.is(deleted.code, 0, deleted.stderr);
  assert.equal(json(deleted), { status: 'success', message: 'Distribution system tiny_feeder deleted successfully' });
  assert.not.ok(fs.existsSync(path.join(cache, 'distribution_models', 'tiny_feeder.json')));
  assert.is(runCli(['show', 'tiny_feeder', '--kind', 'distribution', '--cache-dir', cache]).code, 3);
});

roundTrip('refresh adds a file dropped in by hand and drops one removed by hand', () => {
  const cache = tempDir();
  assert.is(runCli(['upload', FEEDER, '--cache-dir', cache]).code, 0);
  fs.copyFileSync(FEEDER, path.join(cache, 'distribution_models', 'by_hand.json'));
  fs.writeFileSync(path.join(cache, 'distribution_models', 'broken.json'), '{"name": "broken", "comp');
  fs.rmSync(path.join(cache, 'distribution_models', 'tiny_feeder.json'));

  // Without a refresh the listing is the metadata as it was.
  assert.equal(
    json(runCli(['list', '--cache-dir', cache, '--json'])).map((m: any) => m.name),
    ['tiny_feeder'],
  );

  const refreshed = runCli(['cache', 'refresh', '--cache-dir', cache, '--json']);
  assert.is(refreshed.code, 0, refreshed.stderr);
  const result = json(refreshed);
  assert.is(result.status, 'success');
  assert.is(result.message, 'Cache refreshed successfully');
  assert.is(result.total_models, 1);
  assert.equal(result.models, ['by_hand']);
  assert.equal(result.distribution_models.added, ['by_hand']);
  assert.equal(result.distribution_models.removed, ['tiny_feeder']);
  assert.is(result.distribution_models.invalid.length, 1);
  assert.match(result.distribution_models.invalid[0].reason, /not valid JSON/);
  // Reported, never deleted.
  assert.ok(fs.existsSync(path.join(cache, 'distribution_models', 'broken.json')));

  const human = runCli(['list', '--refresh', '--cache-dir', cache]);
  assert.match(human.stdout, /by_hand/);
  assert.not.match(human.stdout, /tiny_feeder/);
});

roundTrip('a duplicate name is a conflict unless --overwrite', () => {
  const cache = tempDir();
  assert.is(runCli(['upload', FEEDER, '--cache-dir', cache, '--description', 'first']).code, 0);
  const again = runCli(['upload', FEEDER, '--cache-dir', cache]);
  assert.is(again.code, 4);
  assert.match(again.stderr, /Distribution system 'tiny_feeder' already exists/);
  const overwrite = runCli(['upload', FEEDER, '--cache-dir', cache, '--overwrite', '--description', 'second', '--json']);
  assert.is(overwrite.code, 0, overwrite.stderr);
  assert.equal(
    json(runCli(['list', '--cache-dir', cache, '--json'])).map((m: any) => m.description),
    ['second'],
  );
});

roundTrip('the kind is detected from content, or forced with --kind', () => {
  const cache = tempDir();
  const wrong = runCli(['upload', QUAKE, '--kind', 'distribution', '--cache-dir', cache]);
  assert.is(wrong.code, 5);
  assert.match(wrong.stderr, /Invalid distribution system/);
  const neither = path.join(tempDir(), 'neither.json');
  fs.writeFileSync(neither, '{"hello": "world"}');
  const unknown = runCli(['upload', neither, '--cache-dir', cache]);
  assert.is(unknown.code, 5);
  assert.match(unknown.stderr, /Cannot tell what kind of model this is/);
  assert.equal(json(runCli(['list', '--cache-dir', cache, '--json'])), []);
});

roundTrip('unreadable inputs are refused with exit 5 and leave nothing behind', () => {
  const cache = tempDir();
  const work = tempDir();
  const notJson = path.join(work, 'bad.json');
  fs.writeFileSync(notJson, '{"name": "x", "components": [');
  const corruptZip = path.join(work, 'bad.zip');
  fs.writeFileSync(corruptZip, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]));
  const empty = path.join(work, 'empty.json');
  fs.writeFileSync(empty, '');
  for (const [file, pattern] of [
    [notJson, /bad\.json is not valid JSON/],
    [corruptZip, /not a readable ZIP|corrupt ZIP/],
    [empty, /empty/],
    [path.join(work, 'missing.json'), /no such file/],
    [work, /is a directory/],
  ] as const) {
    const result = runCli(['upload', file, '--cache-dir', cache]);
    assert.is(result.code, 5, `${file}: ${result.stderr}`);
    assert.match(result.stderr, pattern);
  }
  const leftovers = fs.existsSync(path.join(cache, 'distribution_models')) ? fs.readdirSync(path.join(cache, 'distribution_models')) : [];
  assert.equal(leftovers, []);
});

roundTrip('usage errors exit 2 and --help exits 0', () => {
  assert.is(runCli(['list', '--kind', 'volcano']).code, 2);
  assert.is(runCli(['upload']).code, 2);
  assert.is(runCli(['no-such-command']).code, 2);
  const help = runCli(['--help']);
  assert.is(help.code, 0);
  assert.match(help.stdout, /upload/);
  assert.is(runCli(['--version']).code, 0);
});

roundTrip('--json errors go to stderr as JSON with the kind and exit code', () => {
  const result = runCli(['show', 'nothing', '--kind', 'hazard', '--cache-dir', tempDir(), '--json']);
  assert.is(result.code, 3);
  assert.is(result.stdout, '');
  const error = JSON.parse(result.stderr).error;
  assert.equal(error, { kind: 'not_found', message: "Hazard model 'nothing' not found", exit_code: 3 });
});

roundTrip('the cache root comes from HAZSIM_CACHE_DIR when --cache-dir is absent', () => {
  const cache = tempDir();
  const result = runCli(['cache', 'info', '--json'], { env: { HAZSIM_CACHE_DIR: cache } });
  assert.is(json(result).cache_directory, cache);
});

roundTrip.run();
