import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readHazardModel, summarizeHazardModel, validateHazardContent } from '../../src/domain/hazards/index.js';
import { HazsimError } from '../../src/base/errors.js';
import { close } from '../helpers/assert.js';
import { ring } from './_sites.js';

/** A valid file with one model of every type. */
function validFile(): any {
  return {
    name: 'storm',
    timestamps: ['2022-09-28T18:00:00', '2022-09-28T19:00:00'],
    models: [
      {
        type: 'earthquake',
        name: 'eq1',
        timestamp: '2022-09-28T18:00:00',
        origin: { longitude: -122.3, latitude: 37.8 },
        depth: '10 kilometer',
        magnitude: 6.5,
      },
      {
        type: 'wind',
        name: 'w1',
        timestamp: '2022-09-28T19:00:00',
        center: { longitude: -80, latitude: 32 },
        max_wind_speed: '120 mile / hour',
        radius_of_max_wind: '30 mile',
        radius_of_closest_isobar: '250 mile',
        air_pressure: '950 millibar',
      },
      {
        type: 'flood',
        name: 'f1',
        timestamp: '2022-09-28T18:00:00',
        affected_areas: [
          {
            type: 'flood_area',
            name: 'a1',
            affected_area: { type: 'Polygon', coordinates: [ring(0, 0, 1, 1), ring(0.4, 0.4, 0.6, 0.6)] },
            water_velocity: '1.5 meter / second',
            water_depth: '1.2 meter',
          },
        ],
      },
      {
        type: 'flood_area',
        name: 'a2',
        timestamp: '2022-09-28T19:00:00',
        affected_area: { type: 'Polygon', coordinates: ring(2, 2, 3, 3) },
        water_elevation: '10 foot',
        ground_elevation: '1 meter',
      },
      {
        type: 'fire',
        name: 'w1',
        timestamp: '2022-09-28T19:00:00',
        affected_areas: [
          {
            name: 'p1',
            affected_area: { type: 'MultiPolygon', coordinates: [[ring(5, 5, 6, 6)], [ring(7, 7, 8, 8)]] },
            wind_speed: '20 mile / hour',
            wind_direction: '270 degree',
          },
        ],
      },
      { type: 'fire_area', name: 'p2', timestamp: '2022-09-28T18:00:00', affected_area: { type: 'Polygon', coordinates: [ring(5, 5, 5.5, 5.5)] } },
    ],
  };
}

function paths(content: unknown): string[] {
  return validateHazardContent(content).map((issue) => issue.path);
}

function messageAt(content: unknown, path: string): string {
  const issue = validateHazardContent(content).find((candidate) => candidate.path === path);
  assert.ok(issue, `expected a problem at ${path}, got ${JSON.stringify(validateHazardContent(content))}`);
  return issue!.message;
}

const reading = suite('readHazardModel');

reading('reads every hazard type into SI units with sorted distinct timestamps', () => {
  const model = readHazardModel(validFile());
  assert.is(model.name, 'storm');
  assert.equal(model.timestamps, ['2022-09-28T18:00:00', '2022-09-28T19:00:00']);
  assert.equal(
    model.models.map((entry) => [entry.type, entry.declaredType]),
    [
      ['earthquake', 'earthquake'],
      ['wind', 'wind'],
      ['flood', 'flood'],
      ['flood', 'flood_area'],
      ['fire', 'fire'],
      ['fire', 'fire_area'],
    ],
  );
  const [quake, storm, flood, standalone, fire] = model.models as any[];
  close(quake.depthM, 10000, 1e-9);
  close(storm.maxWindSpeedMs, 53.6448, 1e-12);
  close(storm.radiusOfMaxWindM, 48280.32, 1e-9);
  close(storm.radiusOfClosestIsobarM, 402336, 1e-9);
  close(storm.airPressurePa, 95000, 1e-9);
  close(flood.areas[0].waterDepthM, 1.2, 1e-12);
  close(flood.areas[0].waterVelocityMs, 1.5, 1e-12);
  assert.is(flood.areas[0].geometry.polygons[0].rings.length, 2);
  close(standalone.areas[0].waterElevationM, 3.048, 1e-12);
  close(standalone.areas[0].groundElevationM, 1, 1e-12);
  assert.equal(standalone.areas[0].geometry.bbox, [2, 2, 3, 3]);
  assert.is(fire.areas[0].geometry.polygons.length, 2);
  close(fire.areas[0].windDirectionDeg, 270, 1e-12);
});

reading('derives timestamps when the file leaves them out', () => {
  const file = validFile();
  delete file.timestamps;
  assert.equal(readHazardModel(file).timestamps, ['2022-09-28T18:00:00', '2022-09-28T19:00:00']);
});

