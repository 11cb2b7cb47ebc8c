import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { EXAMPLES, json, runCli, tempDir } from '../helpers/cli.js';

const upload = suite('hazsim upload of hazard models');

upload('stores the example hazards, ERAD infrasys form included', () => {
  const cache = tempDir();
  for (const file of ['hurricane.json', 'erad_infrasys.json']) {
    const result = runCli(['upload', path.join(EXAMPLES, 'hazards', file), '--cache-dir', cache, '--json']);
    assert.is(result.code, 0, result.stderr);
    assert.is(json(result).kind, 'hazard');
  }
});

upload('refuses a bad hazard file with exit 5, listing every problem with its path', () => {
  const cache = tempDir();
  const file = path.join(tempDir(), 'bad.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      models: [
        { type: 'earthquake', timestamp: '18:00:00', origin: { longitude: 0, latitude: 95 }, depth: '10 km', magnitude: -1 },
        {
          type: 'flood_area',
          timestamp: '2024-01-01T00:00:00',
          affected_area: {
            type: 'Polygon',
            coordinates: [
              [
                [0, 0],
                [1, 1],
              ],
            ],
          },
          water_depth: '1 m',
        },
        { type: 'tornado', timestamp: '2024-01-01T00:00:00' },
      ],
    }),
  );
  const result = runCli(['upload', file, '--kind', 'hazard', '--cache-dir', cache, '--json']);
  assert.is(result.code, 5);
  const error = JSON.parse(result.stderr).error;
  assert.is(error.kind, 'invalid_input');
  assert.equal(
    error.issues.map((issue: { path: string }) => issue.path),
    ['models[0].timestamp', 'models[0].origin.latitude', 'models[0].magnitude', 'models[1].affected_area.coordinates[0]', 'models[2].type'],
  );
  assert.equal(json(runCli(['list', '--cache-dir', cache, '--json'])), []);
});

upload('refuses an unclosed ring and a wind whose radius of maximum wind exceeds the closest isobar, with exit 5 and paths', () => {
  const file = path.join(tempDir(), 'bad.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      models: [
        {
          type: 'flood_area',
          timestamp: '2024-01-01T00:00:00',
          affected_area: {
            type: 'Polygon',
            coordinates: [
              [
                [0, 0],
                [1, 0],
                [1, 1],
                [0, 1],
              ],
            ],
          },
          water_depth: '1 meter',
        },
        {
          type: 'wind',
          timestamp: '2024-01-01T00:00:00',
          center: { longitude: 0, latitude: 0 },
          max_wind_speed: '100 mile / hour',
          radius_of_max_wind: '300 mile',
          radius_of_closest_isobar: '250 mile',
        },
      ],
    }),
  );
  const result = runCli(['upload', file, '--kind', 'hazard', '--cache-dir', tempDir(), '--json']);
  assert.is(result.code, 5);
  const issues = JSON.parse(result.stderr).error.issues as { path: string; message: string }[];
  assert.equal(
    issues.map((issue) => issue.path),
    ['models[0].affected_area.coordinates[0]', 'models[1].radius_of_max_wind'],
  );
  assert.match(issues[0].message, /ring is not closed/);
  assert.match(issues[1].message, /must be smaller than radius_of_closest_isobar/);
});

upload.run();
