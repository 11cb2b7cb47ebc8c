import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EXAMPLES, haveSharedFixtures, json, ROOT, runCli, SHARED_FIXTURES, tempDir } from '../helpers/cli.js';
import { fileForm, sqliteContents, startTestServer } from '../helpers/rest.js';
import { ANCHOR, metresExampleFeeder, PLACED_BUS, PLACED_SUBSTATION, survivalRows, swappedExampleFeeder } from '../helpers/coordinateFixtures.js';
import { close } from '../helpers/assert.js';
import { readReportData } from '../../src/domain/report/index.js';

// gdm's own p5r.json has the latitude in x and the longitude in y: upload and validate say so
// (stderr, and in the --json object and the REST answer), naming the swap and the option that
// reads it; a feeder in longitude/latitude gets no warning. `upload --coordinate-order lat,lon`
// reads such a file, `--place-at` anchors a feeder in local metres; both are kept with the model.

const test = suite('coordinates that are not longitude/latitude');
const P5R = path.join(SHARED_FIXTURES, 'gdm_main_p5r/p5r.json');
const SWAPPED =
  /all 10 bus coordinates are outside longitude\/latitude range .*x = 36\.60102672210813, y = -120\.91292875147646.* but valid with x and y swapped: the file has the latitude in x and the longitude in y.*upload it again with --coordinate-order lat,lon .*ERAD's flip_coordinates/;

test('validate and upload of p5r.json warn that x and y are swapped; the assets are unlocated as the warning says', () => {
  if (!haveSharedFixtures()) return;
  const cache = tempDir();
  const validated = runCli(['validate', P5R, '--json']);
  assert.is(validated.code, 0, validated.stderr);
  assert.match(json(validated).warnings[0], SWAPPED);
  assert.match(validated.stderr, /^hazsim: warning: all 10 bus coordinates/);
  const human = runCli(['upload', P5R, '--cache-dir', cache]);
  assert.is(human.code, 0, human.stderr);
  assert.not.match(human.stdout, /warning/, 'warnings stay off stdout');
  assert.match(human.stderr, SWAPPED);
  const uploaded = json(runCli(['upload', P5R, '--name', 'p5r_again', '--cache-dir', cache, '--json']));
  assert.is(uploaded.warnings.length, 1);
  assert.match(uploaded.warnings[0], SWAPPED);
  const shown = json(runCli(['show', 'p5r_again', '--cache-dir', cache, '--json']));
  assert.ok(fs.existsSync(uploaded.file_path));
  assert.equal(shown.bounding_box ?? null, null, 'no usable coordinate, no bounding box');
});

test('REST upload answers with the same warning', async () => {
  if (!haveSharedFixtures()) return;
  const server = await startTestServer();
  try {
    const response = await fetch(`${server.base}/distribution-models`, { method: 'POST', body: fileForm(P5R) });
    assert.is(response.status, 201);
    const body = (await response.json()) as { warnings: string[] };
    assert.match(body.warnings[0], SWAPPED);
  } finally {
    await server.stop();
  }
});

test('a feeder in longitude/latitude uploads without warnings', () => {
  const result = json(runCli(['upload', path.join(EXAMPLES, 'feeder/example_feeder.json'), '--cache-dir', tempDir(), '--json']));
  assert.is(result.warnings, undefined);
  assert.is(json(runCli(['validate', path.join(EXAMPLES, 'feeder/example_feeder.json'), '--json'])).warnings.length, 0);
});

const TINY_FEEDER = path.join(ROOT, 'test/data/tiny_feeder.json');

test('p5r.json uploaded with --coordinate-order lat,lon: no warning, every bus located, and show says how it is read', () => {
  if (!haveSharedFixtures()) return;
  const cache = tempDir();
  const uploaded = json(runCli(['upload', P5R, '--coordinate-order', 'lat,lon', '--cache-dir', cache, '--json']));
  assert.is(uploaded.warnings, undefined);
  const shown = json(runCli(['show', 'p5r', '--cache-dir', cache, '--json']));
  assert.is(shown.buses.with_unusable_coordinates, 0);
  assert.equal(shown.coordinates, { order: 'lat,lon', place_at: null });
  // p5r's first bus: x = 36.60102672210813 (the latitude), y = -120.91292875147646 (the longitude).
  assert.ok(shown.bounding_box.min_longitude <= -120.91292875147646 && shown.bounding_box.max_latitude >= 36.60102672210813);
});

