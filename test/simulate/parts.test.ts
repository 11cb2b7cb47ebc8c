import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadHazardModules } from '../../src/app/startup/hazardModules.js';
import { createService } from '../../src/app/service.js';
import { computeSurvivalOnCores } from '../../src/app/simulation/survivalParts.js';
import { extractAssets, GDM_READING, type AssetTable } from '../../src/domain/assets/index.js';
import { compileCurveSet, DEFAULT_CURVES, type CurveSet } from '../../src/domain/fragility/index.js';
import { readDistributionModel } from '../../src/domain/gdm/index.js';
import { readHazardModel, warningTexts, type SiteCountWarning } from '../../src/domain/hazards/index.js';
import { groupAssetsByType } from '../../src/domain/simulation/combine.js';
import { assetRanges, ELEMENTS_PER_PART, joinParts, sliceAssets } from '../../src/domain/simulation/parts.js';
import { computeSurvival, type SurvivalComputation } from '../../src/domain/simulation/survival.js';
import { largeFeeder } from '../../examples/generate-large-feeder.js';
import { EXAMPLES, ROOT, tempDir } from '../helpers/cli.js';
import { combinedExampleHazard } from '../helpers/exampleHazards.js';
import { sqliteRows } from '../helpers/sqliteShell.js';

// A run in parts (src/domain/simulation/parts.ts, docs/performance.md "Threads"): assets judged
// in consecutive ranges and joined give the values of judging them all at once, bit for bit,
// because an asset's survival depends only on its own elements. Checked in process on the
// example feeder in parts of about 40 elements under the example hurricane, earthquake and
// flood, and end to end on a feeder of more than one part, which the service shares among threads.

/** The example earthquake with a Vs30 grid over the western half of the example feeder only: a warning that counts sites. */
function hazardWithPartialVs30Grid(): { name: string; models: unknown[] } {
  const hazard = combinedExampleHazard('storm_quake_flood', ['hurricane', 'earthquake', 'flood']);
  const vs30Grid = { longitude_min: -80.0, latitude_max: 32.9, longitude_step: 0.05, latitude_step: 0.05, columns: 2, rows: 4, values: new Array(8).fill(300) };
  return {
    ...hazard,
    models: hazard.models.map((model) => ((model as { type: string }).type === 'earthquake' ? { ...(model as object), vs30_grid: vs30Grid } : model)),
  };
}

const readAssets = (model: unknown): AssetTable => groupAssetsByType(extractAssets(readDistributionModel(model), GDM_READING).assets);

const sameBits = (a: Float64Array | undefined, b: Float64Array | undefined) => !!a && !!b && a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

/** Every array, warning and record of two computations, compared exactly. */
function assertSameComputation(joined: SurvivalComputation, whole: SurvivalComputation): void {
  for (const key of ['intensities', 'survivalByQuantity'] as const) {
    assert.equal(Object.keys(joined.result[key]), Object.keys(whole.result[key]));
    for (const [quantity, values] of Object.entries(whole.result[key])) assert.ok(sameBits(joined.result[key][quantity], values), `${key}.${quantity}`);
  }
  for (const [quantity, limitStates] of Object.entries(whole.result.notReached ?? {})) {
    assert.is(joined.result.notReached![quantity]!.length, limitStates!.length, quantity);
    limitStates!.forEach((values, k) => assert.ok(sameBits(joined.result.notReached![quantity]![k], values), `notReached.${quantity}[${k}]`));
  }
  assert.ok(sameBits(joined.result.survival, whole.result.survival), 'survival');
  assert.equal(joined.result.events!.governingHazard, whole.result.events!.governingHazard);
  assert.equal(Array.from(joined.result.events!.elementCount), Array.from(whole.result.events!.elementCount));
  assert.equal(warningTexts(joined.warnings), warningTexts(whole.warnings));
  assert.equal(joined.wind, whole.wind);
  assert.is(joined.elementCount, whole.elementCount);
}

const test = suite('a run in parts');

