// npm run docs:tables: regenerates docs/hazard-types.md from the hazard and quantity registries, and the DEFAULT_CURVES table of docs/fragility.md from the shipped set (tests check both are current).
import fs from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from '../src/base/version.js';
import { hazardTypesPage } from '../src/domain/hazards/referenceTables.js';
import { withDefaultCurvesTable } from '../src/domain/fragility/sourcesTable.js';

fs.writeFileSync(path.join(PACKAGE_ROOT, 'docs', 'hazard-types.md'), hazardTypesPage());
const fragilityPage = path.join(PACKAGE_ROOT, 'docs', 'fragility.md');
fs.writeFileSync(fragilityPage, withDefaultCurvesTable(fs.readFileSync(fragilityPage, 'utf8')));
