import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readHazardModel, validateHazardContent, hazardForm } from '../../src/domain/hazards/index.js';
import { close } from '../helpers/assert.js';

/** A component's __metadata__ in infrasys's `fields` dialect or the flat one. */
function meta(type: string, flat: boolean, extra: object = {}) {
  const fields = { module: 'erad.models.hazard', type, serialized_type: 'base', ...extra };
  return flat ? fields : { fields };
}

function quantity(value: number, units: string, type: string, flat: boolean) {
  return { value, units, __metadata__: meta(type, flat, { serialized_type: 'quantity' }) };
}

function reference(uuid: string, type: string, flat: boolean) {
  return { __metadata__: meta(type, flat, { serialized_type: 'composed_component', uuid }) };
}

/** An ERAD hazard system as ERAD's HazardSystem.to_json writes it (infrasys System JSON). */
function eradSystem(flat: boolean): any {
  return {
    name: 'erad-storm',
    description: null,
    uuid: '0c9d0bde-0000-4000-8000-000000000000',
    data_format_version: null,
    time_series: { directory: 'erad-storm_time_series' },
    components: [
      {
        name: 'quake',
        uuid: 'u-eq',
        timestamp: '2025-07-18T15:50:45.168251',
        origin: { type: 'Point', coordinates: [-122.3, 37.8] },
        depth: quantity(30, 'kilometer', 'Distance', flat),
        magnitude: 6.2,
        __metadata__: meta('EarthQuakeModel', flat),
      },
      {
        name: 'ian',
        uuid: 'u-wind',
        timestamp: '2022-09-28T18:00:00',
        center: { type: 'Point', coordinates: [-80, 32] },
        max_wind_speed: quantity(50, 'mile / hour', 'Speed', flat),
        radius_of_max_wind: quantity(50, 'mile', 'Distance', flat),
        radius_of_closest_isobar: quantity(300, 'mile', 'Distance', flat),
        air_pressure: quantity(1013.25, 'hectopascal', 'Pressure', flat),
        __metadata__: meta('WindModel', flat),
      },
      {
        name: 'flood',
        uuid: 'u-flood',
        timestamp: '2022-09-28T18:00:00',
        affected_areas: [reference('u-area', 'FloodModelArea', flat)],
        __metadata__: meta('FloodModel', flat),
      },
      {
        name: 'area',
        uuid: 'u-area',
        affected_area: {
          type: 'Polygon',
          coordinates: [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        },
        water_velocity: quantity(50, 'meter / second', 'Speed', flat),
        water_elevation: quantity(10, 'foot', 'Distance', flat),
        __metadata__: meta('FloodModelArea', flat),
      },
      {
        name: 'fire',
        uuid: 'u-fire',
        timestamp: '2022-09-28T19:00:00',
        affected_areas: [reference('u-perimeter', 'FireModelArea', flat)],
        __metadata__: meta('FireModel', flat),
      },
      {
        name: 'perimeter',
        uuid: 'u-perimeter',
        affected_area: {
          type: 'Polygon',
          coordinates: [
            [5, 5],
            [6, 5],
            [6, 6],
            [5, 5],
          ],
        },
        wind_speed: quantity(-999, 'mile / hour', 'Speed', flat),
        wind_direction: quantity(0, 'degree', 'Angle', flat),
        __metadata__: meta('FireModelArea', flat),
      },
      { name: 'DEFAULT_CURVES', uuid: 'u-curves', asset_state_param: 'wind_speed', curves: [], __metadata__: meta('HazardFragilityCurves', flat) },
    ],
  };
}

const importing = suite('ERAD infrasys hazard import');

for (const flat of [false, true]) {
  importing(`converts every model type in the ${flat ? 'flat' : '"fields"'} __metadata__ dialect`, () => {
    const system = eradSystem(flat);
    assert.is(hazardForm(system), 'erad');
    const model = readHazardModel(system);
    assert.is(model.name, 'erad-storm');
    assert.equal(model.timestamps, ['2022-09-28T18:00:00', '2022-09-28T19:00:00', '2025-07-18T15:50:45.168251']);
    const [quake, wind, flood, fire] = model.models as any[];
    assert.equal([quake.type, wind.type, flood.type, fire.type], ['earthquake', 'wind', 'flood', 'fire']);
    assert.equal(quake.origin, { longitude: -122.3, latitude: 37.8 });
    close(quake.depthM, 30000, 1e-9);
    close(wind.maxWindSpeedMs, 22.352, 1e-12);
    close(wind.radiusOfClosestIsobarM, 482803.2, 1e-9);
    close(wind.airPressurePa, 101325, 1e-9);
    assert.is(flood.areas[0].name, 'area');
    close(flood.areas[0].waterElevationM, 3.048, 1e-12);
    assert.is(flood.areas[0].groundElevationM, undefined);
    assert.equal(flood.areas[0].geometry.bbox, [0, 0, 1, 1]);
    assert.equal(fire.areas[0].geometry.bbox, [5, 5, 6, 6]);
  });
}

importing('reports problems at the ERAD component paths', () => {
  const system = eradSystem(false);
  system.components[0].magnitude = -3;
  system.components[0].origin.coordinates = [-122.3, 95];
  system.components[3].affected_area.coordinates = [
    [0, 0],
    [1, 1],
  ];
  system.components[4].affected_areas.push(reference('u-missing', 'FireModelArea', false));
  system.components[1].radius_of_max_wind = quantity(400, 'mile', 'Distance', false);
  assert.equal(
    validateHazardContent(system).map((issue) => issue.path),
    [
      'components[4].affected_areas[1]',
      'components[0].origin.coordinates[1]',
      'components[0].magnitude',
      'components[1].radius_of_max_wind',
      'components[3].affected_area.coordinates',
    ],
  );
});

importing("reads bare numbers in ERAD's base units (metre, m/s)", () => {
  const system = eradSystem(true);
  system.components[0].depth = 10;
  system.components[3].water_velocity = 2;
  const [quake, , flood] = readHazardModel(system).models as any[];
  close(quake.depthM, 10, 1e-12);
  close(flood.areas[0].waterVelocityMs, 2, 1e-12);
});

importing.run();
