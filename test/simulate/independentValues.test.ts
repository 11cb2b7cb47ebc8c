import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createService } from '../../src/app/service.js';
import { close, closeRelative } from '../helpers/assert.js';
import { EXAMPLES, tempDir } from '../helpers/cli.js';
import { combinedExampleHazard } from '../helpers/exampleHazards.js';
import { lognormalSurvival, vincentyDistanceM } from '../helpers/independent.js';
import { sqliteRows } from '../helpers/sqliteShell.js';

// The numbers of the result file recomputed here from the published formulas (docs/input-hazard.md,
// docs/fragility.md), with an independent geodesic (Vincenty) and Φ (Marsaglia), for chosen
// assets of the example feeder under the example hurricane + earthquake + flood. Positions
// come from the file's own `assets` table; everything else from the hazard file's numbers.
//
// Tolerances: distances here and in the engine agree to well under a millimetre over these
// 1–300 km lines (test/geodesy keeps the engine within 0.5 mm of Vincenty, 8 µm at 200 km),
// which moves speeds and accelerations by under 1e-9 relative; survivals, whose slope is at
// most φ(0)/β ≈ 1.1 per unit relative intensity, by under 1e-9 absolute. Flood values are
// plain arithmetic: 1e-12.

const MILE_M = 1609.344;
const NMI_M = 1852;
const FOOT_M = 0.3048;
const INCH_M = 0.0254;
const MPH_MS = MILE_M / 3600;
const G_MS2 = 9.80665;

/** The example hazards with the hurricane evaluated by ERAD's profile, whose formula this test re-implements. */
function eradProfileHazard(): ReturnType<typeof combinedExampleHazard> {
  const hazard = combinedExampleHazard('storm_quake_flood', ['hurricane', 'earthquake', 'flood']);
  // The earthquake runs ERAD's chain too, whose published formulas this file recomputes; the
  // ground-motion models are checked against OpenQuake's tables in test/simulate/earthquakeGroundMotion.test.ts.
  const erad = (model: any) =>
    model.type === 'wind' ? { ...model, wind_profile: 'ERAD_V1' } : model.type === 'earthquake' ? { ...model, ground_motion_model: 'ERAD_V1' } : model;
  return { ...hazard, models: hazard.models.map(erad) };
}

/** LEGACY_DEFAULT_CURVES (docs/fragility.md; one failure curve per quantity, so every survival column is checked) of the asset types checked: [median, β] in m/s, m, m/s, g, cm/s. */
const CURVES = {
  substation: { wind: [55, 0.4], depth: [1.0, 0.01], velocity: [2.0, 0.4], pga: [0.4, 0.5], pgv: [50, 0.5] },
  transformer_pad_mount: { wind: [50, 0.35], depth: [0.9, 0.5], velocity: [1.5, 0.35], pga: [0.4, 0.6], pgv: [35, 0.5] },
  solar_panels: { wind: [55, 0.3], depth: [0.8, 0.4], velocity: [2.0, 0.35], pga: [0.45, 0.45], pgv: [35, 0.5] },
} as const;

type Row = Record<string, number | string | null>;

interface Context {
  file: string;
  hazard: ReturnType<typeof combinedExampleHazard>;
  rows: (name: string, timestamp: string) => Row;
  position: (name: string) => { longitude: number; latitude: number; asset_type: keyof typeof CURVES };
}

const test = suite<Context>('simulate: result values against independent computation', {} as Context);

test.before(async (context) => {
  const cacheDir = tempDir();
  const service = createService({ cacheDir });
  await service.models.uploadFile(path.join(EXAMPLES, 'feeder/example_feeder.json'), {});
  context.hazard = eradProfileHazard();
  const hazardFile = path.join(tempDir(), 'storm_quake_flood.json');
  fs.writeFileSync(hazardFile, JSON.stringify(context.hazard));
  await service.models.uploadFile(hazardFile, {});
  context.file = path.join(tempDir(), 'result.sqlite');
  // Snapshot values asset by asset: the erad_v1 profile (docs/physics.md) computes exactly these.
  await service.runs.simulate(
    { distribution_system_name: 'example_feeder', hazard_system_name: 'storm_quake_flood', physics: 'erad_v1', curve_set: 'LEGACY_DEFAULT_CURVES' },
    { outputPath: context.file },
  );
  context.rows = (name, timestamp) => {
    const found = sqliteRows<Row>(context.file, `SELECT * FROM assetstatetable WHERE asset_name = '${name}' AND timestamp = '${timestamp}'`);
    assert.is(found.length, 1, `${name} at ${timestamp}`);
    return found[0];
  };
  context.position = (name) => sqliteRows<any>(context.file, `SELECT longitude, latitude, asset_type FROM assets WHERE name = '${name}'`)[0];
});

