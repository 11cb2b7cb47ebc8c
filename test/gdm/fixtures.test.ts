import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fs from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { distributionClassSchema, readDistributionModel, validateDistributionContent, type Component, type Quantity } from '../../src/domain/gdm/index.js';
import { readUpload } from '../../src/app/models/uploadInput.js';
import { HazsimError } from '../../src/base/errors.js';
import { SHARED_FIXTURES, haveSharedFixtures } from '../helpers/cli.js';
import { makeZip } from '../helpers/zip.js';
import { classOf, fixture, VALID_FIXTURES } from './helpers.js';

const valid = suite('readDistributionModel on the real GDM files');

valid('loads all seven valid files with one component per entry of components', () => {
  if (!haveSharedFixtures()) return;
  for (const [file, count] of VALID_FIXTURES) {
    const content = fixture(file);
    assert.is(content.components.length, count, `${file} entries`);
    const model = readDistributionModel(content);
    assert.is(model.components.length, count, file);
    assert.is(model.byUuid.size, count, `${file} uuids`);
    assert.is(
      [...model.byType.values()].reduce((sum, list) => sum + list.length, 0),
      count,
      `${file} by type`,
    );
    for (const component of model.components) assert.is(component.type, classOf(content.components[Number(/\d+/.exec(component.path)![0])]));
  }
});

valid('links references to the components they name', () => {
  if (!haveSharedFixtures()) return;
  const model = readDistributionModel(fixture('gmdflow_ieee123/ieee_123_node.json'));
  const buses = model.byType.get('DistributionBus')!;
  const location = buses[0].fields.coordinate as Component;
  assert.is(location.type, 'Location');
  // gmd-flow's IEEE-123 shares one Location among all 132 buses.
  assert.ok(buses.every((bus) => bus.fields.coordinate === location));
  const branch = model.byType.get('MatrixImpedanceBranch')![0];
  const [from, to] = branch.fields.buses as Component[];
  assert.is(from.type, 'DistributionBus');
  assert.is(to.type, 'DistributionBus');
  assert.is((branch.fields.equipment as Component).type, 'MatrixImpedanceBranchEquipment');
});

valid('reads the legacy and the flat dialect of the P5R feeder into the same model', () => {
  if (!haveSharedFixtures()) return;
  const legacy = readDistributionModel(fixture('gdm_main_p5r/p5r.json'));
  const flat = readDistributionModel(fixture('gmdflow_p5r/p5r.json'));
  const describe = (model: typeof legacy) =>
    (model.byType.get('DistributionBus') ?? [])
      .map((bus) => `${bus.name} ${(bus.fields.rated_voltage as Quantity).siScalar.toFixed(3)} ${(bus.fields.phases as string[]).join('')}`)
      .sort();
  assert.equal(describe(legacy), describe(flat));
  // Fields added after 2.0.1 take their defaults in the legacy file.
  const legacyBus = legacy.byType.get('DistributionBus')![0];
  assert.is(legacyBus.fields.in_service, true);
  assert.is(legacy.byType.get('MatrixImpedanceBranchEquipment')![0].fields.construction, 'OVERHEAD');
  // Stored units are kept beside the SI value.
  const voltage = legacyBus.fields.rated_voltage as Quantity;
  assert.is(voltage.units, 'kilovolt');
  assert.ok(Math.abs((voltage.si as number) - (voltage.value as number) * 1000) < 1e-9);
});

valid('takes the spec default line-to-line for the voltage_type the 2.0.0 file lacks', () => {
  if (!haveSharedFixtures()) return;
  const model = readDistributionModel(fixture('gdm_main_docs_test/test.json'));
  for (const source of model.byType.get('PhaseVoltageSourceEquipment')!) assert.is(source.fields.voltage_type, 'line-to-line');
});

valid('the public valibot schema of each class accepts every component of the valid files', () => {
  if (!haveSharedFixtures()) return;
  for (const [file] of VALID_FIXTURES) {
    for (const [index, component] of fixture(file).components.entries()) {
      const result = v.safeParse(distributionClassSchema(classOf(component), 'gdm'), component);
      assert.ok(result.success, `${file} components[${index}]: ${result.issues?.map((issue) => issue.message).join('; ')}`);
    }
  }
});

valid('reads a ZIP holding a GDM file and its _time_series folder', async () => {
  if (!haveSharedFixtures()) return;
  const dir = path.join(SHARED_FIXTURES, 'gmdflow_p5r');
  const entries: Record<string, Buffer> = { 'p5r.json': fs.readFileSync(path.join(dir, 'p5r.json')) };
  for (const name of fs.readdirSync(path.join(dir, 'p5r_time_series')))
    entries[`p5r_time_series/${name}`] = fs.readFileSync(path.join(dir, 'p5r_time_series', name));
  const upload = await readUpload('p5r.zip', await makeZip(entries));
  assert.is(upload.timeSeries.length, 6);
  assert.equal(validateDistributionContent(upload.content), []);
});

valid.run();

const legacy = suite('readDistributionModel on the gdm 1.0.0 file');

legacy('rejects p5r_pv.json, listing every problem with its JSON path', () => {
  if (!haveSharedFixtures()) return;
  const issues = validateDistributionContent(fixture('gdm_legacy_p5r_pv/p5r_pv.json'));
  const lines = issues.map((issue) => `${issue.path}: ${issue.message}`);
  assert.ok(issues.length > 40, `${issues.length} issues`);
  for (const expected of [
    'supplemental_attributes: required key is missing (gdm needs it to load the file)',
    'data_format_version: "1.0.0": hazsim reads files written by gdm 2.0 to 2.4',
    'components[3] (DistributionBus "p5rdt149-p5rhs0_1247x").nominal_voltage: unknown field: gdm 2.0-2.4 does not define "nominal_voltage" for DistributionBus',
    'components[3] (DistributionBus "p5rdt149-p5rhs0_1247x").rated_voltage: required field is missing',
    'components[43] (PowerfactorInverterController "e9ccb22e-f8c2-4b8a-9d1b-ac0a4e3d06e2").__metadata__.type: unknown class "PowerfactorInverterController": gdm 2.0-2.4 defines no such component',
  ]) {
    assert.ok(lines.includes(expected), `missing: ${expected}`);
  }
  assert.throws(
    () => readDistributionModel(fixture('gdm_legacy_p5r_pv/p5r_pv.json')),
    (error: unknown) => error instanceof HazsimError && error.kind === 'invalid_input' && error.issues!.length === issues.length,
  );
});

legacy.run();
