/**
 * OpenDSS terminals (`bus.node.node`): the bus name and its nodes. Node 0 is ground, 1-3 are
 * phases A-C in that order, 4 and above neutral conductors; a bus with no node suffix uses
 * nodes 1..phases (OpenDSS's default).
 */
import { sha256Hex } from '../../base/sha256.js';

export interface Terminal {
  /** The bus name as written (first spelling seen is kept for the model). */
  bus: string;
  /** Lower-case bus name: OpenDSS bus names are case-insensitive. */
  key: string;
  nodes: number[];
}

export function parseTerminal(text: string, phases: number): Terminal {
  const [bus, ...suffix] = text.trim().split('.');
  const nodes = suffix.length > 0 ? suffix.filter((node) => node !== '').map(Number) : Array.from({ length: phases }, (_, index) => index + 1);
  return { bus, key: bus.toLowerCase(), nodes: nodes.filter((node) => Number.isInteger(node) && node >= 0) };
}

const PHASE_OF_NODE = ['', 'A', 'B', 'C'];

/** GDM phases of a terminal's nodes, in node order, without ground and without repeats (4+ is N). */
export function phasesOf(nodes: readonly number[]): string[] {
  const phases: string[] = [];
  for (const node of nodes) {
    if (node === 0) continue;
    const phase = PHASE_OF_NODE[node] ?? 'N';
    if (!phases.includes(phase)) phases.push(phase);
  }
  return phases;
}

/** A stable uuid for an OpenDSS object, so one script converts to the same bytes every time. */
export function stableUuid(key: string): string {
  const hex = sha256Hex(`hazsim-opendss:${key}`);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16], 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
