import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { close, closeRelative } from '../helpers/assert.js';
import { EXAMPLES, json, runCli, tempDir } from '../helpers/cli.js';
import { marineToLandGust } from '../helpers/independent.js';
import { sqliteRows } from '../helpers/sqliteShell.js';

// End to end through the CLI: a Holland (2010) storm 20 km west or east of the example feeder's
// substation (−79.95, 32.79), R = 30 km, still or moving north at 10 m/s. Inside R the motion is
// added at full strength (attenuation min(1, R/r) = 1); Holland (2010)'s maximum wind already
// contains the motion (its b_s grows with v_t), so right of the track the wind is that storm's V and
// left of it V − 2·v_t (docs/wind.md §4). The curve of a substation declares no measure: 3-s gust, 10 m, open terrain.

const SUBSTATION = { longitude: -79.95, latitude: 32.79 };
const OFFSET_DEG = 20_000 / (6_371_008.8 * Math.cos((SUBSTATION.latitude * Math.PI) / 180)) / (Math.PI / 180);

const storm = (hour: number, side: -1 | 1, moving: boolean) => ({
  type: 'wind',
  name: `${side < 0 ? 'west' : 'east'}${moving ? '-moving' : ''}`,
  timestamp: `2024-09-21T0${hour}:00:00`,
  center: { longitude: SUBSTATION.longitude + side * OFFSET_DEG, latitude: SUBSTATION.latitude },
  max_wind_speed: '45 meter / second',
  radius_of_max_wind: '30 kilometer',
  air_pressure: '960 millibar',
  ...(moving ? { translation_speed: '10 meter / second', translation_direction: '0 degree' } : {}),
});

interface Context {
  cache: string;
  simulate(hazard: object, name: string): { file: string; wind: Record<string, number>; info: Record<string, string> };
}

const test = suite<Context>('wind field end to end (CLI)', {} as Context);

test.before((context) => {
  context.cache = tempDir();
  const upload = runCli(['upload', path.join(EXAMPLES, 'feeder/example_feeder.json'), '--cache-dir', context.cache]);
  assert.is(upload.code, 0, upload.stderr);
  context.simulate = (hazard, name) => {
    const hazardFile = path.join(tempDir(), `${name}.json`);
    fs.writeFileSync(hazardFile, JSON.stringify(hazard));
    const stored = runCli(['upload', hazardFile, '--cache-dir', context.cache]);
    assert.is(stored.code, 0, stored.stderr);
    const file = path.join(tempDir(), `${name}.sqlite`);
    // Today's table declares no measure, so every curve reads a 3-s gust at 10 m (docs/wind.md).
    const run = runCli(['simulate', 'example_feeder', name, '--curve-set', 'LEGACY_DEFAULT_CURVES', '-o', file, '--json', '--cache-dir', context.cache]);
    assert.is(run.code, 0, run.stderr);
    json(run);
    const rows = sqliteRows<{ timestamp: string; wind_speed__meter_per_second: number }>(
      file,
      "SELECT timestamp, wind_speed__meter_per_second FROM assetstatetable_si WHERE asset_name = 'charleston_substation' ORDER BY timestamp",
    );
    const info = Object.fromEntries(sqliteRows<{ key: string; value: string }>(file, 'SELECT key, value FROM run_info').map((row) => [row.key, row.value]));
    return { file, wind: Object.fromEntries(rows.map((row) => [row.timestamp.slice(11, 13), row.wind_speed__meter_per_second])), info };
  };
});

test('symmetric without motion, right of the track − left = 2·v_t at speed, as 3-s gusts in open terrain', ({ simulate }) => {
  // One storm per hazard model: in one file the default physics would follow the storm from one snapshot to the next (docs/physics.md).
  const runs = [storm(0, -1, false), storm(1, 1, false), storm(2, -1, true), storm(3, 1, true)].map((model, index) =>
    simulate({ models: [model] }, `passing${index}`),
  );
  const { file, info } = runs[0];
  const wind = Object.fromEntries(runs.map((run) => Object.entries(run.wind)[0]));
  const [position] = sqliteRows<{ longitude: number; latitude: number }>(file, "SELECT longitude, latitude FROM assets WHERE name = 'charleston_substation'");
  assert.equal(position, SUBSTATION);
  const gust = marineToLandGust(0.03);
  closeRelative(wind['01'], wind['00'], 1e-9, 'storm west = storm east without motion');
  assert.ok(wind['02'] > wind['03'], 'stronger right of a northward storm (storm west of the substation) than left of it');
  close(wind['02'] - wind['03'], 2 * 10 * gust, 1e-6, 'right − left = 2·v_t (as gusts)');
  assert.ok(wind['00'] > 40 && wind['00'] < 70, `a hurricane-force gust: ${wind['00']}`);
  assert.equal(JSON.parse(info.wind_profiles), ['HOLLAND_2010']);
});

