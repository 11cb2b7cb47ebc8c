/**
 * Aggregation operations of gdm (docs/input-distribution.md): PhaseLoadEquipment aggregate
 * and split, DistributionSolar aggregate. Results are new components with fresh uuids
 * (gdm's split keeps the source uuid, which collides when both are in one system).
 */
import { randomUUID } from 'node:crypto';
import { HazsimError } from '../../../base/errors.js';
import { sortPhases } from '../enums.js';
import type { Component, Quantity } from '../model.js';
import { expectType, newComponent, siIn } from './_build.js';

const si = (component: Component, key: string) => (component.fields[key] as Quantity).siScalar;
const numberOf = (component: Component, key: string) => component.fields[key] as number;

function nonEmpty(instances: Component[], what: string): void {
  if (instances.length === 0) throw new HazsimError('invalid_input', `${what} needs at least one instance`);
}

/** Power-weighted ZIP fractions of one side (real or imaginary) and the total power, W or var. */
function side(instances: Component[], powerKey: string, suffix: 'real' | 'imag') {
  let z = 0;
  let i = 0;
  let p = 0;
  for (const load of instances) {
    const power = si(load, powerKey);
    z += power * numberOf(load, `z_${suffix}`);
    i += power * numberOf(load, `i_${suffix}`);
    p += power * numberOf(load, `p_${suffix}`);
  }
  const total = z + p + i;
  const fraction = (part: number) => (total === 0 ? 0 : part / total);
  return { total, z: fraction(z), i: fraction(i), p: fraction(p) };
}

/**
 * PhaseLoadEquipment.aggregate: powers summed, ZIP fractions weighted by real power (the
 * _real ones) and reactive power (the _imag ones), customers summed (null when none).
 * Powers keep the first instance's units, or W/var when they sum to 0.
 */
export function aggregatePhaseLoads(instances: Component[], name: string): Component {
  nonEmpty(instances, 'aggregatePhaseLoads');
  for (const load of instances) expectType(load, 'PhaseLoadEquipment');
  const real = side(instances, 'real_power', 'real');
  const imaginary = side(instances, 'reactive_power', 'imag');
  const customers = instances.reduce((sum, load) => sum + ((load.fields.num_customers as number | null) ?? 0), 0);
  const first = instances[0];
  return newComponent('PhaseLoadEquipment', name, {
    real_power: siIn(real.total, real.total === 0 ? 'watt' : (first.fields.real_power as Quantity).units),
    reactive_power: siIn(imaginary.total, imaginary.total === 0 ? 'var' : (first.fields.reactive_power as Quantity).units),
    z_real: real.z,
    i_real: real.i,
    p_real: real.p,
    z_imag: imaginary.z,
    i_imag: imaginary.i,
    p_imag: imaginary.p,
    num_customers: customers === 0 ? null : customers,
  });
}

/** PhaseLoadEquipment.split: a copy carrying 1/n of the powers, same fractions; named by its new uuid, as gdm does. */
export function splitPhaseLoad(instance: Component, parts: number): Component {
  expectType(instance, 'PhaseLoadEquipment');
  if (!Number.isInteger(parts) || parts < 1) throw new HazsimError('invalid_input', `cannot split a load into ${parts} parts`);
  const uuid = randomUUID();
  const real = instance.fields.real_power as Quantity;
  const reactive = instance.fields.reactive_power as Quantity;
  return newComponent(
    'PhaseLoadEquipment',
    uuid,
    { ...instance.fields, real_power: siIn(real.siScalar / parts, real.units), reactive_power: siIn(reactive.siScalar / parts, reactive.units) },
    uuid,
  );
}

/** 1 / Σ(1/x) over the nonzero x (gdm's parallel combination); 0 when all are 0. */
function parallel(values: number[]): number {
  const sum = values.filter((value) => value !== 0).reduce((total, value) => total + 1 / value, 0);
  return sum === 0 ? 0 : 1 / sum;
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * DistributionSolar.aggregate: one solar on `bus` with the summed powers and ratings,
 * irradiance weighted by rated power, R and X combined in parallel, the mean inverter
 * (gdm averages kVA for solar), and no controller. A solar on S1/S2 contributes its
 * upstream primary phases from `splitPhaseMapping` (by solar name).
 */
export function aggregateSolar(
  instances: Component[],
  bus: Component,
  name: string,
  splitPhaseMapping: Readonly<Record<string, readonly string[]>> = {},
): Component {
  nonEmpty(instances, 'aggregateSolar');
  for (const solar of instances) expectType(solar, 'DistributionSolar');
  expectType(bus, 'DistributionBus');
  const phases = instances.flatMap((solar) => {
    const own = solar.fields.phases as string[];
    if (!own.some((phase) => phase === 'S1' || phase === 'S2')) return own;
    const mapped = splitPhaseMapping[solar.name];
    if (!mapped) throw new HazsimError('invalid_input', `solar "${solar.name}" is on a split phase; splitPhaseMapping needs its primary phases`);
    return [...mapped];
  });
  const equipments = instances.map((solar) => solar.fields.equipment as Component);
  const inverters = instances.map((solar) => solar.fields.inverter as Component);
  const ratedW = equipments.map((equipment) => si(equipment, 'rated_power'));
  const totalRatedW = ratedW.reduce((sum, value) => sum + value, 0);
  const irradiance = instances.reduce((sum, solar, i) => sum + si(solar, 'irradiance') * ratedW[i], 0) / totalRatedW;
  const equipment = newComponent('SolarEquipment', `${name}_solar_equipment`, {
    rated_power: siIn(totalRatedW, 'kilowatt'),
    power_temp_curve: null,
    resistance: parallel(equipments.map((item) => numberOf(item, 'resistance'))),
    reactance: parallel(equipments.map((item) => numberOf(item, 'reactance'))),
    rated_voltage: bus.fields.rated_voltage,
    voltage_type: bus.fields.voltage_type,
  });
  const inverter = newComponent('InverterEquipment', '', {
    rated_apparent_power: siIn(mean(inverters.map((item) => si(item, 'rated_apparent_power'))), 'kilova'),
    rise_limit: null,
    fall_limit: null,
    cutout_percent: mean(inverters.map((item) => numberOf(item, 'cutout_percent'))),
    cutin_percent: mean(inverters.map((item) => numberOf(item, 'cutin_percent'))),
    dc_to_ac_efficiency: mean(inverters.map((item) => numberOf(item, 'dc_to_ac_efficiency'))),
    eff_curve: null,
  });
  const sumOf = (key: string) => instances.reduce((sum, solar) => sum + si(solar, key), 0);
  return newComponent('DistributionSolar', name, {
    substation: null,
    feeder: null,
    in_service: true,
    bus,
    phases: sortPhases(phases),
    irradiance: siIn(irradiance, 'kilowatt / meter ** 2'),
    active_power: siIn(sumOf('active_power'), 'kilowatt'),
    reactive_power: siIn(sumOf('reactive_power'), 'kilovar'),
    controller: null,
    inverter,
    equipment,
  });
}
