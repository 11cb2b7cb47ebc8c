/**
 * The buses of an OpenDSS circuit and what connects them (docs/input-distribution.md,
 * "OpenDSS models"): every terminal of every element read once, bus phases as the union of the
 * phases connected to them, line-joined zones and their voltages (voltages.ts).
 */
import type { Circuit, DssObject, ScriptWarning } from './circuit.js';
import { objectsOf } from './circuit.js';
import { parseTerminal, phasesOf, type Terminal } from './terminals.js';
import { booleanOf, numberOf } from './values.js';
import { snapToBase, zoneVoltages, Zones, type WindingZone } from './voltages.js';

export interface Bus {
  name: string;
  key: string;
  index: number;
  phases: Set<string>;
  /** Line-to-line kV, NaN when nothing decided it. */
  kv: number;
}

/** One transformer winding as the converter writes it. */
export interface Winding {
  terminal: Terminal;
  phases: string[];
  kv: number;
  kva: number;
  conn: 'STAR' | 'DELTA';
  tap: number;
  percentR: number;
  /** How the rating reads on GDM's terms: line-to-ground for a single-phase winding from one phase to ground. */
  voltageType: 'line-to-line' | 'line-to-ground';
  lineKv: number;
}

export interface Network {
  buses: Bus[];
  byKey: Map<string, Bus>;
  sourceBus: Bus | null;
  windings: Map<DssObject, Winding[]>;
  centerTapped: Set<DssObject>;
  /** Disabled lines to a bus no enabled element names: not in the circuit, left out and reported. */
  leftOut: Set<DssObject>;
}

export const isEnabled = (object: DssObject) => {
  const raw = object.props.get('enabled');
  return raw ? booleanOf(raw) : true;
};

export function numberProp(object: DssObject | undefined, name: string, fallback: number): number {
  const raw = object?.props.get(name);
  return raw ? numberOf(raw) : fallback;
}

export function textProp(object: DssObject | undefined, name: string): string | undefined {
  return object?.props.get(name)?.value;
}

/** Phases of an element: its `phases=`, else OpenDSS's default (3). */
export function phaseCount(object: DssObject, fallback = 3): number {
  return Math.max(1, Math.round(numberProp(object, 'phases', fallback)));
}

const SQRT3 = Math.sqrt(3);

/** The windings of a Transformer with their terminals, ratings and GDM voltage types (center taps: split side on line-to-ground). */
function readWindings(transformer: DssObject, warnings: ScriptWarning[]): { windings: Winding[]; centerTapped: boolean } | null {
  const phases = phaseCount(transformer);
  const parts = transformer.parts;
  if (parts.some((part) => !part.has('bus'))) {
    warnings.push({ place: transformer.defined, message: `Transformer.${transformer.name} has a winding without a bus; left out` });
    return null;
  }
  const terminals = parts.map((part) => parseTerminal(part.get('bus')!.value, phases));
  const centerTapped = parts.length === 3 && phases === 1 && terminals[1].key === terminals[2].key;
  const windings = parts.map((part, index): Winding => {
    const terminal = terminals[index];
    const kv = part.has('kv') ? numberOf(part.get('kv')!) : 12.47;
    const conn = (part.get('conn')?.value ?? 'wye').toLowerCase().startsWith('d') || part.get('conn')?.value.toLowerCase() === 'll' ? 'DELTA' : 'STAR';
    const live = terminal.nodes.filter((node) => node !== 0).length;
    const oneToGround = phases === 1 && conn === 'STAR' && live <= 1;
    const lineKv = oneToGround ? kv * (centerTapped && index > 0 ? 2 : SQRT3) : kv;
    return {
      terminal,
      phases: phasesOf(terminal.nodes),
      kv,
      kva: part.has('kva') ? numberOf(part.get('kva')!) : 1000,
      conn,
      tap: part.has('tap') ? numberOf(part.get('tap')!) : 1,
      percentR: part.has('%r') ? numberOf(part.get('%r')!) : 0.2,
      voltageType: oneToGround ? 'line-to-ground' : 'line-to-line',
      lineKv,
    };
  });
  return { windings, centerTapped };
}

/** Element kV as line-to-line (single-phase elements from one phase to ground give line-to-ground kV). */
function deviceLineKv(object: DssObject, terminal: Terminal): number {
  const kv = numberProp(object, 'kv', NaN);
  const live = terminal.nodes.filter((node) => node !== 0).length;
  return phaseCount(object) === 1 && live <= 1 ? kv * SQRT3 : kv;
}

const BRANCH_CLASSES = ['line'] as const;
const DEVICE_CLASSES = ['load', 'capacitor', 'pvsystem', 'storage', 'generator'] as const;

