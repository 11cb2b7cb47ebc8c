/**
 * The OpenDSS script lexer (docs/input-distribution.md, "OpenDSS scripts"): one command per
 * line, split into parameters `name=value` or positional `value`. Values may be bare words
 * or sit inside `( )`, `[ ]`, `{ }`, `" "` or `' '`; `!` and `//` start a comment outside
 * them, `/* ... *\/` blocks span lines. Pure: text in, tokens out.
 */
import { HazsimError } from '../../base/errors.js';

/** One parameter of a command: its name (null when positional) and value as written. */
export interface Token {
  name: string | null;
  /** The value without its enclosing bracket or quotes. */
  value: string;
  /** The bracket or quote the value was written in, or '' for a bare word. */
  bracket: string;
  /** 1-based column of the token's first character. */
  column: number;
}

/** One command line of a script, with where it is. */
export interface CommandLine {
  file: string;
  line: number;
  tokens: Token[];
}

/** Where a script says something, for warnings and errors. */
export interface Place {
  file: string;
  line: number;
  column?: number;
}

export function placeLabel(place: Place): string {
  return `${place.file}:${place.line}${place.column ? `:${place.column}` : ''}`;
}

/** A syntax error: invalid_input (exit 5, HTTP 422) naming file, line and column. */
export function syntaxError(place: Place, message: string): HazsimError {
  const where = placeLabel(place);
  return new HazsimError('invalid_input', `OpenDSS syntax error at ${where}: ${message}`, [{ path: where, message }]);
}

const CLOSING: Readonly<Record<string, string>> = { '(': ')', '[': ']', '{': '}', '"': '"', "'": "'" };

const isSpace = (char: string) => char === ' ' || char === '\t' || char === '\0' || char === '\f' || char === '\v';

/** State carried between lines: whether a block comment is open. */
export interface LexState {
  inBlockComment: boolean;
}

/** Removes `/* *\/` block comments, tracking one that spans lines; returns the line with them blanked (columns kept). */
function stripBlockComments(text: string, state: LexState): string {
  if (!state.inBlockComment && !text.includes('/*')) return text;
  let out = '';
  let index = 0;
  while (index < text.length) {
    if (state.inBlockComment) {
      const end = text.indexOf('*/', index);
      if (end < 0) return out + ' '.repeat(text.length - index);
      out += ' '.repeat(end + 2 - index);
      index = end + 2;
      state.inBlockComment = false;
    } else {
      const start = text.indexOf('/*', index);
      // A block comment starts only at the beginning of a word (file names may hold "/*" nowhere in practice, paths never).
      if (start < 0) return out + text.slice(index);
      out += text.slice(index, start);
      index = start;
      state.inBlockComment = true;
    }
  }
  return out;
}

/**
 * Splits one line into tokens. `warn` receives lenient readings (an unclosed quote runs to the
 * end of the line, as OpenDSS reads it); an unclosed bracket or a value with no name before
 * `=` is a syntax error.
 */
export function tokenizeLine(raw: string, place: Place, state: LexState, warn: (place: Place, message: string) => void): Token[] {
  const text = stripBlockComments(raw, state);
  const tokens: Token[] = [];
  let index = 0;
  const length = text.length;
  const skipSeparators = () => {
    while (index < length && (isSpace(text[index]) || text[index] === ',')) index += 1;
  };
  const atComment = () => text[index] === '!' || (text[index] === '/' && text[index + 1] === '/');

  /** Reads a value starting at index: bracketed, quoted or bare. */
  const readValue = (): { value: string; bracket: string } => {
    const open = text[index];
    const close = CLOSING[open];
    if (close) {
      const start = index;
      let depth = 1;
      index += 1;
      const begin = index;
      while (index < length) {
        const char = text[index];
        if (char === close && (open === '"' || open === "'" || --depth === 0)) break;
        if (char === open && open !== '"' && open !== "'") depth += 1;
        index += 1;
      }
      if (index >= length) {
        if (open === '"' || open === "'") {
          warn({ ...place, column: start + 1 }, `the ${open} opened here is not closed; the value runs to the end of the line`);
          return { value: text.slice(begin).trim(), bracket: open };
        }
        throw syntaxError({ ...place, column: start + 1 }, `the ${open} opened here is not closed by ${close} on this line`);
      }
      const value = text.slice(begin, index);
      index += 1;
      return { value, bracket: open };
    }
    const begin = index;
    while (index < length && !isSpace(text[index]) && text[index] !== ',' && text[index] !== '=' && !atComment()) index += 1;
    return { value: text.slice(begin, index), bracket: '' };
  };

  for (;;) {
    skipSeparators();
    if (index >= length || atComment()) break;
    const column = index + 1;
    if (text[index] === '=') throw syntaxError({ ...place, column }, '"=" with no property name before it');
    if (')]}'.includes(text[index])) throw syntaxError({ ...place, column }, `"${text[index]}" closes nothing`);
    const first = readValue();
    let probe = index;
    while (probe < length && isSpace(text[probe])) probe += 1;
    if (first.bracket === '' && text[probe] === '=') {
      index = probe + 1;
      while (index < length && isSpace(text[index])) index += 1;
      if (index >= length || atComment() || text[index] === ',') {
        tokens.push({ name: first.value, value: '', bracket: '', column });
        continue;
      }
      const value = readValue();
      tokens.push({ name: first.value, value: value.value, bracket: value.bracket, column });
    } else {
      tokens.push({ name: null, value: first.value, bracket: first.bracket, column });
    }
  }
  return tokens;
}

/** The command lines of a script text (blank and comment-only lines dropped), each with its 1-based line number. */
export function lexScript(text: string, file: string, warn: (place: Place, message: string) => void): CommandLine[] {
  const state: LexState = { inBlockComment: false };
  const lines = text.split(/\r\n|\r|\n/);
  const commands: CommandLine[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const place = { file, line: index + 1 };
    const tokens = tokenizeLine(lines[index], place, state, warn);
    if (tokens.length > 0) commands.push({ file, line: index + 1, tokens });
  }
  return commands;
}
