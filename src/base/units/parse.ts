/**
 * A parser for pint's unit expressions ("kilovolt", "ohm / mile", "kilowatt / meter ** 2",
 * "hour * kilowatt", "uF/mi"): names with SI prefixes and plural "s", `*`, `/`,
 * juxtaposition (multiplication), `**` and `^` powers, parentheses and numbers, with
 * pint's precedence (powers bind tightest; `*`, `/` and juxtaposition associate left).
 * Names are case-sensitive, as in pint ("kW" is a unit, "kw" is not).
 */
import { BASE_DIMENSIONS, PREFIXES, UNIT_DEFINITIONS, type BaseDimension } from './definitions.js';

/** Exponents of the seven base dimensions, in BASE_DIMENSIONS order. */
export type DimensionExponents = readonly number[];

/** A unit reduced to SI: value_SI = value · factor; `dimension` says what it measures. */
export interface Unit {
  readonly factor: number;
  readonly dimension: DimensionExponents;
}

const DIMENSIONLESS: DimensionExponents = BASE_DIMENSIONS.map(() => 0);

type Token =
  | { kind: 'number'; value: number; at: number }
  | { kind: 'name'; text: string; at: number }
  | { kind: 'base'; text: string; at: number }
  | { kind: 'op'; text: '*' | '/' | '**' | '(' | ')' | '-' | '+'; at: number };

