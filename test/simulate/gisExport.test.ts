// `hazsim export`: a simulation result as a map layer (docs/output-gis.md), through the real CLI
// on the bundled example feeder and hurricane. The GeoJSON is checked against RFC 7946's
// structure and the feeder file's own coordinates; the GeoParquet file is read back by hyparquet
// (which decodes GeoParquet's `geo` metadata) and by DuckDB, whose raw WKB bytes are compared
// with bytes laid out by hand from the ISO WKB specification.
import fs from 'node:fs';
import path from 'node:path';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EXAMPLES, json, runCli, tempDir } from '../helpers/cli.js';
import { sqliteRows } from '../helpers/sqliteShell.js';
import { skipTest } from '../helpers/skip.js';

const cache = tempDir('hazsim-export-cache-');
const out = tempDir('hazsim-export-out-');
const hazsim = (...args: string[]) => runCli([...args, '--cache-dir', cache], { cwd: out });
const result = path.join(out, 'run.sqlite');
const FEEDER = path.join(EXAMPLES, 'feeder/example_feeder.json');

const test = suite('hazsim export');

test.before(() => {
  assert.is(hazsim('upload', FEEDER, '--name', 'feeder').code, 0);
  assert.is(hazsim('upload', path.join(EXAMPLES, 'hazards/hurricane.json'), '--kind', 'hazard', '--name', 'storm').code, 0);
  const simulated = hazsim('simulate', 'feeder', 'storm', '-o', result);
  assert.is(simulated.code, 0, simulated.stderr);
});

/** Longitude, latitude of a GDM component's bus (by the component's name and bus position), read from the feeder file itself. */
function busPosition(componentName: string, busIndex: number): [number, number] {
  const components = JSON.parse(fs.readFileSync(FEEDER, 'utf8')).components as Record<string, any>[];
  const byUuid = new Map<string, Record<string, any>>(components.map((component) => [component.uuid, component]));
  const component = components.find((entry) => entry.name === componentName)!;
  const busRef = component.buses ? component.buses[busIndex] : component.bus;
  const location = byUuid.get(byUuid.get(busRef.__metadata__.uuid)!.coordinate.__metadata__.uuid)!;
  return [location.x, location.y];
}

type Feature = { type: string; id: string; geometry: { type: string; coordinates: any } | null; properties: Record<string, any> };

test('GeoJSON: an RFC 7946 FeatureCollection of every asset, lines along their buses, each at its lowest survival', () => {
  const file = path.join(out, 'run.geojson');
  const exported = hazsim('export', result, '-o', file, '--json');
  assert.is(exported.code, 0, exported.stderr);
  const summary = json(exported);
  const document = JSON.parse(fs.readFileSync(file, 'utf8'));
  assert.is(document.type, 'FeatureCollection');
  assert.not.ok('crs' in document, 'RFC 7946 §4: no crs member, coordinates are WGS-84 lon/lat');
  const features = document.features as Feature[];
  const assets = sqliteRows(result, 'SELECT uuid, name, longitude, latitude FROM assets ORDER BY asset_index');
  assert.is(features.length, assets.length);
  assert.is(summary.asset_count, assets.length);
  const [west, south, east, north] = document.bbox as number[];
  for (const feature of features) {
    assert.is(feature.type, 'Feature');
    assert.ok(feature.geometry, `${feature.properties.name} has a geometry`);
    const positions: number[][] = feature.geometry!.type === 'Point' ? [feature.geometry!.coordinates] : feature.geometry!.coordinates;
    assert.ok(['Point', 'LineString'].includes(feature.geometry!.type));
    for (const [lon, lat] of positions)
      assert.ok(lon >= west && lon <= east && lat >= south && lat <= north && Math.abs(lat) <= 90, 'inside the bbox, lon/lat');
  }
  // A line runs from its first bus to its second, as the feeder file places them.
  const trunk = features.find((feature) => feature.properties.name === 'trunk_1')!;
  assert.equal(trunk.geometry, { type: 'LineString', coordinates: [busPosition('trunk_1', 0), busPosition('trunk_1', 1)] });
  assert.ok(summary.lines_with_routes > 0);
  // Each asset at its lowest survival, as the result's own asset_lowest_survival view says.
  const lowest = new Map(
    sqliteRows(result, 'SELECT distribution_asset, lowest_survival_probability AS s FROM asset_lowest_survival').map((row) => [row.distribution_asset, row.s]),
  );
  for (const { properties } of features) {
    assert.is(properties.survival_probability, lowest.get(properties.uuid));
    assert.ok(Math.abs(properties.failure_probability - (1 - properties.survival_probability)) <= 1e-15);
  }
  // The state is the most likely one of the governing quantity's curve at that time.
  const withState = features.find((feature) => feature.properties.damage_state !== null)!;
  const states = sqliteRows(
    result,
    `SELECT damage_state, probability FROM damage_state_probabilities WHERE distribution_asset = '${withState.properties.uuid}'
       AND timestamp = '${withState.properties.timestamp}' AND quantity = '${withState.properties.governing_quantity}' ORDER BY probability DESC`,
  );
  assert.is(withState.properties.damage_state, states[0].damage_state);
  assert.is(withState.properties.damage_state_probability, states[0].probability);
});