test('the example feeder in parts of ~40 elements gives the whole run’s values bit for bit; a warning counting sites adds up', () => {
  const assets = readAssets(JSON.parse(fs.readFileSync(path.join(EXAMPLES, 'feeder/example_feeder.json'), 'utf8')));
  const hazard = readHazardModel(hazardWithPartialVs30Grid());
  const compiled = compileCurveSet(DEFAULT_CURVES, 'DEFAULT_CURVES');
  const ranges = assetRanges(assets, 40);
  assert.ok(ranges.length >= 3, `${ranges.length} parts`);
  assert.is(ranges[0].from, 0);
  assert.is(ranges.at(-1)!.to, assets.count);
  ranges.slice(1).forEach((range, index) => assert.is(range.from, ranges[index].to, 'consecutive'));
  const whole = computeSurvival(assets, hazard, compiled);
  const parts = ranges.map((range) => computeSurvival(sliceAssets(assets, range), hazard, compiled));
  assertSameComputation(joinParts(assets, parts), whole);
  // The whole run's count is the sum of the parts' (none of which sees every site outside the grid).
  const counted = (computation: SurvivalComputation) => computation.warnings.filter((warning): warning is SiteCountWarning => typeof warning !== 'string');
  assert.is(counted(whole).length, 1, JSON.stringify(whole.warnings));
  assert.match(
    warningTexts(counted(whole))[0],
    /^earthquake .*: \d+ sites \(assets, or spans and structures of lines\) lie outside vs30_grid; vs30 270 m\/s used there$/,
  );
  const partCounts = parts.map((part) => counted(part)[0]?.count ?? 0);
  assert.is(
    partCounts.reduce((sum, count) => sum + count, 0),
    counted(whole)[0].count,
  );
  assert.ok(partCounts.filter((count) => count > 0).length >= 2, `counts by part: ${partCounts}`);
});

test('with vegetation the parts give the whole run’s tree fall and survival bit for bit (docs/vegetation.md)', () => {
  const assets = readAssets(JSON.parse(fs.readFileSync(path.join(EXAMPLES, 'feeder/example_feeder.json'), 'utf8')));
  const hazard = readHazardModel(JSON.parse(fs.readFileSync(path.join(EXAMPLES, 'hazards/hurricane.json'), 'utf8')));
  const compiled = compileCurveSet(DEFAULT_CURVES, 'DEFAULT_CURVES');
  const options = { vegetation: 'default' as const };
  const whole = computeSurvival(assets, hazard, compiled, options);
  const joined = joinParts(
    assets,
    assetRanges(assets, 40).map((range) => computeSurvival(sliceAssets(assets, range), hazard, compiled, options)),
  );
  assertSameComputation(joined, whole);
  assert.ok(sameBits(joined.result.treeFall, whole.result.treeFall), 'treeFall');
  assert.equal(joined.treeFall, whole.treeFall);
});