const TOKEN = /\s*(?:(\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|\[([a-z_]+)\]|(\*\*|\^|\*|\/|\(|\)|-|\+)|([A-Za-z_µμΩ°%][A-Za-z0-9_µμΩ°%]*))/y;

function tokenize(expression: string): Token[] | string {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  let position = 0;
  while (position < expression.length) {
    if (/^\s*$/.test(expression.slice(position))) break;
    TOKEN.lastIndex = position;
    const match = TOKEN.exec(expression);
    if (!match) return `unexpected character ${JSON.stringify(expression.slice(position).trimStart()[0])}`;
    const at = match.index + match[0].length - match[0].trimStart().length;
    if (match[1] !== undefined) tokens.push({ kind: 'number', value: Number(match[1]), at });
    else if (match[2] !== undefined) tokens.push({ kind: 'base', text: match[2], at });
    else if (match[3] !== undefined) tokens.push({ kind: 'op', text: match[3] === '^' ? '**' : (match[3] as '*'), at });
    else tokens.push({ kind: 'name', text: match[4], at });
    position = TOKEN.lastIndex;
  }
  return tokens;
}

class UnitSyntaxError extends Error {}

/**
 * Bounds on what a unit expression may be. Real units are a few names deep ("kilowatt / meter
 * ** 2"); the bounds keep the recursive parser far from the stack limit and a long string
 * from costing quadratic time, so absurd input is a clear error instead of a crash.
 */
export const MAX_UNIT_EXPRESSION_LENGTH = 256;
export const MAX_UNIT_PARENTHESES_DEPTH = 16;

/** Recursive-descent evaluation of a token list to a Unit. */
function evaluate(tokens: Token[], lookup: (name: string) => Unit | string): Unit {
  let index = 0;
  let depth = 0;
  const peek = () => tokens[index];
  const open = () => {
    depth += 1;
    if (depth > MAX_UNIT_PARENTHESES_DEPTH) fail(`parentheses nested more than ${MAX_UNIT_PARENTHESES_DEPTH} deep`);
  };
  const fail = (message: string): never => {
    throw new UnitSyntaxError(message);
  };

  function expression(): Unit {
    let left = power();
    for (;;) {
      const token = peek();
      if (!token || (token.kind === 'op' && token.text === ')')) return left;
      if (token.kind === 'op' && (token.text === '*' || token.text === '/')) {
        index += 1;
        const right = power();
        left = token.text === '*' ? multiply(left, right, 1) : multiply(left, right, -1);
      } else if (token.kind !== 'op' || token.text === '(') {
        left = multiply(left, power(), 1);
      } else {
        fail(`unexpected "${token.text}"`);
      }
    }
  }

  function power(): Unit {
    const base = primary();
    const token = peek();
    if (token && token.kind === 'op' && token.text === '**') {
      index += 1;
      const exponent = signedNumber();
      return { factor: base.factor ** exponent, dimension: base.dimension.map((value) => value * exponent) };
    }
    return base;
  }

  function signedNumber(): number {
    let sign = 1;
    let token = peek();
    if (token && token.kind === 'op' && (token.text === '-' || token.text === '+')) {
      sign = token.text === '-' ? -1 : 1;
      index += 1;
      token = peek();
    }
    if (token && token.kind === 'op' && token.text === '(') {
      index += 1;
      open();
      const inner = signedNumber();
      const close = peek();
      if (!close || close.kind !== 'op' || close.text !== ')') fail('missing ")" after exponent');
      index += 1;
      depth -= 1;
      return sign * inner;
    }
    if (!token || token.kind !== 'number') return fail('a power needs a number exponent');
    index += 1;
    return sign * token.value;
  }

  function primary(): Unit {
    const token = peek();
    if (!token) return fail('expression ends too early');
    index += 1;
    if (token.kind === 'number') return { factor: token.value, dimension: DIMENSIONLESS };
    if (token.kind === 'base') {
      const position = BASE_DIMENSIONS.indexOf(token.text as BaseDimension);
      if (position < 0) fail(`unknown dimension [${token.text}]`);
      return { factor: 1, dimension: DIMENSIONLESS.map((_, i) => (i === position ? 1 : 0)) };
    }
    if (token.kind === 'name') {
      const unit = lookup(token.text);
      if (typeof unit === 'string') fail(unit);
      return unit as Unit;
    }
    if (token.text === '(') {
      open();
      const inner = expression();
      const close = peek();
      if (!close || close.kind !== 'op' || close.text !== ')') fail('missing ")"');
      index += 1;
      depth -= 1;
      return inner;
    }
    return fail(`unexpected "${token.text}"`);
  }

  if (tokens.length === 0) return { factor: 1, dimension: DIMENSIONLESS };
  const result = expression();
  if (index < tokens.length) fail(`unexpected "${(tokens[index] as { text?: string }).text ?? tokens[index].kind}"`);
  return result;
}

function multiply(left: Unit, right: Unit, sign: 1 | -1): Unit {
  return {
    factor: sign === 1 ? left.factor * right.factor : left.factor / right.factor,
    dimension: left.dimension.map((value, i) => value + sign * right.dimension[i]),
  };
}

interface Entry {
  definition: string;
  /** Full names and aliases take a plural "s"; symbols do not (so "ms" stays a millisecond). */
  isSymbol: boolean;
  canonical: string;
}

const ENTRIES = new Map<string, Entry>();
for (const unit of UNIT_DEFINITIONS) {
  const definition = unit.definition;
  ENTRIES.set(unit.name, { definition, isSymbol: false, canonical: unit.name });
  if ('symbol' in unit) ENTRIES.set(unit.symbol, { definition, isSymbol: true, canonical: unit.name });
  if ('aliases' in unit) for (const alias of unit.aliases) ENTRIES.set(alias, { definition, isSymbol: false, canonical: unit.name });
}

/** Prefix spellings, longest first, so "da" is tried before "d". */
const PREFIX_FORMS: { form: string; factor: number }[] = PREFIXES.flatMap((prefix) => [
  { form: prefix.name, factor: prefix.factor },
  { form: prefix.symbol, factor: prefix.factor },
  ...('aliases' in prefix ? prefix.aliases.map((alias) => ({ form: alias, factor: prefix.factor })) : []),
]).sort((a, b) => b.form.length - a.form.length);

const resolvedDefinitions = new Map<string, Unit>();
const resolving = new Set<string>();

function resolveEntry(entry: Entry): Unit {
  const known = resolvedDefinitions.get(entry.canonical);
  if (known) return known;
  if (resolving.has(entry.canonical)) throw new Error(`unit definition cycle at ${entry.canonical}`);
  resolving.add(entry.canonical);
  const tokens = tokenize(entry.definition);
  if (typeof tokens === 'string') throw new Error(`bad definition of ${entry.canonical}: ${tokens}`);
  const unit = evaluate(tokens, lookupName);
  resolving.delete(entry.canonical);
  resolvedDefinitions.set(entry.canonical, unit);
  return unit;
}

/** A unit name without prefix: exact spelling, or a full name/alias with a plural "s". */
function bareUnit(name: string): Unit | undefined {
  const exact = ENTRIES.get(name);
  if (exact) return resolveEntry(exact);
  if (name.length > 1 && name.endsWith('s')) {
    const singular = ENTRIES.get(name.slice(0, -1));
    if (singular && !singular.isSymbol) return resolveEntry(singular);
  }
  return undefined;
}

function lookupName(name: string): Unit | string {
  const bare = bareUnit(name);
  if (bare) return bare;
  for (const prefix of PREFIX_FORMS) {
    if (name.length > prefix.form.length && name.startsWith(prefix.form)) {
      const unit = bareUnit(name.slice(prefix.form.length));
      if (unit) return { factor: prefix.factor * unit.factor, dimension: unit.dimension };
    }
  }
  return unknownNameMessage(name);
}

function unknownNameMessage(name: string): string {
  const lower = name.toLowerCase();
  const candidates = [...ENTRIES.keys(), ...PREFIX_FORMS.flatMap((prefix) => [...ENTRIES.keys()].map((unit) => prefix.form + unit))];
  const sameButCase = candidates.find((candidate) => candidate.toLowerCase() === lower);
  return `unknown unit "${name}"${sameButCase ? ` (units are case-sensitive: did you mean "${sameButCase}"?)` : ''}`;
}

const cache = new Map<string, Unit | string>();

/**
 * Reduces a pint unit expression to SI: the factor to base units and the dimension.
 * Returns a message (a string) when the expression cannot be read; results are cached,
 * so repeated unit strings (every quantity of a GDM file) cost one map lookup.
 */
export function resolveUnit(expression: string): Unit | string {
  const known = cache.get(expression);
  if (known !== undefined) return known;
  if (expression.length > MAX_UNIT_EXPRESSION_LENGTH)
    return `cannot read unit "${expression.slice(0, 40)}...": longer than ${MAX_UNIT_EXPRESSION_LENGTH} characters, which no unit is`;
  let result: Unit | string;
  const tokens = tokenize(expression);
  if (typeof tokens === 'string') result = `cannot read unit "${expression}": ${tokens}`;
  else {
    try {
      result = evaluate(tokens, lookupName);
    } catch (error) {
      if (!(error instanceof UnitSyntaxError)) throw error;
      result = error.message.startsWith('unknown unit') ? error.message : `cannot read unit "${expression}": ${error.message}`;
    }
  }
  if (cache.size < 10_000) cache.set(expression, result);
  return result;
}

/** True when two dimensions are equal (exponent by exponent). */
export function sameDimension(a: DimensionExponents, b: DimensionExponents): boolean {
  for (let i = 0; i < a.length; i += 1) if (Math.abs(a[i] - b[i]) > 1e-12) return false;
  return true;
}
