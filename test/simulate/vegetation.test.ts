import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EXAMPLES, json, runCli, tempDir } from '../helpers/cli.js';
import { sqliteRows, sqliteValue } from '../helpers/sqliteShell.js';
import { readZipEntries } from '../helpers/unzip.js';

// --vegetation through the spawned CLI (docs/vegetation.md): trees add failures of overhead spans
// under wind and nothing else; without the option a run is what it was; bad files are refused
// naming the row and field. The storm is the example hurricane at half its wind (its pressure
// left to the wind), so the overhead lines are not already certain to fail.

const test = suite('hazsim simulate, scenarios --vegetation');
const context = { cache: '', out: '' };
const LINES = ['lateral_a_span', 'trunk_1', 'trunk_2', 'trunk_3', 'trunk_4'];

function cli(args: string[]) {
  return runCli([...args, '--cache-dir', context.cache]);
}

function ok(args: string[]) {
  const result = cli(args);
  assert.is(result.code, 0, `${args.join(' ')}: ${result.stderr}`);
  return result;
}

function simulate(name: string, extra: string[] = []): string {
  const file = path.join(context.out, `${name}.sqlite`);
  ok(['simulate', 'example_feeder', 'weak', ...extra, '-o', file, '--overwrite']);
  return file;
}

/** Per asset: its lowest combined survival and lowest wind-curve survival over the event. */
function lowest(file: string): Map<string, { type: string; survival: number; wind: number | null }> {
  const rows = sqliteRows<{ name: string; type: string; survival: number; wind: number | null }>(
    file,
    'SELECT asset_name AS name, asset_type AS type, MIN(survival_probability) AS survival, MIN(wind_speed_survival) AS wind FROM assetstatetable GROUP BY distribution_asset',
  );
  return new Map(rows.map((row) => [row.name, row]));
}

const stateTable = (file: string) => sqliteRows(file, 'SELECT * FROM assetstatetable ORDER BY id');
const tables = (file: string) => sqliteRows<{ name: string }>(file, "SELECT name FROM sqlite_master WHERE type = 'table'").map((row) => row.name);

function writeFile(name: string, text: string): string {
  const file = path.join(context.out, name);
  fs.writeFileSync(file, text);
  return file;
}

test.before(() => {
  context.cache = tempDir();
  context.out = tempDir();
  const hurricane = JSON.parse(fs.readFileSync(path.join(EXAMPLES, 'hazards/hurricane.json'), 'utf8'));
  hurricane.name = 'weak';
  for (const model of hurricane.models) {
    model.max_wind_speed = `${Number.parseFloat(model.max_wind_speed) / 2} mile / hour`;
    delete model.air_pressure;
  }
  ok(['upload', path.join(EXAMPLES, 'feeder/example_feeder.json')]);
  ok(['upload', writeFile('weak.json', JSON.stringify(hurricane))]);
});

test('--vegetation default fails more of every distribution overhead line and changes nothing else', () => {
  const without = lowest(simulate('without'));
  const withTrees = simulate('default', ['--vegetation', 'default']);
  const trees = lowest(withTrees);
  for (const [name, row] of without) {
    const treed = trees.get(name)!;
    if (row.type === 'distribution_overhead_lines') {
      assert.ok(treed.survival < row.survival - 0.01, `${name}: ${treed.survival} with trees, ${row.survival} without`);
      assert.is(treed.wind, row.wind, `${name}: the wind curves' own survival is unchanged`);
    } else assert.is(treed.survival, row.survival, `${name} (${row.type}) has no spans for trees to strike`);
  }
  const treeFall = sqliteRows<{ asset_name: string; final: number }>(
    withTrees,
    'SELECT asset_name, MIN(tree_fall_survival) AS final FROM tree_fall GROUP BY distribution_asset ORDER BY asset_name',
  );
  assert.equal(
    treeFall.map((row) => row.asset_name),
    LINES,
  );
  for (const row of treeFall) assert.ok(row.final > 0 && row.final < 1);
  const record = JSON.parse(sqliteValue<string>(withTrees, "SELECT value FROM run_info WHERE key = 'vegetation'"));
  assert.is(record.profile, 'default');
  assert.is(record.judged, true);
  assert.is(record.distribution_overhead_lines.trees_per_hectare, 10);
  assert.is(record.gust.averaging_time_s, 3);
  assert.is(record.lines_with_trees, 5);
  assert.ok(record.spans_judged > 5);
});