/** A quantity string of the example files ("25 mile", "87 mile / hour", "12 kilometer") in SI. */
function si(text: string): number {
  const [value, ...unit] = text.split(' ');
  const factor: Record<string, number> = { mile: MILE_M, kilometer: 1000, meter: 1, foot: FOOT_M, 'mile / hour': MPH_MS, 'meter / second': 1 };
  return Number(value) * factor[unit.join(' ')];
}

/** Holland-type profile exactly as docs/input-hazard.md writes it: r, R_vmax, R_max in nautical miles, V in knots; returns knots. */
function hollandKnots(rNmi: number, vKnots: number, rVmaxNmi: number, rMaxNmi: number): number {
  const k = 1.14;
  const b = 10;
  if (rNmi >= rMaxNmi) return 0;
  if (rNmi < rVmaxNmi) return k * vKnots * (1 - Math.exp(-(Math.log(k / (k - 1)) / rVmaxNmi) * rNmi));
  return vKnots * Math.exp(-(Math.log(b) / (rMaxNmi - rVmaxNmi)) * (rNmi - rVmaxNmi));
}

/** Wind speed [m/s] of the example hurricane at a point and hour: the erad_v1 physics compares ERAD's profile with the curves as it is (no surface or gust conversion; test/simulate/windField.test.ts checks that conversion). */
function windMs(hazard: Context['hazard'], timestamp: string, longitude: number, latitude: number): number {
  const storm = hazard.models.find((model: any) => model.type === 'wind' && model.timestamp === timestamp) as any;
  const rNmi = vincentyDistanceM(storm.center.latitude, storm.center.longitude, latitude, longitude) / NMI_M;
  const knotMs = NMI_M / 3600;
  const marine =
    hollandKnots(rNmi, si(storm.max_wind_speed) / knotMs, si(storm.radius_of_max_wind) / NMI_M, si(storm.radius_of_closest_isobar) / NMI_M) * knotMs;
  return marine;
}

/** PGA [m/s²] and PGV [m/s] of the example earthquake at a point by ERAD's chain (docs/input-hazard.md, ERAD_V1). */
function shaking(hazard: Context['hazard'], longitude: number, latitude: number): { pgaG: number; pgvCms: number } {
  const quake = hazard.models.find((model: any) => model.type === 'earthquake') as any;
  const epicentralKm = vincentyDistanceM(quake.origin.latitude, quake.origin.longitude, latitude, longitude) / 1000;
  const hypocentralKm = Math.max(1, Math.hypot(si(quake.depth) / 1000, epicentralKm));
  const mmi = 3.31 + 1.28 * quake.magnitude - 1.42 * Math.log10(hypocentralKm);
  return { pgaG: 10 ** ((mmi - 1.78) / 3.7) / 100, pgvCms: 10 ** ((mmi - 3.78) / 1.47) };
}

/** Compares a row with expected intensities (SI, null = absent) and the LEGACY_DEFAULT_CURVES survivals they imply. */
function expectRow(
  row: Row,
  type: keyof typeof CURVES,
  expected: { windMs: number; pgaG: number | null; pgvCms: number | null; depthM: number | null; velocityMs: number | null },
) {
  const curves = CURVES[type];
  const what = `${row.asset_name} at ${row.timestamp}`;
  const intensity = (column: string, value: number | null, perUnit: number, relative: number) => {
    if (value === null) assert.is(row[column], null, `${what}: ${column}`);
    else closeRelative(row[column] as number, value / perUnit, relative, `${what}: ${column}`);
  };
  intensity('wind_speed__miles_per_hour', expected.windMs, MPH_MS, 1e-9);
  intensity('peak_ground_acceleration__feet_per_second2', expected.pgaG === null ? null : expected.pgaG * G_MS2, FOOT_M, 1e-9);
  intensity('peak_ground_velocity__inch_per_second', expected.pgvCms === null ? null : expected.pgvCms / 100, INCH_M, 1e-9);
  intensity('flood_depth__feet', expected.depthM, FOOT_M, 1e-12);
  intensity('flood_velocity__feet_per_second', expected.velocityMs, FOOT_M, 1e-12);
  assert.is(row.fire_boundary_dist__feet, null);
  const survivals: [string, number | null, readonly [number, number]][] = [
    ['wind_speed_survival', expected.windMs, curves.wind],
    ['pga_survival', expected.pgaG, curves.pga],
    ['pgv_survival', expected.pgvCms, curves.pgv],
    ['flood_depth_survival', expected.depthM, curves.depth],
    ['flood_velocity_survival', expected.velocityMs, curves.velocity],
  ];
  let product = 1;
  for (const [column, x, [median, beta]] of survivals) {
    if (x === null) {
      assert.is(row[column], null, `${what}: ${column}`);
      continue;
    }
    const survival = lognormalSurvival(x, median, beta);
    close(row[column] as number, survival, 1e-9, `${what}: ${column}`);
    product *= survival;
  }
  close(row.survival_probability as number, product, 2e-9, `${what}: survival_probability`);
}