test('--at picks one timestamp for every asset; a time the run lacks is refused with exit 5 naming it', () => {
  const [at] = sqliteRows(result, 'SELECT timestamp FROM timestamps ORDER BY timestamp_index DESC LIMIT 1').map((row) => row.timestamp as string);
  const file = path.join(out, 'at.geojson');
  assert.is(hazsim('export', result, '--at', at, '-o', file).code, 0);
  const expected = new Map(
    sqliteRows(result, `SELECT distribution_asset, survival_probability AS s FROM assetstatetable WHERE timestamp = '${at}'`).map((row) => [
      row.distribution_asset,
      row.s,
    ]),
  );
  for (const { properties } of JSON.parse(fs.readFileSync(file, 'utf8')).features as Feature[]) {
    assert.is(properties.timestamp, at);
    assert.is(properties.survival_probability, expected.get(properties.uuid));
  }
  const bad = hazsim('export', result, '--at', '1999-01-01T00:00:00');
  assert.is(bad.code, 5);
  assert.match(bad.stderr, '1999-01-01T00:00:00 is not a timestamp of this run');
  assert.is(hazsim('export', result, '--format', 'shapefile').code, 2);
  assert.is(hazsim('export', path.join(out, 'missing.sqlite')).code, 3);
});

test('GeoParquet: GeoParquet 1.1 geo metadata, WKB geometry a reader decodes, the same rows as the GeoJSON', async () => {
  const file = path.join(out, 'run.parquet');
  const exported = hazsim('export', result, '--format', 'geoparquet', '-o', file);
  assert.is(exported.code, 0, exported.stderr);
  const bytes = fs.readFileSync(file);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const kv = new Map(parquetMetadata(buffer).key_value_metadata!.map(({ key, value }) => [key, value]));
  const geo = JSON.parse(kv.get('geo')!);
  assert.is(geo.version, '1.1.0');
  assert.is(geo.primary_column, 'geometry');
  assert.is(geo.columns.geometry.encoding, 'WKB');
  assert.equal(geo.columns.geometry.geometry_types, ['LineString', 'Point']);
  assert.not.ok('crs' in geo.columns.geometry, 'no crs: OGC:CRS84, longitude/latitude');
  const geojson = (JSON.parse(fs.readFileSync(path.join(out, 'run.geojson'), 'utf8')).features as Feature[]).map((feature) => ({
    ...feature.properties,
    geometry: feature.geometry,
  }));
  const rows = await parquetReadObjects({ file: buffer });
  assert.equal(rows, geojson);

  let duckdb: typeof import('@duckdb/node-api');
  try {
    duckdb = await import('@duckdb/node-api');
  } catch (error) {
    skipTest(`DuckDB (@duckdb/node-api) cannot load here: ${(error as Error).message}`);
    return;
  }
  const instance = await duckdb.DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const name = file.replaceAll("'", "''");
    const [row] = (await connection.runAndReadAll(`SELECT geometry FROM read_parquet('${name}') WHERE name = 'charleston_substation'`)).getRows();
    const wkb = Buffer.from((row[0] as { bytes: Uint8Array }).bytes);
    // ISO WKB of a point: byte order 1 (little-endian), type 1 (Point) as uint32, then x and y as float64.
    const [lon, lat] = busPosition('charleston_substation', 0);
    const expected = Buffer.alloc(21);
    expected.writeUInt8(1, 0);
    expected.writeUInt32LE(1, 1);
    expected.writeDoubleLE(lon, 5);
    expected.writeDoubleLE(lat, 13);
    assert.ok(wkb.equals(expected), `WKB ${wkb.toString('hex')} is not the point ${lon}, ${lat}`);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
});

test.run();
