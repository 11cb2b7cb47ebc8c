import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import { feederJson, FEEDER_PATH } from '../../examples/generate-feeder.js';
import { extractAssets, ASSET_TYPES, GDM_READING } from '../../src/domain/assets/index.js';
import { readDistributionModel, validateDistributionContent } from '../../src/domain/gdm/index.js';

const feeder = suite('the bundled example feeder');

feeder('the generator writes exactly the committed bytes', () => {
  const committed = fs.readFileSync(FEEDER_PATH, 'utf8');
  assert.ok(
    feederJson() === committed,
    'examples/feeder/example_feeder.json differs from the generator output: run node --import tsx examples/generate-feeder.ts',
  );
  assert.ok(feederJson() === committed, 'a second run gives the same bytes');
});

feeder('is valid GDM JSON of gdm 2.3 in the flat dialect, with 40 to 120 components', () => {
  const content = JSON.parse(fs.readFileSync(FEEDER_PATH, 'utf8'));
  assert.equal(Object.keys(content), ['name', 'description', 'uuid', 'data_format_version', 'components', 'supplemental_attributes', 'time_series']);
  assert.match(content.data_format_version, /^2\.3\./);
  assert.ok(content.components.every((component: any) => component.__metadata__.serialized_type === 'base' && !('fields' in component.__metadata__)));
  assert.equal(validateDistributionContent(content), []);
  assert.ok(content.components.length >= 40 && content.components.length <= 120, `${content.components.length} components`);
});

feeder('lies in Charleston, SC, substation near (-79.95, 32.79), and holds every asset type, all located', () => {
  const model = readDistributionModel(JSON.parse(fs.readFileSync(FEEDER_PATH, 'utf8')));
  const extraction = extractAssets(model, GDM_READING);
  assert.is(extraction.unlocated.length, 0);
  assert.equal([...new Set(extraction.assets.assetType)].sort(), [...ASSET_TYPES].sort());
  for (let i = 0; i < extraction.assets.count; i += 1) {
    const [longitude, latitude] = [extraction.assets.longitude[i], extraction.assets.latitude[i]];
    assert.ok(
      longitude >= -79.99 && longitude <= -79.91 && latitude >= 32.76 && latitude <= 32.83,
      `${extraction.assets.name[i]} at ${longitude}, ${latitude}`,
    );
  }
  const substation = extraction.assets.assetType.indexOf('substation');
  assert.ok(Math.abs(extraction.assets.longitude[substation] - -79.95) < 0.005 && Math.abs(extraction.assets.latitude[substation] - 32.79) < 0.005);
  // The 69 kV cable's equipment says OVERHEAD, as gdm writes by default; its capacitance makes it a cable.
  const cable = extraction.assets.name.indexOf('tx_69_cable_1');
  assert.is(extraction.assets.assetType[cable], 'transmission_underground_cables');
  assert.is(extraction.assets.assetType[extraction.assets.name.indexOf('cable_3_concentric')], 'distribution_underground_cables');
});

feeder.run();