test('the swapped example feeder with --coordinate-order lat,lon simulates exactly as the example feeder; a re-upload without it replaces the reading', () => {
  const cache = tempDir();
  const work = tempDir();
  const swapped = swappedExampleFeeder(work);
  const cli = (...args: string[]) => runCli([...args, '--cache-dir', cache]);
  assert.is(cli('upload', path.join(EXAMPLES, 'feeder/example_feeder.json'), '--name', 'plain').code, 0);
  assert.is(cli('upload', swapped, '--name', 'swapped', '--coordinate-order', 'lat,lon').code, 0);
  assert.is(cli('upload', path.join(EXAMPLES, 'hazards/earthquake.json'), '--name', 'quake').code, 0);
  const plain = json(cli('simulate', 'plain', 'quake', '-o', path.join(work, 'plain.sqlite'), '--json'));
  const read = json(cli('simulate', 'swapped', 'quake', '-o', path.join(work, 'swapped.sqlite'), '--json'));
  assert.is(read.unlocated_count, 0);
  assert.is(read.asset_count, plain.asset_count);
  const swappedResult = sqliteContents(path.join(work, 'swapped.sqlite'));
  assert.equal(survivalRows(swappedResult), survivalRows(sqliteContents(path.join(work, 'plain.sqlite'))));
  const info = Object.fromEntries((swappedResult.run_info as { key: string; value: string }[]).map((row) => [row.key, row.value]));
  assert.equal(JSON.parse(info.distribution_coordinates), { order: 'lat,lon', place_at: null });

  // Uploaded again without the option, the same bytes are read GDM's way: the assets move (to Antarctica), the survival changes.
  assert.is(cli('upload', swapped, '--name', 'swapped', '--overwrite').code, 0);
  assert.equal(json(cli('show', 'swapped', '--json')).coordinates, { order: 'lon,lat', place_at: null });
  assert.is(cli('simulate', 'swapped', 'quake', '-o', path.join(work, 'gdm.sqlite'), '--json').code, 0);
  const gdmRead = sqliteContents(path.join(work, 'gdm.sqlite'));
  assert.ok(
    (gdmRead.assets as { latitude: number }[]).every((asset) => asset.latitude < -79),
    'x = 32.79 read as the longitude, y = -79.95 as the latitude',
  );
  assert.not.equal(survivalRows(gdmRead), survivalRows(swappedResult));

  // The report of the first run draws its lines as that run read them, not as the model is read now.
  assert.is(cli('report', path.join(work, 'swapped.sqlite'), '-o', path.join(work, 'swapped.html')).code, 0);
  const page = readReportData(fs.readFileSync(path.join(work, 'swapped.html'), 'utf8'));
  const route = new Float32Array(new Uint8Array(Buffer.from(page.assets.routeCoordinates, 'base64')).buffer);
  assert.ok(route.length > 0, 'lines are drawn along their routes');
  const latitudes = route.filter((_, k) => k % 2 === 0);
  assert.ok(
    latitudes.every((latitude) => latitude > 32.7 && latitude < 32.9),
    `routes at the run's latitudes, around 32.8° N: ${latitudes.slice(0, 4).join(', ')}`,
  );
});

