import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EXAMPLES, json, ROOT, runCli, tempDir } from '../helpers/cli.js';
import { writeCombinedExampleHazard } from '../helpers/exampleHazards.js';
import { sqlite3, sqliteRows, sqliteValue } from '../helpers/sqliteShell.js';

// The result file of `hazsim simulate`, read back through the sqlite3 shell: the example
// feeder under the example hurricane + earthquake + flood in one hazard file, and under the
// earthquake alone.

const QUANTITY_COLUMNS = [
  ['wind_speed__miles_per_hour', 'wind_speed_survival'],
  ['fire_boundary_dist__feet', 'fire_boundary_distance_survival'],
  ['flood_depth__feet', 'flood_depth_survival'],
  ['flood_velocity__feet_per_second', 'flood_velocity_survival'],
  ['peak_ground_acceleration__feet_per_second2', 'pga_survival'],
  ['peak_ground_velocity__inch_per_second', 'pgv_survival'],
] as const;

interface Context {
  cache: string;
  combined: string;
  combinedAgain: string;
  quake: string;
  summary: any;
}

const test = suite<Context>('hazsim simulate: the SQLite result file', {} as Context);

test.before((context) => {
  context.cache = tempDir();
  const out = tempDir();
  const upload = (file: string, name: string) => assert.is(runCli(['upload', file, '--name', name, '--cache-dir', context.cache]).code, 0);
  upload(path.join(EXAMPLES, 'feeder/example_feeder.json'), 'example_feeder');
  upload(writeCombinedExampleHazard(out, 'storm_quake_flood', ['hurricane', 'earthquake', 'flood']), 'storm_quake_flood');
  upload(path.join(EXAMPLES, 'hazards/earthquake.json'), 'quake');
  const simulate = (hazard: string, output?: string) => {
    const result = runCli(['simulate', 'example_feeder', hazard, ...(output ? ['-o', output] : []), '--cache-dir', context.cache, '--json'], { cwd: out });
    assert.is(result.code, 0, result.stderr);
    return json(result);
  };
  context.summary = simulate('storm_quake_flood');
  // Without -o the file gets its stored name in the working directory (docs/cache.md).
  context.combined = path.join(out, 'example_feeder+storm_quake_flood+DEFAULT_CURVES_results.sqlite');
  assert.is(context.summary.file_path, context.combined);
  context.combinedAgain = path.join(out, 'again.sqlite');
  simulate('storm_quake_flood', context.combinedAgain);
  context.quake = path.join(out, 'quake.sqlite');
  simulate('quake', context.quake);
});

test('opens in the sqlite3 shell, with one row per asset and distinct timestamp, ids 1..n', ({ combined, summary }) => {
  assert.is(sqlite3(combined, 'PRAGMA integrity_check').trim(), 'ok');
  const assetCount = sqliteValue(combined, 'SELECT COUNT(*) FROM assets');
  // 24 hourly wind fields; the earthquake (03:00) and flood (12:00, 18:00) fall on those hours.
  assert.is(sqliteValue(combined, 'SELECT COUNT(DISTINCT timestamp) FROM assetstatetable'), 24);
  assert.is(assetCount, 38);
  assert.is(summary.asset_count, 38);
  assert.is(sqliteValue(combined, 'SELECT COUNT(*) FROM assetstatetable'), assetCount * 24);
  assert.is(sqliteValue(combined, 'SELECT COUNT(DISTINCT distribution_asset || timestamp) FROM assetstatetable'), assetCount * 24);
  assert.is(
    sqliteValue(
      combined,
      'SELECT COUNT(*) FROM assetstatetable s JOIN assets a ON a.uuid = s.distribution_asset AND a.name = s.asset_name AND a.asset_type = s.asset_type',
    ),
    assetCount * 24,
  );
  assert.equal(sqliteRows(combined, 'SELECT MIN(id) AS low, MAX(id) AS high FROM assetstatetable'), [{ low: 1, high: assetCount * 24 }]);
  assert.is(sqliteValue(combined, "SELECT COUNT(*) FROM assetstatetable WHERE timestamp NOT GLOB '2024-09-21T[0-2][0-9]:00:00'"), 0);
});

