/** What running an OpenDSS script leaves: the objects by class, bus coordinates and settings (plain data). */
import type { DssClass } from './classes.js';
import type { Place } from './lexer.js';
import type { RawValue } from './values.js';

/** One OpenDSS object: its class, name and properties as last set (lower-case property names). */
export interface DssObject {
  dssClass: DssClass;
  name: string;
  props: Map<string, RawValue>;
  /** Per-part properties: each winding of a Transformer or XfmrCode (bus, conn, kv, kva, tap, %r...), each conductor of a LineGeometry (wire, x, h). */
  parts: Map<string, RawValue>[];
  activePart: number;
  /** Index of the last property set, for positional values that follow it. */
  lastProperty: number;
  /** Terminals opened by an `Open` command (1-based). */
  openTerminals: Set<number>;
  defined: Place;
}

/** A bus coordinate as read, with where it was read. */
export interface BusCoordinate {
  x: number;
  y: number;
  place: Place;
}

export interface Circuit {
  name: string | null;
  /** Objects by lower-case class name, then lower-case object name, in the order defined. */
  objects: Map<string, Map<string, DssObject>>;
  /** Bus coordinates by lower-case bus name. */
  coordinates: Map<string, BusCoordinate>;
  /** `Set VoltageBases`, kV line-to-line. */
  voltageBasesKv: number[];
  baseFrequencyHz: number;
}

/** A warning about the script, with where it is. */
export interface ScriptWarning {
  place: Place;
  message: string;
}

/** The objects of one class (lower-case name), in definition order. */
export function objectsOf(circuit: Circuit, className: string): DssObject[] {
  return [...(circuit.objects.get(className)?.values() ?? [])];
}

/** An object's property value, or undefined when it was never set. */
export function prop(object: DssObject, name: string): RawValue | undefined {
  return object.props.get(name);
}