test('--place-at puts a feeder in metres where the hand computation says, and a quake there reaches every asset', () => {
  const cache = tempDir();
  const work = tempDir();
  const feeder = metresExampleFeeder(work);
  const cli = (...args: string[]) => runCli([...args, '--cache-dir', cache]);
  // Without it: every coordinate beyond longitude/latitude range, swapped or not, and looking like metres.
  const unplaced = cli('validate', feeder, '--json');
  assert.match(json(unplaced).warnings[0], /look like local x\/y coordinates .*upload with --place-at <longitude>,<latitude>/);
  const placed = cli('upload', feeder, '--name', 'placed', '--place-at', ANCHOR, '--json');
  assert.is(placed.code, 0, placed.stderr);
  assert.is(json(placed).warnings, undefined);
  const shown = json(cli('show', 'placed', '--json'));
  assert.equal(shown.coordinates, { order: 'lon,lat', place_at: { longitude: 10, latitude: 0 } });
  assert.is(shown.buses.with_unusable_coordinates, 0);

  const quake = path.join(work, 'equator_quake.json');
  fs.writeFileSync(
    quake,
    JSON.stringify({
      timestamps: ['2024-01-01T00:00:00'],
      models: [
        {
          type: 'earthquake',
          name: 'eq',
          timestamp: '2024-01-01T00:00:00',
          origin: { longitude: 10.005, latitude: 0.01 },
          depth: '10 kilometer',
          magnitude: 6.5,
        },
      ],
    }),
  );
  assert.is(cli('upload', quake, '--name', 'quake').code, 0);
  const run = json(cli('simulate', 'placed', 'quake', '-o', path.join(work, 'placed.sqlite'), '--json'));
  assert.equal([run.asset_count, run.unlocated_count], [38, 0]);
  const assets = sqliteContents(path.join(work, 'placed.sqlite')).assets as { asset_type: string; longitude: number; latitude: number }[];
  const substation = assets.find((asset) => asset.asset_type === 'substation')!;
  close(substation.longitude, PLACED_SUBSTATION.longitude, 1e-9);
  close(substation.latitude, PLACED_SUBSTATION.latitude, 1e-9);
  assert.ok(
    assets.some((asset) => Math.abs(asset.longitude - PLACED_BUS.longitude) < 1e-9 && Math.abs(asset.latitude - PLACED_BUS.latitude) < 1e-9),
    'an asset at the bus x = 200, y = 1700, where the hand computation puts it',
  );

  // An anchor with a `-` is taken as the option's value.
  assert.is(cli('upload', feeder, '--name', 'west', '--place-at', '-105.17,39.74').code, 0);
  assert.equal(json(cli('show', 'west', '--json')).coordinates.place_at, { longitude: -105.17, latitude: 39.74 });
});

test('bad --coordinate-order and --place-at values exit 2 naming the option; on a hazard model they exit 5', () => {
  const cache = tempDir();
  const order = runCli(['upload', TINY_FEEDER, '--coordinate-order', 'xy', '--cache-dir', cache]);
  assert.is(order.code, 2);
  assert.match(order.stderr, /--coordinate-order.*xy.*lon,lat, lat,lon/);
  for (const [value, problem] of [
    ['39.7', /must be <longitude>,<latitude>/],
    ['200,10', /longitude 200 is outside -180 to 180/],
    ['10,-95', /latitude -95 is outside -90 to 90/],
  ] as const) {
    const result = runCli(['upload', TINY_FEEDER, `--place-at=${value}`, '--cache-dir', cache]);
    assert.is(result.code, 2, value);
    assert.match(result.stderr, /--place-at/);
    assert.match(result.stderr, problem);
  }
  const hazard = runCli(['upload', path.join(EXAMPLES, 'hazards/earthquake.json'), '--coordinate-order', 'lat,lon', '--cache-dir', cache]);
  assert.is(hazard.code, 5);
  assert.match(hazard.stderr, /coordinate_order and place_at \(--coordinate-order, --place-at\) apply to distribution models only/);
  assert.equal(json(runCli(['list', '--cache-dir', cache, '--json'])), []);
});

test('validate reads a file as upload would with --coordinate-order and --place-at, and refuses them for a hazard model', () => {
  const dir = tempDir();
  const summaryOf = (args: string[]) => {
    const result = runCli(['validate', ...args, '--json']);
    assert.is(result.code, 0, result.stderr);
    return json(result);
  };
  const original = summaryOf([path.join(EXAMPLES, 'feeder/example_feeder.json')]).summary;
  const swapped = swappedExampleFeeder(dir);
  const asRead = summaryOf([swapped, '--coordinate-order', 'lat,lon']);
  assert.equal(asRead.warnings, []);
  assert.equal(asRead.summary.bounding_box, original.bounding_box);
  assert.not.equal(summaryOf([swapped]).summary.bounding_box, original.bounding_box, 'read as GDM says, the swapped file lies elsewhere');
  const placed = summaryOf([metresExampleFeeder(dir), '--place-at', ANCHOR]);
  assert.equal(placed.warnings, []);
  const hazard = runCli(['validate', path.join(EXAMPLES, 'hazards/earthquake.json'), '--place-at', ANCHOR]);
  assert.is(hazard.code, 5);
  assert.match(hazard.stderr, /apply to distribution models only/);
});

test.run();
