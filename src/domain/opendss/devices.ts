/**
 * Writes the OpenDSS elements at one bus (docs/input-distribution.md, "OpenDSS models"): the
 * source, loads, capacitors, PV systems and storage, and series reactors. Defaults are
 * OpenDSS's own where the script leaves a value out (OpenDSS Manual, each object's
 * properties), and the docs list them.
 */
import type { Circuit, DssObject } from './circuit.js';
import { objectsOf } from './circuit.js';
import { ref, q, Writer } from './emit.js';
import { isEnabled, numberProp, phaseCount, textProp } from './network.js';
import { parseTerminal, phasesOf, stableUuid, type Terminal } from './terminals.js';
import { numbersOf } from './values.js';

/** GDM voltage type of a device's kV: a single-phase device from one phase to ground gives line-to-ground kV. */
function voltageType(device: DssObject, terminal: Terminal): 'line-to-line' | 'line-to-ground' {
  return phaseCount(device) === 1 && terminal.nodes.filter((node) => node !== 0).length <= 1 ? 'line-to-ground' : 'line-to-line';
}

function terminalOf(device: DssObject): Terminal {
  return parseTerminal(textProp(device, 'bus1') ?? '', phaseCount(device));
}

/**
 * The source (Vsource, or the circuit's own): its impedances from the short-circuit MVAs and
 * X/R ratios when no R/X are given: |Z1| = kV²/MVAsc3, |Z0| = 3·kV²/MVAsc1 − 2·|Z1| (ohms;
 * OpenDSS's defaults MVAsc3 2000, MVAsc1 2100, X1/R1 4, X0/R0 3).
 */
function writeSources(writer: Writer, circuit: Circuit, busUuid: Map<string, string>): void {
  for (const source of objectsOf(circuit, 'vsource')) {
    if (!isEnabled(source)) continue;
    const terminal = parseTerminal(textProp(source, 'bus1') ?? 'sourcebus', phaseCount(source));
    const kv = numberProp(source, 'basekv', 115);
    const z1 = (kv * kv) / numberProp(source, 'mvasc3', 2000);
    const z0 = Math.max(z1, (3 * kv * kv) / numberProp(source, 'mvasc1', 2100) - 2 * z1);
    const x1r1 = numberProp(source, 'x1r1', 4);
    const x0r0 = numberProp(source, 'x0r0', 3);
    const r1 = numberProp(source, 'r1', z1 / Math.sqrt(1 + x1r1 * x1r1));
    const x1 = numberProp(source, 'x1', r1 * x1r1);
    const r0 = numberProp(source, 'r0', z0 / Math.sqrt(1 + x0r0 * x0r0));
    const x0 = numberProp(source, 'x0', r0 * x0r0);
    const phases = phasesOf(terminal.nodes);
    const angle = numberProp(source, 'angle', 0);
    const sources = phases.map((_, index) =>
      ref(
        writer.share('PhaseVoltageSourceEquipment', {
          name: '',
          r0: q(r0, 'ohm'),
          r1: q(r1, 'ohm'),
          x0: q(x0, 'ohm'),
          x1: q(x1, 'ohm'),
          voltage: q(kv * numberProp(source, 'pu', 1), 'kilovolt'),
          voltage_type: 'line-to-line',
          angle: q(angle - 120 * index, 'degree'),
        }),
      ),
    );
    const equipment = writer.share('VoltageSourceEquipment', { name: source.name, sources });
    writer.add({
      type: 'DistributionVoltageSource',
      uuid: stableUuid(`vsource:${source.name.toLowerCase()}`),
      name: circuit.name && source.name === 'source' ? circuit.name : source.name,
      bus: ref(busUuid.get(terminal.key)!),
      phases,
      equipment: ref(equipment),
    });
  }
}

/** ZIP fractions of OpenDSS load models: 2 constant impedance, 5 constant current, every other model read as constant power. */
function zipOf(model: number): { z: number; i: number; p: number } {
  if (model === 2) return { z: 1, i: 0, p: 0 };
  if (model === 5) return { z: 0, i: 1, p: 0 };
  return { z: 0, i: 0, p: 1 };
}

/**
 * Loads: kW (default 10), kvar as given or from pf (default 0.88), split evenly over the
 * phases; NumCust on the load's first phase when the script gives it, else none (hazsim
 * then counts one customer per load, which is also OpenDSS's NumCust default).
 */
