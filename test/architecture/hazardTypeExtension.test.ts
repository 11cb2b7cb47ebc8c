import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ASSET_TYPES } from '../../src/domain/assets/types.js';
import { EXAMPLES, json, ROOT, runCli, tempDir } from '../helpers/cli.js';
import { connectStdio, textOf } from '../helpers/mcp.js';
import { spawnServer } from '../helpers/rest.js';
import { sqliteRows } from '../helpers/sqliteShell.js';
import { lognormalSurvival } from '../helpers/independent.js';

// A hazard type that hazsim does not ship (test/fixtures/landslideHazard.mjs), added through
// HAZSIM_HAZARD_MODULES, shows up in every interface, in DEFAULT_CURVES and in the result
// file's columns: the registries are the one home of hazard types, their quantities and their
// default curves, and nothing else lists them. A descriptor that leaves its curves incomplete
// stops start-up with what is missing.

const MODULE = path.join(ROOT, 'test/fixtures/landslideHazard.mjs');
const ENV = { HAZSIM_HAZARD_MODULES: MODULE };

interface Context {
  cache: string;
  files: string;
}

const test = suite<Context>('a hazard type added at start-up', {} as Context);

test.before((context) => {
  context.cache = tempDir();
  context.files = tempDir();
  fs.writeFileSync(
    path.join(context.files, 'slide.json'),
    JSON.stringify({
      name: 'slide',
      models: [
        {
          type: 'landslide',
          name: 'hillside',
          timestamp: '2024-01-01T00:00:00',
          center: { longitude: -79.95, latitude: 32.79 },
          radius_m: 8000,
          displacement_m: 0.5,
        },
      ],
    }),
  );
  // Median 10 inch = 0.254 m, so the bus at the centre (0.5 m) fails more often than not.
  const curve = { distribution: 'lognormal', median: '10 inch', beta: 0.5 };
  fs.writeFileSync(
    path.join(context.files, 'slide_curves.json'),
    JSON.stringify({ name: 'slide_curves', curves: { landslide_displacement: Object.fromEntries(ASSET_TYPES.map((type) => [type, curve])) } }),
  );
});

test('hazsim hazard-types lists it with its title', () => {
  const listed = json(runCli(['hazard-types', '--json', '--cache-dir', tempDir()], { env: ENV }));
  assert.ok(listed.hazard_types.includes('landslide'));
  assert.is(listed.descriptions.landslide, 'Landslide Model');
  const without = json(runCli(['hazard-types', '--json', '--cache-dir', tempDir()]));
  assert.not.ok(without.hazard_types.includes('landslide'), 'only when the module is named');
});

/** Checks every located asset's row of a landslide result against a lognormal of `medianM`, β 0.5, through the tests' own Marsaglia Φ. */
function assertLandslideSurvival(output: string, medianM: number): void {
  const rows = sqliteRows<{ inches: number; survival: number; si: number; elements: number }>(
    output,
    'SELECT a.landslide_displacement__inch AS inches, a.landslide_displacement_survival AS survival, s.landslide_displacement__meter AS si, m.element_count AS elements FROM assetstatetable a JOIN assetstatetable_si s USING (id) JOIN asset_summary m USING (distribution_asset)',
  );
  assert.is(rows.length, 38, 'every located asset of the example feeder has a row');
  for (const row of rows) {
    assert.ok(row.si > 0 && row.si <= 0.5, `displacement ${row.si} m within the slide`);
    assert.ok(Math.abs(row.inches * 0.0254 - row.si) < 1e-12, 'the column holds inches, the SI view metres');
    const expected = lognormalSurvival(row.si, medianM, 0.5);
    // A line (docs/physics.md) shows its worst element's displacement and the product over all its elements.
    if (row.elements === 1) assert.ok(Math.abs(row.survival - expected) < 1e-9, `survival ${row.survival}, expected ${expected}`);
    else assert.ok(row.survival <= expected + 1e-12, `line survival ${row.survival} above its worst element's ${expected}`);
  }
}

test('upload, validate and simulate with its default curves: the result has its intensity and survival columns', (context) => {
  const cli = (args: string[]) => runCli([...args, '--cache-dir', context.cache], { env: ENV });
  assert.is(cli(['upload', path.join(EXAMPLES, 'feeder/example_feeder.json'), '--name', 'feeder']).code, 0);
  const hazard = cli(['upload', path.join(context.files, 'slide.json'), '--json']);
  assert.is(hazard.code, 0, hazard.stderr);

  const shown = json(cli(['show', 'slide', '--json']));
  assert.is(shown.summary?.hazard_counts?.landslide ?? shown.hazard_counts?.landslide, 1);

  // The descriptor's defaultCurves joined DEFAULT_CURVES: a run without a curve set uses them.
  const output = path.join(context.files, 'slide.sqlite');
  const run = cli(['simulate', 'feeder', 'slide', '-o', output]);
  assert.is(run.code, 0, run.stderr);
  const columns = sqliteRows<{ name: string }>(output, 'PRAGMA table_info(assetstatetable)').map((column) => column.name);
  assert.ok(columns.includes('landslide_displacement__inch'), columns.join(', '));
  assert.ok(columns.includes('landslide_displacement_survival'));
  // The fixture's default: median 0.3 m, beta 0.5.
  assertLandslideSurvival(output, 0.3);
  const curves = sqliteRows<{ quantity: string; curve_set: string }>(output, 'SELECT DISTINCT quantity, curve_set FROM fragility_curves');
  assert.equal(curves, [{ quantity: 'landslide_displacement', curve_set: 'DEFAULT_CURVES' }]);

  const shownDefaults = json(cli(['curve-sets', 'show', 'DEFAULT_CURVES', '--json']));
  const defaults = shownDefaults.curves ?? shownDefaults.curve_set?.curves ?? shownDefaults.content?.curves;
  assert.ok(defaults?.landslide, `DEFAULT_CURVES lists the landslide curves: ${Object.keys(defaults ?? shownDefaults).join(', ')}`);
});

