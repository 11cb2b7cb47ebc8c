import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HazsimError } from '../../base/errors.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A report page's own script or style (src/app/report/reportPage/), found beside this module's source whether it runs from src/ or dist/. */
export function pageFile(name: string): string {
  const candidates = [path.join(here, 'reportPage', name), path.join(here, '../../../../src/app/report/reportPage', name)];
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) throw new HazsimError('internal', `report page file ${name} is missing from the installation`);
  return fs.readFileSync(found, 'utf8');
}