function writeLoads(writer: Writer, circuit: Circuit, busUuid: Map<string, string>): void {
  for (const load of objectsOf(circuit, 'load')) {
    if (!isEnabled(load)) continue;
    const terminal = terminalOf(load);
    const phases = phasesOf(terminal.nodes).filter((phase) => phase !== 'N');
    if (phases.length === 0) continue;
    const kw = numberProp(load, 'kw', 10);
    const pf = numberProp(load, 'pf', 0.88);
    const kvar = load.props.has('kvar') ? numberProp(load, 'kvar', 0) : kw * Math.tan(Math.acos(Math.min(1, Math.abs(pf)))) * Math.sign(pf || 1);
    const zip = zipOf(Math.round(numberProp(load, 'model', 1)));
    const customers = load.props.has('numcust') ? Math.round(numberProp(load, 'numcust', 1)) : null;
    const phaseLoads = phases.map((_, index) =>
      ref(
        writer.add({
          type: 'PhaseLoadEquipment',
          uuid: stableUuid(`load:${load.name.toLowerCase()}:${index}`),
          name: '',
          real_power: q(kw / phases.length, 'kilowatt'),
          reactive_power: q(kvar / phases.length, 'kilovar'),
          z_real: zip.z,
          z_imag: zip.z,
          i_real: zip.i,
          i_imag: zip.i,
          p_real: zip.p,
          p_imag: zip.p,
          num_customers: index === 0 && customers !== null && customers > 0 ? customers : null,
        }),
      ),
    );
    const connection = (textProp(load, 'conn') ?? 'wye').toLowerCase().startsWith('d') ? 'DELTA' : 'STAR';
    const equipment = writer.add({
      type: 'LoadEquipment',
      uuid: stableUuid(`loadequipment:${load.name.toLowerCase()}`),
      name: '',
      phase_loads: phaseLoads,
      connection_type: connection,
    });
    writer.add({
      type: 'DistributionLoad',
      uuid: stableUuid(`loadcomponent:${load.name.toLowerCase()}`),
      name: load.name,
      bus: ref(busUuid.get(terminal.key)!),
      phases,
      equipment: ref(equipment),
    });
  }
}

/** Capacitors: kvar (a list for steps is summed; default 600) split over phases, kv (default 12.47). */
function writeCapacitors(writer: Writer, circuit: Circuit, busUuid: Map<string, string>): void {
  for (const capacitor of objectsOf(circuit, 'capacitor')) {
    if (!isEnabled(capacitor)) continue;
    const terminal = terminalOf(capacitor);
    const phases = phasesOf(terminal.nodes).filter((phase) => phase !== 'N');
    const steps = capacitor.props.has('kvar') ? numbersOf(capacitor.props.get('kvar')!) : [600];
    const kvar = steps.reduce((sum, step) => sum + step, 0);
    if (phases.length === 0 || !(kvar > 0)) continue;
    const phaseCapacitors = phases.map(() =>
      ref(
        writer.share('PhaseCapacitorEquipment', {
          name: '',
          rated_reactive_power: q(kvar / phases.length, 'kilovar'),
          num_banks_on: steps.length,
          num_banks: steps.length,
        }),
      ),
    );
    const equipment = writer.share('CapacitorEquipment', {
      name: '',
      phase_capacitors: phaseCapacitors,
      connection_type: (textProp(capacitor, 'conn') ?? 'wye').toLowerCase().startsWith('d') ? 'DELTA' : 'STAR',
      rated_voltage: q(numberProp(capacitor, 'kv', 12.47), 'kilovolt'),
      voltage_type: voltageType(capacitor, terminal),
    });
    writer.add({
      type: 'DistributionCapacitor',
      uuid: stableUuid(`capacitor:${capacitor.name.toLowerCase()}`),
      name: capacitor.name,
      bus: ref(busUuid.get(terminal.key)!),
      phases,
      equipment: ref(equipment),
    });
  }
}

function inverter(writer: Writer, device: DssObject, kva: number): string {
  return writer.share('InverterEquipment', {
    name: '',
    rated_apparent_power: q(kva, 'kilovolt_ampere'),
    rise_limit: null,
    fall_limit: null,
    cutout_percent: numberProp(device, '%cutout', 20),
    cutin_percent: numberProp(device, '%cutin', 20),
    dc_to_ac_efficiency: 100,
  });
}

