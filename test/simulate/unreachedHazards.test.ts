import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import Database from 'better-sqlite3';
import { json, runCli, tempDir } from '../helpers/cli.js';
import { EXAMPLE_FEEDER, exampleHazard } from '../helpers/rest.js';
import { readReportData } from '../../src/domain/report/index.js';
import { distanceLabel } from '../../src/domain/simulation/unreachedHazards.js';

// A hazard that never reaches the feeder is named with its closest approach, in the run's
// warnings: stderr, the --json summary, run_info.warnings and the report page (docs/output-sqlite.md, "Warnings").

const test = suite('hazards that never reach the feeder');
const cache = tempDir();
const out = tempDir();
const cli = (args: string[]) => runCli([...args, '--cache-dir', cache]);

/** Meridian arc length between two latitudes on WGS-84, m: Simpson's rule over the meridian radius of curvature a(1 − e²)/(1 − e² sin²φ)^(3/2). */
function meridianArcM(fromDeg: number, toDeg: number): number {
  const a = 6378137;
  const f = 1 / 298.257223563;
  const e2 = f * (2 - f);
  const radius = (phi: number) => (a * (1 - e2)) / (1 - e2 * Math.sin(phi) ** 2) ** 1.5;
  const steps = 1000;
  const [p0, p1] = [(fromDeg * Math.PI) / 180, (toDeg * Math.PI) / 180];
  const h = (p1 - p0) / steps;
  let sum = radius(p0) + radius(p1);
  for (let i = 1; i < steps; i++) sum += (i % 2 ? 4 : 2) * radius(p0 + i * h);
  return (sum * h) / 3;
}

/** The feeder's northernmost bus, read from the example file itself (gdm Location x = longitude, y = latitude). */
function northernmostPoint(): { longitude: number; latitude: number } {
  const content = JSON.parse(fs.readFileSync(EXAMPLE_FEEDER, 'utf8'));
  const locations = content.components.filter((component: any) => component.__metadata__?.type === 'Location');
  const north = locations.reduce((best: any, location: any) => (location.y > best.y ? location : best));
  return { longitude: north.x, latitude: north.y };
}

function runInfoWarnings(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return JSON.parse((db.prepare("SELECT value FROM run_info WHERE key = 'warnings'").get() as { value: string }).value);
  } finally {
    db.close();
  }
}

test.before(() => {
  assert.is(cli(['upload', EXAMPLE_FEEDER, '--name', 'feeder']).code, 0);
});