test('the summary counts the expected tree-fall failures apart', () => {
  const summary = json(ok(['simulate', 'example_feeder', 'weak', '--vegetation', 'default', '--json', '-o', path.join(context.out, 'summary.sqlite')]));
  assert.is(summary.tree_fall.lines_with_trees, 5);
  assert.ok(summary.tree_fall.expected_tree_fall_failures > 0.05 && summary.tree_fall.expected_tree_fall_failures < 5);
  const plain = json(ok(['simulate', 'example_feeder', 'weak', '--json', '-o', path.join(context.out, 'plain.sqlite')]));
  assert.is(plain.tree_fall, undefined);
});

test('without --vegetation a run has no tree-fall table or record, and equals a profile without trees', () => {
  const without = path.join(context.out, 'without.sqlite');
  assert.not.ok(tables(without).includes('tree_fall'));
  assert.is(sqliteRows(without, "SELECT value FROM run_info WHERE key = 'vegetation'").length, 0);
  const bare = writeFile('bare.json', JSON.stringify({ lines: [{ line: 'trunk_1', trees_per_hectare: 0, tree_height_min_m: 8, tree_height_max_m: 28 }] }));
  assert.equal(stateTable(simulate('bare', ['--vegetation', bare])), stateTable(without));
});

test('a CSV file gives stands per line; the same profile as JSON gives the same result', () => {
  const csv = writeFile(
    'stands.csv',
    'line,trees_per_hectare,tree_height_min_m,tree_height_max_m,clearance_m,conductor_height_m\ntrunk_1,40,10,25,,\ntrunk_3,40,10,25,2,8\n',
  );
  const fromCsv = simulate('csv', ['--vegetation', csv]);
  const without = lowest(path.join(context.out, 'without.sqlite'));
  const csvLowest = lowest(fromCsv);
  for (const name of LINES) {
    const changed = name === 'trunk_1' || name === 'trunk_3';
    assert.is(csvLowest.get(name)!.survival < without.get(name)!.survival, changed, `${name} ${changed ? 'has' : 'has no'} trees`);
  }
  const asJson = writeFile(
    'stands.json',
    JSON.stringify({
      lines: [
        { line: 'trunk_1', trees_per_hectare: 40, tree_height_min_m: 10, tree_height_max_m: 25 },
        { line: 'trunk_3', trees_per_hectare: 40, tree_height_min_m: 10, tree_height_max_m: 25, clearance_m: 2, conductor_height_m: 8 },
      ],
    }),
  );
  assert.equal(stateTable(simulate('json', ['--vegetation', asJson])), stateTable(fromCsv));
  assert.is(JSON.parse(sqliteValue<string>(fromCsv, "SELECT value FROM run_info WHERE key = 'vegetation'")).profile, 'stands.csv');
});

