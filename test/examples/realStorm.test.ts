import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { FEEDER_OFFSET, OSCAR_UPLOAD } from '../../examples/generate-real-storm.js';
import { EXAMPLES, runCli, tempDir } from '../helpers/cli.js';
import { skipTest } from '../helpers/skip.js';

const realStorm = suite('the demo hurricane: Oscar (2018) from its best track, over a copy of the example feeder');

const SAMPLE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/reference/refdata/hurdat2_sample.txt');
const STORM_FILE = path.join(EXAMPLES, 'hazards/hurricane_oscar_2018.json');
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'));

realStorm('hurricane_oscar_2018.json is what `hazsim upload` stores for the real HURDAT2 block of AL162018', () => {
  if (!fs.existsSync(SAMPLE)) return skipTest(`${SAMPLE} not found`);
  const cache = tempDir();
  const upload = runCli([
    'upload',
    SAMPLE,
    '--kind',
    'hazard',
    '--name',
    'oscar',
    '--storm',
    OSCAR_UPLOAD.storm,
    '--from',
    OSCAR_UPLOAD.from,
    '--to',
    OSCAR_UPLOAD.to,
    '--cache-dir',
    cache,
  ]);
  assert.is(upload.code, 0, upload.stderr);
  assert.is(fs.readFileSync(path.join(cache, 'hazard_models/oscar.json'), 'utf8'), fs.readFileSync(STORM_FILE, 'utf8'));
});

realStorm('the storm file holds the best-track fixes of the window: 9 six-hourly fixes read off the HURDAT2 lines', () => {
  const storm = readJson(STORM_FILE);
  assert.is(storm.models.length, 49, '2018-10-29 00:00 to 2018-10-31 00:00, hourly');
  const at = (time: string) => storm.models.find((model: { timestamp: string }) => model.timestamp === time);
  // 20181030, 0000,  , HU, 27.0N,  58.5W,  95,  966  (95 kt = 48.87 m/s; 966 mb)
  const peak = at('2018-10-30T00:00:00');
  assert.equal(peak.center, { longitude: -58.5, latitude: 27 });
  assert.is(peak.max_wind_speed, `${Number(((95 * 1852) / 3600).toFixed(4))} meter / second`);
  assert.is(peak.air_pressure, '966 millibar');
  // 20181029, 1200,  , HU, 25.7N,  58.1W,  75,  981
  const noon = at('2018-10-29T12:00:00');
  assert.equal(noon.center, { longitude: -58.1, latitude: 25.7 });
  assert.is(noon.air_pressure, '981 millibar');
  // Halfway between 0000 (27.0N 58.5W, 95 kt) and 0600 (28.0N 58.4W, 90 kt): linear in time.
  const between = at('2018-10-30T03:00:00');
  assert.equal(between.center, { longitude: -58.45, latitude: 27.5 });
  assert.is(between.max_wind_speed, `${Number(((92.5 * 1852) / 3600).toFixed(4))} meter / second`);
});

realStorm('the feeder copy is the example feeder moved by one offset: its substation 100 km east of the track at 27.5° N', () => {
  const original = readJson(path.join(EXAMPLES, 'feeder/example_feeder.json'));
  const copy = readJson(path.join(EXAMPLES, 'feeder/example_feeder_under_oscar.json'));
  assert.is(copy.name, 'example_feeder_under_oscar');
  assert.is(copy.components.length, original.components.length);
  let locations = 0;
  copy.components.forEach((component: Record<string, unknown>, i: number) => {
    const source = original.components[i];
    if ((source.__metadata__ as { type: string }).type !== 'Location') return assert.equal(component, source);
    locations++;
    assert.ok(Math.abs((component.x as number) - (source.x as number) - FEEDER_OFFSET.longitude) < 1e-6);
    assert.ok(Math.abs((component.y as number) - (source.y as number) - FEEDER_OFFSET.latitude) < 1e-6);
  });
  assert.is(locations, 20);
  const substation = copy.components.find((component: { x?: number; y?: number }) => component.x === -57.5 && component.y === 27.5);
  assert.ok(substation, 'sub_hv at 57.5° W, 27.5° N');
  // 0.95° of longitude east of the track's 58.45° W at 27.5° N: 0.95 · 111.19 km · cos 27.5° ≈ 93.7 km.
  const eastKm = 0.95 * 111.195 * Math.cos((27.5 * Math.PI) / 180);
  assert.ok(eastKm > 90 && eastKm < 100, `${eastKm} km`);
});

realStorm.run();
