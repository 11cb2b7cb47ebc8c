/**
 * An OpenDSS feeder as a hazsim distribution model (docs/input-distribution.md, "OpenDSS
 * models"): runs the script, reads buses, zones and voltages, places the buses, writes the
 * components in the nested form and reports what was read, what is not simulated and why.
 */
import type { Circuit } from './circuit.js';
import { placeLabel } from './lexer.js';
import { locateBuses, type CoordinateOptions, type LocatedBuses, type Span } from './coordinates.js';
import { writeCapacitors, writeLoads, writeReactors, writeSolar, writeSources, writeStorage } from './devices.js';
import { writeBuses, writeLines, writeTransformers, Writer, type ProtectiveDevice } from './emit.js';
import { metresPerUnit } from './impedance.js';
import { buildNetwork, isEnabled, numberProp, phaseCount, textProp } from './network.js';
import { runScript, type ScriptFiles } from './script.js';
import { parseTerminal } from './terminals.js';

/** What each OpenDSS class becomes (the mapping table of docs/input-distribution.md). */
const WRITTEN = new Set(['vsource', 'line', 'transformer', 'load', 'capacitor', 'pvsystem', 'storage', 'reactor']);
const PROTECTIVE = new Set(['fuse', 'recloser', 'relay', 'swtcontrol']);
const SUPPORTING = new Set(['linecode', 'linegeometry', 'wiredata', 'xfmrcode', 'linespacing', 'cndata', 'tsdata', 'tcc_curve']);

/** What an upload of an OpenDSS model read and did, kept in the model's `properties.opendss`. */
export interface OpenDssReport {
  entry: string;
  circuit: string | null;
  files_read: number;
  /** Objects defined, by OpenDSS class (lower case), disabled ones included. */
  objects: Record<string, number>;
  /** Objects hazsim does not simulate, by class, with why. */
  not_simulated: Record<string, { count: number; why: string }>;
  disabled: Record<string, number>;
  protective_devices: ProtectiveDevice[];
  coordinates: Omit<LocatedBuses, 'points'>;
  zero_length_lines: number;
  buses_without_voltage: string[];
  warnings: string[];
}

export interface OpenDssModel {
  /** The model in the nested form of docs/input-distribution.md. */
  content: { name: string; components: Record<string, unknown>[]; properties: { opendss: OpenDssReport } };
  report: OpenDssReport;
}

function notSimulatedReason(className: string): string {
  if (className === 'regcontrol' || className === 'capcontrol') return 'controls are not simulated; the transformer or capacitor they act on is written';
  if (className === 'energymeter' || className === 'monitor') return 'measurement only';
  if (className === 'loadshape' || className === 'growthshape' || className === 'tshape' || className === 'priceshape')
    return 'time profiles are not simulated';
  if (className === 'generator') return 'GDM has no generator component; its bus is kept';
  return 'hazsim has no counterpart for this class';
}

function spansOf(circuit: Circuit): Span[] {
  return [...(circuit.objects.get('line')?.values() ?? [])].map((line) => {
    const n = phaseCount(line);
    const from = parseTerminal(textProp(line, 'bus1') ?? '', n);
    const to = parseTerminal(textProp(line, 'bus2') ?? from.bus, n);
    const code = circuit.objects.get('linecode')?.get((textProp(line, 'linecode') ?? '').toLowerCase());
    return { from: from.key, to: to.key, lengthM: numberProp(line, 'length', 1) * (metresPerUnit(line) ?? metresPerUnit(code) ?? 1) };
  });
}

/**
 * Reads the OpenDSS model whose entry script is `entry` (a path in `files`) as a distribution
 * model. Throws invalid_input on syntax errors (file, line, column), missing files and
 * coordinates that cannot be read as asked.
 */
