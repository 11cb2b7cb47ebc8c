import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import {
  computeIntensities,
  interpolateWindHazard,
  readHazardModel,
  resolveWindProfile,
  terrainAtSites,
  validateHazardContent,
  warningTexts,
  type WindHazard,
} from '../../src/domain/hazards/index.js';
import { close, closeRelative } from '../helpers/assert.js';
import { ring, sitesOf } from './_sites.js';

// A storm on the equator (no Coriolis term), R = 30 km, V_max = 40 m/s, p_c = 970 hPa under
// 1010 hPa, ρ = 1.15 kg/m³, and a site 60 km east: 60 000 m / 6 371 008.8 m in radians of longitude.
const SITE_LONGITUDE = 0.5395922182347228;
const storm = (extra: object = {}) => ({
  type: 'wind',
  timestamp: '2024-01-01T00:00:00',
  center: { longitude: 0, latitude: 0 },
  max_wind_speed: '40 meter / second',
  radius_of_max_wind: '30 kilometer',
  air_pressure: '970 millibar',
  environmental_pressure: '1010 millibar',
  ...extra,
});
const windAt = (model: object, points: [number, number][], physics: 'default' | 'erad_v1' = 'default') =>
  computeIntensities(readHazardModel({ models: [model] }), sitesOf(points), { physics });

const profiles = suite('wind_profile');

profiles('resolves by physics when the model names none: HOLLAND_2010 by default, ERAD_V1 under erad_v1', () => {
  assert.is(resolveWindProfile({}), 'HOLLAND_2010');
  assert.is(resolveWindProfile({}, 'erad_v1'), 'ERAD_V1');
  assert.is(resolveWindProfile({ windProfile: 'HOLLAND_1980' }, 'erad_v1'), 'HOLLAND_1980');
  const byDefault = windAt(storm(), [[SITE_LONGITUDE, 0]]).quantities.wind_speed![0];
  const named = windAt(storm({ wind_profile: 'HOLLAND_2010' }), [[SITE_LONGITUDE, 0]]).quantities.wind_speed![0];
  assert.is(byDefault, named);
});

profiles('HOLLAND_1980: B = ρe(V_max/0.9)²/Δp = 1.54372 and 0.9·√((B/ρ)(R/r)^B Δp e^−(R/r)^B) at r = 2R (hand-worked)', () => {
  // B = 1.15·e·44.444²/4000 = 1.543716; (R/r)^B = 0.5^1.543716 = 0.342926; V = 0.9·√(1.342362·0.342926·4000·0.709670) = 32.53668 m/s.
  close(windAt(storm({ wind_profile: 'HOLLAND_1980' }), [[SITE_LONGITUDE, 0]]).quantities.wind_speed![0], 32.53668, 1e-4);
});

profiles('HOLLAND_2008: b_s = −4.4e−5·40² + 0.01·40 + 1 = 1.3296 at the equator without motion, profile at the surface (hand-worked)', () => {
  // V = √((1.3296/1.15)·0.5^1.3296·4000·e^−0.5^1.3296) = 35.15755 m/s.
  close(windAt(storm({ wind_profile: 'HOLLAND_2008' }), [[SITE_LONGITUDE, 0]]).quantities.wind_speed![0], 35.15755, 1e-4);
});

profiles('a central pressure at or above the environmental pressure (a weak depression) is estimated from the wind instead, and the run is told', () => {
  const weak = windAt(storm({ wind_profile: 'HOLLAND_1980', air_pressure: '1015 millibar' }), [[SITE_LONGITUDE, 0]]);
  assert.ok(
    warningTexts(weak.warnings).some((warning) => warning.includes('air_pressure 1015 hPa, not below the environmental 1010 hPa')),
    warningTexts(weak.warnings).join('\n'),
  );
  assert.ok(weak.quantities.wind_speed![0] > 0);
});

profiles('a missing central pressure is estimated from the maximum wind (Atkinson & Holliday 1977) and the run is told', () => {
  const { air_pressure: _omitted, ...withoutPressure } = storm({ wind_profile: 'HOLLAND_1980' }) as Record<string, unknown>;
  const estimated = windAt(withoutPressure, [[SITE_LONGITUDE, 0]]);
  // 40 m/s = 77.7538 kt; Δp = (77.7538/6.7)^(1/0.644) = 44.9964 hPa: p_c = 965.0 hPa.
  assert.ok(
    warningTexts(estimated.warnings).some((warning) => warning.includes('965.0 hPa') && warning.includes('Atkinson & Holliday 1977')),
    warningTexts(estimated.warnings).join('\n'),
  );
  const explicit = windAt(storm({ wind_profile: 'HOLLAND_1980', air_pressure: '965.0035639746 millibar' }), [[SITE_LONGITUDE, 0]]);
  closeRelative(estimated.quantities.wind_speed![0], explicit.quantities.wind_speed![0], 1e-9);
});