test('a bad vegetation file is refused with exit 5 naming the row and field', () => {
  const cases: [string, string, RegExp][] = [
    [
      'text.csv',
      'line,trees_per_hectare,tree_height_min_m,tree_height_max_m\ntrunk_1,40,10,25\ntrunk_2,40,10,tall\n',
      /row 3 \(line "trunk_2"\), field tree_height_max_m: tree_height_max_m must be a number/,
    ],
    [
      'order.csv',
      'line,trees_per_hectare,tree_height_min_m,tree_height_max_m\ntrunk_1,40,25,10\n',
      /row 2 \(line "trunk_1"\), field tree_height_max_m: tree_height_max_m must be at least/,
    ],
    [
      'negative.csv',
      'line,trees_per_hectare,tree_height_min_m,tree_height_max_m\ntrunk_1,-4,10,25\n',
      /row 2 \(line "trunk_1"\), field trees_per_hectare: .*at least 0/,
    ],
    ['column.csv', 'line,trees,tree_height_min_m,tree_height_max_m\ntrunk_1,4,10,25\n', /row 1: unknown column "trees"/],
    [
      'twice.csv',
      'line,trees_per_hectare,tree_height_min_m,tree_height_max_m\ntrunk_1,4,10,25\ntrunk_1,5,10,25\n',
      /row 3, field line: "trunk_1" is listed twice \(also row 2\)/,
    ],
    ['field.json', JSON.stringify({ lines: [{ line: 'trunk_1', trees_per_hectare: 4, tree_height_min_m: 10 }] }), /lines\[0\]\.tree_height_max_m: required/],
    [
      'unknown.json',
      JSON.stringify({ lines: [{ line: 'trunk_9', trees_per_hectare: 4, tree_height_min_m: 10, tree_height_max_m: 20 }] }),
      /vegetation\.lines\[0\]\.line: no asset .* "trunk_9"/,
    ],
    [
      'substation.json',
      JSON.stringify({ lines: [{ line: 'charleston_substation', trees_per_hectare: 4, tree_height_min_m: 10, tree_height_max_m: 20 }] }),
      /vegetation\.lines\[0\]\.line: "charleston_substation" is a substation, not an overhead line/,
    ],
  ];
  for (const [name, text, pattern] of cases) {
    const result = cli(['simulate', 'example_feeder', 'weak', '--vegetation', writeFile(name, text), '-o', path.join(context.out, 'bad.sqlite')]);
    assert.is(result.code, 5, `${name}: exit ${result.code}: ${result.stderr}`);
    assert.match(result.stderr, pattern, name);
    assert.match(result.stderr, /vegetation/);
  }
  const missing = cli([
    'simulate',
    'example_feeder',
    'weak',
    '--vegetation',
    path.join(context.out, 'nowhere.csv'),
    '-o',
    path.join(context.out, 'bad.sqlite'),
  ]);
  assert.is(missing.code, 3, missing.stderr);
  assert.match(missing.stderr, /Cannot read the vegetation file .*nowhere\.csv/);
});

test('--vegetation with --physics erad_v1 is refused: ERAD has no tree fall', () => {
  const result = cli(['simulate', 'example_feeder', 'weak', '--physics', 'erad_v1', '--vegetation', 'default', '-o', path.join(context.out, 'erad.sqlite')]);
  assert.is(result.code, 5, result.stderr);
  assert.match(result.stderr, /vegetation needs the default physics/);
});

test('scenarios --vegetation default draws more outages, and its metadata records the vegetation', async () => {
  const draw = (name: string, extra: string[]) => {
    const zip = path.join(context.out, `${name}.zip`);
    return { zip, summary: json(ok(['scenarios', 'example_feeder', 'weak', '-n', '300', '--seed', '7', ...extra, '--json', '-o', zip])) };
  };
  const plain = draw('plain', []);
  const treed = draw('treed', ['--vegetation', 'default']);
  const [withTrees, without] = [treed.summary.mean_failures_per_sample, plain.summary.mean_failures_per_sample];
  assert.ok(withTrees > without + 0.1, `${withTrees} vs ${without} outages per sample`);
  const metadataOf = async (zip: string) =>
    JSON.parse((await readZipEntries(zip)).find((entry) => entry.name === 'tracked_changes.json')!.data.toString('utf8')).metadata;
  assert.is((await metadataOf(treed.zip)).vegetation.profile, 'default');
  assert.is((await metadataOf(plain.zip)).vegetation, undefined);
});

test.after(() => {
  fs.rmSync(context.cache, { recursive: true, force: true });
  fs.rmSync(context.out, { recursive: true, force: true });
});

test.run();