test('rows come in the order docs/output-sqlite.md states: asset type, position in the model, time', ({ combined }) => {
  const doc = fs.readFileSync(path.join(ROOT, 'docs/output-sqlite.md'), 'utf8');
  const documentedTypes = /Asset types: ([a-z_, \n]+)\./
    .exec(doc)![1]
    .split(',')
    .map((type) => type.trim());
  const rows = sqliteRows<{ asset_name: string; asset_type: string; timestamp: string }>(
    combined,
    'SELECT asset_name, asset_type, timestamp FROM assetstatetable ORDER BY id',
  );
  const modelOrder = JSON.parse(fs.readFileSync(path.join(EXAMPLES, 'feeder/example_feeder.json'), 'utf8')).components.map(
    (component: { name: string }) => component.name,
  );
  const rank = (row: (typeof rows)[number]) => [documentedTypes.indexOf(row.asset_type), modelOrder.indexOf(row.asset_name), row.timestamp] as const;
  for (let index = 1; index < rows.length; index += 1) {
    const [before, after] = [rank(rows[index - 1]), rank(rows[index])];
    assert.ok(before[0] >= 0 && before[1] >= 0, `${rows[index - 1].asset_type} ${rows[index - 1].asset_name} is documented and in the model`);
    const ordered = before[0] < after[0] || (before[0] === after[0] && (before[1] < after[1] || (before[1] === after[1] && before[2] < after[2])));
    assert.ok(
      ordered,
      `row ${index + 1} (${rows[index].asset_name} ${rows[index].timestamp}) comes after row ${index} (${rows[index - 1].asset_name} ${rows[index - 1].timestamp})`,
    );
  }
});

test('every survival, combined and per quantity, is in [0, 1]', ({ combined, quake }) => {
  for (const file of [combined, quake]) {
    assert.is(sqliteValue(file, 'SELECT COUNT(*) FROM assetstatetable WHERE survival_probability IS NULL OR survival_probability NOT BETWEEN 0 AND 1'), 0);
    for (const [, survival] of QUANTITY_COLUMNS)
      assert.is(sqliteValue(file, `SELECT COUNT(*) FROM assetstatetable WHERE ${survival} NOT BETWEEN 0 AND 1`), 0, survival);
  }
  assert.ok(sqliteValue(combined, 'SELECT MIN(survival_probability) FROM assetstatetable') < 0.9, 'the storm damages something');
});

test('a quantity the hazard does not produce is NULL, and so is its survival; so is the survival of a quantity without a curve', ({ combined, quake }) => {
  const rows = sqliteValue(quake, 'SELECT COUNT(*) FROM assetstatetable');
  for (const [intensity, survival] of QUANTITY_COLUMNS) {
    const present = intensity.startsWith('peak_ground');
    // Earthquake only: shaking everywhere, no wind, water or fire anywhere. DEFAULT_CURVES
    // governs earthquake by PGA (docs/fragility.md): PGV is recorded, its survival is NULL.
    assert.is(sqliteValue(quake, `SELECT COUNT(${intensity}) FROM assetstatetable`), present ? rows : 0, intensity);
    assert.is(sqliteValue(quake, `SELECT COUNT(${survival}) FROM assetstatetable`), present && survival !== 'pgv_survival' ? rows : 0, survival);
    // Anywhere: a survival only where its intensity is.
    for (const file of [combined, quake])
      assert.is(
        sqliteValue(file, `SELECT COUNT(*) FROM assetstatetable WHERE ${intensity} IS NULL AND ${survival} IS NOT NULL`),
        0,
        `${intensity} / ${survival}`,
      );
  }
  // Combined, with event peaks (docs/physics.md): shaking from the earthquake's hour on, water from the flood's first hour on.
  const from = (column: string) =>
    sqliteRows(combined, `SELECT MIN(timestamp) AS t, COUNT(DISTINCT timestamp) AS n FROM assetstatetable WHERE ${column} IS NOT NULL`)[0];
  assert.equal(from('pga_survival'), { t: '2024-09-21T03:00:00', n: 21 });
  assert.equal(from('flood_depth__feet'), { t: '2024-09-21T12:00:00', n: 12 });
  // Every flood polygon lies east of longitude −79.945: an asset west of it is never in the water.
  const west = sqliteValue(combined, 'SELECT COUNT(*) FROM assets WHERE longitude < -79.945');
  assert.ok(west >= 5);
  assert.is(
    sqliteValue(
      combined,
      "SELECT COUNT(*) FROM assetstatetable s JOIN assets a ON a.uuid = s.distribution_asset WHERE a.longitude < -79.945 AND s.timestamp = '2024-09-21T12:00:00' AND s.flood_depth__feet IS NULL AND s.flood_velocity_survival IS NULL",
    ),
    west,
  );
  assert.ok(
    sqliteValue(combined, "SELECT COUNT(flood_depth__feet) FROM assetstatetable WHERE timestamp = '2024-09-21T12:00:00'") > 0,
    'some assets are in the water at 12:00',
  );
});

