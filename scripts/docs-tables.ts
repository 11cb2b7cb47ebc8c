// npm run docs:tables: regenerates docs/hazard-types.md from the hazard and quantity registries (a test checks it is current).
import fs from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from '../src/base/version.js';
import { hazardTypesPage } from '../src/domain/hazards/referenceTables.js';

fs.writeFileSync(path.join(PACKAGE_ROOT, 'docs', 'hazard-types.md'), hazardTypesPage());
