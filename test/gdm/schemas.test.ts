import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as v from 'valibot';
import { ComponentRef, distributionClassSchema, Quantity } from '../../src/domain/gdm/index.js';

const schemas = suite('distributionClassSchema (valibot)');

const messages = (result: v.SafeParseResult<v.GenericSchema>) => (result.issues ?? []).map((issue) => `${v.getDotPath(issue) ?? ''}: ${issue.message}`);

schemas('trims strings, fills and validates defaults, generates a uuid, parses quantities', () => {
  const result = v.safeParse(distributionClassSchema('DistributionBus', 'nested'), {
    type: 'DistributionBus',
    name: '  b1 ',
    voltage_type: 'line-to-ground',
    phases: ['A', 'B', 'C'],
    rated_voltage: '7.2 kilovolt',
  });
  assert.ok(result.success, messages(result).join('; '));
  const bus = result.output as Record<string, unknown>;
  assert.is(bus.name, 'b1');
  assert.match(bus.uuid as string, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.is(bus.in_service, true);
  assert.equal(bus.voltagelimits, []);
  assert.is(bus.coordinate, null);
  assert.instance(bus.rated_voltage, Quantity);
  assert.is((bus.rated_voltage as Quantity).si, 7200);
});

schemas('refuses unknown fields, missing fields, bounds and dimensions, each at its key', () => {
  const result = v.safeParse(
    distributionClassSchema('DistributionBus', 'nested'),
    { name: 'b1', voltage_type: 'LINE-TO-GROUND', phases: ['A'], rated_voltage: '-7.2 kilovolt', colour: 'red' },
    { abortEarly: false },
  );
  assert.not.ok(result.success);
  assert.equal(messages(result), [
    'voltage_type: must be one of "line-to-line", "line-to-ground" (case-sensitive)',
    'rated_voltage: must be > 0',
    'colour: unknown field: gdm 2.0-2.4 does not define it for this class',
  ]);
  const ampere = v.safeParse(distributionClassSchema('DistributionBus', 'nested'), {
    name: 'b1',
    voltage_type: 'line-to-ground',
    phases: ['A'],
    rated_voltage: '7.2 ampere',
  });
  assert.equal(messages(ampere), ['rated_voltage.units: units "ampere" measure current, not voltage (a Voltage field)']);
  const missing = v.safeParse(distributionClassSchema('Location', 'nested'), { x: 1 });
  assert.equal(messages(missing), ['y: required field is missing']);
});

schemas('the GDM form takes __metadata__ and references by uuid', () => {
  const metadata = (type: string, serialized: string, uuid?: string) => ({
    __metadata__: { module: 'gdm.x', type, serialized_type: serialized, ...(uuid ? { uuid } : {}) },
  });
  const result = v.safeParse(distributionClassSchema('DistributionLoad', 'gdm'), {
    uuid: '0B4E0000-0000-4000-8000-000000000001',
    name: 'l1',
    phases: ['A'],
    ...metadata('DistributionLoad', 'base'),
    bus: metadata('DistributionBus', 'composed_component', '0b4e0000-0000-4000-8000-000000000002'),
    equipment: metadata('LoadEquipment', 'composed_component', '0b4e0000-0000-4000-8000-000000000003'),
  });
  assert.ok(result.success, messages(result).join('; '));
  const load = result.output as Record<string, unknown>;
  assert.is(load.uuid, '0b4e0000-0000-4000-8000-000000000001');
  assert.instance(load.bus, ComponentRef);
  assert.is((load.bus as ComponentRef).uuid, '0b4e0000-0000-4000-8000-000000000002');
  assert.throws(() => distributionClassSchema('DistributionWindmill', 'gdm'), /unknown GDM class/);
});

schemas.run();