test('survival_probability multiplies hazards, each governed by its lowest-survival quantity (assets of one element)', ({ combined, quake }) => {
  const one = (column: string) => `COALESCE(${column}, 1)`;
  const product = [
    one('wind_speed_survival'),
    `MIN(${one('flood_depth_survival')}, ${one('flood_velocity_survival')})`,
    `MIN(${one('pga_survival')}, ${one('pgv_survival')})`,
    one('fire_boundary_distance_survival'),
  ].join(' * ');
  for (const file of [combined, quake]) {
    assert.is(
      sqliteValue(
        file,
        `SELECT COUNT(*) FROM assetstatetable s JOIN asset_summary a USING (distribution_asset) WHERE a.element_count = 1 AND ABS(survival_probability - ${product}) > 1e-12`,
      ),
      0,
    );
    assert.ok(sqliteValue(file, 'SELECT COUNT(*) FROM asset_summary WHERE element_count = 1') >= 20);
  }
  // Wind blows everywhere; only buried assets (no wind curve in DEFAULT_CURVES) have no wind survival.
  assert.is(
    sqliteValue(
      combined,
      "SELECT COUNT(*) FROM assetstatetable WHERE wind_speed_survival IS NULL AND asset_type NOT IN ('distribution_underground_cables', 'transmission_underground_cables', 'distribution_junction_box', 'transmission_junction_box')",
    ),
    0,
  );
});

/** The backquoted names in the bullet of docs/output-sqlite.md that starts with `start`. */
function documentedNames(start: string): string[] {
  const doc = fs.readFileSync(path.join(ROOT, 'docs/output-sqlite.md'), 'utf8');
  const bullet = doc.slice(doc.indexOf(start)).split(/\n- |\n\n/)[0];
  return [...bullet.slice(start.length).matchAll(/`([a-z0-9_]+)`/g)].map((match) => match[1]);
}

test("run_info holds exactly the keys docs/output-sqlite.md lists, with the inputs' sha256", ({ cache, combined }) => {
  const info = Object.fromEntries(sqliteRows<{ key: string; value: string }>(combined, 'SELECT key, value FROM run_info').map((row) => [row.key, row.value]));
  assert.equal(Object.keys(info).sort(), documentedNames('- `run_info` (key, value):').sort());
  const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  assert.is(info.distribution_name, 'example_feeder');
  assert.is(info.distribution_sha256, sha256(path.join(cache, 'distribution_models/example_feeder.json')));
  assert.is(info.hazard_name, 'storm_quake_flood');
  assert.is(info.hazard_sha256, sha256(path.join(cache, 'hazard_models/storm_quake_flood.json')));
  assert.is(info.curve_set, 'DEFAULT_CURVES');
  assert.match(info.curve_set_sha256, /^[0-9a-f]{64}$/);
  assert.is(info.hazsim_version, JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version);
  assert.match(info.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?$/);
  assert.is(info.asset_count, '38');
  assert.is(info.timestamp_count, '24');
  assert.equal(JSON.parse(info.unlocated_assets), []);
  assert.equal(JSON.parse(info.warnings), []);
});

