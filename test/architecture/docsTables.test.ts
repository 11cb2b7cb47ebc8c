import fs from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hazardTypesPage } from '../../src/domain/hazards/referenceTables.js';
import { withDefaultCurvesTable } from '../../src/domain/fragility/sourcesTable.js';
import { ROOT } from '../helpers/cli.js';

test('docs/hazard-types.md is current: it equals what the registries generate (npm run docs:tables)', () => {
  assert.fixture(fs.readFileSync(path.join(ROOT, 'docs/hazard-types.md'), 'utf8'), hazardTypesPage());
});

test('docs/fragility.md lists exactly the shipped DEFAULT_CURVES, each curve with its source (npm run docs:tables)', () => {
  const page = fs.readFileSync(path.join(ROOT, 'docs/fragility.md'), 'utf8');
  assert.fixture(page, withDefaultCurvesTable(page));
});

test.run();
