/**
 * The small part of XML that a ShakeMap grid.xml header uses: start and empty-element tags with
 * quoted attributes, plus the declaration and comments to skip. grid.xml has a fixed, flat
 * structure (root, event, grid_specification, grid_field..., grid_data), so a general XML parser
 * and its dependency are not needed; the data block, which is 99.9 % of a real file, is not
 * XML at all but whitespace-separated numbers and is read by gridData.ts.
 */
import { ShakeMapGridError } from './errors.js';

export interface XmlStartTag {
  /** Local name (any namespace prefix removed). */
  readonly name: string;
  readonly attributes: ReadonlyMap<string, string>;
  /** Offset of "<" in the text. */
  readonly offset: number;
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(parseInt(entity.slice(1), 10));
    return NAMED_ENTITIES[entity] ?? whole;
  });
}

/** 1-based line number of a character offset (used for error messages only). */
export function lineOfOffset(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

const ATTRIBUTE = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function parseAttributes(body: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of body.matchAll(ATTRIBUTE)) attributes.set(match[1], decodeEntities(match[2] ?? match[3]));
  return attributes;
}

/**
 * Start (and empty-element) tags between offsets `from` and `to`, skipping end tags, the XML
 * declaration, processing instructions, comments and DOCTYPE.
 */
export function readStartTags(text: string, from: number, to: number): XmlStartTag[] {
  const tags: XmlStartTag[] = [];
  let at = text.indexOf('<', from);
  while (at !== -1 && at < to) {
    let close: number;
    if (text.startsWith('<!--', at)) {
      close = text.indexOf('-->', at + 4);
      if (close === -1) throw new ShakeMapGridError(`unterminated comment starting on line ${lineOfOffset(text, at)}`);
      at = text.indexOf('<', close + 3);
      continue;
    }
    close = findTagEnd(text, at);
    if (close === -1) throw new ShakeMapGridError(`unterminated tag starting on line ${lineOfOffset(text, at)}`);
    const first = text[at + 1];
    if (first !== '?' && first !== '!' && first !== '/') {
      const body = text.slice(at + 1, text[close - 1] === '/' ? close - 1 : close);
      const nameEnd = body.search(/[\s/]|$/);
      const qualified = body.slice(0, nameEnd);
      tags.push({ name: qualified.slice(qualified.indexOf(':') + 1), attributes: parseAttributes(body.slice(nameEnd)), offset: at });
    }
    at = text.indexOf('<', close + 1);
  }
  return tags;
}

/** Offset of the ">" closing the tag that starts at `start`, skipping ">" inside quoted values. */
function findTagEnd(text: string, start: number): number {
  let quote = '';
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i];
    if (quote !== '') {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '>') {
      return i;
    }
  }
  return -1;
}
