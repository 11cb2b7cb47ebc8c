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

/** XML 1.0 `Char`: the code points a document may hold, by reference or not (XML 1.0 §2.2). */
function isXmlChar(codePoint: number): boolean {
  return (
    codePoint === 0x9 ||
    codePoint === 0xa ||
    codePoint === 0xd ||
    (codePoint >= 0x20 && codePoint <= 0xd7ff) ||
    (codePoint >= 0xe000 && codePoint <= 0xfffd) ||
    (codePoint >= 0x10000 && codePoint <= 0x10ffff)
  );
}

/**
 * Replaces the entity and character references of an attribute value. A reference to a code
 * point XML does not allow (`&#0;`, `&#x110000;`) or to an entity XML does not predefine is a
 * malformed file (XML 1.0 §4.1, well-formedness constraints "Legal Character" and "Entity
 * Declared") and is refused naming it; a code point beyond U+10FFFF used to crash the reader.
 */
function decodeEntities(value: string, where: () => string): string {
  return value.replace(/&([^;&]*);?/g, (whole, entity: string) => {
    const numeric = /^#(?:x([0-9a-fA-F]+)|(\d+))$/.exec(entity);
    if (numeric && whole.endsWith(';')) {
      const codePoint = numeric[1] !== undefined ? parseInt(numeric[1], 16) : Number(numeric[2]);
      if (!isXmlChar(codePoint)) throw new ShakeMapGridError(`${where()}: the character reference ${whole} names a character XML does not allow`);
      return String.fromCodePoint(codePoint);
    }
    const named = whole.endsWith(';') ? NAMED_ENTITIES[entity] : undefined;
    if (named === undefined)
      throw new ShakeMapGridError(
        `${where()}: ${JSON.stringify(whole)} is not an XML reference (&amp; &lt; &gt; &quot; &apos; &#N; &#xH;); write a bare & as &amp;`,
      );
    return named;
  });
}

/** 1-based line number of a character offset (used for error messages only). */
export function lineOfOffset(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

const ATTRIBUTE = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function parseAttributes(body: string, where: (attribute: string) => string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of body.matchAll(ATTRIBUTE))
    attributes.set(
      match[1],
      decodeEntities(match[2] ?? match[3], () => where(match[1])),
    );
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
      const name = qualified.slice(qualified.indexOf(':') + 1);
      const where = (attribute: string) => `<${name}> attribute ${attribute} on line ${lineOfOffset(text, at)}`;
      tags.push({ name, attributes: parseAttributes(body.slice(nameEnd), where), offset: at });
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
