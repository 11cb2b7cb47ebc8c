/**
 * Writes an OpenDSS circuit as distribution model components in the nested form
 * (docs/input-distribution.md, "OpenDSS models", the mapping table): every component a
 * top-level entry with `type`, references as `{uuid}`, quantities as "<number> <unit>".
 * Identical equipment (line impedances, transformer ratings) is written once and shared.
 */
import type { Circuit, DssObject } from './circuit.js';
import { objectsOf } from './circuit.js';
import { lineImpedance, metresPerUnit } from './impedance.js';
import { isEnabled, numberProp, phaseCount, textProp, type Network } from './network.js';
import { parseTerminal, phasesOf, stableUuid } from './terminals.js';
import { booleanOf, numbersOf, METRES_PER_UNIT } from './values.js';
import type { Point } from './coordinates.js';

type Json = Record<string, unknown>;
const ref = (uuid: string) => ({ uuid });
const q = (value: number, unit: string) => `${Number(value.toPrecision(12))} ${unit}`;
const qMatrix = (matrix: number[][], unit: string) => matrix.map((row) => row.map((value) => q(value, unit)));

/** What the converter did with each protective device and element it did not write as its own component. */
export interface ProtectiveDevice {
  name: string;
  kind: 'fuse' | 'recloser' | 'relay' | 'breaker' | 'swtcontrol';
  line: string;
  /** Whether the line it acts on is written as a switch (a switch=y Line) or stays a line asset. */
  on: 'switch' | 'line';
}

export interface Emitted {
  components: Json[];
  protectiveDevices: ProtectiveDevice[];
  /** Lines whose length was 0 or negative, written as 1 mm (GDM requires a positive length). */
  zeroLengthLines: number;
  /** Buses no voltage reached, written at the fallback voltage. */
  busesWithoutVoltage: string[];
}

class Writer {
  readonly components: Json[] = [];
  private readonly shared = new Map<string, string>();
  add(component: Json): string {
    this.components.push(component);
    return component.uuid as string;
  }
  /** Writes equipment once per distinct content; returns its uuid. */
  share(type: string, fields: Json): string {
    const key = `${type}:${JSON.stringify(fields)}`;
    let uuid = this.shared.get(key);
    if (!uuid) {
      uuid = stableUuid(key);
      this.shared.set(key, uuid);
      this.components.push({ type, uuid, ...fields });
    }
    return uuid;
  }
}

/** The protective device acting on each line (lower-case line name), from Fuse, Recloser, Relay and SwtControl objects. */
function devicesOnLines(circuit: Circuit): Map<string, { name: string; kind: ProtectiveDevice['kind'] }> {
  const found = new Map<string, { name: string; kind: ProtectiveDevice['kind'] }>();
  for (const kind of ['fuse', 'recloser', 'relay', 'swtcontrol'] as const) {
    for (const device of objectsOf(circuit, kind)) {
      const target = textProp(device, 'switchedobj') ?? textProp(device, 'monitoredobj');
      const match = target ? /^line\.(.+)$/i.exec(target) : null;
      if (match) found.set(match[1].toLowerCase(), { name: device.name, kind });
    }
  }
  return found;
}

/** Writes buses with their locations; returns the uuid of each bus by key. */
function writeBuses(writer: Writer, network: Network, located: ReadonlyMap<string, Point>, fallbackKv: number, emitted: Emitted): Map<string, string> {
  const uuids = new Map<string, string>();
  for (const bus of network.buses) {
    const point = located.get(bus.key);
    const location = point
      ? writer.add({ type: 'Location', uuid: stableUuid(`location:${bus.key}`), name: '', x: point.longitude, y: point.latitude, crs: null })
      : null;
    if (Number.isNaN(bus.kv)) emitted.busesWithoutVoltage.push(bus.name);
    const uuid = writer.add({
      type: 'DistributionBus',
      uuid: stableUuid(`bus:${bus.key}`),
      name: bus.name,
      voltage_type: 'line-to-line',
      phases: [...bus.phases].sort(),
      rated_voltage: q(Number.isNaN(bus.kv) ? fallbackKv : bus.kv, 'kilovolt'),
      coordinate: location ? ref(location) : null,
    });
    uuids.set(bus.key, uuid);
  }
  return uuids;
}