test('a custom curve set still overrides the defaults', (context) => {
  const cli = (args: string[]) => runCli([...args, '--cache-dir', context.cache], { env: ENV });
  assert.is(cli(['curve-sets', 'upload', path.join(context.files, 'slide_curves.json')]).code, 0);
  const output = path.join(context.files, 'slide_custom.sqlite');
  const run = cli(['simulate', 'feeder', 'slide', '--curve-set', 'slide_curves', '-o', output]);
  assert.is(run.code, 0, run.stderr);
  // The custom set's median: 10 inch = 0.254 m.
  assertLandslideSurvival(output, 0.254);
});

/** A module re-exporting the landslide type with its descriptor changed by `change` (JavaScript source acting on `hazardType`). */
function changedModule(change: string): string {
  const file = path.join(tempDir(), 'changed.mjs');
  fs.writeFileSync(
    file,
    [
      `import landslide from ${JSON.stringify(pathToFileURL(MODULE).href)};`,
      'const hazardType = { ...landslide.hazardType, defaultCurves: structuredClone(landslide.hazardType.defaultCurves) };',
      change,
      'export default { quantities: landslide.quantities, hazardType };',
    ].join('\n'),
  );
  return file;
}

/** `hazsim hazard-types` with the module: start-up must stop with `message`. */
function assertRefused(module: string, message: RegExp): void {
  const result = runCli(['hazard-types', '--cache-dir', tempDir()], { env: { HAZSIM_HAZARD_MODULES: module } });
  assert.ok(result.code !== 0, 'start-up stops');
  assert.match(result.stderr, /HAZSIM_HAZARD_MODULES: cannot add the hazard type of .*changed\.mjs/);
  assert.match(result.stderr, message);
}

test('a hazard type without default curves is refused at start-up, saying what is missing', () => {
  assertRefused(
    changedModule('delete hazardType.defaultCurves;'),
    /hazard type landslide: no default curves: its descriptor needs defaultCurves\.curves, a list of fragility curves for every asset type/,
  );
});

test('default curves that leave out an asset type are refused, naming it', () => {
  assertRefused(changedModule('delete hazardType.defaultCurves.curves.substation;'), /hazard type landslide: its default curves give no list for substation\b/);
});

test('an empty list needs a note saying why the asset type does not fail', () => {
  assertRefused(changedModule('hazardType.defaultCurves.curves.switch = [];'), /default curves list none for switch and no notVulnerable note says why/);
  const noted = changedModule(
    "hazardType.defaultCurves.curves.switch = []; hazardType.defaultCurves.notVulnerable = { switch: { source: 'Test fixture (2026): a switch is taken not to slide', confidence: 'judgement' } };",
  );
  const result = runCli(['hazard-types', '--json', '--cache-dir', tempDir()], { env: { HAZSIM_HAZARD_MODULES: noted } });
  assert.is(result.code, 0, result.stderr);
});

test("default curves for another hazard's quantity, or in units of another dimension, are refused", () => {
  assertRefused(
    changedModule("hazardType.defaultCurves.curves.switch = [{ ...hazardType.defaultCurves.curves.switch[0], quantity: 'pga' }];"),
    /default curve for switch is for "pga", not one of its quantities \(landslide_displacement\)/,
  );
  assertRefused(
    changedModule("hazardType.defaultCurves.curves.switch = [{ ...hazardType.defaultCurves.curves.switch[0], units: 'second' }];"),
    /its default curves are not valid: curves\.landslide\.switch\[0\]\.units: "second" is not a unit of length/,
  );
});

test('REST lists it at /supported-hazard-types', async () => {
  const server = await spawnServer(['--cache-dir', tempDir()], ENV);
  try {
    const body = (await (await fetch(`${server.url}/supported-hazard-types`)).json()) as { hazard_types: string[]; descriptions: Record<string, string> };
    assert.ok(body.hazard_types.includes('landslide'));
    assert.is(body.descriptions.landslide, 'Landslide Model');
  } finally {
    await server.stop();
  }
});

test("MCP lists it in the hazard types resource and names it in the server's instructions", async () => {
  const session = await connectStdio(tempDir(), ENV);
  try {
    const types = JSON.parse(textOf((await session.client.readResource({ uri: 'hazsim://hazards/types' })).contents[0]));
    assert.ok(types.hazard_types.includes('landslide'));
    assert.match(session.client.getInstructions() ?? '', /natural hazards \([^)]*\blandslide\b[^)]*\)/);
  } finally {
    await session.client.close();
  }
});

test('a module that does not export a hazard type stops start-up with its name', () => {
  const broken = path.join(tempDir(), 'broken.mjs');
  fs.writeFileSync(broken, 'export default { nothing: true };\n');
  const result = runCli(['hazard-types', '--cache-dir', tempDir()], { env: { HAZSIM_HAZARD_MODULES: broken } });
  assert.ok(result.code !== 0);
  assert.match(result.stderr, /HAZSIM_HAZARD_MODULES: cannot add the hazard type of .*broken\.mjs/);
});

test.run();
