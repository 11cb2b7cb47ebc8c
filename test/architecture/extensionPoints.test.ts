import * as v from 'valibot';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  areasFootprint,
  hazardDescriptors,
  hazardFileTypes,
  readHazardModel,
  registerHazardType,
  summarizeHazardModel,
  type HazardDescriptor,
  type HazardEntry,
} from '../../src/domain/hazards/index.js';
import { DEFAULT_CURVES } from '../../src/domain/fragility/index.js';
import { ASSET_TYPES } from '../../src/domain/assets/types.js';
import { GROUND_MOTION_MODEL_IDS, GROUND_MOTION_MODELS } from '../../src/domain/hazards/earthquake/gmpe/index.js';
import { validateHazardContent } from '../../src/domain/hazards/index.js';

// The extension points describe themselves (docs/architecture.md, "Where a change goes"): a
// hazard type that counts areas declares the entry they count under and brings its default
// curves, and the ground-motion models a hazard file may name are the registry's, listed once.

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

test('DEFAULT_CURVES is read from the registered hazard types: each one, with the curves it declares', () => {
  assert.equal(
    Object.keys(DEFAULT_CURVES.curves),
    hazardDescriptors().map((descriptor) => descriptor.type),
  );
  for (const descriptor of hazardDescriptors()) assert.is(DEFAULT_CURVES.curves[descriptor.type], descriptor.defaultCurves.curves, descriptor.type);
});

test('registration refuses a hazard type without default curves before anything of it is registered', () => {
  const quiet = {
    type: 'quiet',
    entries: [{ type: 'quiet', title: 'Quiet Model', schema: v.any() as unknown as v.GenericSchema<unknown, HazardEntry> }],
    requires: [],
    compute: () => undefined,
    footprint: () => ({ counts: { quiet: 1 }, boxes: [] }),
  } as unknown as HazardDescriptor;
  const quantity = {
    name: 'quiet_level',
    description: 'a test quantity',
    dimension: 'length',
    siUnit: 'meter',
    mostSevere: 'max',
    hazard: 'quiet',
    column: { name: 'quiet_level__meter', unit: 'meter' },
    siColumn: 'quiet_level__meter_si',
  } as const;
  assert.throws(() => registerHazardType(quiet, [quantity]), /hazard type quiet: no default curves/);
  assert.not.ok(hazardFileTypes().includes('quiet'));
  assert.not.ok(Object.keys(DEFAULT_CURVES.curves).includes('quiet'));
});

test('a summary that meets a count under an entry type no hazard type declares names it instead of printing null', () => {
  const curve = {
    quantity: 'hail_size',
    units: 'meter',
    applies_to: 'asset',
    limit_states: [{ name: 'failure', form: 'lognormal', parameters: { median: 0.05, beta: 0.5 } }],
    out_of_service: 'failure',
  };
  const schema = v.pipe(
    v.object({ type: v.literal('hail'), timestamp: v.string() }),
    v.transform((entry) => ({ type: 'hail', declaredType: 'hail', name: '', timestamp: entry.timestamp })),
  ) as unknown as v.GenericSchema<unknown, HazardEntry>;
  const hail = {
    type: 'hail',
    entries: [{ type: 'hail', title: 'Hail Model', schema }],
    requires: [],
    defaultCurves: { curves: Object.fromEntries(ASSET_TYPES.map((type) => [type, [curve]])) },
    compute: () => undefined,
    // Counts its cells under an entry type it never declared.
    footprint: () => ({ counts: { hail: 1, hail_cell: 3 }, boxes: [] }),
  } as unknown as HazardDescriptor;
  registerHazardType(hail, [
    {
      name: 'hail_size',
      description: 'hailstone diameter',
      dimension: 'length',
      siUnit: 'meter',
      mostSevere: 'max',
      hazard: 'hail',
      column: { name: 'hail_size__meter', unit: 'meter' },
      siColumn: 'hail_size__meter_si',
    },
  ]);
  const model = readHazardModel({ models: [{ type: 'hail', timestamp: '2025-01-01T00:00:00' }], timestamps: ['2025-01-01T00:00:00'] });
  assert.throws(() => summarizeHazardModel(model), /hazard type hail counts models as hail_cell, which is not a registered hazard file entry type/);
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