/** PV systems: Pmpp (default 500 kW) at the script's irradiance (per unit of 1 kW/m², default 1); kVA (default 500). */
function writeSolar(writer: Writer, circuit: Circuit, busUuid: Map<string, string>): void {
  for (const pv of objectsOf(circuit, 'pvsystem')) {
    if (!isEnabled(pv)) continue;
    const terminal = terminalOf(pv);
    const pmpp = numberProp(pv, 'pmpp', 500);
    const irradiance = numberProp(pv, 'irradiance', 1);
    const equipment = writer.share('SolarEquipment', {
      name: '',
      rated_power: q(pmpp, 'kilowatt'),
      resistance: numberProp(pv, '%r', 0),
      reactance: numberProp(pv, '%x', 0),
      rated_voltage: q(numberProp(pv, 'kv', 12.47), 'kilovolt'),
      voltage_type: voltageType(pv, terminal),
    });
    writer.add({
      type: 'DistributionSolar',
      uuid: stableUuid(`pvsystem:${pv.name.toLowerCase()}`),
      name: pv.name,
      bus: ref(busUuid.get(terminal.key)!),
      phases: phasesOf(terminal.nodes),
      irradiance: q(irradiance, 'kilowatt / meter ** 2'),
      active_power: q(Math.max(0, pmpp * irradiance), 'kilowatt'),
      reactive_power: q(numberProp(pv, 'kvar', 0), 'kilovar'),
      inverter: ref(inverter(writer, pv, numberProp(pv, 'kva', 500))),
      equipment: ref(equipment),
    });
  }
}

/** Storage: kWrated (default 25), kWhrated (default 50), efficiencies (default 90 %), idling losses (default 1 %). */
function writeStorage(writer: Writer, circuit: Circuit, busUuid: Map<string, string>): void {
  for (const storage of objectsOf(circuit, 'storage')) {
    if (!isEnabled(storage)) continue;
    const terminal = terminalOf(storage);
    const rated = numberProp(storage, 'kwrated', 25);
    const equipment = writer.share('BatteryEquipment', {
      name: '',
      rated_energy: q(numberProp(storage, 'kwhrated', 50), 'kilowatt * hour'),
      rated_power: q(rated, 'kilowatt'),
      charging_efficiency: numberProp(storage, '%effcharge', 90),
      discharging_efficiency: numberProp(storage, '%effdischarge', 90),
      idling_efficiency: 100 - numberProp(storage, '%idlingkw', 1),
      rated_voltage: q(numberProp(storage, 'kv', 12.47), 'kilovolt'),
      voltage_type: voltageType(storage, terminal),
    });
    writer.add({
      type: 'DistributionBattery',
      uuid: stableUuid(`storage:${storage.name.toLowerCase()}`),
      name: storage.name,
      bus: ref(busUuid.get(terminal.key)!),
      phases: phasesOf(terminal.nodes),
      active_power: q(numberProp(storage, 'kw', 0), 'kilowatt'),
      reactive_power: q(numberProp(storage, 'kvar', 0), 'kilovar'),
      inverter: ref(inverter(writer, storage, numberProp(storage, 'kva', rated))),
      equipment: ref(equipment),
    });
  }
}

/** Series reactors (a Reactor with bus2) join their buses; R and X in ohms (from kvar and kV when only those are given). */
function writeReactors(writer: Writer, circuit: Circuit, busUuid: Map<string, string>): number {
  let shunts = 0;
  for (const reactor of objectsOf(circuit, 'reactor')) {
    if (!isEnabled(reactor)) continue;
    if (!reactor.props.has('bus2')) {
      shunts += 1;
      continue;
    }
    const n = phaseCount(reactor);
    const from = parseTerminal(textProp(reactor, 'bus1')!, n);
    const to = parseTerminal(textProp(reactor, 'bus2')!, n);
    const kv = numberProp(reactor, 'kv', 12.47);
    const kvar = numberProp(reactor, 'kvar', 100);
    const x = numberProp(reactor, 'x', (kv * kv * 1000) / kvar);
    const equipment = writer.share('ReactorEquipment', { name: '', resistance: q(numberProp(reactor, 'r', 0), 'ohm'), reactance: q(x, 'ohm') });
    writer.add({
      type: 'DistributionReactor',
      uuid: stableUuid(`reactor:${reactor.name.toLowerCase()}`),
      name: reactor.name,
      buses: [ref(busUuid.get(from.key)!), ref(busUuid.get(to.key)!)],
      length: q(0.001, 'meter'),
      phases: phasesOf(from.nodes),
      equipment: ref(equipment),
    });
  }
  return shunts;
}

export { writeSources, writeLoads, writeCapacitors, writeSolar, writeStorage, writeReactors };