test('the substation at every hour: wind in mph from the ERAD_V1 profile, shaking at 03:00 in ft/s² and in/s, never flooded', ({ hazard, rows, position }) => {
  const { longitude, latitude, asset_type } = position('charleston_substation');
  assert.is(asset_type, 'substation');
  for (let hour = 0; hour < 24; hour += 1) {
    const timestamp = `2024-09-21T${String(hour).padStart(2, '0')}:00:00`;
    const quake = hour === 3 ? shaking(hazard, longitude, latitude) : { pgaG: null, pgvCms: null };
    // The substation (−79.95) lies west of every flood polygon (east of −79.945).
    expectRow(rows('charleston_substation', timestamp), 'substation', {
      windMs: windMs(hazard, timestamp, longitude, latitude),
      ...quake,
      depthM: null,
      velocityMs: null,
    });
  }
});

test('a pad-mount transformer in the surge area: water depth above its 0.3 m and the area velocity, at 12:00 and 18:00', ({ hazard, rows, position }) => {
  const { longitude, latitude, asset_type } = position('pad_transformer_1');
  assert.is(asset_type, 'transformer_pad_mount');
  // (−79.92895, 32.76695) is inside the "surge" ring (−79.945…−79.9 × 32.75…32.79, clear of its
  // hole and cut corner) and west of the "battery-tip" rectangle (east of −79.926): 1.0 m at 0.8 m/s
  // at 12:00; the "receding" area gives 0.4 m at 0.3 m/s at 18:00. Height of a pad mount: 0.3 m.
  const at = (timestamp: string) => windMs(hazard, timestamp, longitude, latitude);
  expectRow(rows('pad_transformer_1', '2024-09-21T12:00:00'), 'transformer_pad_mount', {
    windMs: at('2024-09-21T12:00:00'),
    pgaG: null,
    pgvCms: null,
    depthM: 1.0 - 0.3,
    velocityMs: 0.8,
  });
  expectRow(rows('pad_transformer_1', '2024-09-21T18:00:00'), 'transformer_pad_mount', {
    windMs: at('2024-09-21T18:00:00'),
    pgaG: null,
    pgvCms: null,
    depthM: 0.4 - 0.3,
    velocityMs: 0.3,
  });
  expectRow(rows('pad_transformer_1', '2024-09-21T03:00:00'), 'transformer_pad_mount', {
    windMs: at('2024-09-21T03:00:00'),
    ...shaking(hazard, longitude, latitude),
    depthM: null,
    velocityMs: null,
  });
});

test('rooftop solar where two areas overlap: the deeper water (6 ft) and faster flow (1.5 m/s) win; 3 m up, the water is below it', ({
  hazard,
  rows,
  position,
}) => {
  const { longitude, latitude, asset_type } = position('rooftop_solar');
  assert.is(asset_type, 'solar_panels');
  // (−79.9219, 32.7679) is inside both "surge" (1.0 m, 0.8 m/s) and "battery-tip" (6 ft, 1.5 m/s).
  const depthM = 6 * FOOT_M - 3;
  const row = rows('rooftop_solar', '2024-09-21T12:00:00');
  expectRow(row, 'solar_panels', { windMs: windMs(hazard, '2024-09-21T12:00:00', longitude, latitude), pgaG: null, pgvCms: null, depthM, velocityMs: 1.5 });
  assert.ok((row.flood_depth__feet as number) < 0);
  assert.is(row.flood_depth_survival, 1);
});

test('the SI view gives the same values in SI units', ({ file }) => {
  const [erad] = sqliteRows<Row>(file, "SELECT * FROM assetstatetable WHERE asset_name = 'pad_transformer_1' AND timestamp = '2024-09-21T12:00:00'");
  const [view] = sqliteRows<Row>(file, "SELECT * FROM assetstatetable_si WHERE asset_name = 'pad_transformer_1' AND timestamp = '2024-09-21T12:00:00'");
  closeRelative(view.wind_speed__meter_per_second as number, (erad.wind_speed__miles_per_hour as number) * MPH_MS, 1e-15);
  closeRelative(view.flood_depth__meter as number, 0.7, 1e-14);
  closeRelative(view.flood_velocity__meter_per_second as number, 0.8, 1e-14);
  assert.is(view.peak_ground_acceleration__meter_per_second2, null);
  assert.is(view.survival_probability, erad.survival_probability);
});

test.run();