test('assetstatetable has the columns docs/output-sqlite.md documents, in that order', ({ combined }) => {
  const doc = fs.readFileSync(path.join(ROOT, 'docs/output-sqlite.md'), 'utf8');
  const table = doc.slice(doc.search(/^\|\s*column\s*\|\s*type\s*\|\s*content\s*\|/m), doc.indexOf('A quantity that the hazard'));
  const documented = table
    .split('\n')
    .slice(2)
    .filter((line) => line.startsWith('| '))
    .flatMap((line) => line.split('|')[1].split(','))
    .map((name) => name.trim());
  const actual = sqliteRows<{ name: string }>(combined, 'PRAGMA table_info(assetstatetable)').map((column) => column.name);
  assert.equal(actual, documented);
});

test('fragility_curves lists the governing curve of each asset type and quantity present, with its set and source', ({ combined, quake }) => {
  const types = sqliteRows<{ asset_type: string }>(combined, 'SELECT DISTINCT asset_type FROM assets').map((row) => row.asset_type);
  const curves = sqliteRows<{ asset_type: string; quantity: string; curve_set: string; definition: string; hazard_type: string; source: string }>(
    combined,
    'SELECT * FROM fragility_curves',
  );
  // DEFAULT_CURVES (docs/fragility.md): PGA governs earthquake (no PGV curve); buried assets and transmission conductors do not
  // fail in wind; circuits and junction boxes do not fail from submergence (FEMA), and structures only by flow velocity.
  const noWind = new Set([
    'distribution_underground_cables',
    'transmission_underground_cables',
    'distribution_junction_box',
    'transmission_junction_box',
    'transmission_overhead_lines',
  ]);
  const noFlood = new Set([...noWind, 'distribution_overhead_lines']);
  const structures = new Set(['distribution_poles', 'transmission_tower']);
  const floodQuantities = (type: string) => (noFlood.has(type) ? [] : structures.has(type) ? ['flood_velocity'] : ['flood_depth', 'flood_velocity']);
  assert.equal(
    curves.map((curve) => `${curve.asset_type}/${curve.quantity}`).sort(),
    types.flatMap((type) => [...(noWind.has(type) ? [] : ['wind_speed']), ...floodQuantities(type), 'pga'].map((quantity) => `${type}/${quantity}`)).sort(),
  );
  assert.ok(
    curves.every((curve) => JSON.parse(curve.definition).confidence !== undefined),
    'every DEFAULT_CURVES curve records its confidence',
  );
  assert.ok(curves.every((curve) => curve.curve_set === 'DEFAULT_CURVES' && curve.source.length > 20));
  const definition = (type: string, quantity: string) =>
    JSON.parse(curves.find((curve) => curve.asset_type === type && curve.quantity === quantity)!.definition);
  // HAZUS 5.1 EP.S.L.U, slight: 0.13 g, β 0.65; out of service from extensive.
  assert.equal(definition('substation', 'pga').limit_states[0], { name: 'slight', form: 'lognormal', parameters: { median: 0.13, beta: 0.65 } });
  assert.is(definition('substation', 'pga').out_of_service, 'extensive');
  assert.is(definition('distribution_poles', 'wind_speed').applies_to, 'pole');
  assert.is(curves.find((curve) => curve.asset_type === 'substation' && curve.quantity === 'pga')!.hazard_type, 'earthquake');
  assert.equal(sqliteRows(quake, 'SELECT DISTINCT quantity FROM fragility_curves ORDER BY quantity'), [{ quantity: 'pga' }]);
});