test('run_info records the conversion the curves were given: 3-s gust at 10 m, open terrain, with its factor and sources', ({ simulate }) => {
  const { info } = simulate({ models: [storm(0, -1, false)] }, 'still');
  const record = JSON.parse(info.wind_conversion);
  assert.is(record.physics, 'default');
  assert.ok(record.source.startsWith('1-min sustained wind at 10 m over open water'));
  const substation = record.conversions.find((entry: any) => entry.asset_types.includes('substation'));
  assert.equal(
    { ...substation, factor: undefined, steps: undefined, asset_types: undefined },
    {
      terrain: 'open_terrain',
      averaging_time_s: 3,
      height_m: 10,
      declared_by_curve: false,
      factor: undefined,
      steps: undefined,
      asset_types: undefined,
    },
  );
  close(substation.factor, marineToLandGust(0.03), 1e-12);
  assert.ok(substation.steps.some((step: string) => step.includes('WMO/TD-1555 Table 1.1')));
  assert.ok(substation.steps.some((step: string) => step.includes('Wieringa 1986')));
  assert.is(record.conversions.length, 1, 'one terrain, one measure: one conversion for every asset type');
});

test('terrain per hazard file and per area: an urban core in suburban surroundings lowers the gust by the log-law ratio', ({ simulate }) => {
  const open = simulate({ models: [storm(0, -1, false)] }, 'open');
  const box = (d: number) => [
    [SUBSTATION.longitude - d, SUBSTATION.latitude - d],
    [SUBSTATION.longitude + d, SUBSTATION.latitude - d],
    [SUBSTATION.longitude + d, SUBSTATION.latitude + d],
    [SUBSTATION.longitude - d, SUBSTATION.latitude + d],
    [SUBSTATION.longitude - d, SUBSTATION.latitude - d],
  ];
  const urban = simulate(
    {
      terrain: { default: 'suburban', areas: [{ name: 'downtown', terrain: 'urban', geometry: { type: 'Polygon', coordinates: [box(0.002)] } }] },
      models: [storm(0, -1, false)],
    },
    'urban_core',
  );
  closeRelative(urban.wind['00'] / open.wind['00'], marineToLandGust(1.0) / marineToLandGust(0.03), 1e-9);
  const terrains = JSON.parse(urban.info.wind_conversion).conversions.map((entry: any) => entry.terrain);
  assert.equal([...new Set(terrains)].sort(), ['suburban', 'urban']);
});

test('exposure per hazard file: an off-sea coastal area takes WMO’s Off-Sea gust factor, 1.38 for 3 s on the 10-min mean instead of In-Land’s 1.66', ({
  simulate,
}) => {
  const open = simulate({ models: [storm(0, -1, false)] }, 'inland_gusts');
  const d = 0.002;
  const around = [
    [SUBSTATION.longitude - d, SUBSTATION.latitude - d],
    [SUBSTATION.longitude + d, SUBSTATION.latitude - d],
    [SUBSTATION.longitude + d, SUBSTATION.latitude + d],
    [SUBSTATION.longitude - d, SUBSTATION.latitude + d],
    [SUBSTATION.longitude - d, SUBSTATION.latitude - d],
  ];
  const coast = simulate(
    { exposure: { areas: [{ name: 'waterfront', exposure: 'off_sea', geometry: { type: 'Polygon', coordinates: [around] } }] }, models: [storm(0, -1, false)] },
    'off_sea_gusts',
  );
  // Harper, Kepert & Ginger (2010) Table 1.1, G(3 s, 600 s): Off-Sea 1.38, In-Land 1.66.
  closeRelative(coast.wind['00'] / open.wind['00'], 1.38 / 1.66, 1e-9);
  const exposures = JSON.parse(coast.info.wind_conversion).conversions.map((entry: any) => entry.exposure);
  assert.equal([...new Set(exposures)].sort(), ['in_land', 'off_sea']);
  assert.is(JSON.parse(open.info.wind_conversion).conversions[0].exposure, undefined);
});

test('max_wind_source per hazard file: best_track peaks H10 at the given 45 m/s; run_info says which source and who chose it', ({ simulate }) => {
  const pressure = simulate({ models: [storm(0, -1, false)] }, 'peak_from_pressure');
  assert.equal(JSON.parse(pressure.info.max_wind_source).models, { pressure: 1 });
  assert.is(JSON.parse(pressure.info.max_wind_source).chosen_by, 'default');
  const best = simulate({ max_wind_source: 'best_track', models: [storm(0, -1, false)] }, 'peak_from_track');
  assert.equal(JSON.parse(best.info.max_wind_source), {
    ...JSON.parse(pressure.info.max_wind_source),
    models: { best_track: 1 },
    chosen_by: 'hazard file',
  });
  // Holland et al. (2010) eq. 6 inside R (x = 0.5) with v_m = 45 m/s and B = ρeV²/Δp = 1.15·e·45²/5000,
  // 20 km from the eye with R = 30 km; then marine 1-min → 3-s gust in open terrain.
  const b = (1.15 * Math.E * 45 ** 2) / 5000;
  const s = 1.5 ** b;
  closeRelative(best.wind['00'], 45 * Math.sqrt(s * Math.exp(1 - s)) * marineToLandGust(0.03), 1e-6);
});

test.run();
