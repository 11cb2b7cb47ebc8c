import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createService } from '../../src/app/service.js';
import { EXAMPLES, tempDir } from '../helpers/cli.js';
import { lognormalSurvival, marineToLandGust, vincentyDistanceM } from '../helpers/independent.js';
import { sqliteRows } from '../helpers/sqliteShell.js';

// The default physics (docs/physics.md) through the real service, worker and SQLite file, on
// the bundled example feeder: the hurricane followed between snapshots, hazards combined
// as a product of each hazard's own event peak, flood velocity only in the water.

const MPH_MS = 1609.344 / 3600;
const MILE_M = 1609.344;

type Service = ReturnType<typeof createService>;
const test = suite<{ service: Service; dir: string }>('simulate: event-consistent survival (default physics)', {} as { service: Service; dir: string });

test.before(async (context) => {
  context.dir = tempDir();
  context.service = createService({ cacheDir: path.join(context.dir, 'cache') });
  await context.service.models.uploadFile(path.join(EXAMPLES, 'feeder/example_feeder.json'), { name: 'feeder' });
});

/** Uploads a hazard model, runs it and returns the result file. */
async function run(context: { service: Service; dir: string }, name: string, models: unknown[], physics?: 'default' | 'erad_v1'): Promise<string> {
  const file = path.join(context.dir, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify({ name, models }));
  await context.service.models.uploadFile(file, { name, overwrite: true });
  const output = path.join(context.dir, `${name}${physics ?? ''}.sqlite`);
  // Today's table (LEGACY_DEFAULT_CURVES) gives the rows the independent values below use (docs/fragility.md).
  await context.service.runs.simulate(
    { distribution_system_name: 'feeder', hazard_system_name: name, curve_set: 'LEGACY_DEFAULT_CURVES', ...(physics ? { physics } : {}) },
    { outputPath: output },
  );
  return output;
}

/**
 * The example hurricane (examples/generate-hazards.ts: landfall at noon at 105 mph, moving
 * north-west at about 22 km/h) sampled every `minutes` from 00:00 to 23:00, with the
 * generator's own piecewise-linear formulas evaluated at fractional hours.
 */
function hurricane(minutes: number): unknown[] {
  const models = [];
  for (let minute = 0; minute <= 23 * 60; minute += minutes) {
    const fromLandfall = minute / 60 - 12;
    const maxWindMph = fromLandfall <= 0 ? 105 - 1.5 * Math.abs(fromLandfall) : 105 - 4 * fromLandfall;
    const hh = String(Math.floor(minute / 60)).padStart(2, '0');
    const mm = String(minute % 60).padStart(2, '0');
    models.push({
      type: 'wind',
      name: `hugo-${hh}${mm}`,
      timestamp: `2024-09-21T${hh}:${mm}:00`,
      center: { longitude: -79.78 - 0.167 * fromLandfall, latitude: 32.86 + 0.14 * fromLandfall },
      max_wind_speed: `${maxWindMph} mile / hour`,
      radius_of_max_wind: '25 mile',
      radius_of_closest_isobar: '200 mile',
    });
  }
  return models;
}

/** Each asset's survival at the last timestamp. */
function finalSurvival(file: string): Map<string, number> {
  const rows = sqliteRows<{ uuid: string; s: number }>(
    file,
    `SELECT distribution_asset AS uuid, survival_probability AS s FROM assetstatetable WHERE timestamp = (SELECT MAX(timestamp) FROM assetstatetable)`,
  );
  return new Map(rows.map((row) => [row.uuid, row.s]));
}