test('damage-state probabilities sum to 1 per asset, timestamp and quantity; damage_states describes each state', ({ combined }) => {
  const sums = sqliteRows<{ total: number; states: number; lowest: number }>(
    combined,
    'SELECT SUM(probability) AS total, COUNT(*) AS states, MIN(probability) AS lowest FROM damage_state_probabilities GROUP BY distribution_asset, timestamp, quantity',
  );
  assert.ok(sums.length > 38);
  for (const row of sums) {
    assert.ok(Math.abs(row.total - 1) < 1e-12, String(row.total));
    assert.ok(row.lowest >= 0);
  }
  // Earthquake rows have the five HAZUS states, none..complete.
  const states = sqliteRows<{ damage_state: string; out_of_service: number; repair_mean_hours: number | null }>(
    combined,
    "SELECT damage_state, out_of_service, repair_mean_hours FROM damage_states WHERE asset_type = 'substation' AND quantity = 'pga' ORDER BY damage_state_index",
  );
  assert.equal(
    states.map((row) => [row.damage_state, row.out_of_service, row.repair_mean_hours]),
    [
      ['none', 0, null],
      ['slight', 0, 24],
      ['moderate', 0, 72],
      ['extensive', 1, 168],
      ['complete', 1, 720],
    ],
  );
  // The view reads damage_state_cells: one row per asset, quantity and timestamp, a column per state, NULL past the curve's.
  const cells = sqliteRows<{ cells: number; states: number }>(
    combined,
    `SELECT COUNT(*) AS cells, SUM((SELECT COUNT(*) FROM damage_states d WHERE d.asset_type = a.asset_type AND d.quantity = c.quantity)) AS states
       FROM damage_state_cells c JOIN assets a USING (asset_index)`,
  )[0];
  assert.is(cells.cells, sums.length);
  assert.is(sqliteValue(combined, 'SELECT COUNT(*) FROM damage_state_probabilities'), cells.states);
  assert.is(sqliteValue(combined, "SELECT COUNT(*) FROM damage_state_cells WHERE quantity = 'wind_speed' AND probability_2 IS NOT NULL"), 0);
  // Asking the view for one asset reads that asset's cells by their key, not the whole table.
  const uuid = sqliteValue<string>(combined, 'SELECT uuid FROM assets WHERE asset_index = 3');
  const plan = sqlite3(combined, `EXPLAIN QUERY PLAN SELECT * FROM damage_state_probabilities WHERE distribution_asset = '${uuid}'`);
  assert.match(plan, /SEARCH c USING PRIMARY KEY \(asset_index=\?\)/);
  // How the probabilities relate to the survival columns: test/simulate/damageStates.test.ts.
});

test('the same inputs give the same tables, views and rows apart from run_info.created_at', ({ combined, combinedAgain }) => {
  const objects = (file: string) =>
    sqliteRows<{ type: string; name: string }>(file, "SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name");
  assert.equal(objects(combined), [
    { type: 'table', name: 'asset_summary' },
    { type: 'table', name: 'assets' },
    { type: 'table', name: 'assetstatetable' },
    { type: 'table', name: 'damage_state_cells' },
    { type: 'table', name: 'damage_states' },
    { type: 'table', name: 'fragility_curves' },
    { type: 'table', name: 'run_info' },
    { type: 'table', name: 'timestamps' },
    { type: 'view', name: 'asset_lowest_survival' },
    { type: 'view', name: 'assetstatetable_si' },
    { type: 'view', name: 'damage_state_probabilities' },
  ]);
  assert.equal(objects(combinedAgain), objects(combined));
  for (const { name } of objects(combined)) {
    // .dump writes the schema and every row, REALs with all their digits.
    const dump = (file: string) => sqlite3(file, `.dump ${name}`).replace(/^INSERT INTO run_info VALUES\('created_at',.*$/m, '');
    assert.ok(dump(combined) === dump(combinedAgain), `table ${name} differs between two runs`);
  }
  assert.equal(sqliteRows(combined, 'SELECT * FROM assetstatetable_si ORDER BY id'), sqliteRows(combinedAgain, 'SELECT * FROM assetstatetable_si ORDER BY id'));
});

test('the two files are the same bytes except inside the created_at value, as docs/output-sqlite.md says', ({ combined, combinedAgain }) => {
  const first = fs.readFileSync(combined);
  const second = fs.readFileSync(combinedAgain);
  assert.is(second.length, first.length);
  const createdAt = Buffer.from(sqliteValue<string>(combined, "SELECT value FROM run_info WHERE key = 'created_at'"));
  const at = first.indexOf(createdAt);
  assert.ok(at > 0);
  for (let offset = 0; offset < first.length; offset += 1) {
    if (first[offset] !== second[offset]) assert.ok(offset >= at && offset < at + createdAt.length, `byte ${offset} differs outside created_at`);
  }
});

test.run();
