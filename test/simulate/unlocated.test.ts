import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EXAMPLES, json, runCli, tempDir } from '../helpers/cli.js';
import { sqliteRows, sqliteValue } from '../helpers/sqliteShell.js';

// The example feeder with the coordinate of bus pad_lv_2 removed: the two asset components
// on that bus (rooftop_solar, pad_transformer_2) have no location, so they are listed in
// run_info.unlocated_assets with the reason and are not simulated.

const test = suite('simulate: asset components without a location');

test('are listed in run_info.unlocated_assets with the reason, counted in the summary, and have no rows', () => {
  const cache = tempDir();
  const dir = tempDir();
  const feeder = JSON.parse(fs.readFileSync(path.join(EXAMPLES, 'feeder/example_feeder.json'), 'utf8'));
  const bus = feeder.components.find((component: any) => component.name === 'pad_lv_2' && component.__metadata__.type === 'DistributionBus');
  bus.coordinate = null;
  feeder.name = 'unlocated_feeder';
  const feederFile = path.join(dir, 'unlocated_feeder.json');
  fs.writeFileSync(feederFile, JSON.stringify(feeder));
  assert.is(runCli(['upload', feederFile, '--cache-dir', cache]).code, 0);
  assert.is(runCli(['upload', path.join(EXAMPLES, 'hazards/earthquake.json'), '--name', 'quake', '--cache-dir', cache]).code, 0);
  const file = path.join(dir, 'result.sqlite');
  const result = runCli(['simulate', 'unlocated_feeder', 'quake', '-o', file, '--cache-dir', cache, '--json']);
  assert.is(result.code, 0, result.stderr);
  const summary = json(result);

  const info = Object.fromEntries(sqliteRows<{ key: string; value: string }>(file, 'SELECT key, value FROM run_info').map((row) => [row.key, row.value]));
  const unlocated = JSON.parse(info.unlocated_assets) as { uuid: string; name: string; component_type: string; asset_type: string; reason: string }[];
  const byName = (name: string) => feeder.components.find((component: any) => component.name === name);
  assert.equal(unlocated.map((note) => [note.name, note.component_type, note.asset_type, note.uuid, note.reason]).sort(), [
    ['pad_transformer_2', 'DistributionTransformer', 'transformer_pad_mount', byName('pad_transformer_2').uuid, 'bus "pad_lv_2" has no coordinate'],
    ['rooftop_solar', 'DistributionSolar', 'solar_panels', byName('rooftop_solar').uuid, 'bus "pad_lv_2" has no coordinate'],
  ]);
  assert.is(summary.unlocated_count, 2);
  assert.is(summary.asset_count, 36);
  assert.is(info.asset_count, '36');
  assert.ok(JSON.parse(info.warnings).includes('2 asset components have no location and are not simulated (see run_info.unlocated_assets)'));
  assert.equal(summary.warnings, JSON.parse(info.warnings));
  assert.equal(summary.unlocated_assets, unlocated, 'the summary lists them (fewer than 10) with snake_case keys');

  // The human output lists them with the reason (tab-separated off a terminal); the warning goes to stderr.
  const human = runCli(['simulate', 'unlocated_feeder', 'quake', '-o', path.join(dir, 'again.sqlite'), '--cache-dir', cache]);
  assert.is(human.code, 0, human.stderr);
  assert.match(human.stdout, /Not simulated \(no usable location\):\nTYPE\tNAME\tREASON\n/);
  assert.match(human.stdout, /transformer_pad_mount\tpad_transformer_2\tbus "pad_lv_2" has no coordinate/);
  assert.not.match(human.stdout, /warning/);
  assert.match(human.stderr, /hazsim: warning: 2 asset components have no location and are not simulated/);

  for (const note of unlocated) {
    assert.is(sqliteValue(file, `SELECT COUNT(*) FROM assets WHERE uuid = '${note.uuid}'`), 0, note.name);
    assert.is(sqliteValue(file, `SELECT COUNT(*) FROM assetstatetable WHERE distribution_asset = '${note.uuid}'`), 0, note.name);
  }
  assert.is(sqliteValue(file, 'SELECT COUNT(*) FROM assetstatetable'), 36);
  // The human summary says it too.
  assert.match(human.stdout, /assets:\s+36 \(2 unlocated, not simulated\)/);
});

test.run();