function lengthMetres(line: DssObject, codeUnit: number | null, emitted: Emitted): number {
  const metres = numberProp(line, 'length', 1) * (metresPerUnit(line) ?? codeUnit ?? METRES_PER_UNIT.m);
  if (metres > 0) return metres;
  emitted.zeroLengthLines += 1;
  return 0.001;
}

function writeLines(writer: Writer, circuit: Circuit, network: Network, busUuid: Map<string, string>, emitted: Emitted): void {
  const devices = devicesOnLines(circuit);
  for (const line of objectsOf(circuit, 'line')) {
    if (network.leftOut.has(line)) continue;
    const n = phaseCount(line);
    const from = parseTerminal(textProp(line, 'bus1') ?? '', n);
    const to = parseTerminal(textProp(line, 'bus2') ?? from.bus, n);
    const phases = phasesOf(from.nodes);
    const isSwitch = line.props.has('switch') && booleanOf(line.props.get('switch')!);
    const enabled = isEnabled(line);
    const device = devices.get(line.name.toLowerCase());
    if (device) emitted.protectiveDevices.push({ ...device, line: line.name, on: isSwitch ? 'switch' : 'line' });
    const code = circuit.objects.get('linecode')?.get((textProp(line, 'linecode') ?? '').toLowerCase());
    const common = {
      uuid: stableUuid(`line:${line.name.toLowerCase()}`),
      name: line.name,
      buses: [ref(busUuid.get(from.key)!), ref(busUuid.get(to.key)!)],
      length: q(lengthMetres(line, metresPerUnit(code), emitted), 'meter'),
      phases,
    };
    const geometry = circuit.objects.get('linegeometry')?.get((textProp(line, 'geometry') ?? '').toLowerCase());
    const geometryEquipment = geometry && !isSwitch ? writeGeometry(writer, circuit, geometry) : null;
    if (geometryEquipment) {
      writer.add({ type: 'GeometryBranch', ...common, equipment: ref(geometryEquipment), in_service: enabled });
      continue;
    }
    const impedance = lineImpedance(line, circuit, phases.length);
    const matrices = {
      r_matrix: qMatrix(impedance.r, 'ohm / kilometer'),
      x_matrix: qMatrix(impedance.x, 'ohm / kilometer'),
      c_matrix: qMatrix(impedance.c, 'nanofarad / kilometer'),
      ampacity: q(impedance.ampacityA > 0 ? impedance.ampacityA : 400, 'ampere'),
    };
    if (isSwitch) {
      // A disabled or opened switch is a normally-open switch: in the model, open on every phase.
      const closed = enabled && line.openTerminals.size === 0;
      const equipment = writer.share('MatrixImpedanceSwitchEquipment', { name: '', ...matrices });
      writer.add({ type: 'MatrixImpedanceSwitch', ...common, equipment: ref(equipment), is_closed: phases.map(() => closed) });
    } else {
      const equipment = writer.share('MatrixImpedanceBranchEquipment', { name: code?.name ?? '', ...matrices });
      writer.add({ type: 'MatrixImpedanceBranch', ...common, equipment: ref(equipment), in_service: enabled && line.openTerminals.size === 0 });
    }
  }
}

