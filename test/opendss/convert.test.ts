import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from '../helpers/cli.js';
import { folderFiles } from '../../src/app/models/openDssFiles.js';
import { readOpenDssModel, type CoordinateOptions } from '../../src/domain/opendss/index.js';
import { readContent, readDistributionModel, type Component, type DistributionModel } from '../../src/domain/gdm/index.js';
import { extractAssets, type CoordinateReading } from '../../src/domain/assets/index.js';
import { haveOpenDssFixtures, OPENDSS_FIXTURES } from '../helpers/opendss.js';

// OpenDSS feeders converted to hazsim's distribution model: every fixture converts to a model
// the GDM reader accepts with no issue; coordinates come out where the fixtures' README says
// (independent figures); and the IEEE 13 / 123 and SMART-DS P4U feeders, which also exist as GDM
// files, give the same assets and the same connectivity, up to the differences docs/input-distribution.md explains.

const GDM_FIXTURES = path.resolve(ROOT, '../shared/fixtures/gdm');

const convert = (folder: string, entry: string, options: CoordinateOptions = {}) =>
  readOpenDssModel(folderFiles(path.join(OPENDSS_FIXTURES, folder)), entry, options, folder);

/** Read back as any uploaded model is read (the JSON round trip included). */
const modelOf = (converted: ReturnType<typeof convert>) => readDistributionModel(JSON.parse(JSON.stringify(converted.content)));

const ANYWHERE: CoordinateOptions = { placeAt: { longitude: -80, latitude: 33 }, units: 'ft' };

const test = suite('readOpenDssModel');

const ENTRIES: [string, string, CoordinateOptions][] = [
  ['ieee13', '13Bus/IEEE13Nodeckt.dss', ANYWHERE],
  ['ieee13_cdpsm', 'IEEE13_CDPSM.dss', ANYWHERE],
  ['ieee34', '34Bus/Run_IEEE34Mod1.dss', {}],
  ['ieee34', '34Bus/Run_IEEE34Mod2.dss', {}],
  ['ieee123', '123Bus/Run_IEEE123Bus.DSS', ANYWHERE],
  ['ieee123', '123Bus/IEEE123Switches.dss', {}],
  ['ieee8500', 'Run_8500Node.dss', ANYWHERE],
  ['ieee8500', 'Run_RecloserSiting.DSS', ANYWHERE],
  ['epri_ckt5', 'Run_ckt5.dss', ANYWHERE],
  ['epri_ckt24', 'Run_Ckt24.dss', ANYWHERE],
  ['epri_j1', 'Master_withPV.dss', ANYWHERE],
  ['epri_j1', 'Master_noPV.dss', ANYWHERE],
  ['smartds_sfo_p4u', 'Master.dss', {}],
  ['smartds_aus_p1udt21301', 'substations/p1uhs23_1247/p1uhs23_1247--p1udt21301/Master.dss', { crs: 'EPSG:32614' }],
];

for (const [folder, entry, options] of ENTRIES) {
  test(`${folder}/${entry} converts to a model the GDM reader accepts with no issue`, () => {
    if (!haveOpenDssFixtures()) return;
    const { issues } = readContent(JSON.parse(JSON.stringify(convert(folder, entry, options).content)));
    assert.equal(issues.slice(0, 3), []);
  });
}

function bounds(model: DistributionModel): [number, number, number, number] {
  const points = (model.byType.get('Location') ?? []).map((location) => [location.fields.x as number, location.fields.y as number]);
  return [
    Math.min(...points.map((p) => p[0])),
    Math.max(...points.map((p) => p[0])),
    Math.min(...points.map((p) => p[1])),
    Math.max(...points.map((p) => p[1])),
  ];
}

test('SMART-DS P4U: longitude/latitude read as they are (README: −122.4322…−122.4189, 37.8067…37.8110)', () => {
  if (!haveOpenDssFixtures()) return;
  const converted = convert('smartds_sfo_p4u', 'Master.dss');
  assert.is(converted.report.coordinates.reading, 'lon/lat');
  const [west, east, south, north] = bounds(modelOf(converted));
  for (const [actual, expected] of [
    [west, -122.4322],
    [east, -122.4189],
    [south, 37.8067],
    [north, 37.811],
  ])
    assert.ok(Math.abs(actual - expected) <= 0.0001, `${actual} vs ${expected}`);
});

