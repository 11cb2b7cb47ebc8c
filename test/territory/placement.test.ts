import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import seedrandom from 'seedrandom';
import { areaKm2, containsPoint, uniformPointsIn, type CountyShape } from '../../src/domain/territory/countyShape.js';
import { readCustomersTable } from '../../src/domain/territory/customersTable.js';
import { countyModel, templateCentre, type TemplateFeeder } from '../../src/domain/territory/feederCopies.js';
import { copiesFor, placeCopies } from '../../src/domain/territory/placement.js';
import { settlementClassOf } from '../../src/domain/territory/settlement.js';
import { readFileSync } from 'node:fs';
import { EXAMPLES } from '../helpers/cli.js';
import { countyShape } from '../../src/app/territory/counties.js';
import path from 'node:path';

const placement = suite('territory placement');

/** A 1 x 1 degree square at 35-36 N with a 0.5 x 0.5 degree hole in its middle. */
const holed: CountyShape = {
  fips: '99001',
  name: 'holed',
  polygons: [
    [
      [
        [-80, 35],
        [-79, 35],
        [-79, 36],
        [-80, 36],
        [-80, 35],
      ],
      [
        [-79.75, 35.25],
        [-79.25, 35.25],
        [-79.25, 35.75],
        [-79.75, 35.75],
        [-79.75, 35.25],
      ],
    ],
  ],
};

placement('area on the sphere: a latitude-longitude box is R^2 dlambda (sin phi2 - sin phi1), less its hole', () => {
  const R = 6371.0088;
  const rad = Math.PI / 180;
  const box = (west: number, east: number, south: number, north: number) => R * R * (east - west) * rad * (Math.sin(north * rad) - Math.sin(south * rad));
  const expected = box(-80, -79, 35, 36) - box(-79.75, -79.25, 35.25, 35.75);
  assert.ok(Math.abs(areaKm2(holed) - expected) < 1e-6 * expected, `${areaKm2(holed)} vs ${expected}`);
});

placement('uniform points fall inside the polygon and outside its hole, the same for the same seed', () => {
  const points = uniformPointsIn(holed, 2000, seedrandom.alea('7:99001'));
  assert.is(points.length, 2000);
  for (const [longitude, latitude] of points) {
    assert.ok(containsPoint(holed, longitude, latitude));
    assert.not.ok(longitude > -79.75 && longitude < -79.25 && latitude > 35.25 && latitude < 35.75, 'in the hole');
  }
  // Uniform over the area: the northern half holds its share of the area (sin 36 - sin 35.5) / (sin 36 - sin 35), less the hole's.
  const north = points.filter(([, latitude]) => latitude > 35.5).length / points.length;
  assert.ok(Math.abs(north - 0.5) < 0.05, `northern share ${north}`);
  assert.equal(uniformPointsIn(holed, 20, seedrandom.alea('7:99001')), points.slice(0, 20));
  assert.not.equal(uniformPointsIn(holed, 20, seedrandom.alea('8:99001')), points.slice(0, 20));
});

placement('copies: ceil(customers / per copy), customers shared in whole numbers that add up', () => {
  assert.is(copiesFor(0, 2000), 0);
  assert.is(copiesFor(1, 2000), 1);
  assert.is(copiesFor(4001, 2000), 3);
  const copies = placeCopies(holed, 4001, 2000, 3);
  assert.equal(
    copies.map((copy) => copy.customers),
    [1334, 1334, 1333],
  );
  assert.equal(placeCopies(holed, 4001, 2000, 3), copies, 'seeded');
});

placement('anchors in real counties (us-atlas): every one inside its county, Carteret and its islands included', () => {
  for (const fips of ['37031', '37129', '37119']) {
    const shape = countyShape(fips);
    const copies = placeCopies(shape, 20_000, 500, 1);
    assert.is(copies.length, 40);
    for (const copy of copies) assert.ok(containsPoint(shape, copy.longitude, copy.latitude), `${fips} copy ${copy.index}`);
  }
  assert.throws(() => countyShape('99999'), /No county 99999 in us-atlas/);
});

placement('settlement class by customers per km2: the Census 2020 urban density and a tenth of it', () => {
  assert.is(settlementClassOf(164), 'urban');
  assert.is(settlementClassOf(163.9), 'suburban');
  assert.is(settlementClassOf(16.4), 'suburban');
  assert.is(settlementClassOf(16.3), 'rural');
});

placement('a county model: every copy is re-identified, centred on its anchor and serves its customers', () => {
  const template: TemplateFeeder = { name: 'example_feeder', json: JSON.parse(readFileSync(path.join(EXAMPLES, 'feeder/example_feeder.json'), 'utf8')) };
  const copies = placeCopies(holed, 4001, 2000, 3);
  const model = countyModel({ template, modelName: 't.99001', description: 'test', fips: '99001', copies }) as { components: Record<string, any>[] };
  const uuids = model.components.map((component) => component.uuid);
  assert.is(new Set(uuids).size, uuids.length, 'uuids unique');
  const customers = model.components.filter((c) => c.__metadata__.type === 'PhaseLoadEquipment').reduce((sum, c) => sum + (c.num_customers ?? 0), 0);
  assert.is(customers, 4001);
  const loads = model.components.filter((c) => c.__metadata__.type === 'DistributionLoad');
  assert.is(loads.length, 3 * 4);
  assert.ok(
    loads.every((load) => /^99001-00[0-2]_/.test(load.name)),
    'load names carry the county',
  );
  for (const copy of copies) {
    const label = `99001-${String(copy.index).padStart(3, '0')}_`;
    const buses = model.components.filter((c) => c.__metadata__.type === 'DistributionBus' && c.name.startsWith(label));
    const byUuid = new Map(model.components.map((c) => [c.uuid, c]));
    const points = buses.map((bus) => byUuid.get(bus.coordinate.__metadata__.uuid));
    const [x, y] = templateCentre({ name: 'copy', json: { components: points } });
    assert.ok(Math.abs(x - copy.longitude) < 1e-9 && Math.abs(y - copy.latitude) < 1e-9, 'centred on the anchor');
  }
});

placement('customers tables: MCC layout read; every bad row named by line and column', () => {
  const table = readCustomersTable('\uFEFFCounty_FIPS,Customers\n1001,24619\n37129,2544\nGrand Total,27163\n');
  assert.equal(
    [...table],
    [
      ['01001', 24619],
      ['37129', 2544],
    ],
  );
  assert.throws(() => readCustomersTable('county,people\n1,2\n'), /needs a county column/);
  try {
    readCustomersTable('fips,customers\nabc,10\n37001,-5\n37003,1.5\n37005,7\n37005,8\n');
    assert.unreachable();
  } catch (error) {
    assert.equal(
      (error as { issues: { path: string; message: string }[] }).issues.map((issue) => `${issue.path}: ${issue.message}`),
      [
        'line 2.fips: "abc" is not a county FIPS code (1 to 5 digits)',
        'line 3.customers: "-5" is not a whole number of customers >= 0',
        'line 4.customers: "1.5" is not a whole number of customers >= 0',
        'line 6.fips: county 37005 is already given on line 5',
      ],
    );
  }
});

placement.run();
