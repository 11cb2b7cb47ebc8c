// Sites outside a ground-motion model's documented range are named in the run's warnings
// (docs/gmpe.md "Applicability", docs/input-hazard.md): the model, the range and the count of sites.
// The ranges are the papers' (Boore et al. 2014; Abrahamson et al. 2014; Atkinson & Boore 2006).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compileCurveSet, DEFAULT_CURVES } from '../../src/domain/fragility/index.js';
import { readHazardModel, warningTexts } from '../../src/domain/hazards/index.js';
import { computeSurvival } from '../../src/domain/simulation/survival.js';
import { assetTable } from '../helpers/assetTable.js';

const compiled = compileCurveSet(DEFAULT_CURVES, 'DEFAULT_CURVES');
/** Three substations: two about 10 km from the epicentre, one about 600 km east. */
const assets = assetTable([
  { name: 'near', type: 'substation', at: [-118.43, 34.3] },
  { name: 'near too', type: 'substation', at: [-118.42, 34.3] },
  { name: 'far', type: 'substation', at: [-111.9, 34.2] },
]);

function warningsOf(model: Record<string, unknown>): string[] {
  const hazard = readHazardModel({
    name: 'range',
    models: [
      { type: 'earthquake', name: 'q', timestamp: '2024-01-01T00:00:00', origin: { longitude: -118.54, latitude: 34.21 }, depth: '18 kilometer', ...model },
    ],
  });
  return warningTexts(computeSurvival(assets, hazard, compiled).warnings);
}

const test = suite('applicability warnings');

test('name BSSA14, its Vs30 range and every site when Vs30 is 100 m/s', () => {
  const texts = warningsOf({ magnitude: 6.7, ground_motion_model: 'BSSA14', vs30: '100 meter / second' });
  assert.ok(
    texts.some((text) => text.includes(': 3 sites') && text.includes("outside BSSA14's documented Vs30 range 150–1500 m/s")),
    texts.join('\n'),
  );
});

test('count the sites beyond R_JB 400 km for BSSA14 and name none within', () => {
  const texts = warningsOf({ magnitude: 6.7, ground_motion_model: 'BSSA14', vs30: '300 meter / second' });
  assert.ok(
    texts.some((text) => text.includes(': 1 site ') && text.includes('R_JB ≤ 400 km')),
    texts.join('\n'),
  );
  assert.not.ok(
    texts.some((text) => text.includes('Vs30 range') || text.includes('magnitude range')),
    texts.join('\n'),
  );
});

test('name AB06 and its magnitude range for an M 3.0 event, at every site', () => {
  const texts = warningsOf({ magnitude: 3.0, ground_motion_model: 'AB06', vs30: '760 meter / second' });
  assert.ok(
    texts.some((text) => text.includes(': 3 sites') && text.includes("AB06's documented magnitude range M 3.5–8 (M 3)")),
    texts.join('\n'),
  );
});

test('say nothing of a range every site lies inside (ASK14: only the far site, beyond Rrup 300 km)', () => {
  const texts = warningsOf({ magnitude: 6.7, ground_motion_model: 'ASK14', vs30: '400 meter / second' }).filter((text) => text.includes('documented'));
  assert.equal(texts.length, 1, texts.join('\n'));
  assert.ok(texts[0].includes(': 1 site ') && texts[0].includes("ASK14's documented distance range (Rrup ≤ 300 km)"), texts[0]);
});

test.run();
