import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { EXAMPLES } from '../helpers/cli.js';
import { computeIntensities, readHazardModel, validateHazardContent } from '../../src/domain/hazards/index.js';
import { sitesOf } from './_sites.js';

const HAZARDS = path.join(EXAMPLES, 'hazards');
const read = (name: string) => JSON.parse(fs.readFileSync(path.join(HAZARDS, name), 'utf8'));

const examples = suite('example hazard files');

examples('are valid and cover every hazard type, flood_area and fire_area included', () => {
  const declared = new Set<string>();
  for (const file of fs.readdirSync(HAZARDS)) {
    assert.equal(validateHazardContent(read(file)), [], file);
    for (const model of readHazardModel(read(file)).models) {
      declared.add(model.declaredType);
      if (model.type === 'flood' || model.type === 'fire') declared.add(`${model.type}_area`);
    }
  }
  assert.equal([...declared].sort(), ['earthquake', 'fire', 'fire_area', 'flood', 'flood_area', 'wind']);
  assert.is(readHazardModel(read('hurricane.json')).timestamps.length, 24);
});

examples('flood the south-east of the Charleston feeder and burn its north-west corner, leaving the rest and the substation alone', () => {
  const sites = sitesOf([
    [-79.95, 32.79], // substation
    [-79.915, 32.765], // south-east corner
    [-79.985, 32.825], // north-west corner
  ]);
  const flood = computeIntensities(readHazardModel(read('flood.json')), sites);
  assert.ok(Number.isNaN(flood.quantities.flood_depth![0]), 'the substation stays dry');
  assert.ok(flood.quantities.flood_depth![1] > 1, 'the south-east corner is under more than a metre of water at the surge peak');
  assert.ok(Number.isNaN(flood.quantities.flood_depth![2]));
  const fire = computeIntensities(readHazardModel(read('wildfire.json')), sites).quantities.fire_boundary_distance!;
  assert.is(fire[2 + 3], 0, 'the north-west corner is inside the 17:00 perimeter');
  assert.ok(fire[0] > 3000 && fire[1] > 8000, 'the substation and the south-east are kilometres away');
});

examples('are what the generators write (examples/generate-hazards.ts; the real storm: examples/generate-real-storm.ts)', () => {
  const source = ['generate-hazards.ts', 'generate-real-storm.ts'].map((name) => fs.readFileSync(path.join(EXAMPLES, name), 'utf8')).join('\n');
  for (const file of fs.readdirSync(HAZARDS)) assert.ok(source.includes(`${file}'`), `${file} comes from a generator`);
});

examples.run();