reading('throws invalid_input carrying every problem', () => {
  const file = validFile();
  file.models[0].magnitude = -1;
  file.models[1].center.latitude = 95;
  try {
    readHazardModel(file);
    assert.unreachable('should have thrown');
  } catch (error) {
    assert.instance(error, HazsimError);
    assert.is((error as HazsimError).kind, 'invalid_input');
    assert.is((error as HazsimError).message, 'Invalid hazard model: 2 problems found');
    assert.equal(
      (error as HazsimError).issues!.map((issue) => issue.path),
      ['models[0].magnitude', 'models[1].center.latitude'],
    );
  }
});

reading.run();

const refusals = suite('validateHazardContent refusals');

refusals('accepts the valid file', () => {
  assert.equal(validateHazardContent(validFile()), []);
});

refusals('a polygon with 2 points', () => {
  const file = validFile();
  file.models[2].affected_areas[0].affected_area = {
    type: 'Polygon',
    coordinates: [
      [
        [0, 0],
        [1, 1],
      ],
    ],
  };
  assert.match(messageAt(file, 'models[2].affected_areas[0].affected_area.coordinates[0]'), /at least 4 positions .* got 2/);
});

refusals('an unclosed ring', () => {
  const file = validFile();
  file.models[3].affected_area.coordinates = [
    [2, 2],
    [3, 2],
    [3, 3],
    [2, 3],
  ];
  assert.match(messageAt(file, 'models[3].affected_area.coordinates'), /not closed/);
});

refusals('a latitude of 95, in a point and in a polygon', () => {
  const file = validFile();
  file.models[0].origin.latitude = 95;
  file.models[5].affected_area.coordinates[0][2] = [5.5, 95];
  assert.match(messageAt(file, 'models[0].origin.latitude'), /between -90 and 90 degrees, got 95/);
  assert.match(messageAt(file, 'models[5].affected_area.coordinates[0][2][1]'), /latitude must be between -90 and 90 degrees, got 95/);
});

refusals('a negative magnitude', () => {
  const file = validFile();
  file.models[0].magnitude = -0.5;
  assert.match(messageAt(file, 'models[0].magnitude'), /at least 0, got -0.5/);
});

refusals('a timestamp without date', () => {
  const file = validFile();
  file.models[0].timestamp = '18:00:00';
  assert.match(messageAt(file, 'models[0].timestamp'), /needs its date/);
});

refusals('an unknown type', () => {
  const file = validFile();
  file.models[1].type = 'tornado';
  assert.match(messageAt(file, 'models[1].type'), /unknown hazard type "tornado"; expected one of earthquake, flood, flood_area, wind, fire, fire_area/);
});

refusals('a wind whose radius of maximum wind exceeds the closest isobar', () => {
  const file = validFile();
  file.models[1].radius_of_max_wind = '300 mile';
  assert.match(messageAt(file, 'models[1].radius_of_max_wind'), /smaller than radius_of_closest_isobar/);
});

refusals('timestamps disagreeing with the models', () => {
  const file = validFile();
  file.timestamps = ['2022-09-28T18:00:00', '2022-09-28T20:00:00'];
  assert.match(messageAt(file, 'timestamps[1]'), /2022-09-28T20:00:00 is not the timestamp of any model/);
  assert.match(messageAt(file, 'timestamps'), /missing 2022-09-28T19:00:00/);
});

refusals('unknown fields, quantities without units and areas giving both depth and elevation', () => {
  const file = validFile();
  file.models[0].magnitud = 6;
  file.models[0].depth = 10;
  file.models[2].affected_areas[0].water_elevation = '3 meter';
  file.extra = true;
  assert.equal(paths(file).sort(), ['extra', 'models[0].depth', 'models[0].magnitud', 'models[2].affected_areas[0].water_depth'].sort());
  assert.match(messageAt(file, 'models[0].depth'), /units are required/);
  assert.is(messageAt(file, 'models[0].magnitud'), 'unknown field "magnitud"');
});

refusals('lists every problem of a file at once', () => {
  const file = validFile();
  file.models[0].magnitude = -1;
  file.models[1].type = 'tornado';
  file.models[3].affected_area.coordinates = [
    [2, 2],
    [3, 3],
  ];
  file.models[4].timestamp = '2022-09-28';
  assert.equal(paths(file), ['models[0].magnitude', 'models[1].type', 'models[3].affected_area.coordinates', 'models[4].timestamp']);
});

refusals('content that is no hazard model at all', () => {
  assert.equal(paths({ components: [] }), ['']);
  assert.equal(paths({ models: [] }), ['models']);
});

refusals.run();

const summary = suite('summarizeHazardModel');

summary('counts models and areas by type and bounds the geometry', () => {
  const result = summarizeHazardModel(readHazardModel(validFile()));
  assert.equal(result, {
    system_name: 'storm',
    hazard_model_count: 6,
    hazard_counts: { earthquake: 1, flood: 1, flood_area: 2, wind: 1, fire: 1, fire_area: 2 },
    timestamps: ['2022-09-28T18:00:00', '2022-09-28T19:00:00'],
    timestamp_count: 2,
    bounding_box: { min_longitude: -122.3, min_latitude: 0, max_longitude: 8, max_latitude: 37.8 },
  });
});

summary.run();
