import * as v from 'valibot';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { areasFootprint, hazardFileTypes, registerHazardType, type HazardDescriptor, type HazardEntry } from '../../src/domain/hazards/index.js';
import { GROUND_MOTION_MODEL_IDS, GROUND_MOTION_MODELS } from '../../src/domain/hazards/earthquake/gmpe/index.js';
import { validateHazardContent } from '../../src/domain/hazards/index.js';

// The extension points describe themselves (docs/architecture.md, "Where a change goes"): a
// hazard type that counts areas declares the entry they count under, and the ground-motion
// models a hazard file may name are the registry's, listed once.

test('registration refuses a hazard type that counts areas under an entry it does not declare', () => {
  const iceStorm = {
    type: 'ice_storm',
    entries: [{ type: 'ice_storm', title: 'Ice Storm Model', schema: v.any() as unknown as v.GenericSchema<unknown, HazardEntry> }],
    requires: [],
    compute: () => undefined,
    footprint: areasFootprint,
  } as unknown as HazardDescriptor;
  assert.throws(() => registerHazardType(iceStorm), /ice_storm_area/);
  assert.not.ok(hazardFileTypes().includes('ice_storm'), 'nothing of the refused type stays registered');
});

test('the ground-motion models are one list: ids, registry and descriptors agree', () => {
  assert.equal([...GROUND_MOTION_MODEL_IDS], Object.keys(GROUND_MOTION_MODELS));
  for (const id of GROUND_MOTION_MODEL_IDS) assert.is(GROUND_MOTION_MODELS[id].id, id);
});

test('a hazard file may name every registered ground-motion model and ERAD_V1, and nothing else', () => {
  const file = (model: string) => ({
    models: [
      {
        type: 'earthquake',
        name: 'quake',
        timestamp: '2025-01-01T00:00:00',
        origin: { longitude: -122.0, latitude: 37.0 },
        depth: '10 kilometer',
        magnitude: 6.5,
        ground_motion_model: model,
      },
    ],
    timestamps: ['2025-01-01T00:00:00'],
  });
  for (const id of [...GROUND_MOTION_MODEL_IDS, 'ERAD_V1']) assert.equal(validateHazardContent(file(id)), [], id);
  const issues = validateHazardContent(file('CY14'));
  assert.ok(
    issues.some((issue) => issue.message.includes(`one of ${[...GROUND_MOTION_MODEL_IDS, 'ERAD_V1'].join(', ')}`)),
    JSON.stringify(issues),
  );
});

test.run();
