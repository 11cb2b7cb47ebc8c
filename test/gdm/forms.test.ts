import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { readDistributionModel, validateDistributionContent, type Component, type Quantity } from '../../src/domain/gdm/index.js';
import { ROOT, haveSharedFixtures } from '../helpers/cli.js';
import { bus, classOf, fixture, line, lineEquipment, nested, uuid } from './helpers.js';

function messages(content: unknown): string[] {
  return validateDistributionContent(content).map((issue) => `${issue.path}: ${issue.message}`);
}

const nestedForm = suite('the nested form {name, components, properties}');

nestedForm('reads quantity strings and inline components, keeping properties as given', () => {
  const content = JSON.parse(fs.readFileSync(path.join(ROOT, 'test/data/tiny_feeder.json'), 'utf8'));
  const model = readDistributionModel(content);
  assert.is(model.form, 'nested');
  assert.is(model.name, 'tiny_feeder');
  assert.equal(model.properties, { source: 'hazsim test data: two buses and one line' });
  assert.equal(
    model.components.map((component) => component.type),
    ['DistributionBus', 'Location', 'DistributionBus', 'Location'],
  );
  const first = model.components[0];
  assert.is((first.fields.rated_voltage as Quantity).si, 7200);
  assert.is((first.fields.coordinate as Component).path, 'components[0].coordinate');
  assert.match((first.fields.coordinate as Component).uuid, /^[0-9a-f-]{36}$/);
});

nestedForm('one uuid in several places is one component, wherever it is defined', () => {
  const shared = bus('shared');
  const equipment = lineEquipment('e');
  const { type: _type, ...sharedWithoutType } = shared;
  const components = [
    line('l1', bus('a'), { uuid: shared.uuid }, equipment),
    line('l2', sharedWithoutType, bus('b'), { uuid: equipment.uuid }),
    line('l3', { ...shared }, bus('c'), equipment),
    shared,
  ];
  const model = readDistributionModel(nested(components));
  assert.is(model.byType.get('DistributionBus')!.length, 4);
  assert.is(model.byType.get('MatrixImpedanceBranchEquipment')!.length, 1);
  const [l1, l2, l3] = model.byType.get('MatrixImpedanceBranch')!;
  assert.is((l1.fields.buses as Component[])[1], (l2.fields.buses as Component[])[0]);
  assert.is((l3.fields.buses as Component[])[0], (l2.fields.buses as Component[])[0]);
  assert.is(l1.fields.equipment, l3.fields.equipment);
});

nestedForm('a uuid defined twice with different fields is refused at the second place', () => {
  const first = bus('b1');
  const second = { ...first, rated_voltage: '7.3 kilovolt' };
  assert.equal(messages(nested([line('l1', first, bus('b2'), lineEquipment('e')), line('l2', second, bus('b3'), lineEquipment('f'))])), [
    `components[1].buses[0] (DistributionBus "b1").uuid: uuid ${first.uuid} is already defined at components[0].buses[0] with different fields; one uuid denotes one component`,
  ]);
});

nestedForm('an inline component takes its class from the field, or from its fields when the field allows several', () => {
  const bare = {
    name: 'acsr',
    conductor_diameter: '0.721 inch',
    conductor_gmr: '0.0244 foot',
    ampacity: '530 ampere',
    emergency_ampacity: '600 ampere',
    ac_resistance: '0.306 ohm / mile',
    dc_resistance: '0.3 ohm / mile',
  };
  const geometry = { type: 'GeometryBranchEquipment', name: 'g', conductors: [bare], horizontal_positions: ['0 foot'], vertical_positions: ['29 foot'] };
  const model = readDistributionModel(nested([geometry]));
  assert.is((model.components[0].fields.conductors as Component[])[0].type, 'BareConductorEquipment');
  const unclear = { ...geometry, conductors: [{ name: 'mystery' }] };
  assert.equal(messages(nested([unclear])), [
    'components[0].conductors[0] (unknown class "mystery").type: "type" is required here: one of BareConductorEquipment, ConcentricCableEquipment',
  ]);
});