export function readOpenDssModel(files: ScriptFiles, entry: string, options: CoordinateOptions, modelName: string): OpenDssModel {
  const script = runScript(files, entry);
  const { circuit } = script;
  const network = buildNetwork(circuit, script.warnings);
  const transformerBuses = [...network.windings.values()].map((windings) => windings.map((winding) => winding.terminal.key));
  const located = locateBuses(
    circuit.coordinates,
    network.buses.map((bus) => bus.key),
    transformerBuses,
    spansOf(circuit),
    options,
  );
  const writer = new Writer();
  const emitted = { components: writer.components, protectiveDevices: [], zeroLengthLines: 0, busesWithoutVoltage: [] as string[] };
  const sourceKv = network.sourceBus && !Number.isNaN(network.sourceBus.kv) ? network.sourceBus.kv : (circuit.voltageBasesKv[0] ?? 12.47);
  const busUuid = writeBuses(writer, network, located.points, sourceKv, emitted);
  writeSources(writer, circuit, busUuid);
  writeLines(writer, circuit, network, busUuid, emitted);
  writeTransformers(writer, network, busUuid);
  writeLoads(writer, circuit, busUuid);
  writeCapacitors(writer, circuit, busUuid);
  writeSolar(writer, circuit, busUuid);
  writeStorage(writer, circuit, busUuid);
  const shuntReactors = writeReactors(writer, circuit, busUuid);

  const objects: Record<string, number> = {};
  const notSimulated: OpenDssReport['not_simulated'] = {};
  const disabled: Record<string, number> = {};
  for (const [className, byName] of circuit.objects) {
    objects[className] = byName.size;
    for (const object of byName.values()) if (!isEnabled(object)) disabled[className] = (disabled[className] ?? 0) + 1;
    if (!WRITTEN.has(className) && !PROTECTIVE.has(className) && !SUPPORTING.has(className))
      notSimulated[className] = { count: byName.size, why: notSimulatedReason(className) };
  }
  if (network.leftOut.size > 0) disabled['line (to a bus of no enabled element, left out)'] = network.leftOut.size;
  if (shuntReactors > 0) notSimulated['reactor (shunt)'] = { count: shuntReactors, why: 'a shunt reactor joins no buses; hazsim has no asset for it' };
  const { points: _points, ...coordinates } = located;
  const report: OpenDssReport = {
    entry,
    circuit: circuit.name,
    files_read: script.filesRead.length,
    objects,
    not_simulated: notSimulated,
    disabled,
    protective_devices: emitted.protectiveDevices,
    coordinates,
    zero_length_lines: emitted.zeroLengthLines,
    buses_without_voltage: emitted.busesWithoutVoltage,
    warnings: script.warnings.map((warning) => `${placeLabel(warning.place)}: ${warning.message}`),
  };
  return { content: { name: modelName, components: writer.components, properties: { opendss: report } }, report };
}

/** The upload warnings an OpenDSS report gives: what is not simulated, where buses are, and the script's own warnings (the first 20). */
export function reportWarnings(report: OpenDssReport): string[] {
  const warnings: string[] = [];
  const skipped = Object.entries(report.not_simulated).map(([className, { count }]) => `${count} ${className}`);
  if (skipped.length > 0) warnings.push(`OpenDSS objects not simulated (kept in properties.opendss): ${skipped.join(', ')}`);
  const { coordinates } = report;
  if (coordinates.reading === 'none')
    warnings.push('the OpenDSS model gives no bus coordinates: every asset is unlocated (add BusCoords, or upload with --place-at)');
  else if (coordinates.unlocated > 0 || coordinates.interpolated > 0 || coordinates.fromTransformers > 0)
    warnings.push(
      `bus coordinates (${coordinates.reading}): ${coordinates.fromFile} read, ${coordinates.fromTransformers} taken from their transformer, ${coordinates.interpolated} interpolated along lines, ${coordinates.unlocated} unlocated`,
    );
  if (report.buses_without_voltage.length > 0)
    warnings.push(
      `${report.buses_without_voltage.length} buses have no voltage from the source, a transformer or a device (e.g. ${report.buses_without_voltage[0]}); they take the source's`,
    );
  if (report.zero_length_lines > 0) warnings.push(`${report.zero_length_lines} lines have no positive length; written as 1 mm`);
  warnings.push(...report.warnings.slice(0, 20));
  if (report.warnings.length > 20) warnings.push(`... and ${report.warnings.length - 20} more script warnings (properties.opendss.warnings)`);
  return warnings;
}