test('refining the hurricane from 1 h to 15 min to 5 min moves no final failure probability by more than 0.01', async (context) => {
  const hourly = finalSurvival(await run(context, 'storm_60', hurricane(60)));
  const quarter = finalSurvival(await run(context, 'storm_15', hurricane(15)));
  const fine = finalSurvival(await run(context, 'storm_5', hurricane(5)));
  assert.ok(hourly.size > 30);
  let worst = 0;
  let damaged = 0;
  for (const [uuid, survival] of hourly) {
    worst = Math.max(worst, Math.abs(survival - quarter.get(uuid)!), Math.abs(survival - fine.get(uuid)!), Math.abs(quarter.get(uuid)! - fine.get(uuid)!));
    if (survival < 0.9) damaged += 1;
  }
  assert.ok(damaged > 5, `the storm damages assets (${damaged} below 0.9)`);
  assert.ok(worst <= 0.01, `largest change ${worst}`);

  // Snapshots alone (erad_v1) do depend on the time step: the same storm at 15 min is not the same at 1 h.
  const snapshotsHourly = await run(context, 'storm_60', hurricane(60), 'erad_v1');
  const snapshotsQuarter = await run(context, 'storm_15', hurricane(15), 'erad_v1');
  const lowest = (file: string) =>
    sqliteRows<{ s: number }>(file, 'SELECT AVG(m) AS s FROM (SELECT MIN(survival_probability) AS m FROM assetstatetable GROUP BY distribution_asset)')[0].s;
  assert.ok(Math.abs(lowest(snapshotsHourly) - lowest(snapshotsQuarter)) > 0.01);
});

test('survival never rises over time', async (context) => {
  const file = await run(context, 'storm_60', hurricane(60));
  const rising = sqliteRows<{ n: number }>(
    file,
    `SELECT COUNT(*) AS n FROM assetstatetable a JOIN assetstatetable b ON a.distribution_asset = b.distribution_asset AND b.id = a.id + 1
     WHERE b.survival_probability > a.survival_probability`,
  )[0].n;
  assert.is(rising, 0);
});

/** The substation of the example feeder: its position from the result's assets table. */
/** A run of a calm wind, for the assets table: where each asset of the example feeder is. */
function locateAssets(context: { service: Service; dir: string }): Promise<string> {
  return run(context, 'probe', [
    {
      type: 'wind',
      name: 'w',
      timestamp: '2024-09-21T00:00:00',
      center: { longitude: -79.9, latitude: 32.7 },
      max_wind_speed: '1 meter / second',
      radius_of_max_wind: '1 kilometer',
      radius_of_closest_isobar: '2 kilometer',
    },
  ]);
}

function substation(file: string): { name: string; longitude: number; latitude: number } {
  return sqliteRows<{ name: string; longitude: number; latitude: number }>(
    file,
    `SELECT name, longitude, latitude FROM assets WHERE asset_type = 'substation'`,
  )[0];
}

/** A square flood area of half-side `halfDeg` around a point. */
function square(longitude: number, latitude: number, halfDeg: number) {
  const [w, e, s, n] = [longitude - halfDeg, longitude + halfDeg, latitude - halfDeg, latitude + halfDeg];
  return {
    type: 'Polygon',
    coordinates: [
      [
        [w, s],
        [e, s],
        [e, n],
        [w, n],
        [w, s],
      ],
    ],
  };
}

