import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { EXAMPLES, json, runCli, tempDir } from '../helpers/cli.js';
import { SPEC_HAZARD_TYPES } from '../helpers/spec.js';

const EXAMPLE_CURVES = path.join(EXAMPLES, 'curve-sets/example_curves.json');

const curveSets = suite('hazsim curve-sets');

curveSets('alone prints what /default-curve-sets returns, built-in and custom sets listed', () => {
  const cache = tempDir();
  const before = runCli(['curve-sets', '--cache-dir', cache, '--json']);
  assert.is(before.code, 0, before.stderr);
  assert.equal(json(before), {
    curve_sets: ['DEFAULT_CURVES', 'ERAD_V1_CURVES', 'LEGACY_DEFAULT_CURVES'],
    default: 'DEFAULT_CURVES',
    description: 'Default fragility curves for various hazard types and assets',
  });
  assert.is(runCli(['curve-sets', 'upload', EXAMPLE_CURVES, '--cache-dir', cache]).code, 0);
  assert.equal(json(runCli(['curve-sets', '--cache-dir', cache, '--json'])).curve_sets, [
    'DEFAULT_CURVES',
    'ERAD_V1_CURVES',
    'LEGACY_DEFAULT_CURVES',
    'example_curves',
  ]);
  assert.match(
    runCli(['curve-sets', '--cache-dir', cache]).stdout,
    /Curve sets: DEFAULT_CURVES \(default\), ERAD_V1_CURVES, LEGACY_DEFAULT_CURVES, example_curves/,
  );
});

curveSets('upload, list, show and delete a custom set through spawned processes', () => {
  const cache = tempDir();
  const up = runCli(['curve-sets', 'upload', EXAMPLE_CURVES, '--name', 'coastal', '--cache-dir', cache, '--json']);
  assert.is(up.code, 0, up.stderr);
  const uploaded = json(up);
  assert.is(uploaded.message, 'Curve set coastal uploaded successfully');
  assert.is(uploaded.file_path, path.join(cache, 'curve_sets', 'coastal.json'));
  assert.match(uploaded.description, /^Hardened coastal feeder/);
  assert.ok(fs.existsSync(uploaded.file_path));

  const listed = json(runCli(['curve-sets', 'list', '--cache-dir', cache, '--json']));
  assert.equal(
    listed.map((record: any) => [record.name, record.builtin]),
    [
      ['DEFAULT_CURVES', true],
      ['ERAD_V1_CURVES', true],
      ['LEGACY_DEFAULT_CURVES', true],
      ['coastal', false],
    ],
  );

  const shown = json(runCli(['curve-sets', 'show', 'coastal', '--cache-dir', cache, '--json']));
  // A version 1 file is shown converted to version 2, with a note.
  assert.equal(shown.content.curves.wind.distribution_poles, [
    {
      quantity: 'wind_speed',
      units: 'mile / hour',
      applies_to: 'asset',
      limit_states: [{ name: 'failure', form: 'lognormal', parameters: { median: 130, beta: 0.35 } }],
      out_of_service: 'failure',
      // A version 1 set states no confidence: it reads as not-stated (docs/fragility.md, "Confidence").
      confidence: 'not-stated',
    },
  ]);
  assert.match(shown.content.notes[0], /converted from a version 1 curve set/);
  const human = runCli(['curve-sets', 'show', 'DEFAULT_CURVES', '--cache-dir', cache]);
  assert.is(human.code, 0);
  assert.match(human.stdout, /earthquake \/ substation: pga \[standard_gravity\] per asset; slight: lognormal median 0.13, beta 0.65;/);
  assert.match(human.stdout, /source: FEMA \(2022\), Hazus Earthquake Model Technical Manual, Hazus 5.1.*class EP.S.L.U/);
  // Every curve says how good its evidence is: the substation's flood curve is Hazus's functional depth, read in the manual.
  assert.match(
    human.stdout,
    /flood \/ substation: flood_depth \[foot\] per asset; failure: lognormal median 4.1, beta 0.01; out of service from failure\n {2}confidence: primary\n {2}source: FEMA \(2024\), Hazus 6.1 Inventory Technical Manual, Table 10-13/,
  );
  assert.match(human.stdout, /earthquake \/ substation: .*\n {2}confidence: code-transcription \(repair times: not-verified\)\n/);
  const legacy = runCli(['curve-sets', 'show', 'LEGACY_DEFAULT_CURVES', '--cache-dir', cache]);
  assert.match(
    legacy.stdout,
    /wind \/ switch: wind_speed \[meter \/ second\] per asset; failure: lognormal median 50, beta 0.45; out of service from failure\n {2}confidence: not-stated\n/,
  );

  const again = runCli(['curve-sets', 'upload', EXAMPLE_CURVES, '--name', 'coastal', '--cache-dir', cache]);
  assert.is(again.code, 4);
  assert.match(again.stderr, /Curve set 'coastal' already exists/);
  assert.is(runCli(['curve-sets', 'upload', EXAMPLE_CURVES, '--name', 'coastal', '--overwrite', '--cache-dir', cache]).code, 0);

  const deleted = runCli(['curve-sets', 'delete', 'coastal', '--cache-dir', cache, '--json']);
  assert.is(deleted.code, 0, deleted.stderr);
  assert.is(json(deleted).message, 'Curve set coastal deleted successfully');
  assert.ok(!fs.existsSync(uploaded.file_path));
});

curveSets('exit codes: unknown set 3, built-in names 4, invalid set 5 with every problem and its path', () => {
  const cache = tempDir();
  const missing = runCli(['curve-sets', 'show', 'nope', '--cache-dir', cache]);
  assert.is(missing.code, 3);
  assert.is(missing.stderr.trim(), "hazsim: Curve set 'nope' not found");
  assert.is(runCli(['curve-sets', 'delete', 'nope', '--cache-dir', cache]).code, 3);
  const reserved = runCli(['curve-sets', 'upload', EXAMPLE_CURVES, '--name', 'DEFAULT_CURVES', '--cache-dir', cache]);
  assert.is(reserved.code, 4);
  assert.match(reserved.stderr, /built in and cannot be replaced/);
  assert.is(runCli(['curve-sets', 'delete', 'ERAD_V1_CURVES', '--cache-dir', cache]).code, 4);

  const bad = path.join(tempDir(), 'bad.json');
  fs.writeFileSync(bad, JSON.stringify({ curves: { wind_speed: { poles: {}, switch: { distribution: 'lognormal', median: '50 m/s', beta: 0 } } } }));
  const invalid = runCli(['curve-sets', 'upload', bad, '--cache-dir', cache, '--json']);
  assert.is(invalid.code, 5);
  const error = JSON.parse(invalid.stderr).error;
  assert.is(error.kind, 'invalid_input');
  assert.equal(
    error.issues.map((issue: any) => issue.path),
    ['curves.wind_speed.poles', 'curves.wind_speed.switch.beta'],
  );
  assert.is(runCli(['curve-sets', 'upload', path.join(cache, 'absent.json'), '--cache-dir', cache]).code, 5);
  assert.is(runCli(['curve-sets', 'frobnicate', '--cache-dir', cache]).code, 2);
});

curveSets.run();

const hazardTypes = suite('hazsim hazard-types');

hazardTypes('prints what /supported-hazard-types returns', () => {
  const result = runCli(['hazard-types', '--json']);
  assert.is(result.code, 0, result.stderr);
  assert.equal(json(result), SPEC_HAZARD_TYPES);
  assert.match(runCli(['hazard-types']).stdout, /flood_area\s+Flood Area Model \(FloodModelArea\)/);
});

hazardTypes.run();