nestedForm("lists of quantities may mix units of one dimension; they are kept in the first entry's units", () => {
  const geometry = {
    type: 'GeometryBranchEquipment',
    name: 'g',
    conductors: [
      {
        type: 'BareConductorEquipment',
        uuid: uuid(),
        name: 'c',
        conductor_diameter: '0.721 inch',
        conductor_gmr: '0.0244 foot',
        ampacity: '530 ampere',
        emergency_ampacity: '600 ampere',
        ac_resistance: '0.306 ohm / mile',
        dc_resistance: '0.3 ohm / mile',
      },
    ],
    horizontal_positions: ['2.5 foot'],
    vertical_positions: ['9.144 meter'],
  };
  geometry.conductors.push({ uuid: geometry.conductors[0].uuid } as any);
  geometry.horizontal_positions.push('30 inch');
  geometry.vertical_positions.push('30 foot');
  const equipment = readDistributionModel(nested([geometry])).components[0];
  const horizontal = equipment.fields.horizontal_positions as Quantity;
  assert.is(horizontal.units, 'foot');
  assert.equal(horizontal.value, [2.5, 2.5]);
  const vertical = equipment.fields.vertical_positions as Quantity;
  assert.is(vertical.units, 'meter');
  assert.ok(Math.abs((vertical.value as number[])[1] - 9.144) < 1e-12);
  geometry.vertical_positions[1] = '3 ampere';
  assert.equal(messages(nested([geometry])), [
    'components[0] (GeometryBranchEquipment "g").vertical_positions: entries mix dimensions: units "ampere" measure current, not length',
  ]);
});

nestedForm('quantities are strings or {value, units}; a bare number is refused', () => {
  const withObject = bus('b1', { kv: { value: 7.2, units: 'kilovolt' } as any });
  assert.equal(messages(nested([withObject])), []);
  const bare = bus('b1', { kv: 7200 as any });
  assert.equal(messages(nested([bare])), [
    'components[0] (DistributionBus "b1").rated_voltage: expected a quantity: a string such as "12.47 kilovolt" or {"value": 12.47, "units": "kilovolt"}',
  ]);
});

nestedForm('top-level keys other than name, description, uuid, components and properties are refused', () => {
  assert.equal(messages({ name: 'x', components: [], extra: 1 }), ['extra: unknown top-level key; free metadata belongs in "properties"']);
});

nestedForm.run();

const gdmForm = suite('GDM form details');

gdmForm('a bare number is read in the base unit of its class, as gdm does', () => {
  if (!haveSharedFixtures()) return;
  const content = fixture('gmdflow_p5r/p5r.json');
  const index = content.components.findIndex((component: any) => classOf(component) === 'VoltageLimitSet');
  const kilovolts = content.components[index].value.value;
  content.components[index].value = kilovolts * 1000;
  const voltage = readDistributionModel(content).components[index].fields.value as Quantity;
  assert.is(voltage.units, 'volt');
  assert.ok(Math.abs((voltage.si as number) - kilovolts * 1000) < 1e-9);
});

gdmForm('a quantity needs __metadata__ with a known quantity class; legacy Positive* names are accepted', () => {
  if (!haveSharedFixtures()) return;
  const content = fixture('gmdflow_p5r/p5r.json');
  const index = content.components.findIndex((component: any) => classOf(component) === 'DistributionBus');
  const name = content.components[index].name;
  content.components[index].rated_voltage.__metadata__.type = 'PositiveVoltage';
  assert.equal(messages(content), []);
  content.components[index].rated_voltage.__metadata__.type = 'Voltish';
  assert.equal(messages(content), [`components[${index}] (DistributionBus "${name}").rated_voltage.__metadata__: unknown quantity class "Voltish"`]);
  delete content.components[index].rated_voltage.__metadata__;
  assert.equal(messages(content), [
    `components[${index}] (DistributionBus "${name}").rated_voltage.__metadata__: required: gdm rejects a quantity {value, units} without "__metadata__"`,
  ]);
});

gdmForm('a component without uuid gets a generated one; references must use the reference form', () => {
  if (!haveSharedFixtures()) return;
  const content = fixture('gmdflow_p5r/p5r.json');
  const index = content.components.findIndex((component: any) => classOf(component) === 'MatrixImpedanceBranch');
  delete content.components[index].uuid;
  const generated = readDistributionModel(content).components[index].uuid;
  assert.match(generated, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  content.components[index].buses[0] = content.components[index].buses[0].__metadata__.uuid;
  assert.equal(messages(content), [
    `components[${index}] (MatrixImpedanceBranch "${content.components[index].name}").buses[0]: must be a reference {"__metadata__": {"serialized_type": "composed_component", "uuid": ...}}`,
  ]);
});

gdmForm('a reference to a component of the wrong class is refused', () => {
  if (!haveSharedFixtures()) return;
  const content = fixture('gmdflow_p5r/p5r.json');
  const branchIndex = content.components.findIndex((component: any) => classOf(component) === 'MatrixImpedanceBranch');
  const locationIndex = content.components.findIndex((component: any) => classOf(component) === 'Location');
  content.components[branchIndex].buses[0].__metadata__.uuid = content.components[locationIndex].uuid;
  assert.equal(messages(content), [
    `components[${branchIndex}] (MatrixImpedanceBranch "${content.components[branchIndex].name}").buses[0]: references components[${locationIndex}] (Location), a Location; expected DistributionBus`,
  ]);
});

gdmForm.run();