test('end to end: a feeder of more than one part, shared among threads, writes what judging all its assets at once gives', async () => {
  const work = tempDir();
  const feeder = largeFeeder(6000);
  const hazardFile = hazardWithPartialVs30Grid();
  const assets = readAssets(feeder);
  assert.ok(assetRanges(assets).length >= 2, `${assetRanges(assets).length} parts of ${ELEMENTS_PER_PART} elements`);
  const whole = computeSurvival(assets, readHazardModel(hazardFile), compileCurveSet(DEFAULT_CURVES, 'DEFAULT_CURVES'));
  fs.writeFileSync(path.join(work, 'feeder_6000.json'), JSON.stringify(feeder));
  fs.writeFileSync(path.join(work, 'storm_quake_flood.json'), JSON.stringify(hazardFile));
  const service = createService({ cacheDir: path.join(work, 'cache') });
  await service.models.uploadFile(path.join(work, 'feeder_6000.json'), { kind: 'distribution', name: 'feeder_6000' });
  await service.models.uploadFile(path.join(work, 'storm_quake_flood.json'), { kind: 'hazard', name: 'storm_quake_flood' });
  const file = path.join(work, 'result.sqlite');
  await service.runs.simulate({ distribution_system_name: 'feeder_6000', hazard_system_name: 'storm_quake_flood' }, { outputPath: file });

  // better-sqlite3 reads REALs exactly (the sqlite3 shell's JSON rounds them).
  const db = new Database(file, { readonly: true });
  const rows = db.prepare('SELECT survival_probability, pga_survival, wind_speed_survival FROM assetstatetable ORDER BY id').all() as {
    survival_probability: number;
    pga_survival: number | null;
    wind_speed_survival: number | null;
  }[];
  db.close();
  const timestamps = whole.result.timestamps.length;
  assert.is(rows.length, assets.count * timestamps);
  const cellOf = (row: number) => (row % timestamps) * assets.count + Math.floor(row / timestamps);
  const nullable = (value: number) => (Number.isNaN(value) ? null : value);
  let checked = 0;
  rows.forEach((row, index) => {
    const cell = cellOf(index);
    if (row.survival_probability !== whole.result.survival[cell])
      assert.unreachable(`row ${index + 1}: survival ${row.survival_probability} ≠ ${whole.result.survival[cell]}`);
    if (row.pga_survival !== nullable(whole.result.survivalByQuantity.pga![cell])) assert.unreachable(`row ${index + 1}: pga_survival`);
    if (row.wind_speed_survival !== nullable(whole.result.survivalByQuantity.wind_speed![cell])) assert.unreachable(`row ${index + 1}: wind_speed_survival`);
    checked += 1;
  });
  assert.is(checked, rows.length);
  const info = Object.fromEntries(sqliteRows<{ key: string; value: string }>(file, 'SELECT key, value FROM run_info').map((row) => [row.key, row.value]));
  assert.equal(JSON.parse(info.warnings), warningTexts(whole.warnings));
  assert.is(Number(info.element_count), whole.elementCount);
  assert.equal(JSON.parse(info.wind_conversion), whole.wind);
});

test('a curve set that misses an element type fails before the run splits, naming every gap of the whole run', async () => {
  // A hazard type hazsim does not ship (test/fixtures/landslideHazard.mjs) and a set without a curve for it: its own
  // curves are none, and its fallback, the pre-registry LEGACY_DEFAULT_CURVES, knows no landslide (DEFAULT_CURVES would,
  // from the type's descriptor).
  await loadHazardModules([path.join(ROOT, 'test/fixtures/landslideHazard.mjs')]);
  const assets = readAssets(largeFeeder(6000));
  assert.ok(assetRanges(assets).length >= 2);
  const hazardFile = {
    models: [{ type: 'landslide', timestamp: '2024-09-21T03:00:00', center: { longitude: -79.95, latitude: 32.8 }, radius_m: 5000, displacement_m: 1 }],
  };
  const hazard = readHazardModel(hazardFile);
  const withoutLandslide: CurveSet = { format_version: 2, name: 'no landslide curves', fallback: 'LEGACY_DEFAULT_CURVES', curves: {} };
  const compiled = compileCurveSet(withoutLandslide, 'no landslide curves');
  const wholeMessage = (() => {
    try {
      computeSurvival(assets, hazard, compiled);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error('the whole run was not refused');
  })();
  // Every type of the feeder, spans' and poles' alike, is named, though no one part holds them all.
  for (const type of ['substation', 'distribution_overhead_lines', 'distribution_poles'])
    assert.match(wholeMessage, new RegExp(`${type}/landslide_displacement`));
  const inputs = {
    hazard,
    hazardFile: { name: 'slide', bytes: new TextEncoder().encode(JSON.stringify(hazardFile)) },
    compiled,
    curveSet: { name: 'no landslide curves', set: withoutLandslide },
  };
  try {
    await computeSurvivalOnCores(assets, inputs, {});
    assert.unreachable('the run in parts was not refused');
  } catch (error) {
    assert.is((error as Error).message, wholeMessage);
  }
});

test.run();
