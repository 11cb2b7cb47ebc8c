import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { readDistributionModel } from '../../src/domain/gdm/index.js';
import { summarizeDistributionModel } from '../../src/domain/assets/modelSummary.js';
import { GDM_READING } from '../../src/domain/assets/index.js';
import { ROOT, haveSharedFixtures } from '../helpers/cli.js';
import { fixture } from './helpers.js';

const summary = suite('summarizeDistributionModel');

summary('P4U: counts, coordinates, bounding box, voltages and phases', () => {
  if (!haveSharedFixtures()) return;
  const result = summarizeDistributionModel(readDistributionModel(fixture('gmdflow_P4U/P4U_system.json')), GDM_READING);
  assert.is(result.total_components, 863);
  assert.is(result.components_by_type.DistributionBus, 181);
  assert.is(result.components_by_type.MatrixImpedanceBranch, 149);
  assert.equal(Object.keys(result.components_by_type), [...Object.keys(result.components_by_type)].sort());
  assert.equal(result.buses, { total: 181, with_coordinates: 181, without_coordinates: 0, with_unusable_coordinates: 0 });
  const box = result.bounding_box!;
  assert.ok(box.min_longitude < box.max_longitude && box.min_latitude < box.max_latitude);
  assert.ok(box.min_longitude > -122.44 && box.max_longitude < -122.41 && box.min_latitude > 37.8 && box.max_latitude < 37.82);
  // 0.12 kV line-to-ground split-phase buses count as 208 V line-to-line (×√3, docs/input-distribution.md); 2.309 kV L-G is 4 kV.
  assert.equal(result.voltage_levels_v, [208, 480, 4000, 69000, 230000]);
  assert.equal(result.phases, ['A', 'B', 'C', 'N', 'S1', 'S2']);
  assert.is(result.assets.located, 362);
  assert.is(result.assets.unlocated, 0);
  assert.is(result.assets.by_type.transformer_pole_mount, 31);
  assert.equal(JSON.parse(JSON.stringify(result)), result);
});

summary('legacy P5R: latitude in x leaves no usable coordinate and no bounding box', () => {
  if (!haveSharedFixtures()) return;
  const result = summarizeDistributionModel(readDistributionModel(fixture('gdm_main_p5r/p5r.json')), GDM_READING);
  assert.equal(result.buses, { total: 10, with_coordinates: 10, without_coordinates: 0, with_unusable_coordinates: 10 });
  assert.is(result.bounding_box, null);
  assert.equal(result.voltage_levels_v, [480, 12470]);
  assert.is(result.assets.located, 0);
  assert.is(result.assets.unlocated, 22);
});

summary('the nested tiny feeder', () => {
  const content = JSON.parse(fs.readFileSync(path.join(ROOT, 'test/data/tiny_feeder.json'), 'utf8'));
  const result = summarizeDistributionModel(readDistributionModel(content), GDM_READING);
  assert.is(result.form, 'nested');
  assert.is(result.system_name, 'tiny_feeder');
  assert.equal(result.bounding_box, { min_longitude: -122.3, min_latitude: 37.8, max_longitude: -122.29, max_latitude: 37.81 });
  assert.equal(result.components_by_type, { DistributionBus: 2, Location: 2 });
  assert.equal(result.assets, { by_type: {}, located: 0, unlocated: 0 });
});

summary.run();
