import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, SHARED_FIXTURES, haveSharedFixtures, json, runCli, tempDir } from '../helpers/cli.js';
import { makeZip } from '../helpers/zip.js';

const P4U = path.join(SHARED_FIXTURES, 'gmdflow_P4U/P4U_system.json');
const P5R_PV = path.join(SHARED_FIXTURES, 'gdm_legacy_p5r_pv/p5r_pv.json');
const FEEDER = path.join(ROOT, 'test/data/tiny_feeder.json');

const validate = suite('hazsim validate');

validate('a valid GDM file: OK and its summary, exit 0, nothing stored', () => {
  if (!haveSharedFixtures()) return;
  const cache = tempDir();
  const human = runCli(['validate', P4U, '--cache-dir', cache]);
  assert.is(human.code, 0, human.stderr);
  assert.match(human.stdout, /^OK: .*P4U_system\.json is a valid distribution system/);
  assert.match(human.stdout, /total_components:\s+863/);
  assert.match(human.stdout, /assets\.by_type:\s+substation 1, transformer_pole_mount 31/);
  const machine = runCli(['validate', P4U, '--cache-dir', cache, '--json']);
  assert.is(machine.code, 0, machine.stderr);
  const result = json(machine);
  assert.is(result.valid, true);
  assert.is(result.kind, 'distribution');
  assert.is(result.summary.total_components, 863);
  assert.is(
    fs.existsSync(path.join(cache, 'distribution_models')) &&
      fs.readdirSync(path.join(cache, 'distribution_models')).some((name) => name.endsWith('.json') && name !== 'models_metadata.json'),
    false,
  );
});

validate('an invalid file: exit 5 and every problem with its path', () => {
  if (!haveSharedFixtures()) return;
  const human = runCli(['validate', P5R_PV, '--cache-dir', tempDir()]);
  assert.is(human.code, 5);
  assert.is(human.stdout, '');
  assert.match(human.stderr, /^hazsim: Invalid distribution system: 69 problems found\n/);
  assert.is(human.stderr.trim().split('\n').length, 70);
  assert.match(human.stderr, /\n {2}components\[3\] \(DistributionBus "p5rdt149-p5rhs0_1247x"\)\.nominal_voltage: unknown field/);
  const machine = runCli(['validate', P5R_PV, '--cache-dir', tempDir(), '--json']);
  assert.is(machine.code, 5);
  const error = JSON.parse(machine.stderr).error;
  assert.is(error.kind, 'invalid_input');
  assert.is(error.issues.length, 69);
  assert.is(error.issues[0].path, 'supplemental_attributes');
});

validate('a ZIP holding a nested-form model; content of no known kind', async () => {
  const dir = tempDir();
  const zip = path.join(dir, 'feeder.zip');
  fs.writeFileSync(zip, await makeZip({ 'tiny_feeder.json': fs.readFileSync(FEEDER) }));
  const zipped = runCli(['validate', zip, '--cache-dir', dir, '--json']);
  assert.is(zipped.code, 0, zipped.stderr);
  assert.is(json(zipped).summary.form, 'nested');
  const other = path.join(dir, 'other.json');
  fs.writeFileSync(other, '{"hello": "world"}');
  const unknown = runCli(['validate', other, '--cache-dir', dir]);
  assert.is(unknown.code, 5);
  assert.match(unknown.stderr, /Cannot tell what kind of model this is/);
});

validate.run();

const upload = suite('hazsim upload and show with full validation');

upload('upload refuses an invalid model with every problem and stores nothing; show prints the summary', () => {
  if (!haveSharedFixtures()) return;
  const cache = tempDir();
  const refused = runCli(['upload', P5R_PV, '--cache-dir', cache]);
  assert.is(refused.code, 5);
  assert.is(refused.stderr.trim().split('\n').length, 70);
  assert.equal(json(runCli(['list', '--cache-dir', cache, '--json'])), []);
  assert.is(runCli(['upload', P4U, '--name', 'p4u', '--cache-dir', cache]).code, 0);
  const shown = runCli(['show', 'p4u', '--cache-dir', cache]);
  assert.is(shown.code, 0, shown.stderr);
  assert.match(shown.stdout, /voltage_levels_v:\s+208, 480, 4000, 69000, 230000/);
  assert.match(shown.stdout, /bounding_box\.min_longitude:\s+-122\.43/);
  const shownJson = json(runCli(['show', 'p4u', '--cache-dir', cache, '--json']));
  assert.is(shownJson.buses.total, 181);
  assert.is(shownJson.content.components.length, 863);
});

upload.run();
