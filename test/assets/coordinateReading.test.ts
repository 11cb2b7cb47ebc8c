import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readDistributionModel } from '../../src/domain/gdm/index.js';
import { coordinateWarnings, extractAssets, GDM_READING, lineRoutes, type CoordinateReading } from '../../src/domain/assets/index.js';
import { summarizeDistributionModel } from '../../src/domain/assets/modelSummary.js';
import { EXAMPLES, tempDir } from '../helpers/cli.js';
import { metresExampleFeeder, swappedExampleFeeder } from '../helpers/coordinateFixtures.js';

// The coordinate reading (docs/input-distribution.md, "Coordinate order and placement") reaches
// every reader of positions: assets, line routes (the report's map) and the summary.

const test = suite('coordinate readings');
const read = (file: string) => readDistributionModel(JSON.parse(fs.readFileSync(file, 'utf8')));
const LAT_LON: CoordinateReading = { order: 'lat,lon', placeAt: null };

test('the swapped example feeder read lat,lon: the same assets, routes and bounding box as the example feeder', () => {
  const original = read(path.join(EXAMPLES, 'feeder/example_feeder.json'));
  const swapped = read(swappedExampleFeeder(tempDir()));
  // As JSON: typed arrays holding NaN (the route of a point asset) never compare equal element by element.
  const asJson = (value: unknown) => JSON.stringify(value, (_key, item: unknown) => (ArrayBuffer.isView(item) ? Array.from(item as Float64Array) : item));
  assert.is(asJson(extractAssets(swapped, LAT_LON)), asJson(extractAssets(original, GDM_READING)));
  assert.equal(lineRoutes(swapped, LAT_LON), lineRoutes(original, GDM_READING));
  assert.equal(summarizeDistributionModel(swapped, LAT_LON).bounding_box, summarizeDistributionModel(original, GDM_READING).bounding_box);
});

test('an unswapped file read lat,lon with every point out of range: the warning names --coordinate-order lon,lat', () => {
  const tiny = readDistributionModel({
    name: 'west',
    components: [
      {
        type: 'DistributionBus',
        name: 'b1',
        voltage_type: 'line-to-ground',
        phases: ['A'],
        rated_voltage: '7.2 kilovolt',
        coordinate: { x: -122.3, y: 37.8 },
      },
    ],
  });
  assert.equal(coordinateWarnings(tiny, GDM_READING), []);
  const [warning] = coordinateWarnings(tiny, LAT_LON);
  assert.match(warning, /as read \(x = latitude, y = longitude; e\.g\. x = -122\.3, y = 37\.8\) but valid with x and y swapped/);
  assert.match(warning, /upload it again with --coordinate-order lon,lat/);
});

test('a feeder in metres: no warning once placed, and the warning offers --place-at before', () => {
  const metres = read(metresExampleFeeder(tempDir()));
  assert.match(coordinateWarnings(metres, GDM_READING)[0], /--place-at <longitude>,<latitude>/);
  assert.equal(coordinateWarnings(metres, { order: 'lon,lat', placeAt: { longitude: 10, latitude: 0 } }), []);
  // Placed too far for the globe: each bus is unlocated with the reason, never clamped.
  const { unlocated } = extractAssets(metres, { order: 'lon,lat', placeAt: { longitude: 179.99, latitude: 0 } });
  assert.ok(unlocated.some((note) => /read as x metres east, y metres north of 179\.99,0 is beyond longitude\/latitude range/.test(note.reason)));
});

test.run();