profiles('a moving storm without central pressures is told once per snapshot, not once per sub-step between them', () => {
  // Two snapshots 2° apart in longitude (about 220 km) with R = 30 km, far more than one sub-step between them, and the
  // wind rising from 40 to 44 m/s, so each sub-step's estimated pressure differs.
  const snapshots = [0, 1].map((hour) => {
    const { air_pressure: _omitted, ...withoutPressure } = storm({
      timestamp: `2024-01-01T0${hour}:00:00`,
      center: { longitude: 2 * hour, latitude: 0 },
      max_wind_speed: `${40 + 4 * hour} meter / second`,
    }) as Record<string, unknown>;
    return withoutPressure;
  });
  const grid = computeIntensities(readHazardModel({ models: snapshots }), sitesOf([[1, 0]]), { physics: 'default' });
  const estimated = warningTexts(grid.warnings).filter((warning) => warning.includes('Atkinson & Holliday 1977'));
  assert.is(estimated.length, 2, estimated.join('\n'));
});

profiles('the field is symmetric at zero translation and strongest right of the motion at speed (northern hemisphere)', () => {
  const east: [number, number] = [SITE_LONGITUDE / 2, 10];
  const west: [number, number] = [-SITE_LONGITUDE / 2, 10];
  const centre = { longitude: 0, latitude: 10 };
  const still = windAt(storm({ center: centre }), [east, west]).quantities.wind_speed!;
  closeRelative(still[0], still[1], 1e-12, 'east = west without motion');
  const moving = windAt(storm({ center: centre, translation_speed: '8 meter / second', translation_direction: '0 degree' }), [east, west]).quantities
    .wind_speed!;
  assert.ok(moving[0] > moving[1], `east (right of a northward motion) ${moving[0]} > west ${moving[1]}`);
  // Inside R the attenuation is 1: Holland (2010) carries the motion in V_max, so right = V and left = V − 2·v_t.
  close(moving[0] - moving[1], 16, 1e-6, 'right − left');
  // In the southern hemisphere the strong side is the left.
  const south = windAt(storm({ center: { longitude: 0, latitude: -10 }, translation_speed: '8 meter / second', translation_direction: '0 degree' }), [
    [SITE_LONGITUDE / 2, -10],
    [-SITE_LONGITUDE / 2, -10],
  ]).quantities.wind_speed!;
  close(south[1] - south[0], 16, 1e-6, 'left − right, southern hemisphere');
});

profiles('schema: ERAD_V1 needs the closest isobar, translation speed and direction go together', () => {
  const { radius_of_closest_isobar: _none, ...base } = storm() as Record<string, unknown>;
  const problems = (model: object) => validateHazardContent({ models: [model] }).map((issue) => `${issue.path}: ${issue.message}`);
  assert.ok(problems({ ...base, wind_profile: 'ERAD_V1' })[0].startsWith('models[0].radius_of_closest_isobar: required with wind_profile ERAD_V1'));
  assert.ok(problems({ ...base, translation_speed: '5 meter / second' })[0].startsWith('models[0].translation_direction:'));
  assert.ok(problems({ ...base, wind_profile: 'RANKINE' })[0].includes('wind_profile must be one of HOLLAND_1980, HOLLAND_2008, HOLLAND_2010, ERAD_V1'));
  assert.equal(problems({ ...base, air_density: 'HOLLAND_2008' }), []);
});

profiles.run();

const snapshots = suite('interpolateWindHazard');

snapshots('puts the storm between two snapshots, linear in every number, the short way across ±180°', () => {
  const [a, b] = readHazardModel({
    models: [
      storm({ center: { longitude: 179.5, latitude: 10 }, translation_speed: '10 meter / second', translation_direction: '90 degree' }),
      storm({
        timestamp: '2024-01-01T02:00:00',
        center: { longitude: -179.5, latitude: 12 },
        max_wind_speed: '50 meter / second',
        air_pressure: '950 millibar',
        translation_speed: '10 meter / second',
        translation_direction: '0 degree',
      }),
    ],
  }).models as WindHazard[];
  const middle = interpolateWindHazard(a, b, 0.5, '2024-01-01T01:00:00');
  assert.is(middle.timestamp, '2024-01-01T01:00:00');
  close(Math.abs(middle.center.longitude), 180, 1e-9);
  close(middle.center.latitude, 11, 1e-12);
  close(middle.maxWindSpeedMs, 45, 1e-12);
  close(middle.airPressurePa!, 96000, 1e-9);
  close(middle.translationEastMs!, 5, 1e-9);
  close(middle.translationNorthMs!, 5, 1e-9);
});

snapshots.run();

const terrain = suite('terrain');

terrain('a file-wide class, or areas over a default; open terrain when the file says nothing', () => {
  const sites = sitesOf([
    [0.5, 0.5],
    [2, 2],
  ]);
  assert.equal(Array.from(terrainAtSites(undefined, sites)), [1, 1]);
  const urbanCore = readHazardModel({
    terrain: { default: 'suburban', areas: [{ name: 'core', terrain: 'urban', geometry: { type: 'Polygon', coordinates: [ring(0, 0, 1, 1)] } }] },
    models: [storm()],
  });
  assert.equal(Array.from(terrainAtSites(urbanCore.terrain, sites)), [3, 2]);
  assert.equal(Array.from(terrainAtSites(readHazardModel({ terrain: 'open_water', models: [storm()] }).terrain, sites)), [0, 0]);
  const issues = validateHazardContent({ terrain: 'forest', models: [storm()] });
  assert.ok(issues[0].message.includes('open_water, open_terrain, suburban, urban'), issues[0].message);
});

terrain.run();
