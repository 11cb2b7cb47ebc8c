/**
 * OpenDSS property values (docs/input-distribution.md, "OpenDSS scripts"): numbers (`.85`,
 * `1e-4`), RPN expressions (`(8 1000 /)`, `{299 1.25 *}`), arrays in any bracket with spaces
 * or commas, lower-triangular matrices with rows split by `|`, booleans and length units.
 */
import { syntaxError, type Place } from './lexer.js';

/** A property value as written, with where it was written. */
export interface RawValue {
  value: string;
  bracket: string;
  place: Place;
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

const RPN_BINARY: Readonly<Record<string, (a: number, b: number) => number>> = {
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => a / b,
  '^': (a, b) => a ** b,
};

const RPN_UNARY: Readonly<Record<string, (a: number) => number>> = {
  sqr: (a) => a * a,
  sqrt: Math.sqrt,
  inv: (a) => 1 / a,
  ln: Math.log,
  exp: Math.exp,
  log10: Math.log10,
  sin: (a) => Math.sin((a * Math.PI) / 180),
  cos: (a) => Math.cos((a * Math.PI) / 180),
  tan: (a) => Math.tan((a * Math.PI) / 180),
  atan: (a) => (Math.atan(a) * 180) / Math.PI,
};

const RPN_CONSTANTS: Readonly<Record<string, number>> = { pi: Math.PI };

/** The items of a list value, split on spaces, commas and TABs. */
export function listItems(text: string): string[] {
  return text.split(/[\s,]+/).filter((item) => item.length > 0);
}

/** True when the items read as an RPN expression (an operator or function among them). */
function isRpn(items: readonly string[]): boolean {
  return items.length > 1 && items.some((item) => item in RPN_BINARY || item.toLowerCase() in RPN_UNARY);
}

/** Evaluates an RPN expression (OpenDSS's RPN calculator: + - * / ^ and functions such as sqr, sqrt). */
export function evaluateRpn(items: readonly string[], place: Place): number {
  const stack: number[] = [];
  for (const item of items) {
    const binary = RPN_BINARY[item];
    const unary = RPN_UNARY[item.toLowerCase()];
    if (binary) {
      if (stack.length < 2) throw syntaxError(place, `RPN operator "${item}" needs two numbers before it`);
      const b = stack.pop()!;
      const a = stack.pop()!;
      stack.push(binary(a, b));
    } else if (unary) {
      if (stack.length < 1) throw syntaxError(place, `RPN function "${item}" needs a number before it`);
      stack.push(unary(stack.pop()!));
    } else if (NUMBER.test(item)) stack.push(Number(item));
    else if (item.toLowerCase() in RPN_CONSTANTS) stack.push(RPN_CONSTANTS[item.toLowerCase()]);
    else throw syntaxError(place, `"${item}" is neither a number nor an RPN operator`);
  }
  if (stack.length !== 1) throw syntaxError(place, `the RPN expression leaves ${stack.length} numbers instead of one`);
  return stack[0];
}

/** One number: plain, or an RPN expression in brackets; a syntax error otherwise. */
export function numberOf(raw: RawValue): number {
  const items = listItems(raw.value);
  if (items.length === 1 && NUMBER.test(items[0])) return Number(items[0]);
  if (isRpn(items)) return evaluateRpn(items, raw.place);
  throw syntaxError(raw.place, `expected a number, found ${JSON.stringify(raw.value)}`);
}

/** A list of numbers; an item may itself be an RPN expression in braces or parentheses. */
export function numbersOf(raw: RawValue): number[] {
  const text = raw.value.replace(/\|/g, ' ');
  const out: number[] = [];
  const pattern = /\{([^}]*)\}|\(([^)]*)\)|([^\s,{}()]+)/g;
  for (const match of text.matchAll(pattern)) {
    const inner = match[1] ?? match[2];
    if (inner !== undefined) out.push(evaluateRpn(listItems(inner), raw.place));
    else if (NUMBER.test(match[3])) out.push(Number(match[3]));
    else throw syntaxError(raw.place, `expected numbers, found ${JSON.stringify(match[3])} in ${JSON.stringify(raw.value)}`);
  }
  return out;
}

/** The items of a list of words (bus names, connections). */
export function wordsOf(raw: RawValue): string[] {
  return listItems(raw.value);
}

/**
 * A square matrix from OpenDSS's lower-triangular (`a | b c | d e f`) or full row form, as
 * rows of n numbers; null when the count fits neither form.
 */
export function matrixOf(raw: RawValue): number[][] | null {
  const values = numbersOf(raw);
  const full = Math.round(Math.sqrt(values.length));
  if (full * full === values.length && !raw.value.includes('|')) {
    return Array.from({ length: full }, (_, row) => values.slice(row * full, row * full + full));
  }
  const n = Math.round((Math.sqrt(8 * values.length + 1) - 1) / 2);
  if ((n * (n + 1)) / 2 !== values.length) {
    if (full * full === values.length) return Array.from({ length: full }, (_, row) => values.slice(row * full, row * full + full));
    return null;
  }
  const matrix = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  let index = 0;
  for (let row = 0; row < n; row += 1) {
    for (let column = 0; column <= row; column += 1) {
      matrix[row][column] = values[index];
      matrix[column][row] = values[index];
      index += 1;
    }
  }
  return matrix;
}

/** OpenDSS's yes/no values: y, yes, t, true (first letter, case-insensitive). */
export function booleanOf(raw: RawValue): boolean {
  const first = raw.value.trim().charAt(0).toLowerCase();
  return first === 'y' || first === 't';
}

/** Metres per OpenDSS length unit (`units=`, `Runits=`, `GMRunits=`...); `none` is 1 (lengths as given). */
export const METRES_PER_UNIT: Readonly<Record<string, number>> = {
  none: 1,
  m: 1,
  meter: 1,
  km: 1000,
  ft: 0.3048,
  kft: 304.8,
  mi: 1609.344,
  in: 0.0254,
  cm: 0.01,
  mm: 0.001,
};

/** The length unit a `units=` value names, or null when OpenDSS knows no such unit. */
export function lengthUnitOf(raw: RawValue): string | null {
  const unit = raw.value.trim().toLowerCase();
  if (unit in METRES_PER_UNIT) return unit;
  const prefix = Object.keys(METRES_PER_UNIT).find((name) => name.length >= 2 && unit.startsWith(name));
  return prefix ?? null;
}
