/**
 * OpenDSS bus coordinate files (`BusCoords`): one `bus, x, y` row per line, separated by
 * commas, spaces or TABs, with `//` and `!` comments and blank lines; a malformed row is a
 * warning naming file and line (EPRI J1's Buscoords.dss has one). Bus names are matched
 * case-insensitively and lose any node suffix.
 */
import type { BusCoordinate, ScriptWarning } from './circuit.js';

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

export function readBusCoordinates(text: string, file: string): { coordinates: Map<string, BusCoordinate>; warnings: ScriptWarning[] } {
  const coordinates = new Map<string, BusCoordinate>();
  const warnings: ScriptWarning[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  for (let index = 0; index < lines.length; index += 1) {
    const content = lines[index].replace(/(\/\/|!).*$/, '').trim();
    if (content === '') continue;
    const fields = content.split(/\s*[,\t ]\s*/);
    const place = { file, line: index + 1 };
    const [bus, x, y] = fields;
    if (fields.length < 3 || !bus || !NUMBER.test(x) || !NUMBER.test(y)) {
      warnings.push({ place, message: `coordinate row ${JSON.stringify(lines[index].trim())} is not "bus, x, y"; skipped` });
      continue;
    }
    coordinates.set(bus.split('.')[0].toLowerCase(), { x: Number(x), y: Number(y), place });
  }
  return { coordinates, warnings };
}