test('wind at t0 then surge at t1: final survival = wind survival × flood survival', async (context) => {
  const probe = await locateAssets(context);
  const site = substation(probe);
  const center = { longitude: site.longitude + 0.6, latitude: site.latitude };
  const file = await run(context, 'wind_then_surge', [
    {
      type: 'wind',
      name: 'w',
      timestamp: '2024-09-21T00:00:00',
      center,
      max_wind_speed: '100 mile / hour',
      radius_of_max_wind: '25 mile',
      radius_of_closest_isobar: '200 mile',
      wind_profile: 'ERAD_V1',
    },
    {
      type: 'flood_area',
      name: 'surge',
      timestamp: '2024-09-21T03:00:00',
      affected_area: square(site.longitude, site.latitude, 0.001),
      water_depth: '1.3 meter',
      water_velocity: '1.5 meter / second',
    },
  ]);
  // Independent values: the profile of docs/input-hazard.md at the Vincenty distance, DEFAULT_CURVES substation rows
  // (wind 55 m/s, β 0.4; depth 1.0 m, β 0.01; velocity 2.0 m/s, β 0.4). Flood governs by its lowest survival.
  const r = vincentyDistanceM(site.latitude, site.longitude, center.latitude, center.longitude) / MILE_M;
  // ERAD's profile gives the marine 1-min wind; the curve, declaring nothing, is read as a 3-s gust in open terrain (docs/wind.md).
  const v = 100 * MPH_MS * Math.exp((-Math.log(10) / 175) * (r - 25)) * marineToLandGust(0.03);
  const windSurvival = lognormalSurvival(v, 55, 0.4);
  const floodSurvival = Math.min(lognormalSurvival(1.3, 1.0, 0.01), lognormalSurvival(1.5, 2.0, 0.4));
  const rows = sqliteRows<{ timestamp: string; survival_probability: number; wind_speed_survival: number }>(
    file,
    `SELECT timestamp, survival_probability, wind_speed_survival FROM assetstatetable WHERE asset_name = '${site.name}' ORDER BY timestamp`,
  );
  assert.is(rows.length, 2);
  assert.ok(Math.abs(rows[0].survival_probability - windSurvival) < 1e-9, `${rows[0].survival_probability} vs ${windSurvival}`);
  assert.ok(Math.abs(rows[1].wind_speed_survival - windSurvival) < 1e-9, 'the wind peak is carried to the surge');
  assert.ok(Math.abs(rows[1].survival_probability - windSurvival * floodSurvival) < 1e-9, `${rows[1].survival_probability} vs ${windSurvival * floodSurvival}`);
  assert.ok(windSurvival < 0.95 && floodSurvival < 0.5, 'both hazards matter');

  const summary = sqliteRows<{ governing_hazard: string; final_survival: number }>(
    file,
    `SELECT governing_hazard, final_survival FROM asset_summary WHERE asset_name = '${site.name}'`,
  )[0];
  assert.is(summary.governing_hazard, 'flood');
  assert.ok(Math.abs(summary.final_survival - windSurvival * floodSurvival) < 1e-9);
});

test('an asset above the water keeps survival 1 whatever the velocity; in the water, velocity counts', async (context) => {
  const probe = await locateAssets(context);
  const solar = sqliteRows<{ name: string; longitude: number; latitude: number }>(
    probe,
    `SELECT name, longitude, latitude FROM assets WHERE asset_type = 'solar_panels'`,
  )[0];
  assert.ok(solar, 'the example feeder has solar panels');
  const flood = (depth: string) => [
    {
      type: 'flood_area',
      name: 'fast',
      timestamp: '2024-09-21T03:00:00',
      affected_area: square(solar.longitude, solar.latitude, 0.0005),
      water_depth: depth,
      water_velocity: '8 meter / second',
    },
  ];
  // Solar panels stand 3 m above ground (docs/input-distribution.md): 1 m of water stays below them.
  const dry = sqliteRows<{ s: number; v: number | null }>(
    await run(context, 'fast_shallow', flood('1 meter')),
    `SELECT survival_probability AS s, flood_velocity__feet_per_second AS v FROM assetstatetable WHERE asset_name = '${solar.name}'`,
  )[0];
  assert.is(dry.s, 1);
  assert.is(dry.v, 0);
  // ERAD's rule counts the velocity anyway.
  const erad = sqliteRows<{ s: number }>(
    await run(context, 'fast_shallow', flood('1 meter'), 'erad_v1'),
    `SELECT survival_probability AS s FROM assetstatetable WHERE asset_name = '${solar.name}'`,
  )[0];
  assert.ok(Math.abs(erad.s - lognormalSurvival(8, 2.0, 0.35)) < 1e-9);
  // 4 m of water reaches 1 m above the panels: depth (0.8 m, β 0.4) and velocity (2.0 m/s, β 0.35) both count; the lower governs.
  const wet = sqliteRows<{ s: number }>(
    await run(context, 'fast_deep', flood('4 meter')),
    `SELECT survival_probability AS s FROM assetstatetable WHERE asset_name = '${solar.name}'`,
  )[0];
  assert.ok(Math.abs(wet.s - Math.min(lognormalSurvival(1, 0.8, 0.4), lognormalSurvival(8, 2.0, 0.35))) < 1e-9);
});

test('the physics profile is recorded in run_info', async (context) => {
  const models = hurricane(60).slice(0, 2);
  const value = (file: string) => sqliteRows<{ value: string }>(file, `SELECT value FROM run_info WHERE key = 'physics'`)[0].value;
  assert.is(value(await run(context, 'two', models)), 'default');
  assert.is(value(await run(context, 'two', models, 'erad_v1')), 'erad_v1');
});

test.run();