/** A LineGeometry with its WireData as GeometryBranchEquipment; null when no conductor is usable (placeholder wires only). */
function writeGeometry(writer: Writer, circuit: Circuit, geometry: DssObject): string | null {
  const unit = metresPerUnit(geometry) ?? 1;
  const conductors: string[] = [];
  const horizontal: string[] = [];
  const vertical: string[] = [];
  for (const part of geometry.parts) {
    const wire = circuit.objects.get('wiredata')?.get((part.get('wire')?.value ?? '').toLowerCase());
    if (!wire || part.has('cable')) return null;
    const resistanceUnit = metresPerUnit(wire, 'runits') ?? 1;
    const radiusUnit = metresPerUnit(wire, 'radunits') ?? 1;
    const gmrUnit = metresPerUnit(wire, 'gmrunits') ?? 1;
    const normamps = numbersOf(wire.props.get('normamps') ?? { value: '400', bracket: '', place: wire.defined })[0];
    const rac = numberProp(wire, 'rac', NaN);
    const rdc = numberProp(wire, 'rdc', NaN);
    const acOhmPerM = (Number.isNaN(rac) ? rdc * 1.02 : rac) / resistanceUnit;
    const dcOhmPerM = (Number.isNaN(rdc) ? rac / 1.02 : rdc) / resistanceUnit;
    const diameterM = wire.props.has('diam') ? numberProp(wire, 'diam', 0) * radiusUnit : 2 * numberProp(wire, 'radius', 0) * radiusUnit;
    const gmrM = wire.props.has('gmrac') ? numberProp(wire, 'gmrac', 0) * gmrUnit : 0.7788 * (diameterM / 2);
    // OpenDSS placeholder wires (EPRI's "NONE": 1e-9 ohm, 0 A) mark an empty position: they are no conductor.
    if (!(normamps > 0 && acOhmPerM > 1e-6 && dcOhmPerM > 1e-6 && diameterM > 0 && gmrM > 0)) continue;
    conductors.push(
      writer.share('BareConductorEquipment', {
        name: wire.name,
        conductor_diameter: q(diameterM, 'meter'),
        conductor_gmr: q(gmrM, 'meter'),
        ampacity: q(normamps, 'ampere'),
        emergency_ampacity: q(numberProp(wire, 'emergamps', normamps * 1.5), 'ampere'),
        ac_resistance: q(acOhmPerM * 1000, 'ohm / kilometer'),
        dc_resistance: q(dcOhmPerM * 1000, 'ohm / kilometer'),
      }),
    );
    horizontal.push(q(numberProp({ ...geometry, props: part }, 'x', 0) * unit, 'meter'));
    vertical.push(q(numberProp({ ...geometry, props: part }, 'h', 0) * unit, 'meter'));
  }
  if (conductors.length === 0) return null;
  return writer.share('GeometryBranchEquipment', {
    name: geometry.name,
    conductors: conductors.map(ref),
    horizontal_positions: horizontal,
    vertical_positions: vertical,
  });
}

function writeTransformers(writer: Writer, network: Network, busUuid: Map<string, string>): void {
  for (const [transformer, windings] of network.windings) {
    const count = windings.length;
    const xsc = transformer.props.get('xscarray') ? numbersOf(transformer.props.get('xscarray')!) : [];
    const pairs: [number, number][] = [];
    for (let i = 1; i <= count; i += 1) for (let j = i + 1; j <= count; j += 1) pairs.push([i, j]);
    const defaults = [numberProp(transformer, 'xhl', 7), numberProp(transformer, 'xht', 35), numberProp(transformer, 'xlt', 30)];
    const reactances = pairs.map((_, index) => (count <= 3 ? defaults[index] : (xsc[index] ?? defaults[0])));
    const phases = phaseCount(transformer);
    const windingUuids = windings.map((winding, index) =>
      writer.share('WindingEquipment', {
        name: `${index + 1}`,
        resistance: winding.percentR,
        is_grounded: winding.conn === 'STAR',
        rated_voltage: q(winding.kv, 'kilovolt'),
        voltage_type: winding.voltageType,
        rated_power: q(winding.kva, 'kilovolt_ampere'),
        num_phases: Math.min(3, phases),
        connection_type: winding.conn,
        tap_positions: Array.from({ length: Math.min(3, phases) }, () => winding.tap),
        total_taps: Math.round(numberProp(transformer, 'numtaps', 32)),
        min_tap_pu: Math.min(1, numberProp(transformer, 'mintap', 0.9)),
        max_tap_pu: Math.max(1, numberProp(transformer, 'maxtap', 1.1)),
      }),
    );
    const loadLoss = numberProp(
      transformer,
      '%loadloss',
      windings.reduce((sum, winding) => sum + winding.percentR, 0),
    );
    const equipment = writer.share('DistributionTransformerEquipment', {
      name: textProp(transformer, 'xfmrcode') ?? '',
      mounting: 'POLE_MOUNT',
      pct_no_load_loss: numberProp(transformer, '%noloadloss', 0),
      pct_full_load_loss: Math.min(100, loadLoss),
      windings: windingUuids.map(ref),
      coupling_sequences: pairs,
      winding_reactances: reactances,
      is_center_tapped: network.centerTapped.has(transformer),
    });
    writer.add({
      type: 'DistributionTransformer',
      uuid: stableUuid(`transformer:${transformer.name.toLowerCase()}`),
      name: transformer.name,
      buses: windings.map((winding) => ref(busUuid.get(winding.terminal.key)!)),
      winding_phases: windings.map((winding) => winding.phases),
      equipment: ref(equipment),
      in_service: true,
    });
  }
}

export { writeBuses, writeLines, writeTransformers, Writer, ref, q };
