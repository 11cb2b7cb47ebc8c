import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root, found from this file whether it runs from src/ (tsx) or dist/ (compiled). */
export const PACKAGE_ROOT: string = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, 'package.json');
    if (fs.existsSync(candidate) && JSON.parse(fs.readFileSync(candidate, 'utf8')).name === 'hazsim') return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('hazsim package.json not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
})();

/** hazsim's version, from package.json. */
export const HAZSIM_VERSION: string = JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')).version;