test('SMART-DS Austin with --crs EPSG:32614: proj4 puts it in north-east Austin (README: 30.360–30.370 N, 97.654–97.640 W)', () => {
  if (!haveOpenDssFixtures()) return;
  const [west, east, south, north] = bounds(
    modelOf(convert('smartds_aus_p1udt21301', 'substations/p1uhs23_1247/p1uhs23_1247--p1udt21301/Master.dss', { crs: 'EPSG:32614' })),
  );
  for (const [actual, expected] of [
    [west, -97.654],
    [east, -97.64],
    [south, 30.36],
    [north, 30.37],
  ])
    assert.ok(Math.abs(actual - expected) <= 0.001, `${actual} vs ${expected}`);
});

test('drawing coordinates (IEEE 13) are refused naming --place-at, --crs and --coordinate-units; placed, the centre is the anchor', () => {
  if (!haveOpenDssFixtures()) return;
  try {
    convert('ieee13', '13Bus/IEEE13Nodeckt.dss');
    assert.unreachable('drawing units accepted');
  } catch (error) {
    assert.match((error as Error).message, /not longitude\/latitude \(x 0 to 400, y 0 to 400.*--crs EPSG.*--place-at <lon,lat>.*--coordinate-units/);
  }
  const [west, east, south, north] = bounds(modelOf(convert('ieee13', '13Bus/IEEE13Nodeckt.dss', ANYWHERE)));
  // 400 ft across, centred on the anchor: 121.92 m ≈ 0.00131° of longitude at 33° N, 0.0011° of latitude.
  assert.ok(Math.abs((west + east) / 2 + 80) < 1e-9 && Math.abs((south + north) / 2 - 33) < 1e-9);
  assert.ok(Math.abs(east - west - 121.92 / (111320 * Math.cos((33 * Math.PI) / 180))) < 2e-5);
});

test('EPRI ckt5 placed: buses without coordinates take their transformer location or are interpolated; the rest are reported unlocated', () => {
  if (!haveOpenDssFixtures()) return;
  const { coordinates } = convert('epri_ckt5', 'Run_ckt5.dss', ANYWHERE).report;
  assert.is(coordinates.fromFile + coordinates.fromTransformers + coordinates.interpolated + coordinates.unlocated, 2998);
  assert.ok(coordinates.interpolated > 0 && coordinates.fromTransformers > 0);
});

/** Asset counts by type, located or not (a placement that locates everything is used for both). */
function assetCounts(model: DistributionModel): Record<string, number> {
  const reading: CoordinateReading = { order: 'lon,lat', placeAt: { longitude: 0, latitude: 0 } };
  const extraction = extractAssets(model, reading);
  const counts: Record<string, number> = {};
  for (const type of extraction.assets.assetType) counts[type] = (counts[type] ?? 0) + 1;
  for (const note of extraction.unlocated) counts[note.assetType!] = (counts[note.assetType!] ?? 0) + 1;
  return counts;
}

const BRANCHES = ['MatrixImpedanceBranch', 'MatrixImpedanceSwitch', 'MatrixImpedanceFuse', 'MatrixImpedanceRecloser', 'GeometryBranch', 'DistributionReactor'];

/** Load names no source reaches when the branch `failed` is out: a breadth-first walk written for this test. */
function deenergizedLoads(model: DistributionModel, failed: string | null): string[] {
  const next = new Map<string, string[]>();
  const link = (a: string, b: string) => next.set(a, [...(next.get(a) ?? []), b]);
  for (const type of BRANCHES)
    for (const branch of model.byType.get(type) ?? []) {
      const closed = branch.fields.is_closed as boolean[] | undefined;
      if (branch.name.toLowerCase() === failed || branch.fields.in_service === false || (closed && !closed.some(Boolean))) continue;
      const [a, b] = (branch.fields.buses as Component[]).map((bus) => bus.name.toLowerCase());
      link(a, b);
      link(b, a);
    }
  for (const transformer of model.byType.get('DistributionTransformer') ?? []) {
    const buses = (transformer.fields.buses as Component[]).map((bus) => bus.name.toLowerCase());
    for (const bus of buses.slice(1)) {
      link(buses[0], bus);
      link(bus, buses[0]);
    }
  }
  const reached = new Set((model.byType.get('DistributionVoltageSource') ?? []).map((source) => (source.fields.bus as Component).name.toLowerCase()));
  const queue = [...reached];
  for (let head = 0; head < queue.length; head += 1)
    for (const bus of next.get(queue[head]) ?? [])
      if (!reached.has(bus)) {
        reached.add(bus);
        queue.push(bus);
      }
  return (model.byType.get('DistributionLoad') ?? [])
    .filter((load) => !reached.has((load.fields.bus as Component).name.toLowerCase()))
    .map((load) => load.name.toLowerCase())
    .sort();
}

function sameConnectivity(opendss: DistributionModel, gdm: DistributionModel): void {
  const names = (model: DistributionModel) => new Set(BRANCHES.flatMap((type) => (model.byType.get(type) ?? []).map((branch) => branch.name.toLowerCase())));
  const common = [...names(opendss)].filter((name) => names(gdm).has(name));
  assert.ok(common.length > 0);
  assert.equal(deenergizedLoads(opendss, null), deenergizedLoads(gdm, null));
  for (const failed of common) assert.equal(deenergizedLoads(opendss, failed), deenergizedLoads(gdm, failed), `with ${failed} failed`);
}

const gdmModel = (file: string) => readDistributionModel(JSON.parse(fs.readFileSync(path.join(GDM_FIXTURES, file), 'utf8')));

test('IEEE 13: the same assets by type as gmdflow_ieee13, and the same loads lose power for every failed line', () => {
  if (!haveOpenDssFixtures() || !fs.existsSync(GDM_FIXTURES)) return;
  const opendss = modelOf(convert('ieee13', '13Bus/IEEE13Nodeckt.dss', ANYWHERE));
  const gdm = gdmModel('gmdflow_ieee13/ieee13_system.json');
  assert.equal(assetCounts(opendss), assetCounts(gdm));
  sameConnectivity(opendss, gdm);
});

test('IEEE 123: the same buses, transformers and connectivity as gmdflow_ieee123; switches and cable types differ as the docs explain', () => {
  if (!haveOpenDssFixtures() || !fs.existsSync(GDM_FIXTURES)) return;
  const opendss = modelOf(convert('ieee123', '123Bus/Run_IEEE123Bus.DSS', ANYWHERE));
  const gdm = gdmModel('gmdflow_ieee123/ieee_123_node.json');
  const counts = [opendss, gdm].map(assetCounts);
  // The GDM file writes every switch=y Line as a plain branch (126 branches, no switch) ...
  assert.is(counts[0].switch, 8);
  assert.is(counts[1].switch, undefined);
  const lines = (c: Record<string, number>) => (c.distribution_overhead_lines ?? 0) + (c.distribution_underground_cables ?? 0) + (c.switch ?? 0);
  assert.is(lines(counts[0]), lines(counts[1]));
  // ... and its c_matrix in nanofarad per metre holds IEEELineCodes' nF per 1000 ft, 3281 times too much: a cable by the 0.05 µF/km rule.
  assert.is(counts[1].distribution_underground_cables, 118);
  assert.equal([counts[0].substation, counts[0].transformer_pole_mount], [counts[1].substation, counts[1].transformer_pole_mount]);
  sameConnectivity(opendss, gdm);
});

test('SMART-DS P4U: the same buses, transformers, loads and connectivity as gmdflow_P4U; hazsim keeps the one disabled line out of service', () => {
  if (!haveOpenDssFixtures() || !fs.existsSync(GDM_FIXTURES)) return;
  const opendss = modelOf(convert('smartds_sfo_p4u', 'Master.dss'));
  const gdm = gdmModel('gmdflow_P4U/P4U_system.json');
  for (const type of ['DistributionBus', 'DistributionTransformer', 'DistributionLoad', 'DistributionVoltageSource'])
    assert.is(opendss.byType.get(type)!.length, gdm.byType.get(type)!.length, type);
  const extra = opendss.byType
    .get('MatrixImpedanceBranch')!
    .filter((branch) => !gdm.byType.get('MatrixImpedanceBranch')!.some((other) => other.name === branch.name));
  assert.equal(
    extra.map((branch) => [branch.name, branch.fields.in_service]),
    [['elbswitch(r:p4udt2-p4udt6)p4u_47', false]],
  );
  sameConnectivity(opendss, gdm);
});

test.run();
