import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { contentKeys, summarizeDistributionContent, summarizeHazardContent } from '../../src/core/modelSummary.js';

const distribution = suite('summarizeDistributionContent');

distribution('counts components by infrasys class in both __metadata__ dialects and by type in the nested form', () => {
  const content = {
    name: 'feeder',
    components: [
      { __metadata__: { fields: { module: 'gdm', type: 'DistributionBus', serialized_type: 'base' } } },
      { __metadata__: { module: 'gdm', type: 'DistributionBus', serialized_type: 'base' } },
      { __metadata__: { module: 'gdm', type: 'MatrixImpedanceBranch', serialized_type: 'base' } },
      { type: 'DistributionLoad' },
      { name: 'no type at all' },
    ],
  };
  assert.equal(summarizeDistributionContent(content), {
    system_name: 'feeder',
    component_count: 5,
    components_by_type: { DistributionBus: 2, DistributionLoad: 1, MatrixImpedanceBranch: 1, unknown: 1 },
  });
});

distribution('reports no components and no name for content without them', () => {
  assert.equal(summarizeDistributionContent({ components: [] }), { system_name: null, component_count: 0, components_by_type: {} });
});

distribution.run();

const hazard = suite('summarizeHazardContent');

hazard("counts hazsim's models by type and takes its timestamps array", () => {
  const content = { timestamps: ['2024-01-01T00:00:00', '2024-01-01T01:00:00'], models: [{ type: 'wind' }, { type: 'wind' }, { type: 'flood' }] };
  assert.equal(summarizeHazardContent(content), {
    hazard_model_count: 3,
    hazard_models_by_type: { flood: 1, wind: 2 },
    timestamp_count: 2,
    timestamps: ['2024-01-01T00:00:00', '2024-01-01T01:00:00'],
  });
});

hazard("counts ERAD's hazard components by hazard type and collects their distinct timestamps in file order", () => {
  const component = (type: string, timestamp?: string) => ({ __metadata__: { module: 'erad', type }, ...(timestamp ? { timestamp } : {}) });
  const content = {
    components: [
      component('WindModel', '2024-09-01T06:00:00'),
      component('WindModel', '2024-09-01T00:00:00'),
      component('EarthQuakeModel', '2024-09-01T06:00:00'),
      component('Polygon'),
    ],
  };
  assert.equal(summarizeHazardContent(content), {
    hazard_model_count: 3,
    hazard_models_by_type: { earthquake: 1, wind: 2 },
    timestamp_count: 2,
    timestamps: ['2024-09-01T06:00:00', '2024-09-01T00:00:00'],
  });
});

hazard.run();

const keys = suite('contentKeys');

keys('lists top-level keys in file order, and none for non-objects', () => {
  assert.equal(contentKeys({ name: 'x', timestamps: [], models: [] }), ['name', 'timestamps', 'models']);
  assert.equal(contentKeys([1, 2]), []);
});

keys.run();
