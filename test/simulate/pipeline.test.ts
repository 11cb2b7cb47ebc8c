// The simulation pipeline (docs/architecture.md, "The pipeline of a simulation"): the domain's
// simulate() takes parsed inputs and returns the run's tables and summary without touching a
// file or a thread; the service's run only reads, passes its survival engine (the machine's
// cores) and writes. So the service's SQLite result holds what simulate() returns on this
// thread, and an engine that judges the assets in parts gives the same tables.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createService } from '../../src/app/service.js';
import { DEFAULT_CURVE_SET } from '../../src/app/contract/schemas.js';
import { sha256Hex } from '../../src/base/sha256.js';
import { extractAssets, GDM_READING } from '../../src/domain/assets/index.js';
import { readDistributionModel } from '../../src/domain/gdm/index.js';
import { compileCurveSet, DEFAULT_CURVES } from '../../src/domain/fragility/index.js';
import { readHazardModel } from '../../src/domain/hazards/index.js';
import { DEFAULT_REPAIR_TIMES } from '../../src/domain/network/index.js';
import { assetRanges, joinParts, sliceAssets } from '../../src/domain/simulation/parts.js';
import { simulate, type SimulationInputs, type SurvivalEngine } from '../../src/domain/simulation/simulate.js';
import { computeSurvival } from '../../src/domain/simulation/survival.js';
import { EXAMPLES, tempDir } from '../helpers/cli.js';

const test = suite('simulate: the pure pipeline');

const FEEDER = path.join(EXAMPLES, 'feeder/example_feeder.json');
const HURRICANE = path.join(EXAMPLES, 'hazards/hurricane.json');

function inputs(): SimulationInputs {
  const feederBytes = fs.readFileSync(FEEDER);
  const hazardBytes = fs.readFileSync(HURRICANE);
  const extraction = extractAssets(readDistributionModel(JSON.parse(feederBytes.toString('utf8'))), GDM_READING);
  return {
    distribution: { name: 'feeder', sha256: sha256Hex(feederBytes), coordinates: GDM_READING, assets: extraction.assets, unlocated: extraction.unlocated },
    hazard: { name: 'hurricane', sha256: sha256Hex(hazardBytes), model: readHazardModel(JSON.parse(hazardBytes.toString('utf8'))) },
    curveSet: { name: DEFAULT_CURVE_SET, sha256: sha256Hex(JSON.stringify(DEFAULT_CURVES)), compiled: compileCurveSet(DEFAULT_CURVES, DEFAULT_CURVE_SET) },
    provenance: { hazsimVersion: 'test', createdAt: '2026-01-01T00:00:00' },
  };
}

/** Judges the assets in parts of about 8 elements each and joins them: the same values as one pass (parts.ts). */
const inParts: SurvivalEngine = async (assets, hazard, compiled, options) =>
  joinParts(
    assets,
    assetRanges(assets, 8).map((range) => computeSurvival(sliceAssets(assets, range), hazard, compiled, options)),
  );

test('gives the same tables and summary on this thread and with an engine that judges the assets in parts', async () => {
  const whole = await simulate(inputs(), { physics: 'default', output: { kind: 'sqlite' } });
  const parted = await simulate(inputs(), { physics: 'default', output: { kind: 'sqlite' }, survivalEngine: inParts });
  assert.ok(assetRanges(inputs().distribution.assets, 8).length > 1, 'the feeder makes several parts');
  assert.equal(parted.summary, whole.summary);
  assert.equal(parted.tables!.runInfo, whole.tables!.runInfo);
  assert.equal(Array.from(parted.tables!.result.survival), Array.from(whole.tables!.result.survival));
  assert.is(whole.survival, undefined);
});

test('the service writes what simulate() returns: the same summary and run_info but its clock and version', async () => {
  const pure = await simulate(inputs(), { physics: 'default', output: { kind: 'sqlite' } });
  const service = createService({ cacheDir: tempDir(), env: {} });
  await service.models.uploadFile(FEEDER, { name: 'feeder' });
  await service.models.uploadFile(HURRICANE, { name: 'hurricane' });
  const outcome = await service.runs.simulate({ distribution_system_name: 'feeder', hazard_system_name: 'hurricane' }, { outputDir: tempDir() });
  assert.equal(outcome.summary, pure.summary);
  const db = new Database(outcome.filePath, { readonly: true });
  try {
    const rows = db.prepare('SELECT key, value FROM run_info').all() as { key: string; value: string }[];
    const written = Object.fromEntries(rows.map((row) => [row.key, row.value]));
    const { created_at: _at, hazsim_version: _version, ...rest } = written;
    const { created_at: _pureAt, hazsim_version: _pureVersion, ...pureRest } = pure.tables!.runInfo;
    assert.equal(rest, pureRest);
  } finally {
    db.close();
  }
});

test('output survival: the arrays and damage model scenario sampling needs, and no tables', async () => {
  const run = await simulate(inputs(), { physics: 'default', output: { kind: 'survival', fallbackRepairTimes: DEFAULT_REPAIR_TIMES } });
  assert.is(run.tables, undefined);
  const { survival, damage } = run;
  assert.ok(survival && damage);
  assert.is(survival.values.length, survival.timestamps.length * survival.assetUuids.length);
  assert.is(survival.assetUuids.length, run.summary.asset_count);
});

test.run();