/** Reads the buses and zones of a circuit; `warnings` receives elements left out. */
export function buildNetwork(circuit: Circuit, warnings: ScriptWarning[]): Network {
  const buses: Bus[] = [];
  const byKey = new Map<string, Bus>();
  const touch = (terminal: Terminal, phases: readonly string[]): Bus => {
    let bus = byKey.get(terminal.key);
    if (!bus) {
      bus = { name: terminal.bus, key: terminal.key, index: buses.length, phases: new Set(), kv: NaN };
      buses.push(bus);
      byKey.set(terminal.key, bus);
    }
    for (const phase of phases) bus.phases.add(phase);
    return bus;
  };
  const joins: [Bus, Bus][] = [];
  const disabledLines: [DssObject, Terminal, Terminal][] = [];
  for (const className of BRANCH_CLASSES) {
    for (const line of objectsOf(circuit, className)) {
      const n = phaseCount(line);
      const from = parseTerminal(textProp(line, 'bus1') ?? '', n);
      const to = parseTerminal(textProp(line, 'bus2') ?? `${from.bus}`, n);
      if (!isEnabled(line)) {
        disabledLines.push([line, from, to]);
        continue;
      }
      const phases = phasesOf(from.nodes);
      // GDM needs a line's phases on both its buses.
      joins.push([touch(from, phases), touch(to, phases)]);
    }
  }
  for (const reactor of objectsOf(circuit, 'reactor')) {
    if (!reactor.props.has('bus2') || !isEnabled(reactor)) continue;
    const n = phaseCount(reactor);
    const from = parseTerminal(textProp(reactor, 'bus1')!, n);
    const to = parseTerminal(textProp(reactor, 'bus2')!, n);
    const phases = phasesOf(from.nodes);
    joins.push([touch(from, phases), touch(to, phases)]);
  }
  const windings = new Map<DssObject, Winding[]>();
  const centerTapped = new Set<DssObject>();
  for (const transformer of objectsOf(circuit, 'transformer')) {
    if (!isEnabled(transformer)) continue;
    const read = readWindings(transformer, warnings);
    if (!read) continue;
    for (const winding of read.windings) touch(winding.terminal, winding.phases);
    windings.set(transformer, read.windings);
    if (read.centerTapped) centerTapped.add(transformer);
  }
  const devices: [DssObject, Terminal][] = [];
  for (const className of DEVICE_CLASSES) {
    for (const device of objectsOf(circuit, className)) {
      if (!isEnabled(device)) continue;
      const terminal = parseTerminal(textProp(device, 'bus1') ?? '', phaseCount(device));
      touch(terminal, phasesOf(terminal.nodes));
      devices.push([device, terminal]);
    }
  }
  const source = objectsOf(circuit, 'vsource')[0];
  let sourceBus: Bus | null = null;
  if (source) {
    const terminal = parseTerminal(textProp(source, 'bus1') ?? 'sourcebus', phaseCount(source));
    sourceBus = touch(terminal, phasesOf(terminal.nodes));
  }

  // A disabled line is no part of the OpenDSS circuit: it is kept (a normally-open switch, a line out of service) where both its
  // buses are in the circuit, and left out where it leads to a bus only disabled elements name.
  const leftOut = new Set<DssObject>();
  for (const [line, from, to] of disabledLines) {
    if (!byKey.has(from.key) || !byKey.has(to.key)) {
      leftOut.add(line);
      continue;
    }
    const phases = phasesOf(from.nodes);
    joins.push([touch(from, phases), touch(to, phases)]);
  }
  const zones = new Zones(buses.length);
  for (const [a, b] of joins) zones.join(a.index, b.index);
  const transformerZones: WindingZone[][] = [...windings.values()].map((list) =>
    list.map((winding) => ({ zone: zones.find(byKey.get(winding.terminal.key)!.index), lineKv: winding.lineKv })),
  );
  const deviceKv = new Map<number, number>();
  for (const [device, terminal] of devices) {
    const kv = deviceLineKv(device, terminal);
    const zone = zones.find(byKey.get(terminal.key)!.index);
    if (kv > 0 && !deviceKv.has(zone)) deviceKv.set(zone, kv);
  }
  const sourceKv = source ? numberProp(source, 'basekv', 115) : NaN;
  const kv = zoneVoltages(buses.length, sourceBus ? zones.find(sourceBus.index) : null, sourceKv, transformerZones, deviceKv);
  const bases = circuit.voltageBasesKv;
  for (const bus of buses) {
    const zoneKv = kv[zones.find(bus.index)];
    bus.kv = Number.isNaN(zoneKv) ? NaN : snapToBase(zoneKv, bases);
  }
  return { buses, byKey, sourceBus, windings, centerTapped, leftOut };
}
