import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readDistributionModel } from '../../src/domain/gdm/index.js';
import { coordinateWarnings, GDM_READING, type CoordinateReading } from '../../src/domain/assets/index.js';
import { EXAMPLES, SHARED_FIXTURES, haveSharedFixtures, json, runCli, tempDir } from '../helpers/cli.js';

// Coordinate sets that read as longitude/latitude but cannot be a feeder (docs/input-distribution.md,
// "Coordinate order and placement"): gdm's own IEEE files, and small hand-made sets.

const test = suite('implausible coordinate sets');
const IEEE13 = path.join(SHARED_FIXTURES, 'gdm_al-ybus_ieee13/ieee_13_node.json');
const IEEE13_GMDFLOW = path.join(SHARED_FIXTURES, 'gmdflow_ieee13/ieee13_system.json');
const IEEE123 = path.join(SHARED_FIXTURES, 'gmdflow_ieee123/ieee_123_node.json');
const readFile = (file: string) => readDistributionModel(JSON.parse(fs.readFileSync(file, 'utf8')));

/** A nested-form model of buses at the given (x, y), joined in a chain by nothing else (coordinates are all the checks read). */
function busesAt(points: [number, number][]) {
  return readDistributionModel({
    name: 'points',
    components: points.map(([x, y], index) => ({
      type: 'DistributionBus',
      name: `b${index}`,
      voltage_type: 'line-to-ground',
      phases: ['A'],
      rated_voltage: '7.2 kilovolt',
      coordinate: { x, y },
    })),
  });
}

test("gdm's IEEE-13 files: the one bus at x = 100, y = 0 is named as a stray, and --place-at is offered", () => {
  if (!haveSharedFixtures()) return;
  for (const file of [IEEE13, IEEE13_GMDFLOW]) {
    const [warning, ...rest] = coordinateWarnings(readFile(file), GDM_READING);
    assert.equal(rest, []);
    assert.match(warning, /^15 of 16 bus coordinates are outside longitude\/latitude range as read/);
    assert.match(warning, /the one in range \(bus "\d+" at x = 100, y = 0, read as 100° E, 0° N\) is most likely local x\/y too/);
    assert.match(warning, /--place-at <longitude>,<latitude>/);
    assert.match(warning, /--coordinate-order lat,lon does not help/);
  }
});

test("gdm's IEEE-123: all 132 buses at 0,0 are one point, a placeholder", () => {
  if (!haveSharedFixtures()) return;
  const [warning] = coordinateWarnings(readFile(IEEE123), GDM_READING);
  assert.match(warning, /^all 132 bus coordinates are one point \(x = 0, y = 0, a placeholder\)/);
  assert.match(warning, /--place-at <longitude>,<latitude> to stand the whole feeder at that point/);
});

test('every bus at one real point: simulated at one place, and the options are named', () => {
  const [warning] = coordinateWarnings(
    busesAt([
      [-105, 39.7],
      [-105, 39.7],
      [-105, 39.7],
    ]),
    GDM_READING,
  );
  assert.match(warning, /^all 3 bus coordinates are one point \(x = -105, y = 39\.7, 105° W, 39\.7° N\): every asset is simulated at that one place/);
  assert.match(warning, /--coordinate-order or --place-at/);
});

test('strays that all read in range swapped: the warning names --coordinate-order lat,lon', () => {
  // Charleston-like latitudes in x, longitudes in y: (32.79, -79.95) reads as a point; the rest (y beyond ±90) do not.
  const [warning] = coordinateWarnings(
    busesAt([
      [32.79, 79.95],
      [32.8, -100.1],
      [32.81, -100.2],
    ]),
    GDM_READING,
  );
  assert.match(warning, /^2 of 3 bus coordinates are outside/);
  assert.match(warning, /With x and y swapped every one reads as longitude\/latitude: upload again with --coordinate-order lat,lon/);
});

test('a spread wider than a distribution system: degrees that are really local x/y', () => {
  // (0, 10) to (10, 0) read as degrees: the box's diagonal is about 1,570 km (10° of arc ≈ 1,111 km each way, √2 × 1,111).
  const [warning] = coordinateWarnings(
    busesAt([
      [1, 10],
      [10, 1],
      [5, 5],
    ]),
    GDM_READING,
  );
  assert.match(warning, /^the bus coordinates span 1\d{3} km \(longitude 1 to 10, latitude 1 to 10/);
  assert.match(warning, /--place-at <longitude>,<latitude>.*--coordinate-order lat,lon/);
});

test('a real feeder, one a few km across, a placed model and a single bus: no warning', () => {
  const example = readFile(path.join(EXAMPLES, 'feeder/example_feeder.json'));
  assert.equal(coordinateWarnings(example, GDM_READING), []);
  assert.equal(
    coordinateWarnings(
      busesAt([
        [-105, 39.7],
        [-105.05, 39.72],
      ]),
      GDM_READING,
    ),
    [],
  );
  const placed: CoordinateReading = { order: 'lon,lat', placeAt: { longitude: -105, latitude: 39.7 } };
  assert.equal(
    coordinateWarnings(
      busesAt([
        [0, 0],
        [0, 0],
      ]),
      placed,
    ),
    [],
  );
  assert.equal(coordinateWarnings(busesAt([[-105, 39.7]]), GDM_READING), []);
});

test('validate and upload show the warning (stderr, and warnings in --json)', () => {
  if (!haveSharedFixtures()) return;
  const cache = tempDir();
  const checked = runCli(['validate', IEEE13, '--cache-dir', cache]);
  assert.is(checked.code, 0, checked.stderr);
  assert.match(checked.stderr, /hazsim: warning: 15 of 16 bus coordinates .*--place-at/);
  const uploaded = runCli(['upload', IEEE123, '--name', 'ieee123', '--cache-dir', cache, '--json']);
  assert.is(uploaded.code, 0, uploaded.stderr);
  assert.match(json(uploaded).warnings.join('\n'), /all 132 bus coordinates are one point/);
});

test.run();
