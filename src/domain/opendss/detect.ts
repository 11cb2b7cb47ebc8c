/** Recognises an OpenDSS script by its first command (docs/input-distribution.md, "OpenDSS models"). */

const FIRST_COMMANDS = /^(clear|new|redirect|compile|set|edit|buscoords|batchedit|~|more)\b/i;

/** True when the first command of `text` (comments and blank lines skipped) is one an OpenDSS script starts with. */
export function looksLikeOpenDss(text: string): boolean {
  let inBlock = false;
  for (const raw of text.split(/\r\n|\r|\n/, 200)) {
    let line = raw.trim();
    if (inBlock) {
      const end = line.indexOf('*/');
      if (end < 0) continue;
      line = line.slice(end + 2).trim();
      inBlock = false;
    }
    if (line.startsWith('/*')) {
      inBlock = !line.includes('*/');
      continue;
    }
    if (line === '' || line.startsWith('!') || line.startsWith('//')) continue;
    return FIRST_COMMANDS.test(line);
  }
  return false;
}
