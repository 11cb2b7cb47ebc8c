import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { aggregatePhaseLoads, aggregateSolar, readDistributionModel, splitPhaseLoad, type Component, type Quantity } from '../../src/domain/gdm/index.js';
import { close } from '../helpers/assert.js';

const si = (component: Component, key: string) => (component.fields[key] as Quantity).siScalar;

function phaseLoads(): Component[] {
  const model = readDistributionModel({
    name: 'loads',
    components: [
      {
        type: 'PhaseLoadEquipment',
        name: 'z',
        real_power: '10 kilowatt',
        reactive_power: '2 kilovar',
        z_real: 1,
        i_real: 0,
        p_real: 0,
        z_imag: 1,
        i_imag: 0,
        p_imag: 0,
        num_customers: 2,
      },
      {
        type: 'PhaseLoadEquipment',
        name: 'p',
        real_power: '30 kilowatt',
        reactive_power: '6 kilovar',
        z_real: 0,
        i_real: 0,
        p_real: 1,
        z_imag: 0,
        i_imag: 0,
        p_imag: 1,
      },
    ],
  });
  return model.components;
}

const loads = suite('aggregatePhaseLoads and splitPhaseLoad');

loads("gdm's example: {10 kW, 2 kvar, pure Z, 2 customers} + {30 kW, 6 kvar, pure P}", () => {
  const total = aggregatePhaseLoads(phaseLoads(), 'both');
  // gdm 2.2.1: 40 kW, 8 kvar, z = 0.25 and p = 0.75 on both sides, i = 0, 2 customers.
  close(si(total, 'real_power'), 40_000, 1e-9, 'P');
  close(si(total, 'reactive_power'), 8_000, 1e-9, 'Q');
  assert.is((total.fields.real_power as Quantity).units, 'kilowatt');
  for (const suffix of ['real', 'imag']) {
    close(total.fields[`z_${suffix}`] as number, 0.25, 1e-12, `z_${suffix}`);
    close(total.fields[`i_${suffix}`] as number, 0, 1e-12, `i_${suffix}`);
    close(total.fields[`p_${suffix}`] as number, 0.75, 1e-12, `p_${suffix}`);
  }
  assert.is(total.fields.num_customers, 2);
  assert.is(total.name, 'both');
});

loads('zero power gives zero fractions, W units and no customers', () => {
  const model = readDistributionModel({
    name: 'zero',
    components: [{ type: 'PhaseLoadEquipment', name: 'idle', z_real: 0, i_real: 0, p_real: 0, z_imag: 0, i_imag: 0, p_imag: 0 }],
  });
  const total = aggregatePhaseLoads(model.components, 'idle');
  assert.is((total.fields.real_power as Quantity).units, 'watt');
  assert.is(total.fields.z_real, 0);
  assert.is(total.fields.num_customers, null);
});

loads('split divides the powers, keeps the fractions and takes a fresh uuid', () => {
  const [source] = phaseLoads();
  const part = splitPhaseLoad(source, 4);
  close(si(part, 'real_power'), 2_500, 1e-9, 'P/4');
  close(si(part, 'reactive_power'), 500, 1e-9, 'Q/4');
  assert.is(part.fields.z_real, 1);
  assert.is.not(part.uuid, source.uuid);
  assert.is(part.name, part.uuid);
});

loads.run();

const solar = suite('aggregateSolar');

function solarModel() {
  const bus = {
    type: 'DistributionBus',
    uuid: '00000000-0000-4000-8000-0000000000c1',
    name: 'lv',
    voltage_type: 'line-to-line',
    phases: ['A', 'B', 'C'],
    rated_voltage: '0.48 kilovolt',
  };
  const pv = (name: string, kw: number, resistance: number, reactance: number, irradiance: number, kva: number, phases: string[]) => ({
    type: 'DistributionSolar',
    name,
    bus: { uuid: bus.uuid },
    phases,
    irradiance: `${irradiance} kilowatt / meter ** 2`,
    active_power: `${kw * irradiance} kilowatt`,
    reactive_power: '0 kilovar',
    inverter: {
      type: 'InverterEquipment',
      rated_apparent_power: `${kva} kilova`,
      rise_limit: null,
      fall_limit: null,
      cutout_percent: 0.1,
      cutin_percent: 0.1,
      dc_to_ac_efficiency: 96,
    },
    equipment: {
      type: 'SolarEquipment',
      name: `${name}_eq`,
      rated_power: `${kw} kilowatt`,
      resistance,
      reactance,
      rated_voltage: '0.24 kilovolt',
      voltage_type: 'line-to-line',
    },
  });
  return readDistributionModel({ name: 'pv', components: [bus, pv('pv1', 4, 50, 0, 1.0, 5, ['A']), pv('pv2', 6, 25, 10, 0.5, 7, ['B'])] });
}

solar("gdm's example: 4 kW (R 50, X 0, 1.0 kW/m², 5 kVA) and 6 kW (R 25, X 10, 0.5 kW/m², 7 kVA)", () => {
  const model = solarModel();
  const bus = model.byType.get('DistributionBus')![0];
  const total = aggregateSolar(model.byType.get('DistributionSolar')!, bus, 'pv_total');
  const equipment = total.fields.equipment as Component;
  const inverter = total.fields.inverter as Component;
  // gdm 2.2.1: rated 10 kW, R 16.667, X 10.0, irradiance 0.7 kW/m², inverter 6 kVA, no controller.
  close(si(equipment, 'rated_power'), 10_000, 1e-9, 'rated power');
  close(equipment.fields.resistance as number, 50 / 3, 1e-9, 'R in parallel');
  close(equipment.fields.reactance as number, 10, 1e-9, 'X (zeros skipped)');
  close(si(total, 'irradiance'), 700, 1e-9, 'irradiance weighted by rating, W/m²');
  close(si(inverter, 'rated_apparent_power'), 6_000, 1e-9, 'mean inverter kVA');
  close(si(total, 'active_power'), 7_000, 1e-9, 'active power summed');
  assert.is(total.fields.controller, null);
  assert.equal(total.fields.phases, ['A', 'B']);
  assert.is(equipment.name, 'pv_total_solar_equipment');
  assert.is(equipment.fields.rated_voltage, bus.fields.rated_voltage);
});

solar('a solar on a split phase contributes the primary phases it is mapped to', () => {
  const model = solarModel();
  const bus = model.byType.get('DistributionBus')![0];
  const [first, second] = model.byType.get('DistributionSolar')!;
  const split = { ...second, fields: { ...second.fields, phases: ['S1', 'S2'] } };
  assert.equal(aggregateSolar([first, split], bus, 'mapped', { pv2: ['C'] }).fields.phases, ['A', 'C']);
  assert.throws(() => aggregateSolar([split], bus, 'unmapped'), /splitPhaseMapping needs its primary phases/);
});

solar.run();
