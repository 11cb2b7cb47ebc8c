/**
 * ShakeMap uploads (docs/input-hazard.md): a `grid.xml`, or a ZIP holding one with its optional
 * `uncertainty.xml`, becomes a hazsim hazard file with one `shakemap` model. The XML is read once,
 * here; the cache stores the hazard file, so every interface reads the same model.
 */
import path from 'node:path';
import { HazsimError } from '../../base/errors.js';
import { requireUtf8 } from '../../base/utf8.js';
import { attachUncertainty, parseShakeMapGrid, shakeMapHazardFile, ShakeMapGridError } from '../../domain/hazards/index.js';

const UTF8_BOM = '\ufeff';

/** Whether an upload's bytes are XML (a ShakeMap grid) rather than JSON, judged by their first characters. */
export function looksLikeXml(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 256).toString('utf8').replace(UTF8_BOM, '').trimStart();
  return head.startsWith('<');
}

/** The entry names of a ZIP that are a ShakeMap grid and its uncertainty grid ("grid.xml", "us7000-grid.xml", "x_uncertainty.xml"). */
export function isGridXmlName(name: string): boolean {
  return /(^|[-_.])grid\.xml$/i.test(path.posix.basename(name));
}

export function isUncertaintyXmlName(name: string): boolean {
  return /(^|[-_.])uncertainty\.xml$/i.test(path.posix.basename(name));
}

function parse(fileName: string, bytes: Buffer) {
  requireUtf8(bytes, fileName);
  try {
    return parseShakeMapGrid(bytes.toString('utf8'));
  } catch (error) {
    if (error instanceof ShakeMapGridError)
      throw new HazsimError('invalid_input', `${fileName}: ${error.message}`, [{ path: fileName, message: error.message }]);
    throw error;
  }
}

/**
 * The hazard file content of a ShakeMap grid (and its uncertainty grid). Throws invalid_input
 * naming the file and what is wrong with it (truncated grid, unknown units, mismatched nodes...).
 */
export function shakeMapUploadContent(grid: { name: string; bytes: Buffer }, uncertainty?: { name: string; bytes: Buffer }): Record<string, unknown> {
  let parsed = parse(grid.name, grid.bytes);
  const shaking = ['PGA', 'PGV', 'PSA03', 'PSA10'].some((field) => parsed.fields.has(field));
  if (!shaking && !uncertainty) {
    const message = 'holds no PGA, PGV, PSA03 or PSA10 field; an uncertainty.xml is uploaded together with its grid.xml, in one ZIP';
    throw new HazsimError('invalid_input', `${grid.name} ${message}`, [{ path: grid.name, message }]);
  }
  try {
    if (uncertainty) parsed = attachUncertainty(parsed, parse(uncertainty.name, uncertainty.bytes));
    return shakeMapHazardFile(parsed);
  } catch (error) {
    if (error instanceof ShakeMapGridError) {
      const where = uncertainty ? `${grid.name} with ${uncertainty.name}` : grid.name;
      throw new HazsimError('invalid_input', `${where}: ${error.message}`, [{ path: grid.name, message: error.message }]);
    }
    throw error;
  }
}