test('an earthquake 10° north of the feeder: the epicentre, its distance and the nearest asset, everywhere the run reports', () => {
  const north = northernmostPoint();
  const quake = path.join(out, 'far_quake.json');
  const epicentre = { longitude: north.longitude, latitude: north.latitude + 10 };
  fs.writeFileSync(
    quake,
    JSON.stringify({
      name: 'far',
      models: [{ type: 'earthquake', name: 'far-north', timestamp: '2024-09-21T03:00:00', origin: epicentre, depth: '10 kilometer', magnitude: 5 }],
    }),
  );
  assert.is(cli(['upload', quake, '--kind', 'hazard', '--name', 'far_quake']).code, 0);
  const result = path.join(out, 'far.sqlite');
  const run = cli(['simulate', 'feeder', 'far_quake', '-o', result, '--json']);
  assert.is(run.code, 0, run.stderr);
  const expected = distanceLabel(meridianArcM(north.latitude, epicentre.latitude));
  assert.match(expected, /^1,1[01]\d km$/); // 10° of meridian at 33–43° N: about 1,110 km
  // The sites also lie beyond the model's documented distance range, which is warned about on its own.
  const warnings = json(run).warnings as string[];
  const unreached = warnings.filter((text) => text.startsWith('the earthquake hazard never reaches'));
  assert.is(unreached.length, 1, warnings.join('\n'));
  const [warning] = unreached;
  assert.match(warning, /^the earthquake hazard never reaches the feeder: no asset's survival drops by more than one in a million\./);
  assert.ok(warning.includes(`the epicentre of earthquake 'far-north' at 2024-09-21T03:00:00 is ${expected} from `), warning);
  assert.match(run.stderr, /hazsim: warning: the earthquake hazard never reaches the feeder/);
  assert.equal(runInfoWarnings(result), warnings);
  const report = path.join(out, 'far.html');
  assert.is(cli(['report', result, '-o', report]).code, 0);
  assert.equal(readReportData(fs.readFileSync(report, 'utf8')).warnings, warnings);
});

test("Hurricane Oscar's track over the Charleston feeder: the storm centre never comes within 2,000 km; the track's estimates are warned about too", () => {
  assert.is(cli(['upload', exampleHazard('hurricane_oscar_2018'), '--kind', 'hazard', '--name', 'oscar']).code, 0);
  const run = cli(['simulate', 'feeder', 'oscar', '-o', path.join(out, 'oscar.sqlite'), '--json']);
  assert.is(run.code, 0, run.stderr);
  const warnings = json(run).warnings as string[];
  // The best-track upload's estimates travel in the hazard file's notes and come back with every run.
  assert.ok(
    warnings.includes(
      "hazard model oscar: AL162018: radius of maximum wind missing at 9 fixes: estimated from central pressure with CLIMADA's estimate_rmw piecewise-linear fit to IBTrACS (1980–2019)",
    ),
    warnings.join('\n'),
  );
  const warning = warnings.find((text) => text.includes('never reaches'))!;
  assert.match(warning, /^the wind hazard never reaches the feeder: .* At its closest, the storm centre of wind '[^']+' at \S+ is (\d),(\d{3}) km from /);
  const km = Number(/is (\d,\d{3}) km/.exec(warning)![1].replace(',', ''));
  // Oscar (2018) stayed east of 57° W; Charleston is at 80° W: over 20° of longitude at about 33–40° N, more than 2,000 km.
  assert.ok(km > 2000, warning);
});

test('a wildfire that stops short of the lines: distance in metres to the nearest point of a line route', () => {
  assert.is(cli(['upload', exampleHazard('wildfire'), '--kind', 'hazard', '--name', 'wildfire']).code, 0);
  const run = cli(['simulate', 'feeder', 'wildfire', '-o', path.join(out, 'fire.sqlite'), '--json']);
  assert.is(run.code, 0, run.stderr);
  const [warning] = json(run).warnings as string[];
  assert.match(warning, /^the fire hazard never reaches the feeder: .* the area's edge of fire '[^']+' at \S+ is \d{3} m from \S+ "[^"]+"; check that/);
});

test('a hazard that reaches the feeder, and a flood over assets that harms none: no such warning', () => {
  assert.is(cli(['upload', exampleHazard('earthquake'), '--kind', 'hazard', '--name', 'quake']).code, 0);
  const near = cli(['simulate', 'feeder', 'quake', '-o', path.join(out, 'near.sqlite'), '--json']);
  assert.is(near.code, 0, near.stderr);
  assert.not.ok((json(near).warnings as string[]).some((warning) => warning.includes('never reaches')));
  const north = northernmostPoint();
  const shallow = path.join(out, 'shallow.json');
  const [lon, lat] = [north.longitude, north.latitude];
  const square = [
    [lon - 0.5, lat - 0.5],
    [lon + 0.5, lat - 0.5],
    [lon + 0.5, lat + 0.5],
    [lon - 0.5, lat + 0.5],
    [lon - 0.5, lat - 0.5],
  ];
  fs.writeFileSync(
    shallow,
    JSON.stringify({
      name: 'puddle',
      models: [
        {
          type: 'flood_area',
          name: 'puddle',
          timestamp: '2024-09-21T03:00:00',
          affected_area: { type: 'Polygon', coordinates: [square] },
          water_depth: '0 meter',
          water_velocity: '0 meter / second',
        },
      ],
    }),
  );
  assert.is(cli(['upload', shallow, '--kind', 'hazard', '--name', 'puddle']).code, 0);
  const wet = cli(['simulate', 'feeder', 'puddle', '-o', path.join(out, 'puddle.sqlite'), '--json']);
  assert.is(wet.code, 0, wet.stderr);
  assert.not.ok(
    (json(wet).warnings as string[]).some((warning) => warning.includes('never reaches')),
    wet.stdout,
  );
});

test('distanceLabel: metres below 1 km, two decimals below 10 km, whole km with a thousands separator above', () => {
  assert.is(distanceLabel(483.4), '483 m');
  assert.is(distanceLabel(2345), '2.35 km');
  assert.is(distanceLabel(2_131_400), '2,131 km');
});

test.run();
